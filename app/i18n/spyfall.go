package i18n

// Keys of the Spyfall screens (app/spyfall*.go).
const (
	SFRoundOf         Key = "sf.round.of"
	SFScores          Key = "sf.scores"
	SFLocations       Key = "sf.locations"
	SFClose           Key = "sf.close"
	SFSearch          Key = "sf.search"
	SFMarksHint       Key = "sf.marks.hint"
	SFPaused          Key = "sf.clock.paused"
	SFClockTimeUp     Key = "sf.clock.timeup"
	SFClockLabel      Key = "sf.clock.label"
	SFHoldCard        Key = "sf.card.hold"
	SFTapCard         Key = "sf.card.tap"
	SFCardToggle      Key = "sf.card.toggle"
	SFYouAreSpy       Key = "sf.card.spy"
	SFSpyHint         Key = "sf.card.spy.hint"
	SFFellowSpy       Key = "sf.card.fellow"
	SFYourLocation    Key = "sf.card.location"
	SFYourRole        Key = "sf.card.role"
	SFCaptainCard     Key = "sf.card.captain"
	SFNoCard          Key = "sf.card.none"
	SFDeal            Key = "sf.deal"
	SFDealHint        Key = "sf.deal.hint"
	SFDealer          Key = "sf.dealer"
	SFStartClock      Key = "sf.clock.start"
	SFWaitClock       Key = "sf.clock.wait"
	SFAsksFirst       Key = "sf.asks.first"
	SFAsksNext        Key = "sf.asks.next"
	SFYouAsk          Key = "sf.asks.you"
	SFAskedBy         Key = "sf.asks.by"
	SFAccuse          Key = "sf.accuse"
	SFAccuseUsed      Key = "sf.accuse.used"
	SFAccuseWho       Key = "sf.accuse.who"
	SFAccuseConfirm   Key = "sf.accuse.confirm"
	SFCancel          Key = "sf.cancel"
	SFReveal          Key = "sf.spy.reveal"
	SFRevealWho       Key = "sf.spy.reveal.who"
	SFRevealConfirm   Key = "sf.spy.reveal.confirm"
	SFRevealTable     Key = "sf.table.reveal"
	SFTableCard       Key = "sf.table.card"
	SFVoteAccuses     Key = "sf.vote.accuses"
	SFVoteEndSeat     Key = "sf.vote.endseat"
	SFVoteTable       Key = "sf.vote.table"
	SFVoteYou         Key = "sf.vote.you"
	SFVoteQuiet       Key = "sf.vote.quiet"
	SFVoteFree        Key = "sf.vote.free"
	SFYes             Key = "sf.yes"
	SFNo              Key = "sf.no"
	SFVoted           Key = "sf.voted"
	SFVotedYou        Key = "sf.voted.you"
	SFVoteWaiting     Key = "sf.vote.waiting"
	SFLastVotePassed  Key = "sf.lastvote.passed"
	SFLastVoteFailed  Key = "sf.lastvote.failed"
	SFLastVoteTally   Key = "sf.lastvote.tally"
	SFLastVoteFor     Key = "sf.lastvote.passedfor"
	SFEndPassed       Key = "sf.end.passed"
	SFTwoSpies        Key = "sf.twospies"
	SFSecondSpyYou    Key = "sf.twospies.you"
	SFSecondSpyWait   Key = "sf.twospies.wait"
	SFTimeUp          Key = "sf.timeup"
	SFEndAccuseYou    Key = "sf.end.accuse.you"
	SFEndAccuseWait   Key = "sf.end.accuse.wait"
	SFEndVoteIntro    Key = "sf.end.vote.intro"
	SFTeamLeadIntro   Key = "sf.team.lead"
	SFTeamLeadYou     Key = "sf.team.lead.you"
	SFTeamFirst       Key = "sf.team.first"
	SFTeamPickYou     Key = "sf.team.pick.you"
	SFTeamPickWait    Key = "sf.team.pick.wait"
	SFTeamStop        Key = "sf.team.stop"
	SFTeamPicked      Key = "sf.team.picked"
	SFTeamCaptain     Key = "sf.team.captain"
	SFTeamGuessYou    Key = "sf.team.guess.you"
	SFTeamGuessWait   Key = "sf.team.guess.wait"
	SFTeamGuessSlot   Key = "sf.team.guess.slot"
	SFTeamGuessSend   Key = "sf.team.guess.send"
	SFSpyPicked       Key = "sf.team.spypicked"
	SFRoundResult     Key = "sf.result.title"
	SFTheLocation     Key = "sf.result.location"
	SFTheSpies        Key = "sf.result.spies"
	SFTheSpiesMany    Key = "sf.result.spies.many"
	SFPointsRound     Key = "sf.result.points"
	SFTotal           Key = "sf.result.total"
	SFHistory         Key = "sf.history"
	SFGameOver        Key = "sf.over.title"
	SFWinner          Key = "sf.over.winner"
	SFWinners         Key = "sf.over.winners"
	SFNextRound       Key = "sf.next"
	SFEndGame         Key = "sf.host.end"
	SFBackToLobby     Key = "sf.host.lobby"
	SFHostMenu        Key = "sf.host.menu"
	SFMarkAbsent      Key = "sf.host.absent"
	SFSeatMenu        Key = "sf.seat.menu"
	SFSeatRename      Key = "sf.seat.rename"
	SFSeatUp          Key = "sf.seat.up"
	SFSeatDown        Key = "sf.seat.down"
	SFSeatKick        Key = "sf.seat.kick"
	SFBadgeDealer     Key = "sf.badge.dealer"
	SFBadgeAsks       Key = "sf.badge.asks"
	SFBadgeAccused    Key = "sf.badge.accused"
	SFBadgeCaptain    Key = "sf.badge.captain"
	SFBadgeSpy        Key = "sf.badge.spy"
	SFBadgeAway       Key = "sf.badge.away"
	SFBadgeWaits      Key = "sf.badge.waits"
	SFBadgeVoted      Key = "sf.badge.voted"
	SFYouSuffix       Key = "sf.you"
	SFGuessRight      Key = "sf.guess.right"
	SFGuessWrong      Key = "sf.guess.wrong"
	SFPassTo          Key = "sf.pass.to"
	SFPassHint        Key = "sf.pass.hint"
	SFPassReady       Key = "sf.pass.ready"
	SFPassDone        Key = "sf.pass.done"
	SFPassTitle       Key = "sf.pass.title"
	SFPassNamesHint   Key = "sf.pass.names"
	SFPassSeat        Key = "sf.pass.seat"
	SFPassDuplicate   Key = "sf.pass.duplicate"
	SFPassTooFew      Key = "sf.pass.toofew"
	SFPassSomeoneElse Key = "sf.pass.else"
	SFPassHolder      Key = "sf.pass.holder"
	SFPassEntry       Key = "sf.pass.entry"
	SFAlertVote       Key = "sf.alert.vote"
	SFAlertTime       Key = "sf.alert.time"

	SFEndNoConviction Key = "sf.end.no_conviction"
	SFEndSpyConvicted Key = "sf.end.spy_convicted"
	SFEndNonSpy       Key = "sf.end.non_spy_convicted"
	SFEndSpyGuessed   Key = "sf.end.spy_guessed"
	SFEndSpyMissed    Key = "sf.end.spy_missed"
	SFEndTableSpy     Key = "sf.end.table_spy"
	SFEndTableLoc     Key = "sf.end.table_location"
	SFEndSpyPicked    Key = "sf.end.spy_picked"
	SFEndSpyNotPicked Key = "sf.end.spy_not_picked"
	SFEndVoided       Key = "sf.end.voided"

	SFSetTitle           Key = "sf.set.title"
	SFSetEdition         Key = "sf.set.edition"
	SFSetClassic         Key = "sf.set.classic"
	SFSetSpyfall2        Key = "sf.set.spyfall2"
	SFSetTimeTravel      Key = "sf.set.timetravel"
	SFSetPacks           Key = "sf.set.packs"
	SFSetBrowse          Key = "sf.set.browse"
	SFSetExcludeHint     Key = "sf.set.exclude.hint"
	SFSetRounds          Key = "sf.set.rounds"
	SFSetLength          Key = "sf.set.length"
	SFSetLengthAuto      Key = "sf.set.length.auto"
	SFSetMinutes         Key = "sf.set.minutes"
	SFSetSpies           Key = "sf.set.spies"
	SFSetRoles           Key = "sf.set.roles"
	SFSetOldPals         Key = "sf.set.oldpals"
	SFSetTracker         Key = "sf.set.tracker"
	SFSetFair            Key = "sf.set.fair"
	SFSetTeam            Key = "sf.set.team"
	SFSetTeamClock       Key = "sf.set.teamclock"
	SFSetCaptainTwice    Key = "sf.set.captaintwice"
	SFSetNormal3         Key = "sf.set.normal3"
	SFSetCustom          Key = "sf.set.custom"
	SFSetCustomHint      Key = "sf.set.custom.hint"
	SFSetCustomAdd       Key = "sf.set.custom.add"
	SFSetImport          Key = "sf.set.import"
	SFSetImportHint      Key = "sf.set.import.hint"
	SFSetExport          Key = "sf.set.export"
	SFSetSummary         Key = "sf.set.summary"
	SFSetStart           Key = "sf.set.start"
	SFSetGuestWait       Key = "sf.set.guest"
	SFSetBadPack         Key = "sf.set.badpack"
	SFSetNotAPack        Key = "sf.set.notapack"
	SFSetOwnTooLong      Key = "sf.set.own.toolong"
	SFSetOwnTooManyRoles Key = "sf.set.own.roles"
	SFSetOwnNone         Key = "sf.set.own.none"
	SFSetOwnTooMany      Key = "sf.set.own.toomany"
	SFSetNewerPack       Key = "sf.set.newerpack"
	SFSetLocCount        Key = "sf.set.loccount"
)

var spyfallEnglish = Entries{
	{SFRoundOf, "Round %[1]d of %[2]d"},
	{SFScores, "Scores"},
	{SFLocations, "Locations"},
	{SFClose, "Close"},
	{SFSearch, "Search locations"},
	{SFMarksHint, "Tap a location to cross it out. Only you see your marks."},
	{SFPaused, "Paused"},
	{SFClockTimeUp, "Time up"},
	{SFClockLabel, "Time left"},
	{SFHoldCard, "Hold to see your card"},
	{SFTapCard, "Tap to see your card"},
	{SFCardToggle, "Tap to show and hide my card (instead of holding)"},
	{SFYouAreSpy, "You're the spy."},
	{SFSpyHint, "Listen, blend in, and work out where everyone is."},
	{SFFellowSpy, "Your fellow spy: %[1]s"},
	{SFYourLocation, "Location"},
	{SFYourRole, "Your role: %[1]s"},
	{SFCaptainCard, "You're a captain: this is your team's location."},
	{SFNoCard, "You sit this round out and join at the next deal."},
	{SFDeal, "Deal round %[1]d"},
	{SFDealHint, "Everyone gets a secret card. One of you will be the spy."},
	{SFDealer, "%[1]s deals this round and asks the first question."},
	{SFStartClock, "Start the clock"},
	{SFWaitClock, "Look at your card. %[1]s starts the clock."},
	{SFAsksFirst, "%[1]s asks first."},
	{SFAsksNext, "%[1]s asks next."},
	{SFYouAsk, "Your question: tap who you ask."},
	{SFAskedBy, "%[1]s was asked by %[2]s, so they can't be asked back."},
	{SFAccuse, "Accuse someone"},
	{SFAccuseUsed, "You already accused this round"},
	{SFAccuseWho, "Who is the spy? Tap one player."},
	{SFAccuseConfirm, "Accuse %[1]s"},
	{SFCancel, "Cancel"},
	{SFReveal, "Reveal yourself and name the location"},
	{SFRevealWho, "Pick the location you think it is."},
	{SFRevealConfirm, "I'm the spy: it's %[1]s"},
	{SFRevealTable, "Reveal the table card"},
	{SFTableCard, "A card lies face down on the table: it may be the spy."},
	{SFVoteAccuses, "%[1]s accuses %[2]s"},
	{SFVoteEndSeat, "Is %[1]s the spy?"},
	{SFVoteTable, "%[1]s wants to turn over the table card"},
	{SFVoteYou, "You're accused. The others vote now."},
	{SFVoteQuiet, "Vote now, no talking until everyone has voted."},
	{SFVoteFree, "Time is up: talk it over, then vote."},
	{SFYes, "Yes"},
	{SFNo, "No"},
	{SFVoted, "Voted: %[1]d of %[2]d"},
	{SFVotedYou, "You voted. Waiting for the others."},
	{SFVoteWaiting, "Waiting for: %[1]s"},
	{SFLastVotePassed, "The vote on %[1]s passed."},
	{SFLastVoteFailed, "The vote on %[1]s failed: the round goes on."},
	{SFLastVoteTally, "Yes: %[1]s. No: %[2]s."},
	{SFLastVoteFor, "No vote, the host passed for them: %[1]s."},
	{SFEndPassed, "Passed their turn: %[1]s."},
	{SFTwoSpies, "%[1]s revealed themselves and named %[2]s."},
	{SFSecondSpyYou, "You're the other spy: name your location too."},
	{SFSecondSpyWait, "%[1]s, the other spy, names a location now."},
	{SFTimeUp, "Time is up!"},
	{SFEndAccuseYou, "Your turn: accuse the player you suspect."},
	{SFEndAccuseWait, "%[1]s is choosing whom to accuse."},
	{SFEndVoteIntro, "Everyone votes on one player at a time, in seat order."},
	{SFTeamLeadIntro, "The captains decide who picks first: %[1]s or %[2]s."},
	{SFTeamLeadYou, "You're a captain. Who picks first?"},
	{SFTeamFirst, "%[1]s first"},
	{SFTeamPickYou, "Your pick: choose an agent for your team, or stop."},
	{SFTeamPickWait, "%[1]s is picking."},
	{SFTeamStop, "Stop picking"},
	{SFTeamPicked, "%[1]s's team"},
	{SFTeamCaptain, "Captain %[1]s"},
	{SFTeamGuessYou, "Name both captains' locations."},
	{SFTeamGuessWait, "The spy names both locations now."},
	{SFTeamGuessSlot, "%[1]s's location"},
	{SFTeamGuessSend, "Name both locations"},
	{SFSpyPicked, "%[1]s was the spy!"},
	{SFRoundResult, "Round %[1]d is over"},
	{SFTheLocation, "The location"},
	{SFTheSpies, "The spy"},
	{SFTheSpiesMany, "The spies"},
	{SFPointsRound, "Points"},
	{SFTotal, "Total"},
	{SFHistory, "Round history"},
	{SFGameOver, "Game over"},
	{SFWinner, "%[1]s wins!"},
	{SFWinners, "Winners: %[1]s"},
	{SFNextRound, "Deal round %[1]d"},
	{SFEndGame, "End the game"},
	{SFBackToLobby, "Back to the lobby"},
	{SFHostMenu, "Host"},
	{SFMarkAbsent, "Mark %[1]s away"},
	{SFSeatMenu, "Host menu for %[1]s"},
	{SFSeatRename, "Rename %[1]s"},
	{SFSeatUp, "Move up"},
	{SFSeatDown, "Move down"},
	{SFSeatKick, "Remove %[1]s"},
	{SFBadgeDealer, "dealer"},
	{SFBadgeAsks, "asks"},
	{SFBadgeAccused, "has accused"},
	{SFBadgeCaptain, "captain"},
	{SFBadgeSpy, "spy"},
	{SFBadgeAway, "away"},
	{SFBadgeWaits, "next round"},
	{SFBadgeVoted, "voted"},
	{SFYouSuffix, "%[1]s (you)"},
	{SFGuessRight, "%[1]s named %[2]s: right!"},
	{SFGuessWrong, "%[1]s named %[2]s: wrong."},
	{SFPassTo, "Pass the phone to %[1]s"},
	{SFPassHint, "Only %[1]s should look at the next screen."},
	{SFPassReady, "I'm %[1]s"},
	{SFPassDone, "Pass the phone"},
	{SFPassTitle, "Play on one phone"},
	{SFPassNamesHint, "Write everyone's name, one a line, in seating order. The first one sets up the game."},
	{SFPassSeat, "Seat everyone"},
	{SFPassDuplicate, "Two players have the same name: make them different."},
	{SFPassTooFew, "Write at least two names."},
	{SFPassSomeoneElse, "Someone else takes it"},
	{SFPassHolder, "%[1]s has the phone"},
	{SFPassEntry, "Play on one phone, passed around"},
	{SFAlertVote, "Vote now"},
	{SFAlertTime, "Time is up"},

	{SFEndNoConviction, "Time ran out and nobody was convicted: the spy escapes."},
	{SFEndSpyConvicted, "The spy was caught."},
	{SFEndNonSpy, "An innocent player was convicted: the spy wins."},
	{SFEndSpyGuessed, "The spy named the location."},
	{SFEndSpyMissed, "The spy named the wrong location."},
	{SFEndTableSpy, "The table card was the spy."},
	{SFEndTableLoc, "The table card was a location."},
	{SFEndSpyPicked, "A captain picked the spy."},
	{SFEndSpyNotPicked, "The picking ended without the spy."},
	{SFEndVoided, "The round was called off: no points."},

	{SFSetTitle, "Spyfall settings"},
	{SFSetEdition, "Edition"},
	{SFSetClassic, "Spyfall"},
	{SFSetSpyfall2, "Spyfall 2"},
	{SFSetTimeTravel, "Spyfall: Time Travel"},
	{SFSetPacks, "Location packs"},
	{SFSetBrowse, "Browse the %[1]d location|Browse the %[1]d locations"},
	{SFSetExcludeHint, "Untick a location to leave it out."},
	{SFSetRounds, "Rounds"},
	{SFSetLength, "Round length"},
	{SFSetLengthAuto, "Default (%[1]d min)"},
	{SFSetMinutes, "%[1]d min"},
	{SFSetSpies, "Spies"},
	{SFSetRoles, "Show roles on the cards"},
	{SFSetOldPals, "Old pals: the two spies know each other"},
	{SFSetTracker, "Question tracker"},
	{SFSetFair, "Fair rotation: nobody is the spy twice before everyone has been"},
	{SFSetTeam, "Team game with captains (5 or more players)"},
	{SFSetTeamClock, "Round clock in the team game"},
	{SFSetCaptainTwice, "Everyone captains twice"},
	{SFSetNormal3, "With 3 players, play a normal round (no table card)"},
	{SFSetCustom, "Your own locations"},
	{SFSetCustomHint, "One location a line; roles after a colon, separated by commas."},
	{SFSetCustomAdd, "Use these locations"},
	{SFSetImport, "Import a pack"},
	{SFSetImportHint, "Paste a pack file here."},
	{SFSetExport, "Export my locations"},
	{SFSetSummary, "%[2]s, %[1]d round, %[3]d min a round|%[2]s, %[1]d rounds, %[3]d min a round"},
	{SFSetStart, "Start the game"},
	{SFSetGuestWait, "The host is choosing the settings."},
	{SFSetBadPack, "That pack could not be read: %[1]s"},
	{SFSetNotAPack, "That is not a Safehouse location pack. Paste the whole file that “Export my locations” saved."},
	{SFSetOwnTooLong, "Line %[2]d: a name or a role may be at most %[1]d character long.|Line %[2]d: a name or a role may be at most %[1]d characters long."},
	{SFSetOwnTooManyRoles, "Line %[2]d: a location may have at most %[1]d role.|Line %[2]d: a location may have at most %[1]d roles."},
	{SFSetOwnNone, "Type at least one location, one a line."},
	{SFSetOwnTooMany, "At most %[1]d location of your own, one a line.|At most %[1]d locations of your own, one a line."},
	{SFSetNewerPack, "That pack was saved by a newer version of Safehouse. Reload the app to update it, then try again."},
	{SFSetLocCount, "%[1]d location in play|%[1]d locations in play"},
}

func init() { Register(English, spyfallEnglish) }
