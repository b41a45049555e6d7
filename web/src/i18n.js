// English and German: the browser's language picks, the switch in the header overrides.
const KEY = 'senet.lang';

export const STRINGS = {
  en: {
    tournaments: 'Tournaments', myTournaments: 'My tournaments', createTournament: 'Create a tournament',
    tournamentName: 'Name', format: 'Format', format_swiss: 'Swiss', 'format_round-robin': 'Round robin',
    format_knockout: 'Knockout', rounds: 'Rounds', round: 'Round', bracket: 'Bracket', bye: 'bye',
    tournament_open: 'sign-up open', tournament_running: 'running', tournament_finished: 'finished',
    tournament_cancelled: 'cancelled', tournaments_open: 'Open for sign-up', tournaments_running: 'Running',
    tournaments_finished: 'Finished', noTournaments: 'No tournaments.', signUpTournament: 'Sign up',
    startTournament: 'Start the tournament', tournamentMatch: 'tournament match', withdrawn: 'withdrawn', points: 'Points',
    reached: 'Round reached', headToHead: 'Head-to-head',
    title: 'Senet', lobby: 'Lobby', myTables: 'My tables', standings: 'Standings', settings: 'Settings',
    me: 'My page', signOut: 'Sign out', language: 'Language',
    signUp: 'Sign up', signIn: 'Sign in', name: 'Your player name', token: 'Token',
    tokenIsAccount: 'Your token is your account: there is no password. Whoever has the token plays as you. Keep it safe; to play on another device, open your player page and use its sign-in link or QR code.',
    signInWithToken: 'Sign in with a token you already have',
    signedInAs: 'Signed in as', needSignIn: 'Sign up or sign in to play.',
    openTables: 'Open tables', allGames: 'All games', game: 'Game', seats: 'Seats', players: 'Players',
    free: 'free seat', join: 'Join', open: 'Open', start: 'Start the game', create: 'Create a table',
    options: 'Options', more: 'More', noTables: 'No tables.', yourTurn: 'Your turn', waiting: 'Waiting',
    finished: 'Finished', status: 'Status', open_: 'open', playing: 'playing', over: 'over', cancelled: 'cancelled',
    moves: 'Your moves', allMoves: 'Every legal move', noMoves: 'Nothing to do now.', play: 'Play', back: 'Start over',
    choose: 'Choose', log: 'Game log', result: 'Result', score: 'Score', rank: 'Rank', winner: 'winner',
    replay: 'Replay', record: 'Download the verifiable game record', recordHelp: 'Check it offline with: senet verify record.json',
    event: 'Event', previous: 'Previous', next: 'Next', rawView: 'The view as data',
    live: 'live', offline: 'reconnecting…', closed4401: 'Signed out: this device\'s token was revoked. Sign in again.', closed4403: 'You may no longer watch this table or read this chat (your seat or invitation ended, or the table is closed to spectators).', closed4429: 'This page sent the server too many messages and was disconnected. Reload the page; if it happens again, a browser extension or script may be sending them.', player: 'Player', results: 'Results', rating: 'Rating',
    carry: 'Sign in on another device', carryHelp: 'Open this link (or scan the code) on your phone to play there with this account. Anyone with it can play as you.',
    email: 'E-mail address', save: 'Save', saved: 'Saved.', push: 'Web push on this browser', subscribe: 'Subscribe',
    quiet: 'Quiet hours', from: 'from', to: 'to', timeZone: 'time zone', vacation: 'Vacation', days: 'days',
    pause: 'Pause my turn clocks', channels: 'Channels', digest: 'A digest of my turns every few hours instead of one mail per turn', pushCount: 'Browsers subscribed',
    games: 'Games', wins: 'Wins', average: 'Average score', seatN: (n) => `seat ${n + 1}`,
    you: 'you', toAct: 'to act', version: 'version', waitPlayers: 'Waiting for players.',
    turnClock: 'Turn clock', clockLeft: (who, left) => `${who} has ${left} left before the deadline`, clockMine: (left) => `you have ${left} left before the deadline`, clockUp: (who) => `${who}: the time is up`,
    waitCreator: 'Waiting for the table\'s host to start.', emailConfirmed: 'Address confirmed: notifications go there.',
    emailUnconfirmed: 'Not confirmed yet: follow the link in the mail we sent to this address (nothing else goes there until then).', resend: 'Send the link again', host: 'host', kick: 'Remove', leave: 'Leave the table',
    cancelTable: 'Cancel the table', privateTable: 'Private: not in the lobby, joined by invitation link', invitation: 'Invitation',
    inviteHelp: 'Send this link to the players you want: it lets them join. A new link stops this one.', noInvite: 'No invitation link: only players invited by name can join.', newLink: 'New link', stopLink: 'Stop the link', spectators: 'Who may watch', watch_players: 'signed-in players', watch_anyone: 'anyone, without an account', watch_none: 'only the players at the table', resign: 'Resign', resignSure: 'Give up this game? You will be ranked last.',
    resignYes: 'Yes, resign', resignNo: 'No, play on', youResigned: 'You resigned: a bot plays your turns until the game ends.', tableCancelled: 'This table was cancelled.',
    notSeated: 'You are watching this table.', pushUnsupported: 'This browser cannot receive web push.',
    subscribed: 'Subscribed.', error: 'Error', loading: 'Loading…', page: 'Page',
    chat: 'Table chat', chatPlayers: 'Players', chatSpectators: 'Spectators', say: 'Your message',
    send: 'Send', mute: 'Mute', unmute: 'Unmute', chatEmpty: 'Nothing said yet.',
    devices: 'Devices and tokens', deviceName: 'Name of the new device', addDevice: 'Add a device',
    rename: 'Rename', revoke: 'Revoke', revoked: 'revoked', thisDevice: 'this device',
    devicesHelp: 'Each device signs in with a token of its own. Revoke one you lost: it stops working at once.',
    newDeviceHelp: 'Open this link (or scan the code) on the new device. It is shown only now.',
    lostToken: 'Lost your token? Get a sign-in link by e-mail', sendLink: 'Send the link',
    linkAsked: 'If this is a confirmed address of a player, a sign-in link is on its way. It works once, for 30 minutes.',
    signingIn: 'Signing in…', signedInNow: 'Signed in. This browser has a new token of its own.',
    invitations: 'Invitations', invitedBadge: 'invited', inviteByName: 'Invite a player by name',
    playerName: 'Player name', invite: 'Invite', invitedList: 'Invited', withdraw: 'Withdraw',
    youAreInvited: (host) => `${host} invited you to this table.`, declineInvitation: 'Decline',
    rematch: 'Rematch', offerRematch: 'Offer a rematch', acceptRematch: 'Accept the rematch',
    declineRematch: 'Decline', rematchOffered: (names) => `${names} would like a rematch.`,
    rematchWaiting: (n, m) => `Waiting for the others: ${n} of ${m} accepted.`,
    toRematch: 'Go to the rematch', rematchOf: 'This is a rematch of', previousGame: 'the previous game',
    takebacks: 'Allow take-backs (a move may be taken back when all the others agree)',
    startWhenFull: 'Start as soon as every seat is taken',
    takeBack: 'Take back my last move', undoAsked: (who) => `${who} asks to take back the last move.`,
    undoWaiting: (n, m) => `Take-back asked: ${n} of ${m} agreed.`, acceptUndo: 'Allow', declineUndo: 'Refuse',
    mailLanguage: 'Language of mails and notifications', breakdown: 'Where the points came from', emptyCell: 'empty', rules: 'Rules in short', announceTurn: 'Your turn', tabTurn: (g) => `▶ Your turn · ${g}`, confirmCancel: 'Cancel this table for everyone?', cancelYes: 'Yes, cancel it', cancelNo: 'No, keep it',
    notFound: 'There is no such page.', tableMissing: 'There is no such table: the link may be mistyped, or the table was removed.', toLobby: 'To the lobby', removedHere: 'You are no longer seated at this table.',
    inviteOnly: 'This table is private: join it through the invitation link the host sent you.', spectatorPanel: 'You are watching: the moves are the players\u2019.',
    endResigned: (who) => `${who} resigned.`, endForfeited: (who) => `${who} ran out of time and forfeited.`,
    endScored: (who, n) => `The final scoring is done; ${who} ${n === 1 ? 'wins' : 'win'}.`, summaryNote: 'Our summary, not the complete rules.', forfeit: 'forfeit', parts_pick: 'Click a highlighted part of the board to see what you can do there.', parts_choices: 'Choices', parts_actions: 'Actions', none: 'none', yes: 'yes', no: 'no', seatFree: 'free',
    chatMuted: (n) => `${n} muted`, chatHelp: 'Up to 500 characters. Players do not see the spectators’ chat until the game is over.',
    // pages: status, log, replay, forms, tournaments
    status_open: 'Open: waiting for players', status_playing: 'In play', status_over: 'Game over', status_cancelled: 'Cancelled',
    gameOver: 'Game over.', finalScores: 'Final scores', olderLines: 'Show older lines', replayReadOnly: 'A replay: the board shows the game as it was, nothing here can be played.',
    backToTournament: '← Back to the tournament', moveTime: 'Time per move', moveTimeNone: 'no limit', hoursN: (n) => (n === 1 ? '1 hour' : `${n} hours`), daysN: (n) => (n === 1 ? '1 day' : `${n} days`),
    timeoutPolicy: 'When the time is up', policy_bot: 'a bot plays that turn', policy_forfeit: 'the seat is forfeited (a bot plays on)',
    signupDeadline: 'Sign-up closes', signupDeadlineHelp: 'Empty: the creator starts the tournament.', moveDeadlineDefault: 'the platform’s default',
    seed: 'Seed', seedHelp: 'Every pairing and every table’s dice follow from it and the results.', sonnebornBerger: 'Sonneborn-Berger', buchholz: 'Buchholz',
    tournamentWinner: (who) => `Winner: ${who}`, tournamentWinners: (who) => `Winners: ${who}`, matchOver: 'over', matchPlaying: 'being played', matchWaiting: 'not opened yet',
    ruling_annulled: 'annulled by an arbiter: counts for no one', ruling_replayed: 'to be re-decided by an arbiter’s ruling: counts for no one',
    ruling_forfeit: (who) => `${who} loses by an arbiter’s ruling`,
    byes: 'Byes', toTable: 'the table', seatsPerTable: (n) => `${n} players a table`,
  },
  de: {
    tournaments: 'Turniere', myTournaments: 'Meine Turniere', createTournament: 'Turnier anlegen',
    tournamentName: 'Name', format: 'Modus', format_swiss: 'Schweizer System', 'format_round-robin': 'Jeder gegen jeden',
    format_knockout: 'K.-o.-System', rounds: 'Runden', round: 'Runde', bracket: 'Turnierbaum', bye: 'spielfrei',
    tournament_open: 'Anmeldung offen', tournament_running: 'läuft', tournament_finished: 'beendet',
    tournament_cancelled: 'abgesagt', tournaments_open: 'Anmeldung offen', tournaments_running: 'Laufend',
    tournaments_finished: 'Beendet', noTournaments: 'Keine Turniere.', signUpTournament: 'Anmelden',
    startTournament: 'Turnier starten', tournamentMatch: 'Turnierpartie', withdrawn: 'zurückgezogen', points: 'Punkte',
    reached: 'Erreichte Runde', headToHead: 'Direkter Vergleich',
    title: 'Senet', lobby: 'Lobby', myTables: 'Meine Tische', standings: 'Tabellen', settings: 'Einstellungen',
    me: 'Meine Seite', signOut: 'Abmelden', language: 'Sprache',
    signUp: 'Registrieren', signIn: 'Anmelden', name: 'Dein Spielername', token: 'Token',
    tokenIsAccount: 'Dein Token ist dein Konto: Es gibt kein Passwort. Wer das Token hat, spielt als du. Bewahre es gut auf; um auf einem anderen Gerät zu spielen, nutze den Anmeldelink oder QR-Code auf deiner Spielerseite.',
    signInWithToken: 'Mit einem vorhandenen Token anmelden',
    signedInAs: 'Angemeldet als', needSignIn: 'Registriere dich oder melde dich an, um zu spielen.',
    openTables: 'Offene Tische', allGames: 'Alle Spiele', game: 'Spiel', seats: 'Plätze', players: 'Spieler',
    free: 'freier Platz', join: 'Beitreten', open: 'Öffnen', start: 'Spiel starten', create: 'Tisch eröffnen',
    options: 'Optionen', more: 'Mehr', noTables: 'Keine Tische.', yourTurn: 'Du bist dran', waiting: 'Warten',
    finished: 'Beendet', status: 'Status', open_: 'offen', playing: 'läuft', over: 'beendet', cancelled: 'abgesagt',
    moves: 'Deine Züge', allMoves: 'Alle erlaubten Züge', noMoves: 'Gerade nichts zu tun.', play: 'Ziehen', back: 'Neu wählen',
    choose: 'Wähle', log: 'Spielverlauf', result: 'Ergebnis', score: 'Punkte', rank: 'Platz', winner: 'Sieger',
    replay: 'Wiederholung', record: 'Überprüfbares Spielprotokoll herunterladen', recordHelp: 'Offline prüfen mit: senet verify record.json',
    event: 'Ereignis', previous: 'Zurück', next: 'Weiter', rawView: 'Die Ansicht als Daten',
    live: 'live', offline: 'verbinde neu…', closed4401: 'Abgemeldet: der Schlüssel dieses Geräts wurde widerrufen. Bitte neu anmelden.', closed4403: 'Du darfst diesem Tisch nicht mehr zusehen oder diesen Chat nicht mehr lesen (dein Platz oder deine Einladung endete, oder der Tisch ist für Zuschauer geschlossen).', closed4429: 'Diese Seite hat dem Server zu viele Nachrichten geschickt und wurde getrennt. Lade die Seite neu; passiert es wieder, schickt vielleicht eine Browser-Erweiterung oder ein Skript sie.', player: 'Spieler', results: 'Ergebnisse', rating: 'Wertung',
    carry: 'Auf einem anderen Gerät anmelden', carryHelp: 'Öffne diesen Link (oder scanne den Code) auf deinem Handy, um dort mit diesem Konto zu spielen. Wer ihn hat, spielt als du.',
    email: 'E-Mail-Adresse', save: 'Speichern', saved: 'Gespeichert.', push: 'Web-Push in diesem Browser', subscribe: 'Abonnieren',
    quiet: 'Ruhezeiten', from: 'von', to: 'bis', timeZone: 'Zeitzone', vacation: 'Urlaub', days: 'Tage',
    pause: 'Meine Zugfristen anhalten', channels: 'Kanäle', digest: 'Alle paar Stunden eine Zusammenfassung statt einer Mail pro Zug', pushCount: 'Abonnierte Browser',
    games: 'Partien', wins: 'Siege', average: 'Durchschnitt', seatN: (n) => `Platz ${n + 1}`,
    you: 'du', toAct: 'am Zug', version: 'Version', waitPlayers: 'Warte auf Mitspieler.',
    turnClock: 'Zugzeit', clockLeft: (who, left) => `${who} hat noch ${left} bis zur Frist`, clockMine: (left) => `du hast noch ${left} bis zur Frist`, clockUp: (who) => `${who}: die Zeit ist abgelaufen`,
    waitCreator: 'Warte, bis der Gastgeber startet.', emailConfirmed: 'Adresse bestätigt: Benachrichtigungen gehen dorthin.',
    emailUnconfirmed: 'Noch nicht bestätigt: folge dem Link in der Mail an diese Adresse (bis dahin geht nichts anderes dorthin).', resend: 'Link erneut senden', host: 'Gastgeber', kick: 'Entfernen', leave: 'Tisch verlassen',
    cancelTable: 'Tisch absagen', privateTable: 'Privat: nicht in der Lobby, Beitritt per Einladungslink', invitation: 'Einladung',
    inviteHelp: 'Schicke diesen Link an deine Mitspieler: damit treten sie bei. Ein neuer Link ersetzt ihn.', noInvite: 'Kein Einladungslink: nur per Name Eingeladene können beitreten.', newLink: 'Neuer Link', stopLink: 'Link stoppen', spectators: 'Wer darf zusehen', watch_players: 'angemeldete Spieler', watch_anyone: 'alle, ohne Konto', watch_none: 'nur die Spieler am Tisch', resign: 'Aufgeben', resignSure: 'Dieses Spiel aufgeben? Du wirst Letzter.',
    resignYes: 'Ja, aufgeben', resignNo: 'Nein, weiterspielen', youResigned: 'Du hast aufgegeben: ein Bot spielt deine Züge bis zum Ende.', tableCancelled: 'Dieser Tisch wurde abgesagt.',
    notSeated: 'Du schaust an diesem Tisch zu.', pushUnsupported: 'Dieser Browser kann keinen Web-Push empfangen.',
    subscribed: 'Abonniert.', error: 'Fehler', loading: 'Lade…', page: 'Seite',
    chat: 'Tisch-Chat', chatPlayers: 'Spieler', chatSpectators: 'Zuschauer', say: 'Deine Nachricht',
    send: 'Senden', mute: 'Stummschalten', unmute: 'Wieder zeigen', chatEmpty: 'Noch nichts gesagt.',
    devices: 'Geräte und Tokens', deviceName: 'Name des neuen Geräts', addDevice: 'Gerät hinzufügen',
    rename: 'Umbenennen', revoke: 'Widerrufen', revoked: 'widerrufen', thisDevice: 'dieses Gerät',
    devicesHelp: 'Jedes Gerät meldet sich mit einem eigenen Token an. Widerrufe ein verlorenes: es gilt sofort nicht mehr.',
    newDeviceHelp: 'Öffne diesen Link (oder scanne den Code) auf dem neuen Gerät. Er wird nur jetzt gezeigt.',
    lostToken: 'Token verloren? Anmeldelink per E-Mail anfordern', sendLink: 'Link senden',
    linkAsked: 'Wenn dies die bestätigte Adresse eines Spielers ist, ist ein Anmeldelink unterwegs. Er gilt einmal, 30 Minuten lang.',
    signingIn: 'Melde an…', signedInNow: 'Angemeldet. Dieser Browser hat jetzt ein eigenes Token.',
    invitations: 'Einladungen', invitedBadge: 'eingeladen', inviteByName: 'Spieler per Name einladen',
    playerName: 'Spielername', invite: 'Einladen', invitedList: 'Eingeladen', withdraw: 'Zurückziehen',
    youAreInvited: (host) => `${host} hat dich an diesen Tisch eingeladen.`, declineInvitation: 'Ablehnen',
    rematch: 'Revanche', offerRematch: 'Revanche anbieten', acceptRematch: 'Revanche annehmen',
    declineRematch: 'Ablehnen', rematchOffered: (names) => `${names} möchte eine Revanche.`,
    rematchWaiting: (n, m) => `Warte auf die anderen: ${n} von ${m} haben angenommen.`,
    toRematch: 'Zur Revanche', rematchOf: 'Dies ist eine Revanche von', previousGame: 'der vorigen Partie',
    takebacks: 'Zurücknehmen erlauben (ein Zug darf zurückgenommen werden, wenn alle anderen zustimmen)',
    startWhenFull: 'Starten, sobald alle Plätze besetzt sind',
    takeBack: 'Meinen letzten Zug zurücknehmen', undoAsked: (who) => `${who} möchte den letzten Zug zurücknehmen.`,
    undoWaiting: (n, m) => `Zurücknahme erbeten: ${n} von ${m} einverstanden.`, acceptUndo: 'Erlauben', declineUndo: 'Ablehnen',
    mailLanguage: 'Sprache der Mails und Benachrichtigungen', breakdown: 'Woher die Punkte kamen', emptyCell: 'leer', rules: 'Regeln in Kürze', announceTurn: 'Du bist dran', tabTurn: (g) => `▶ Du bist dran · ${g}`, confirmCancel: 'Diesen Tisch für alle absagen?', cancelYes: 'Ja, absagen', cancelNo: 'Nein, behalten',
    notFound: 'Diese Seite gibt es nicht.', tableMissing: 'Diesen Tisch gibt es nicht: vielleicht ist der Link vertippt, oder der Tisch wurde entfernt.', toLobby: 'Zur Lobby', removedHere: 'Du sitzt nicht mehr an diesem Tisch.',
    inviteOnly: 'Dieser Tisch ist privat: tritt über den Einladungslink bei, den der Gastgeber dir geschickt hat.', spectatorPanel: 'Du schaust zu: die Züge machen die Spieler.',
    endResigned: (who) => `Aufgegeben: ${who}.`, endForfeited: (who) => `Zeit überschritten, Platz verloren: ${who}.`,
    endScored: (who) => `Die Schlusswertung ist vorbei; es gewinnt ${who}.`, summaryNote: 'Unsere Zusammenfassung, keine vollständigen Regeln.', forfeit: 'Platz verloren', parts_pick: 'Klicke einen hervorgehobenen Teil des Spielplans an, um zu sehen, was du dort tun kannst.', parts_choices: 'Möglichkeiten', parts_actions: 'Aktionen', none: 'keine', yes: 'ja', no: 'nein', seatFree: 'frei',
    chatMuted: (n) => `${n} stummgeschaltet`, chatHelp: 'Bis zu 500 Zeichen. Spieler sehen den Zuschauer-Chat erst nach dem Spiel.',
    status_open: 'Offen: wartet auf Mitspieler', status_playing: 'Läuft', status_over: 'Spiel beendet', status_cancelled: 'Abgesagt',
    gameOver: 'Spiel beendet.', finalScores: 'Endstand', olderLines: 'Ältere Zeilen zeigen', replayReadOnly: 'Eine Wiederholung: der Spielplan zeigt das Spiel, wie es war; hier kann nichts gespielt werden.',
    backToTournament: '← Zurück zum Turnier', moveTime: 'Zeit pro Zug', moveTimeNone: 'keine Grenze', hoursN: (n) => (n === 1 ? '1 Stunde' : `${n} Stunden`), daysN: (n) => (n === 1 ? '1 Tag' : `${n} Tage`),
    timeoutPolicy: 'Wenn die Zeit abläuft', policy_bot: 'spielt ein Bot diesen Zug', policy_forfeit: 'ist der Platz verloren (ein Bot spielt weiter)',
    signupDeadline: 'Anmeldeschluss', signupDeadlineHelp: 'Leer: der Veranstalter startet das Turnier.', moveDeadlineDefault: 'wie auf der Plattform üblich',
    seed: 'Startwert', seedHelp: 'Aus ihm und den Ergebnissen folgen alle Paarungen und die Würfel jedes Tisches.', sonnebornBerger: 'Sonneborn-Berger', buchholz: 'Buchholz',
    tournamentWinner: (who) => `Sieger: ${who}`, tournamentWinners: (who) => `Sieger: ${who}`, matchOver: 'beendet', matchPlaying: 'läuft', matchWaiting: 'noch nicht eröffnet',
    ruling_annulled: 'vom Schiedsrichter annulliert: zählt für niemanden', ruling_replayed: 'laut Schiedsspruch neu zu entscheiden: zählt für niemanden',
    ruling_forfeit: (who) => `${who} verliert durch Schiedsspruch`,
    byes: 'Freilose', toTable: 'der Tisch', seatsPerTable: (n) => `${n} Spieler pro Tisch`,
  },
};

export function pickLanguage() {
  if (typeof localStorage === 'undefined') return 'en'; // outside a browser (node, the tests)
  const chosen = localStorage.getItem(KEY);
  if (chosen === 'en' || chosen === 'de') return chosen;
  const browser = (navigator.languages && navigator.languages[0]) || navigator.language || 'en';
  return browser.toLowerCase().startsWith('de') ? 'de' : 'en';
}

export function chooseLanguage(lang) { localStorage.setItem(KEY, lang); }

let current = pickLanguage();
export const lang = () => current;
export function setLang(l) { current = l; chooseLanguage(l); document.documentElement.lang = l; }
export function t(key, ...args) {
  const value = (STRINGS[current] && STRINGS[current][key]) ?? STRINGS.en[key] ?? key;
  return typeof value === 'function' ? value(...args) : value;
}

// The games as GET /api/games lists them (remembered by api.js's listGames): their titles in
// each language come only from there.
let known = [];
export function rememberGames(list) { known = Array.isArray(list) ? list : []; }

/** A table's status in people's words ("Game over", "In play"). */
export function statusWords(status) {
  return t(`status_${status}`);
}

/** A game's title in the page's language (`game`: an entry of GET /api/games, or its name). */
export function gameTitle(game) {
  const entry = typeof game === 'string' ? known.find((g) => g.name === game) : game;
  if (!entry) return String(game);
  return (entry.titles && entry.titles[current]) || entry.title;
}

/** Every known game's title in the page's language, by name. */
export function gameTitles() {
  return Object.fromEntries(known.map((g) => [g.name, gameTitle(g)]));
}
