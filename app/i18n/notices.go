package i18n

// Notices the session makes up itself (session.NoticeCodes): news about the connection, not
// refusals, but read the same way, RefusalText with their code, so a player never reads the
// session's English.
