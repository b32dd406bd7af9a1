// Small states in the shape Python's protocol.build_state sends, for the unit tests.

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

function base(extra) {
  return {
    protocol: 1,
    version: 1,
    fen: "",
    turn: "black",
    ply: 0,
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
  };
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
  });
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
  return doubleJumpState({
    version: 2,
    pending: { path: [9, 18], captures: [14] },
    status: { text: "Black: keep jumping", kind: "keep-jumping" },
    can_undo: true,
    ...extra,
  });
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
  });
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
  return afterFirstMove({
    players: { black: "human", white: "computer" },
    level: "hard",
    thinking: true,
    status: { text: "White: the computer (hard) is thinking…", kind: "thinking" },
    hint: null,
    evaluation: null,
    ...extra,
  });
}

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
  return startState({
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
  });
}
