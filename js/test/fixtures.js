// Small states in the shape Python's play/state.build_state sends, for the unit tests.
//
// Each fixture carries the controls Python publishes for its situation (state.controls:
// for each control the board offers, shown and enabled, and for some a side and whether
// it confirms; play/commands.py decides them and tests/play/test_commands.py checks those
// decisions). A test whose state differs in what decides them passes the controls that
// differ, as a `controls` extra of changes:
// `afterFirstMove({ can_redo: true, controls: { redo: { enabled: true } } })`;
// `{ offered: false }` leaves a control out, as a board's controls=[...] does.

/** Every control of Python's play/commands.CONTROLS, in the table's order. */
export const CONTROL_NAMES = [
  "new",
  "restart",
  "pause",
  "undo",
  "redo",
  "flip",
  "hint",
  "replay",
  "edit",
  "resign",
  "offer-draw",
  "accept-draw",
  "decline-draw",
  "claim-draw",
  "evaluation",
  "accessible",
  "milestones",
];

/** Changes (per control) laid over each other, later ones winning field by field. */
export function changed(...layers) {
  const out = {};
  for (const layer of layers) {
    for (const [name, fields] of Object.entries(layer || {})) out[name] = { ...out[name], ...fields };
  }
  return out;
}

/** What Python adds to some controls: the side they speak for, whether they confirm. */
const EXTRA = {
  new: { confirm: false },
  restart: { confirm: false },
  resign: { side: null, confirm: false },
  "offer-draw": { side: null },
  "accept-draw": { side: null },
  "decline-draw": { side: null },
};

/**
 * A whole published `controls` entry: every control offered, shown and enabled, with no
 * side and no confirmation, then the `changes` laid over it.
 */
export function published(...changes) {
  const merged = changed(...changes);
  const out = {};
  for (const name of CONTROL_NAMES) {
    const { offered = true, ...fields } = { ...EXTRA[name], ...merged[name] };
    if (offered) out[name] = { shown: true, enabled: true, ...fields };
  }
  return out;
}

/** An interactive two-player board at the start of a game, Black to move (no clock or
 * computer to pause, no offer or claim, nothing to take back or replay). The ★ button
 * is published shown: it also needs state.milestones to be drawn. */
const TWO_PLAYERS = {
  pause: { shown: false },
  undo: { enabled: false },
  redo: { enabled: false },
  replay: { enabled: false },
  resign: { side: "black", confirm: true },
  "offer-draw": { side: "black" },
  "accept-draw": { shown: false },
  "decline-draw": { shown: false },
  "claim-draw": { shown: false },
};

/** The same once a move was made: White to move, something to take back and replay, and
 * New game and Restart would throw the game away. */
export const AFTER_A_MOVE = {
  new: { confirm: true },
  restart: { confirm: true },
  undo: { enabled: true },
  replay: { enabled: true },
  resign: { side: "white" },
  "offer-draw": { side: "white" },
};

/** A board that only shows (interactive=False): Flip, the switches and the ★ button stay. */
export const VIEW_ONLY = Object.fromEntries(
  CONTROL_NAMES.filter((n) => !["flip", "evaluation", "accessible", "milestones"].includes(n)).map((n) => [
    n,
    { shown: false },
  ]),
);

/** A finished game: no game actions, and starting over throws nothing away. */
export const OVER = {
  new: { confirm: false },
  restart: { confirm: false },
  hint: { shown: false },
  resign: { shown: false, enabled: false },
  "offer-draw": { shown: false, enabled: false },
};

/** A network game: nothing that would change the host's one game, and no evaluation. */
export const NETWORK = {
  new: { shown: false },
  restart: { shown: false },
  undo: { shown: false },
  redo: { shown: false },
  hint: { shown: false },
  edit: { shown: false },
  evaluation: { offered: false, shown: false },
};

/**
 * The geometry Python publishes (state.geometry, play/geometry.py) for the standard PDN
 * numbering of a size x size board: square 1 in the top row's second column, numbered
 * left to right and top to bottom over the dark squares (8: American checkers, 10:
 * international draughts); `turned`: the board whose double corner is on the player's
 * left (Italian), square 1 in the top-left corner. Written out here, as a test's own
 * knowledge: the front end knows no numbering.
 */
export function numberedGeometry(size, { turned = false } = {}) {
  const cells = [];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) if ((row + col) % 2 === (turned ? 0 : 1)) cells.push(row * size + col);
  }
  return { size, cells };
}

/** American checkers' board, as Python publishes it. */
export const AMERICAN_GEOMETRY = numberedGeometry(8);

/** The 10x10 board of international draughts: squares 1-50. */
export const INTERNATIONAL_GEOMETRY = numberedGeometry(10);

function pieces(black, white, kings = []) {
  const out = {};
  for (const s of black) out[String(s)] = kings.includes(s) ? "black-king" : "black-man";
  for (const s of white) out[String(s)] = kings.includes(s) ? "white-king" : "white-man";
  return out;
}

function move(path, captures = []) {
  const sep = captures.length ? "x" : "-";
  return { notation: path.join(sep), path, captures, crowns: false };
}

const range = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

function base(extra, situation = {}) {
  return {
    protocol: 1,
    version: 1,
    fen: "",
    turn: "black",
    ply: 0,
    geometry: AMERICAN_GEOMETRY,
    pieces: {},
    legal: [],
    pending: null,
    last_move: null,
    must_capture: false,
    status: { text: "Black to move", kind: "turn" },
    result: null,
    termination: null,
    counts: { black: { men: 12, kings: 0 }, white: { men: 12, kings: 0 } },
    names: { black: "Black", white: "White" },
    can_undo: false,
    can_redo: false,
    draw_offer: null,
    draw_claim: null,
    players: { black: "human", white: "human" },
    ...extra,
    controls: published(TWO_PLAYERS, situation, extra.controls),
  };
}

/** `extra` with its control changes laid over `situation`'s, for the fixture it goes to. */
function layered(situation, extra) {
  return { ...extra, controls: changed(situation, extra.controls) };
}

/** The opening: Black to move, seven legal moves. */
export function startState(extra = {}) {
  return base({
    pieces: pieces(range(1, 12), range(21, 32)),
    legal: [
      move([9, 13]),
      move([9, 14]),
      move([10, 14]),
      move([10, 15]),
      move([11, 15]),
      move([11, 16]),
      move([12, 16]),
    ],
    ...extra,
  });
}

/** International draughts' opening (a 10x10 board, squares 1-50): White to move, on
 * 31-50, Black on 1-20; the nine moves are what Python would list (a test's own). */
export function internationalStart(extra = {}) {
  return base({
    geometry: INTERNATIONAL_GEOMETRY,
    turn: "white",
    pieces: pieces(range(1, 20), range(31, 50)),
    counts: { black: { men: 20, kings: 0 }, white: { men: 20, kings: 0 } },
    status: { text: "White to move", kind: "turn" },
    legal: [
      move([31, 26]),
      move([31, 27]),
      move([32, 27]),
      move([32, 28]),
      move([33, 28]),
      move([33, 29]),
      move([34, 29]),
      move([34, 30]),
      move([35, 30]),
    ],
    ...extra,
  }, { resign: { side: "white" }, "offer-draw": { side: "white" } });
}

/** After 11-15: White to move. */
export function afterFirstMove(extra = {}) {
  return base({
    version: 2,
    ply: 1,
    turn: "white",
    pieces: pieces([...range(1, 10), 12, 15], range(21, 32)),
    legal: [
      move([21, 17]),
      move([22, 17]),
      move([22, 18]),
      move([23, 18]),
      move([23, 19]),
      move([24, 19]),
      move([24, 20]),
    ],
    last_move: move([11, 15]),
    status: { text: "White to move", kind: "turn" },
    can_undo: true,
    ...extra,
  }, AFTER_A_MOVE);
}

/**
 * Black must jump: the man on 9 has two double jumps (9x18x25 and 9x18x27); the king on 1
 * and the man on 5 cannot move because a capture is compulsory.
 */
export function doubleJumpState(extra = {}) {
  return base({
    pieces: pieces([9, 1, 5], [14, 22, 23, 31], [1]),
    legal: [move([9, 18, 25], [14, 22]), move([9, 18, 27], [14, 23])],
    must_capture: true,
    status: { text: "Black to move: you must jump", kind: "must-jump" },
    counts: { black: { men: 2, kings: 1 }, white: { men: 4, kings: 0 } },
    ...extra,
  });
}

/** The same, midway: 9x18 played, the piece must keep jumping from 18. */
export function pendingState(extra = {}) {
  return doubleJumpState(
    layered(
      { undo: { enabled: true }, edit: { enabled: false } },
      {
        version: 2,
        pending: { path: [9, 18], captures: [14], crowned: false },
        status: { text: "Black: keep jumping", kind: "keep-jumping" },
        can_undo: true,
        ...extra,
      },
    ),
  );
}

/** After 9x18x27 completed. */
export function afterDoubleJump(extra = {}) {
  return base({
    version: 3,
    ply: 1,
    turn: "white",
    pieces: pieces([27, 1, 5], [22, 31], [1]),
    legal: [move([31, 24], [27])],
    last_move: move([9, 18, 27], [14, 23]),
    must_capture: true,
    status: { text: "White to move: you must jump", kind: "must-jump" },
    counts: { black: { men: 2, kings: 1 }, white: { men: 2, kings: 0 } },
    can_undo: true,
    ...extra,
  }, AFTER_A_MOVE);
}

/** A king with two capture routes that end on the same square (17). */
export function ambiguousState(extra = {}) {
  return base({
    pieces: pieces([10], [14, 15, 22, 23], [10]),
    legal: [move([10, 19, 26, 17], [15, 23, 22]), move([10, 17, 26, 19], [14, 22, 23])],
    must_capture: true,
    status: { text: "Black to move: you must jump", kind: "must-jump" },
    ...extra,
  });
}

/** Against the computer (hard), after 11-15: White (the computer) is thinking. */
export function computerThinking(extra = {}) {
  return afterFirstMove(
    layered(AGAINST_THE_COMPUTER_THINKING, {
      players: { black: "human", white: "computer" },
      level: "hard",
      thinking: true,
      status: { text: "White: the computer (hard) is thinking…", kind: "thinking" },
      hint: null,
      evaluation: null,
      ...extra,
    }),
  );
}

/** Against the computer while it thinks: the buttons speak for Black, no hint meanwhile. */
export const AGAINST_THE_COMPUTER_THINKING = {
  hint: { enabled: false },
  resign: { side: "black" },
  "offer-draw": { side: "black" },
};

/** Against the computer (hard): Black (the human) to move, with a hint for 11-15. */
export function computerHint(extra = {}) {
  return startState({
    players: { black: "human", white: "computer" },
    level: "hard",
    thinking: false,
    hint: {
      move: { notation: "11-15", path: [11, 15], captures: [], crowns: false },
      score: "+0.35",
      pv: "11-15 23-19 8-11",
      depth: 9,
    },
    evaluation: null,
    ...extra,
  });
}

/** A running move clock for `side` (the side to move): `remaining` seconds left. */
export function clock(remaining, extra = {}) {
  return {
    side: "black",
    phase: "move",
    remaining,
    per_move: 60,
    grace: 10,
    paused: false,
    running: true,
    strikes: { black: 0, white: 0 },
    on_expiry: "auto-move",
    ...extra,
  };
}

/** Milestones: three in all, the first earned; `fresh` lists the ids just earned. */
export function milestones(fresh = [], earnedIds = ["first-win"]) {
  const all = [
    { id: "first-win", title: "First win", description: "Win a game" },
    { id: "first-king", title: "Crowned", description: "Crown a man" },
    { id: "triple", title: "Triple jump", description: "Take three pieces in one move" },
  ];
  return {
    all,
    earned: all
      .filter((m) => earnedIds.includes(m.id))
      .map((m) => ({ ...m, date: "2024-05-01T10:20:00" })),
    new: fresh,
  };
}

/** A network game hosted here: Black is the local player, White the remote one. */
export function networkState(extra = {}, network = {}) {
  return startState(layered(NETWORK, {
    players: { black: "human", white: "remote" },
    network: {
      role: "host",
      status: "Connected to Alice",
      connected: true,
      paused: false,
      peer: "Alice",
      request: null,
      ...network,
    },
    ...extra,
  }));
}
