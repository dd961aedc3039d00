package i18n

// The words of the card's own button and of the moments a spy acts from the card
// (APP-HID-4): nothing a spy does may show on a screen at rest.
const (
	SFCardNameLocation  Key = "sf.card.action.guess"
	SFCardLocations     Key = "sf.card.action.locations"
	SFSpyMayNotAccuse   Key = "sf.card.spy.noaccuse"
	SFSecondSpyYouCard  Key = "sf.twospies.you.card"
	SFTeamGuessFromCard Key = "sf.team.guess.card"
)

func init() {
	Register(English, Entries{
		{SFCardNameLocation, "I'm the spy: name the location"},
		{SFCardLocations, "See all the locations"},
		{SFSpyMayNotAccuse, "In this game the spy may not accuse: ask to turn over the table card, or name the location."},
		{SFSecondSpyYouCard, "You're the second spy: open your card to name a location too."},
		{SFTeamGuessFromCard, "The spy now names both locations, from their card."},
	})
	Register(Russian, Entries{
		{SFCardNameLocation, "Я шпион: назвать локацию"},
		{SFCardLocations, "Посмотреть все локации"},
		{SFSpyMayNotAccuse, "В этой игре шпион не обвиняет: предложите открыть карту на столе или назовите локацию."},
		{SFSecondSpyYouCard, "Вы второй шпион: откройте свою карту и тоже назовите локацию."},
		{SFTeamGuessFromCard, "Шпион сейчас называет обе локации — со своей карты."},
	})
}
