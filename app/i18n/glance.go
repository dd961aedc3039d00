package i18n

// The words of the card's own button and of the moments a spy acts from the card:
// nothing a spy does may show on a screen at rest.
const (
	SFCardNameLocation  Key = "sf.card.action.guess"
	SFCardLocations     Key = "sf.card.action.locations"
	SFSpyMayNotAccuse   Key = "sf.card.spy.noaccuse"
	SFSecondSpyYouCard  Key = "sf.twospies.you.card"
	SFTeamGuessFromCard Key = "sf.team.guess.card"
)
