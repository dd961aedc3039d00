package i18n

// Keys of the Spyfest / Spycon screens (issue 6). Every sentence is the project's own.
const (
	FestTeamName    Key = "fest.team.name"
	FestTeamVP      Key = "fest.team.vp"
	FestRound       Key = "fest.round"
	FestYouSpy      Key = "fest.you.spy"
	FestYouSpyTeam  Key = "fest.you.spyteam"
	FestYouChoosing Key = "fest.you.choosing"
	FestGuessMissed Key = "fest.guess.missed"
	FestYouIntercep Key = "fest.you.intercepting"
	FestYouWatch    Key = "fest.you.watch"
	FestSpyIs       Key = "fest.spy.is"

	FestChooseTitle   Key = "fest.choose.title"
	FestChooseHint    Key = "fest.choose.hint"
	FestChooseWait    Key = "fest.choose.wait"
	FestSuggested     Key = "fest.choose.suggested"
	FestMakeSpy       Key = "fest.choose.make"
	FestDrawTitle     Key = "fest.draw.title"
	FestDrawHint      Key = "fest.draw.hint"
	FestDraw          Key = "fest.draw"
	FestDrawWait      Key = "fest.draw.wait"
	FestKeepTitle     Key = "fest.keep.title"
	FestKeepHint      Key = "fest.keep.hint"
	FestKeep          Key = "fest.keep"
	FestKeepWait      Key = "fest.keep.wait"
	FestHoldToSee     Key = "fest.hold"
	FestYourCharacter Key = "fest.your.character"
	FestYourKeywords  Key = "fest.your.keywords"
	FestTeamKeywords  Key = "fest.team.keywords"
	FestTeamCharacter Key = "fest.team.character"
	FestNoKeyword     Key = "fest.no.keyword"
	FestListen        Key = "fest.listen"
	FestListenReverse Key = "fest.listen.reverse"

	FestReminderTitle    Key = "fest.reminder.title"
	FestReminderFirst    Key = "fest.reminder.first"
	FestReminderThird    Key = "fest.reminder.third"
	FestReminderNoName   Key = "fest.reminder.noname"
	FestReminderNoSpell  Key = "fest.reminder.nospell"
	FestReminderKeyword  Key = "fest.reminder.keyword"
	FestReminderReverse  Key = "fest.reminder.reverse"
	FestReminderRefuse   Key = "fest.reminder.refuse"
	FestReminderSilent   Key = "fest.reminder.silent"
	FestReminderInternet Key = "fest.reminder.internet"

	FestStop          Key = "fest.stop"
	FestIdleStart     Key = "fest.idle.start"
	FestIdleCancel    Key = "fest.idle.cancel"
	FestIdleRunning   Key = "fest.idle.running"
	FestAttempt       Key = "fest.attempt"
	FestAttemptVP     Key = "fest.attempt.vp"
	FestStoppedTitle  Key = "fest.stopped.title"
	FestYourGuess     Key = "fest.guess.yours"
	FestTheirGuess    Key = "fest.guess.theirs"
	FestPickHint      Key = "fest.guess.pick"
	FestPickTwoHint   Key = "fest.guess.picktwo"
	FestGuessConfirm  Key = "fest.guess.confirm"
	FestGuessTwo      Key = "fest.guess.two"
	FestGuessOne      Key = "fest.guess.one"
	FestGuessClear    Key = "fest.guess.clear"
	FestNoTimer       Key = "fest.guess.notimer"
	FestSpySilent     Key = "fest.spy.silent"
	FestDescribeClock Key = "fest.describe.clock"
	FestPaused        Key = "fest.paused"

	FestQuestionTitle Key = "fest.question.title"
	FestQuestionWait  Key = "fest.question.wait"
	FestYes           Key = "fest.yes"
	FestNo            Key = "fest.no"
	FestAnswered      Key = "fest.answered"
	FestQuarterTitle  Key = "fest.quarter.title"
	FestQuarterWait   Key = "fest.quarter.wait"
	FestQuarter       Key = "fest.quarter"
	FestCrossQuarter  Key = "fest.quarter.cross"

	FestSheetTitle    Key = "fest.sheet.title"
	FestSheetHint     Key = "fest.sheet.hint"
	FestSheetSpyHint  Key = "fest.sheet.spyhint"
	FestKeywordsTitle Key = "fest.keywords.title"
	FestKeywordOut    Key = "fest.keyword.out"
	FestMarkMaybe     Key = "fest.mark.maybe"
	FestMarkMinus     Key = "fest.mark.minus"
	FestMarkCross     Key = "fest.mark.cross"
	FestWrongBadge    Key = "fest.wrong"
	FestOutBadge      Key = "fest.out"
	FestSearch        Key = "fest.search"

	FestCarpetTitle Key = "fest.carpet.title"
	FestCarpetNow   Key = "fest.carpet.now"
	FestNoCarpet    Key = "fest.carpet.none"

	FestCardsTitle    Key = "fest.cards.title"
	FestCardsNone     Key = "fest.cards.none"
	FestCardsLeft     Key = "fest.cards.left"
	FestCardsPlayable Key = "fest.cards.playable"
	FestPlay          Key = "fest.play"
	FestPlayedTitle   Key = "fest.played.title"
	FestPlayedBy      Key = "fest.played.by"
	FestAskWarn       Key = "fest.ask.warn"

	FestResultTitle   Key = "fest.result.title"
	FestResultScored  Key = "fest.result.scored"
	FestResultNone    Key = "fest.result.none"
	FestResultIdle    Key = "fest.result.idle"
	FestResultVoided  Key = "fest.result.voided"
	FestResultChar    Key = "fest.result.character"
	FestResultKeyword Key = "fest.result.keyword"
	FestResultReverse Key = "fest.result.reverse"
	FestHistoryTitle  Key = "fest.history.title"

	FestWinner      Key = "fest.winner"
	FestYouWon      Key = "fest.you.won"
	FestDraw2       Key = "fest.draw.game"
	FestEndedByHost Key = "fest.ended.host"
	FestDeckEmpty   Key = "fest.deck.empty"
	FestEndGame     Key = "fest.end.game"

	FestSetupTitle     Key = "fest.setup.title"
	FestEdition        Key = "fest.setup.edition"
	FestDeck           Key = "fest.setup.deck"
	FestDeckFictional  Key = "fest.setup.deck.fictional"
	FestDeckReal       Key = "fest.setup.deck.real"
	FestKeywordSet     Key = "fest.setup.keywords"
	FestUseCarpet      Key = "fest.setup.carpet"
	FestCarpetLength   Key = "fest.setup.carpet.length"
	FestVictoryVP      Key = "fest.setup.victoryvp"
	FestUseCards       Key = "fest.setup.cards"
	FestGuessWindow    Key = "fest.setup.window"
	FestIdleTimer      Key = "fest.setup.idle"
	FestDescLimit      Key = "fest.setup.desclimit"
	FestTimerOff       Key = "fest.setup.off"
	FestThirdPerson    Key = "fest.setup.third"
	FestInternet       Key = "fest.setup.internet"
	FestRemoveTitle    Key = "fest.setup.remove"
	FestRemoveHint     Key = "fest.setup.remove.hint"
	FestCustomTitle    Key = "fest.setup.custom"
	FestCustomName     Key = "fest.setup.custom.name"
	FestCustomAdd      Key = "fest.setup.custom.add"
	FestCustomBad      Key = "fest.setup.custom.bad"
	FestRemoveWarn     Key = "fest.setup.remove.warn"
	FestTeamsTitle     Key = "fest.teams.title"
	FestTeamsHint      Key = "fest.teams.hint"
	FestJoinTeam       Key = "fest.teams.join"
	FestBalance        Key = "fest.teams.balance"
	FestShuffle        Key = "fest.teams.shuffle"
	FestUnassigned     Key = "fest.teams.unassigned"
	FestStart          Key = "fest.start"
	FestPlaySpyfest    Key = "fest.family"
	FestSeconds        Key = "fest.seconds"
	FestMinus          Key = "fest.minus"
	FestPlus           Key = "fest.plus"
	FestWaitingForHost Key = "fest.waiting.host"
	FestToSpyfall      Key = "fest.to.spyfall"
	FestGameOver       Key = "fest.game.over"
)

// Effect and card texts are keyed by the engine's names: "fest.effect.<effect>",
// "fest.effect.<effect>.text", "fest.card.<card>", "fest.card.<card>.text", "fest.card.<card>.when".
var spyfestEnglish = Entries{
	{FestTeamName, "Team %[1]s"},
	{FestTeamVP, "%[1]d VP"},
	{FestRound, "Round %[1]d"},
	{FestYouSpy, "You're the Spy."},
	{FestYouSpyTeam, "Your teammate is the Spy."},
	{FestYouChoosing, "Your team is choosing its Spy."},
	{FestGuessMissed, "Your team's guess missed. The Spy's team guesses now."},
	{FestYouIntercep, "You're intercepting."},
	{FestYouWatch, "You're watching."},
	{FestSpyIs, "Spy: %[1]s"},

	{FestChooseTitle, "Team %[1]s picks its Spy"},
	{FestChooseHint, "Next in turn is %[1]s, but any of you can take it."},
	{FestChooseWait, "Team %[1]s is choosing who describes this round."},
	{FestSuggested, "next in turn"},
	{FestMakeSpy, "%[1]s is the Spy"},
	{FestDrawTitle, "Draw your cards"},
	{FestDrawHint, "Your team can still play \"Two characters\" before you draw."},
	{FestDraw, "Draw"},
	{FestDrawWait, "%[1]s is about to draw a character and a keyword."},
	{FestKeepTitle, "Keep one character"},
	{FestKeepHint, "The others go back into the deck."},
	{FestKeep, "Keep %[1]s"},
	{FestKeepWait, "%[1]s is choosing which character to describe."},

	{FestHoldToSee, "Hold to see your card"},
	{FestYourCharacter, "Your character"},
	{FestYourKeywords, "Hint at"},
	{FestTeamKeywords, "Your team's keyword"},
	{FestTeamCharacter, "This round's character"},
	{FestNoKeyword, "The other team hides a keyword in the description. Name the character first."},
	{FestListen, "Listen to %[1]s and stop the game when you know who it is."},
	{FestListenReverse, "Reverse round: %[1]s describes a keyword. Stop the game when you know which."},

	{FestReminderTitle, "How you describe"},
	{FestReminderFirst, "Speak as the character, in the first person: \"I ...\"."},
	{FestReminderThird, "Speak about \"my character\", in the third person, always with the same gender."},
	{FestReminderNoName, "Never say the name, nor a word of it."},
	{FestReminderNoSpell, "No spelling, no rhymes, no gestures that point at the name."},
	{FestReminderKeyword, "Slip hints at your keyword into the story for your own team."},
	{FestReminderReverse, "Reverse round: your team knows the character. Describe the keyword through it."},
	{FestReminderRefuse, "You may refuse to answer any question."},
	{FestReminderSilent, "While the game is stopped, stay silent (except Yes or No to a card)."},
	{FestReminderInternet, "Looking characters up on the internet is allowed."},

	{FestStop, "Stop: we're guessing"},
	{FestIdleStart, "Spy quiet? Start 1 minute"},
	{FestIdleCancel, "The Spy spoke: cancel"},
	{FestIdleRunning, "Idle minute running"},
	{FestAttempt, "Attempt %[1]d of %[2]d"},
	{FestAttemptVP, "worth %[1]d VP"},
	{FestStoppedTitle, "Game stopped"},
	{FestYourGuess, "Your team guesses now"},
	{FestTheirGuess, "Team %[1]s is guessing"},
	{FestPickHint, "Pick one name from the sheet, then confirm."},
	{FestPickTwoHint, "Two guesses: pick two names."},
	{FestGuessConfirm, "Guess %[1]s"},
	{FestGuessTwo, "Use \"Two guesses\" (pick a second name)"},
	{FestGuessOne, "Back to one name"},
	{FestGuessClear, "Clear"},
	{FestNoTimer, "No time limit: take your time."},
	{FestSpySilent, "Time is up for the description: the attempts follow now."},
	{FestDescribeClock, "Description time"},
	{FestPaused, "paused"},

	{FestQuestionTitle, "Team %[1]s asks you a question"},
	{FestQuestionWait, "Team %[1]s asked a yes/no question: waiting for the Spy."},
	{FestYes, "Yes"},
	{FestNo, "No"},
	{FestAnswered, "The Spy answered %[2]s to team %[1]s."},
	{FestQuarterTitle, "Cross out a quarter"},
	{FestQuarterWait, "The Spy is crossing out a quarter of the sheet."},
	{FestQuarter, "Quarter %[1]d"},
	{FestCrossQuarter, "Cross out quarter %[1]d"},

	{FestSheetTitle, "Characters"},
	{FestSheetHint, "Tap a name for a short overview. Your marks are shared with your team only."},
	{FestSheetSpyHint, "Tap a name for a short overview."},
	{FestKeywordsTitle, "Keywords (set %[1]s)"},
	{FestKeywordOut, "not in play"},
	{FestMarkMaybe, "Maybe"},
	{FestMarkMinus, "Unlikely"},
	{FestMarkCross, "Ruled out"},
	{FestWrongBadge, "wrong"},
	{FestOutBadge, "out"},
	{FestSearch, "Search"},

	{FestCarpetTitle, "Red carpet"},
	{FestCarpetNow, "applies now"},
	{FestNoCarpet, "First team to %[1]d VP wins."},

	{FestCardsTitle, "Your team's cards"},
	{FestCardsNone, "No action cards left."},
	{FestCardsLeft, "×%[1]d"},
	{FestCardsPlayable, "%[1]d card playable now|%[1]d cards playable now"},
	{FestPlay, "Play"},
	{FestPlayedTitle, "Played this round"},
	{FestPlayedBy, "Team %[1]s: %[2]s"},
	{FestAskWarn, "Ask your question aloud first. Never ask whether it is a given character or keyword."},

	{FestResultTitle, "Round %[1]d"},
	{FestResultScored, "Team %[1]s guessed it on attempt %[2]d: +%[3]d VP"},
	{FestResultNone, "Nobody guessed it: no points."},
	{FestResultIdle, "The Spy went quiet for a minute: no points."},
	{FestResultVoided, "The Spy left: the round does not count."},
	{FestResultChar, "Character"},
	{FestResultKeyword, "Keyword"},
	{FestResultReverse, "reverse round"},
	{FestHistoryTitle, "Rounds so far"},

	{FestWinner, "Team %[1]s wins!"},
	{FestYouWon, "Your team wins!"},
	{FestDraw2, "A draw."},
	{FestEndedByHost, "The host ended the game."},
	{FestDeckEmpty, "The character deck ran out."},
	{FestEndGame, "End the game"},

	{FestSetupTitle, "Spyfest settings"},
	{FestEdition, "Edition"},
	{FestDeck, "Characters"},
	{FestDeckFictional, "Fictional"},
	{FestDeckReal, "Real people"},
	{FestKeywordSet, "Keyword set"},
	{FestUseCarpet, "Red carpet (off: first to %[1]d VP)"},
	{FestCarpetLength, "Red carpet cards"},
	{FestVictoryVP, "VP to win"},
	{FestUseCards, "Action cards"},
	{FestGuessWindow, "Guess window"},
	{FestIdleTimer, "Idle timer"},
	{FestDescLimit, "Description limit"},
	{FestTimerOff, "off"},
	{FestThirdPerson, "Describe in the third person"},
	{FestInternet, "Internet look-ups allowed"},
	{FestRemoveTitle, "Characters in play"},
	{FestRemoveHint, "Untick the ones your group finds too hard."},
	{FestCustomTitle, "Add your own character"},
	{FestCustomName, "Name"},
	{FestCustomAdd, "Add to quarter %[1]d"},
	{FestCustomBad, "Give the character a name first."},
	{FestRemoveWarn, "%[1]d character removed: more than 3 makes the game easier than intended.|%[1]d characters removed: more than 3 makes the game easier than intended."},
	{FestTeamsTitle, "Teams"},
	{FestTeamsHint, "Pick a side. Each team needs at least two players."},
	{FestJoinTeam, "Join team %[1]s"},
	{FestBalance, "Balance"},
	{FestShuffle, "Shuffle"},
	{FestUnassigned, "No team yet"},
	{FestStart, "Start Spyfest"},
	{FestPlaySpyfest, "Spyfest / Spycon"},
	{FestSeconds, "%[1]d s"},
	{FestMinus, "fewer"},
	{FestPlus, "more"},
	{FestWaitingForHost, "Waiting for the host to start."},
	{FestToSpyfall, "Switch to Spyfall"},
	{FestGameOver, "Game over."},

	{"fest.effect.start", "Start"},
	{"fest.effect.start.text", "No effect."},
	{"fest.effect.victory", "Victory"},
	{"fest.effect.victory.text", "Reach it and your team wins."},
	{"fest.effect.flip_keywords", "Flip keywords"},
	{"fest.effect.flip_keywords.text", "Both teams switch to the other keyword set."},
	{"fest.effect.reverse_vp", "Reverse VP"},
	{"fest.effect.reverse_vp.text", "Late guesses pay more: 1, 2, then 3 VP."},
	{"fest.effect.two_attempts", "Two attempts"},
	{"fest.effect.two_attempts.text", "Only two attempts this round."},
	{"fest.effect.fourth_attempt", "Fourth attempt"},
	{"fest.effect.fourth_attempt.text", "One more attempt, worth 1 VP."},
	{"fest.effect.two_characters", "Spy's choice"},
	{"fest.effect.two_characters.text", "The Spy draws two characters and keeps one."},
	{"fest.effect.second_keyword", "Second keyword"},
	{"fest.effect.second_keyword.text", "The Spy's team gets two keywords."},
	{"fest.effect.keywords_out", "Keywords out"},
	{"fest.effect.keywords_out.text", "Three keywords are shown as not in play."},
	{"fest.effect.reverse_round", "Reverse round"},
	{"fest.effect.reverse_round.text", "The team knows the character; everyone guesses the keyword."},

	{"fest.card.ask", "Ask the Spy"},
	{"fest.card.ask.text", "Ask one yes/no question; the Spy answers with a button."},
	{"fest.card.ask.when", "Any time the Spy is describing, or while stopped before your own guess."},
	{"fest.card.two_guesses", "Two guesses"},
	{"fest.card.two_guesses.text", "Name two characters in one guess; either may be right."},
	{"fest.card.two_guesses.when", "In your team's own guess window."},
	{"fest.card.cross_quarter", "Cross out a quarter"},
	{"fest.card.cross_quarter.text", "The Spy crosses out a quarter without the character."},
	{"fest.card.cross_quarter.when", "Any time after the draw (not in a reverse round)."},
	{"fest.card.two_characters", "Two characters"},
	{"fest.card.two_characters.text", "Your Spy draws one more character and keeps one."},
	{"fest.card.two_characters.when", "Your team's round, before the Spy draws."},
	{"fest.card.another_keyword", "Another keyword"},
	{"fest.card.another_keyword.text", "Your Spy draws one more keyword for you."},
	{"fest.card.another_keyword.when", "Your team's round, after the draw (not in a reverse round)."},
}

func init() { Register(English, spyfestEnglish) }
