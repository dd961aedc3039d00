package i18n

// Keys of the settings strip (app/settings.go), the update notice and the spectator screen.
const (
	SettingsHeading  Key = "settings.heading"
	SettingsLanguage Key = "settings.language"
	SettingsTheme    Key = "settings.theme"
	ThemeSystem      Key = "settings.theme.system"
	ThemeLight       Key = "settings.theme.light"
	ThemeDark        Key = "settings.theme.dark"
	UpdateReady      Key = "update.ready"
	UpdateRestart    Key = "update.restart"
)

var settingsEnglish = Entries{
	{SettingsHeading, "Settings"},
	{SettingsLanguage, "Language"},
	{SettingsTheme, "Theme"},
	{ThemeSystem, "Like the system"},
	{ThemeLight, "Light"},
	{ThemeDark, "Dark"},
	{UpdateReady, "A new version of Safehouse is ready. It starts the next time you open the app."},
	{UpdateRestart, "Restart now"},
}

var settingsRussian = Entries{
	{SettingsHeading, "Настройки"},
	{SettingsLanguage, "Язык"},
	{SettingsTheme, "Тема"},
	{ThemeSystem, "Системная"},
	{ThemeLight, "Светлая"},
	{ThemeDark, "Тёмная"},
	{UpdateReady, "Готова новая версия Safehouse. Она запустится, когда вы снова откроете приложение."},
	{UpdateRestart, "Перезапустить сейчас"},
}

func init() {
	Register(English, settingsEnglish)
	Register(Russian, settingsRussian)
}
