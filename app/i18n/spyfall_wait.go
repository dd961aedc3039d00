package i18n

// Keys of the pass at time up and the host's moves for a silent seat (app/spyfall_wait.go),
// and the settings' hints about roles and the default spy count (acting a role is optional, and any role suits any player).
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
