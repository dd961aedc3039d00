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
