package i18n

// Russian is the second complete catalog. Screens keep their Russian next to their English in
// russian_*.go files; TestCatalogsComplete fails when any key lacks a Russian text.
const Russian Lang = "ru"

var russianCore = map[Key]string{
	AppName:     "Safehouse",
	AppTagline:  "Шпионские игры для компании в одной комнате. Каждый играет со своего телефона.",
	LoadingText: "Открываем явочную квартиру… {progress}%",

	InsecureTitle: "Соединение по простому http",
	InsecureBody:  "Установка, игра без сети, неугасающий экран и меню «Поделиться» работают только на защищённой (https) странице. Сама игра идёт как обычно.",

	HomeNameLabel:       "Ваше имя",
	HomeNamePlaceholder: "например, Маша",
	HomeCreate:          "Создать игру",
	HomeCreateHint:      "Вы ведущий: остальные подключаются по приглашению с вашего экрана.",
	HomeJoinHeading:     "Присоединиться",
	HomeCodeLabel:       "Код комнаты",
	HomeCodePlaceholder: "K7MPQ2",
	HomeJoin:            "Войти",
	InvitedTitle:        "Вас приглашают",
	InvitedBody:         "Игра %[1]s ждёт вас. Назовите себя и присоединяйтесь.",
	InvitedJoin:         "Присоединиться к игре",
	InvitedElsewhere:    "Не сейчас: на главную",
	GettingReady:        "Секунду, готовимся…",

	NameMissing:   "Сначала введите имя, чтобы остальные знали, кто вы.",
	NameTooLong:   "Имя — не длиннее %[1]d символов.",
	CodeMissing:   "Введите код комнаты с экрана ведущего.",
	CodeMalformed: "Код комнаты — 6 букв и цифр, например K7MPQ2.",

	ConnectCreating: "Готовим вашу игру…",
	ConnectJoining:  "Подключаемся к игре %[1]s…",
	ConnectHint:     "Соединяемся напрямую с устройством ведущего. Это займёт пару секунд.",
	ConnectCancel:   "Отмена",

	LobbyRoomCode:        "Комната",
	LobbyInviteHeading:   "Пригласить игроков",
	LobbyInviteHint:      "Отсканируйте код или откройте ссылку, чтобы войти в игру.",
	LobbyInviteLinkLabel: "Ссылка-приглашение",
	LobbyQRLabel:         "QR-код ссылки-приглашения",
	LobbyCopy:            "Копировать ссылку",
	LobbyCopied:          "Ссылка скопирована.",
	LobbyCopyFailed:      "Не удалось скопировать: нажмите на ссылку и удерживайте, чтобы скопировать её.",
	LobbyShare:           "Поделиться приглашением",
	LobbyShareTitle:      "Заходи в мою игру Safehouse",
	LobbyShareText:       "Заходи в мою игру Safehouse, комната %[1]s:",
	LobbyShareInsecure:   "На простом http меню «Поделиться» недоступно: покажите QR-код или продиктуйте код комнаты.",
	LobbyPlayers:         "Игроки (%[1]d)",
	LobbyScreens:         "Общие экраны (%[1]d)",
	LobbyHostBadge:       "Ведущий",
	LobbyYouBadge:        "Вы",
	LobbyOnline:          "в сети",
	LobbyAway:            "нет на связи",
	LobbyRenameLabel:     "Ваше имя",
	LobbyRename:          "Переименовать",
	LobbyWaiting:         "Ждём, пока все подключатся.",
	LobbyHostNote:        "Не закрывайте эту вкладку: игра идёт на вашем устройстве.",
	LobbyLeave:           "Выйти",
	LobbyGuestInvite:     "Зовите ещё друзей: покажите им этот код.",
	LobbySendFailed:      "Сейчас не удалось связаться с ведущим. Попробуйте ещё раз чуть позже.",

	StatusConnecting:   "Подключение…",
	StatusOnline:       "Подключено",
	StatusReconnecting: "Переподключение…",
	StatusClosed:       "Отключено",

	ErrorUnknownRoomTitle: "Игра не найдена",
	ErrorUnknownRoom:      "Игры с кодом %[1]s нет — проверьте код или попросите у ведущего новую ссылку.",
	ErrorBadLinkTitle:     "Эта ссылка не работает",
	ErrorBadLink:          "Ссылка-приглашение неполная или повреждена. Попросите ведущего отправить её снова или введите код комнаты.",
	ErrorConnectTitle:     "Не удалось подключиться",
	ErrorConnect:          "Игровой сервер не ответил. Проверьте, что вы в одной сети с ведущим, и попробуйте снова.",
	ErrorClosedTitle:      "Игра окончена",
	ErrorClosed:           "Связь с ведущим прервалась. Попросите у ведущего новую ссылку, чтобы сыграть ещё.",
	ErrorVersionTitle:     "Нужно обновление",
	ErrorVersion:          "У ведущего другая версия Safehouse. Перезагрузите страницу, чтобы получить ту же.",
	ErrorRoomFullTitle:    "Мест нет",
	ErrorRoomFull:         "Все места за этим столом заняты. Попросите ведущего освободить место.",
	ErrorReload:           "Перезагрузить",
	NoticeHostClosed:      "Ведущий завершил игру.",
	ErrorBackHome:         "На главную",
	ErrorTryAgain:         "Попробовать снова",
}

func init() { Register(Russian, russianCore) }
