// The WebSocket protocol's messages as the client sees them: JSDoc types of every message it sends
// and is sent, and of every event of a `state`. The server declares them once
// (apps/server/protocol.py) and generates docs/web-protocol.schema.json from them;
// tests/js/protocol.test.js checks that each type here has the schema's fields, and validates the
// client's messages and real server messages against the schema.

/** The types of the messages a client sends, the socket's `hello` first. */
export const CLIENT_TYPES = Object.freeze([
  "hello",
  "action",
  "next_deal",
  "sync",
  "ping",
  "resign",
  "rematch",
  "speed",
  "emote",
  "chat",
]);

/** The longest line of chat, in characters (protocol.py's CHAT_LENGTH). */
export const CHAT_LENGTH = 200;

/** The quick messages and emotes a seat may send (protocol.py's EMOTES), a closed set. */
export const EMOTES = Object.freeze([
  "bella_giocata",
  "ciao",
  "grazie",
  "ben_giocato",
  "peccato",
  "buona_fortuna",
  "applause",
  "smile",
  "wow",
  "sad",
]);

/**
 * A seat's first message on its socket: its token (never in the URL).
 * @typedef {object} HelloMessage
 * @property {"hello"} type
 * @property {string} token
 */

/**
 * Take an action, in the text notation (`Ad`, `declare d`, `bid 75`, `call b`).
 * @typedef {object} ActionMessage
 * @property {"action"} type
 * @property {string} action
 */

/**
 * Between deals: ready for the next deal.
 * @typedef {object} NextDealMessage
 * @property {"next_deal"} type
 */

/**
 * Send me the state again.
 * @typedef {object} SyncMessage
 * @property {"sync"} type
 */

/**
 * Keep-alive; answered by `pong`.
 * @typedef {object} PingMessage
 * @property {"ping"} type
 */

/**
 * Leave the match for good: the seat goes to the computer, the resignation is recorded.
 * @typedef {object} ResignMessage
 * @property {"resign"} type
 */

/**
 * Once the match is over: ask for a rematch (same rules, seats rotated).
 * @typedef {object} RematchMessage
 * @property {"rematch"} type
 */

/**
 * The host sets the computer players' speed: `lenta`, `normale` or `veloce`.
 * @typedef {object} SpeedMessage
 * @property {"speed"} type
 * @property {string} speed
 */

/**
 * A quick message or emote from `EMOTES`, shown by the sender's plate to everybody.
 * @typedef {object} EmoteMessage
 * @property {"emote"} type
 * @property {string} emote
 */

/**
 * A line of free-text chat, at a table whose host allows it (`chat`): shown to every
 * seat and spectator.
 * @typedef {object} ChatMessage
 * @property {"chat"} type
 * @property {string} text
 */

/**
 * The table's rules (`Ruleset.to_dict`): every option of docs/options.md by its name.
 * @typedef {Object<string, string|number|boolean|Array<string>>} Ruleset
 */

/**
 * Who took a seat, as everybody may know it (only on a seat a known player took): their
 * avatar (an emoji, or null), whether they are a bot account, their profile's username (a
 * claimed account's; null for a guest). No id, no token, no session.
 * @typedef {object} SeatPlayer
 * @property {string|null} avatar
 * @property {boolean} bot
 * @property {string|null} profile
 */

/**
 * Public information about a seat. `bot` is a computer player's level; `player` says
 * who took the seat, on a seat a known player took (absent elsewhere).
 * @typedef {object} SeatInfo
 * @property {number} seat
 * @property {"human"|"bot"} kind
 * @property {string} name
 * @property {string|null} bot
 * @property {boolean} joined
 * @property {boolean} connected
 * @property {boolean} autoplay
 * @property {boolean} ready
 * @property {SeatPlayer|null} [player]
 */

/**
 * A finished deal's result.
 * @typedef {object} DealResult
 * @property {Array<number>} seat_points
 * @property {Array<number>} team_points
 * @property {Array<number>} teams
 * @property {Array<number>} winners
 * @property {boolean} draw
 * @property {boolean} replay
 * @property {Array<number>} units
 */

/**
 * A deal of the match.
 * @typedef {object} DealPlayed
 * @property {number} dealer
 * @property {boolean} counted
 * @property {DealResult} result
 */

/**
 * The match's standing.
 * @typedef {object} Standing
 * @property {string} format
 * @property {"teams"|"seats"} competitors
 * @property {Array<number>} wins
 * @property {Array<number>} points
 * @property {Array<DealPlayed>} deals
 * @property {number|null} winner
 * @property {boolean} over
 */

/**
 * The table's public information (`GET /api/tables/{id}`): no secrets, no cards.
 * @typedef {object} PublicTable
 * @property {string} table_id
 * @property {string} preset
 * @property {Ruleset} ruleset
 * @property {"waiting"|"playing"|"deal_over"|"over"} status
 * @property {Array<SeatInfo>} seats
 * @property {Standing} match
 * @property {number|null} deal
 * @property {DealResult|null} result
 * @property {Array<number>} resigned
 * @property {boolean} hints
 */

/**
 * A finished trick.
 * @typedef {object} TrickTaken
 * @property {number} leader
 * @property {Array<[number, string]>} plays
 * @property {number} winner
 */

/**
 * An accuso: Re and Cavallo of `suit` shown.
 * @typedef {object} Declaration
 * @property {number} seat
 * @property {"c"|"d"|"s"|"b"} suit
 * @property {number} points
 */

/**
 * The face-up briscola exchanged.
 * @typedef {object} Exchange
 * @property {number} seat
 * @property {string} gave
 * @property {string} took
 */

/**
 * Chiamata's auction: the calls (`[seat, "pass" | bid]`) and its winner.
 * @typedef {object} Auction
 * @property {Array<[number, string]>} calls
 * @property {number|null} winner
 */

/**
 * A partner sign; `signal` is its meaning, null for those who may not read it.
 * @typedef {object} SignalSeen
 * @property {number} seat
 * @property {number} trick
 * @property {"asso"|"tre"|"alte"|"nessuna"|"carica"|"liscio"|null} signal
 */

/**
 * What one seat may know of the deal (`Observation.to_dict`), or a spectator
 * (`public_view`: `seat` null, no hand, no legal actions).
 * @typedef {object} Observation
 * @property {Ruleset} ruleset
 * @property {number|null} seat
 * @property {number} dealer
 * @property {"auction"|"call"|"play"|"over"} phase
 * @property {number|null} turn
 * @property {number|null} leader
 * @property {Array<string>} hand
 * @property {string|null} briscola
 * @property {"c"|"d"|"s"|"b"|null} trump
 * @property {number} stock
 * @property {Array<number>} hand_counts
 * @property {Array<[number, string]>} trick
 * @property {Array<TrickTaken>} tricks
 * @property {Array<Declaration>} declarations
 * @property {Array<Exchange>} exchanges
 * @property {Array<string>} actions
 * @property {Object<string, Array<string>>} other_hands
 * @property {Object<string, Array<string>>} known_cards
 * @property {Object<string, Array<string>>} shown
 * @property {Array<string>} legal
 * @property {boolean} tricks_visible
 * @property {Array<number>} points
 * @property {Auction|null} auction
 * @property {string|null} called
 * @property {number|null} partner
 * @property {Array<SignalSeen>} signals
 */

/**
 * The move clock: the seat to act and the seconds it has left.
 * @typedef {object} Clock
 * @property {number} seat
 * @property {number} left
 */

/**
 * Once the match is over: the seats that asked for the rematch, and its table once made.
 * @typedef {object} RematchVotes
 * @property {Array<number>} votes
 * @property {string|null} table_id
 */

/**
 * The socket's whole view, after every change; `events` says what just changed.
 * @typedef {object} StateMessage
 * @property {"state"} type
 * @property {number} protocol
 * @property {number} seat
 * @property {boolean} host
 * @property {PublicTable} table
 * @property {Observation|null} observation
 * @property {Array<TableEvent>} events
 * @property {string|null} invite_url
 * @property {Object<string, number>} card_points
 * @property {boolean} [spectator]
 * @property {number} spectators
 * @property {string} speed
 * @property {Clock|null} clock
 * @property {RematchVotes|null} rematch
 * @property {string} watch_url
 * @property {number} trick_hold_ms
 * @property {boolean} [chat]
 */

/**
 * A refused message (only to its sender): `code` for programs, `message` for people,
 * in the table's language.
 * @typedef {object} ErrorMessage
 * @property {"error"} type
 * @property {string} code
 * @property {string} message
 */

/**
 * The answer to `ping`.
 * @typedef {object} PongMessage
 * @property {"pong"} type
 */

/**
 * The rematch started: a person's new seat (a new token in `url`), or a spectator's
 * watch link.
 * @typedef {object} RematchLinkMessage
 * @property {"rematch"} type
 * @property {string} table_id
 * @property {string} url
 */

/**
 * A seat's quick message or emote, to every seat and spectator (never stored).
 * @typedef {object} EmoteShown
 * @property {"emote"} type
 * @property {number} seat
 * @property {string} emote
 */

/**
 * A seat's line of chat, to every seat and spectator (kept in memory only: see
 * docs/web-protocol.md).
 * @typedef {object} ChatShown
 * @property {"chat"} type
 * @property {number} seat
 * @property {string} text
 */

/**
 * A deal was dealt.
 * @typedef {object} DealStartedEvent
 * @property {"deal_started"} type
 * @property {number} deal
 * @property {number} dealer
 */

/**
 * A card was played.
 * @typedef {object} PlayedEvent
 * @property {"played"} type
 * @property {number} seat
 * @property {string} card
 * @property {string} action
 */

/**
 * An accuso (Re and Cavallo shown).
 * @typedef {object} DeclaredEvent
 * @property {"declared"} type
 * @property {number} seat
 * @property {"c"|"d"|"s"|"b"} suit
 * @property {number} points
 * @property {string} action
 */

/**
 * The briscola was exchanged.
 * @typedef {object} ExchangedEvent
 * @property {"exchanged"} type
 * @property {number} seat
 * @property {string} gave
 * @property {string} took
 * @property {string} action
 */

/**
 * A partner sign was made (never its meaning).
 * @typedef {object} SignalledEvent
 * @property {"signalled"} type
 * @property {number} seat
 * @property {number} trick
 * @property {"signal"} action
 */

/**
 * Chiamata: a bid (a rank's letter, or points).
 * @typedef {object} BidEvent
 * @property {"bid"} type
 * @property {number} seat
 * @property {string} bid
 * @property {string} action
 */

/**
 * Chiamata: a pass.
 * @typedef {object} PassedEvent
 * @property {"passed"} type
 * @property {number} seat
 * @property {string} action
 */

/**
 * Chiamata: the trump named, the called card.
 * @typedef {object} CalledEvent
 * @property {"called"} type
 * @property {number} seat
 * @property {"c"|"d"|"s"|"b"} suit
 * @property {string} card
 * @property {string} action
 */

/**
 * Chiamata: the called card was played; `seat` is the partner.
 * @typedef {object} RevealedEvent
 * @property {"revealed"} type
 * @property {number} seat
 */

/**
 * A trick was taken.
 * @typedef {object} TrickEvent
 * @property {"trick"} type
 * @property {number} winner
 * @property {number} points
 * @property {Array<[number, string]>} cards
 */

/**
 * The deal ended.
 * @typedef {object} DealOverEvent
 * @property {"deal_over"} type
 * @property {DealResult} result
 */

/**
 * The match ended (`winner`: a competitor, or null).
 * @typedef {object} MatchOverEvent
 * @property {"match_over"} type
 * @property {number|null} winner
 * @property {Standing} match
 */

/**
 * A seat's socket connected or left.
 * @typedef {object} PresenceEvent
 * @property {"presence"} type
 * @property {number} seat
 * @property {boolean} connected
 */

/**
 * Somebody took a seat with the invitation.
 * @typedef {object} JoinedEvent
 * @property {"joined"} type
 * @property {number} seat
 * @property {string} name
 */

/**
 * A seat asked for the next deal.
 * @typedef {object} ReadyEvent
 * @property {"ready"} type
 * @property {number} seat
 */

/**
 * A computer took over (or gave back) a disconnected seat.
 * @typedef {object} AutoplayEvent
 * @property {"autoplay"} type
 * @property {number} seat
 * @property {boolean} on
 */

/**
 * The move clock ran out: the stand-in plays this move for `seat`.
 * @typedef {object} TimedOutEvent
 * @property {"timed_out"} type
 * @property {number} seat
 */

/**
 * A person left the match for good.
 * @typedef {object} ResignedEvent
 * @property {"resigned"} type
 * @property {number} seat
 * @property {string} name
 */

/**
 * The computer players' speed changed.
 * @typedef {object} SpeedEvent
 * @property {"speed"} type
 * @property {number} seat
 * @property {string} speed
 */

/**
 * A spectator came or went: how many watch now.
 * @typedef {object} SpectatorsEvent
 * @property {"spectators"} type
 * @property {number} count
 */

/**
 * A seat asked for the rematch.
 * @typedef {object} RematchAskedEvent
 * @property {"rematch_asked"} type
 * @property {number} seat
 */

/**
 * The rematch started at a new table.
 * @typedef {object} RematchEvent
 * @property {"rematch"} type
 * @property {string} table_id
 */

/** @typedef {HelloMessage|ActionMessage|NextDealMessage|SyncMessage|PingMessage|ResignMessage|RematchMessage|SpeedMessage|EmoteMessage|ChatMessage} ClientMessage */

/** @typedef {StateMessage|ErrorMessage|PongMessage|RematchLinkMessage|EmoteShown|ChatShown} ServerMessage */

/** @typedef {DealStartedEvent|PlayedEvent|DeclaredEvent|ExchangedEvent|SignalledEvent|BidEvent|PassedEvent|CalledEvent|RevealedEvent|TrickEvent|DealOverEvent|MatchOverEvent|PresenceEvent|JoinedEvent|ReadyEvent|AutoplayEvent|TimedOutEvent|ResignedEvent|SpeedEvent|SpectatorsEvent|RematchAskedEvent|RematchEvent} TableEvent */
