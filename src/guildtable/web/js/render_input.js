// What a game's renderer (web/games/<game>.js) is given to draw: one position as a seat or a spectator sees it. The
// table, the rules page, the replay and the lobby's game cards each build it here, with `renderInput`, so a renderer
// meets one shape wherever it draws. Its types are the API schema's (web/types/api.d.ts, made from /openapi.json).

/** @typedef {import("../types/api").components["schemas"]} Schemas */
/** One game's view of the position, as the server sends it: the view of whichever game it is (`CityBlocksView`, ...;
 * each renderer reads its own game's). @typedef {Schemas["TableState"]["view"]} GameView */
/** A seat as a renderer reads it: its index, the player's name, what plays it (a table's seats say more).
 * @typedef {Schemas["ExampleSeat"]} SeatEntry */
/** A move the seat on turn may make: the action to send back, its notation and its label.
 * @typedef {Schemas["LegalMove"]} LegalMove */
/** A line of the game's log as the server sends it: the move's version, the event's kind and data, and its words.
 * @typedef {Schemas["GameEvent"]} GameEvent */
/** A piece's text (GET /api/games/{game}/glossary): its name, what it does, its detail lines.
 * @typedef {Schemas["PieceTextJSON"]} PieceText */
/** A game's pieces' texts, keyed as its views name the pieces. @typedef {Schemas["Glossary"]} Glossary */

/**
 * @typedef {object} RenderInput
 * @property {string} table what the position belongs to (a table, a replay, a rules example): with `version`, what
 *   tells one position from the next
 * @property {number} version
 * @property {string} game
 * @property {GameView} view
 * @property {SeatEntry[]} seats
 * @property {number | null} seat the seat the position is seen as, or null for a spectator
 * @property {number | null} current_player
 * @property {boolean} terminal
 * @property {LegalMove[]} legal the moves the seat may make now ([] when it may make none)
 */

/**
 * How the page lets a renderer play: `move` sends a legal move's action, `choices` shows the moves the board does not
 * offer as clicks (the table's question bar).
 * @typedef {object} RenderUi
 * @property {boolean} interactive
 * @property {(action: LegalMove["action"]) => void} move
 * @property {Glossary} [glossary]
 * @property {(element: HTMLElement | null) => void} [choices]
 */

/** What the last move changed on the page (`to`) and where its piece came from (`from`), as CSS selectors.
 * @typedef {{ to: string, from?: string }} Mark */

/**
 * A game's renderer module: `render` draws the position into `root`; `marks` (optional) says what the last move's
 * events changed; `ownsMoves` whether it offers every move itself (else the page lists them).
 * @typedef {object} Renderer
 * @property {(root: HTMLElement, input: RenderInput, ui: RenderUi) => void} render
 * @property {(events: GameEvent[], input: RenderInput) => Mark[]} [marks]
 * @property {boolean} [ownsMoves]
 */

/**
 * A renderer's input, from what the page has: a table's message, a replay's frame, a rules example. A position no
 * seat plays here is a spectator's (`seat` null, no legal moves); `terminal` is the view's unless the table says
 * otherwise (a resignation ends a table before its rules do).
 * @param {{ table: string, version: number, game: string, view: GameView, seats: SeatEntry[], seat?: number | null,
 *   current_player: number | null, terminal?: boolean, legal?: LegalMove[] }} position
 * @returns {RenderInput}
 */
export function renderInput({ table, version, game, view, seats, seat = null, current_player, terminal = view.terminal,
  legal = [] }) {
  return { table, version, game, view, seats, seat, current_player, terminal, legal };
}

/**
 * The seats of a position known only by its players' names (a replay's frame): nobody plays them here.
 * @param {string[]} names
 * @returns {SeatEntry[]}
 */
export function namedSeats(names) {
  return names.map((name, seat) => ({ seat, name, kind: "", joined: true }));
}
