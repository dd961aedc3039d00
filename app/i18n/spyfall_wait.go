package i18n

// Keys of the pass at time up and the host's moves for a silent seat (app/spyfall_wait.go),
// and the settings' hints about roles and the default spy count (SF-SET-1, SF-SET-3, SF-ED-3).
const (
	SFPassTurn         Key = "sf.end.pass"
	SFHostWaitsOn      Key = "sf.host.waits"
	SFHostPassFor      Key = "sf.host.pass"
	SFHostPassSpy      Key = "sf.host.pass.spy"
	SFHostPassHint     Key = "sf.host.pass.hint"
	SFSetSpiesAuto     Key = "sf.set.spies.auto"
	SFSetSpiesHint     Key = "sf.set.spies.hint"
	SFSetRolesOptional Key = "sf.set.roles.optional"
	SFSetRolesAnyone   Key = "sf.set.roles.anyone"
	SFVotePassedYou    Key = "sf.vote.passed.you"
)

var spyfallWaitEnglish = Entries{
	{SFPassTurn, "Pass"},
	{SFHostWaitsOn, "The game is waiting for %[1]s."},
	{SFHostPassFor, "Pass for %[1]s"},
	{SFHostPassSpy, "Pass for the spy"},
	{SFHostPassHint, "A pass moves the game on without that player: a vote passed for counts neither yes nor no, a spy passed for names no location."},
	{SFSetSpiesAuto, "Default (%[1]d)"},
	{SFSetSpiesHint, "The default changes with the number of players: 1 up to 8, 2 from 9."},
	{SFSetRolesOptional, "A role is only a prompt for your answers: acting it out is up to you."},
	{SFSetRolesAnyone, "Every role fits any player, whatever their gender."},
	{SFVotePassedYou, "The host passed for you in this vote."},
}

var spyfallWaitRussian = Entries{
	{SFPassTurn, "Пас"},
	{SFHostWaitsOn, "Игра ждёт игрока %[1]s."},
	{SFHostPassFor, "Пас за игрока %[1]s"},
	{SFHostPassSpy, "Пас за шпиона"},
	{SFHostPassHint, "Пас ведёт игру дальше без этого игрока: его голос не идёт ни «за», ни «против», а шпион не называет локацию."},
	{SFSetSpiesAuto, "По умолчанию (%[1]d)"},
	{SFSetSpiesHint, "Число по умолчанию зависит от числа игроков: до 8 — один шпион, от 9 — два."},
	{SFSetRolesOptional, "Роль — лишь подсказка для ответов: разыгрывать её не обязательно."},
	{SFSetRolesAnyone, "Роли подходят игрокам любого пола: названия даны в привычной форме."},
	{SFVotePassedYou, "Ведущий сказал «пас» за вас в этом голосовании."},
}

func init() {
	Register(English, spyfallWaitEnglish)
	Register(Russian, spyfallWaitRussian)
}
