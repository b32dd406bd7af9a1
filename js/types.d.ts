// The contract between Python and the front end, written once: the state Python
// publishes (the `state` trait: play/state.py `BoardState`, built whole by `build_state`),
// the other synced traits, and the intents the board sends back (checked by
// play/intents.py `parse_intent`).
//
// Types only: the JS modules refer to them in JSDoc (`import("./types.js").BoardState`)
// and `npm run typecheck` (tsc --checkJs) checks the modules against them; nothing here
// reaches the bundle. tests/widget/test_state_types.py reads this file and compares the
// fields of BoardState, Status, History, ClockState, ... with states a CheckersWidget
// really publishes, so keep one field a line: `name: type;` (`name?:` when Python may
// leave it out).

// ---------------------------------------------------------------------- the pieces

/** A side. */
export type Color = "black" | "white";

/** A piece as Python names it. */
export type PieceName = "black-man" | "black-king" | "white-man" | "white-king";

/** The pieces on the board: square number (as a string key) -> piece. */
export type Pieces = Record<string, PieceName>;

/** The board's size and where its numbered squares are drawn (play/geometry.py
 * `GeometryState`): the picture with White at the bottom; the view turns it 180° for
 * Black at the bottom. The front end knows no numbering of its own. */
export interface Geometry {
  /** Squares a side (8, 10). */
  size: number;
  /** `cells[n - 1]`: where square n is drawn, row * size + column (from the top left). */
  cells: number[];
}

/** A game's result in PDN's convention: Black's score first. */
export type Result = "1-0" | "0-1" | "1/2-1/2";

/** Who plays a side: a person here, the computer, a person across the network, or
 * nobody yet (a network game before the sides are drawn). */
export type PlayerKind = "human" | "computer" | "remote" | "waiting";

/** A move as `Move.to_dict()` sends it. */
export interface Move {
  /** "11-15", "9x18x27". */
  notation: string;
  /** The piece's square, then every landing square. */
  path: number[];
  /** The squares of the pieces it takes, in order. */
  captures: number[];
  /** Whether it makes a king. */
  crowns: boolean;
}

/** A jump sequence in progress: the squares clicked so far and the pieces jumped. */
export interface Pending {
  path: number[];
  captures: number[];
  /** The man making it has been crowned on the way (Russian draughts: it goes on as a king). */
  crowned: boolean;
}

// ---------------------------------------------------------------------- the state's parts

/** What the status line says, and how it is styled. */
export type StatusKind = "turn" | "must-jump" | "keep-jumping" | "over" | "refused" | "error" | "thinking";

export interface Status {
  text: string;
  kind: StatusKind;
}

/** One side's pieces: men and kings. */
export interface Count {
  men: number;
  kings: number;
}

/** The move list: the current line, comments and (summarised) variations. */
export interface History {
  /** The whole line, redo moves included, as move text. */
  line: string[];
  /** How many moves of `line` are played (the position shown). */
  ply: number;
  /** ply (as a string) -> the comment after that move ("0": before the first). */
  comments: Record<string, string>;
  /** ply (as a string) -> alternatives to the next move, each cut short ("…" at the end). */
  variations: Record<string, string[]>;
  /** The side whose move opens each numbered pair: the variant's first mover. */
  leads?: Color;
}

/** A hint or an evaluation: what the engine thinks of the position. */
export interface Analysis {
  /** The move it suggests; null when the side to move has none. */
  move: Move | null;
  /** From the side to move's point of view: "+0.35", "-1.20", "win in 5", "loss in 3", "lost". */
  score: string;
  /** The principal variation, moves separated by spaces. */
  pv: string;
  depth: number;
}

/** The step-through replay of one move (widget.replay(), the Replay control). */
export interface Replay {
  move: Move;
  /** The position before the move. */
  before: Pieces;
  /** The move's index in the game (the line's length for a move not played). */
  ply: number;
  /** Seconds a hop. */
  speed: number;
  /** The hop from which the mover is a king (null: the move crowns no man); Python
   * knows it: where the move ends, or in Russian draughts where the man first lands on
   * its crown row, going on as a king. */
  crown_hop: number | null;
}

/** The position editor's position, while it is open. */
export interface EditorState {
  fen: string;
  turn: Color;
  pieces: Pieces;
  /** Why the last edit was refused (cleared by the next accepted one). */
  error: string | null;
}

/** The move clock (play/clock.py `TurnClock.snapshot`, plus `waiting`). */
export interface ClockState {
  /** The side whose time runs, or null. */
  side: Color | null;
  phase: "idle" | "move" | "grace" | "expired";
  /** Seconds left in the phase when the state was sent. */
  remaining: number;
  per_move: number;
  grace: number;
  on_expiry: "auto-move" | "forfeit";
  paused: boolean;
  running: boolean;
  /** How many times each side's time ran out. */
  strikes: Record<Color, number>;
  /** Waiting for the first move made on the board: the full time, standing still. */
  waiting: boolean;
}

/** One milestone, as play/milestones.py lists them. */
export interface Milestone {
  id: string;
  title: string;
  description: string;
}

/** A milestone earned, with when (an ISO time stamp). */
export interface EarnedMilestone extends Milestone {
  date: string;
}

/** The milestones of a board played against the computer. */
export interface MilestonesState {
  all: Milestone[];
  earned: EarnedMilestone[];
  /** The ids earned with this state (each view shows their toast once). */
  new: string[];
}

/** Someone asking to join a hosted network game. */
export interface PeerRequest {
  name: string;
  address: string;
}

/** A network game's connection (play/network_play.py `RemotePlay.state`). */
export interface NetworkState {
  role: "host" | "guest";
  /** What is wrong with the connection, in words; "" while all is well. */
  status: string;
  connected: boolean;
  /** The game is held until the connection comes back. */
  paused: boolean;
  peer: string | null;
  request: PeerRequest | null;
  /** The host's port (null on the guest). */
  port: number | null;
}

/** A drawing's colour (core/drawings.py COLOURS). */
export type Colour = "green" | "red" | "blue" | "yellow";

/** An arrow drawn on the board (right-drag), from one square to another. */
export interface ArrowDrawn {
  from: number;
  to: number;
  colour: Colour;
}

/** A square marked (ringed) on the board (right-click). */
export interface MarkDrawn {
  square: number;
  colour: Colour;
}

/** What the user drew on the position shown (play/drawing.py `DrawingState`). */
export interface Drawings {
  arrows: ArrowDrawn[];
  marks: MarkDrawn[];
}

/** A control a board may offer: its buttons, the Evaluation and Screen reader switches
 * and the ★ button (play/commands.py CONTROLS, read off its table). */
export type Control =
  | "new"
  | "restart"
  | "pause"
  | "undo"
  | "redo"
  | "flip"
  | "hint"
  | "replay"
  | "edit"
  | "resign"
  | "offer-draw"
  | "accept-draw"
  | "decline-draw"
  | "claim-draw"
  | "evaluation"
  | "accessible"
  | "milestones"
  | "review"
  | "review-cancel"
  | "learn"
  | "learn-hint"
  | "learn-skip"
  | "learn-answer"
  | "learn-next"
  | "learn-stop";

/** One control a board offers, as Python decides it for the board's situation
 * (play/commands.py `controls_for`); the front end only draws it. */
export interface ControlState {
  /** Drawn now. */
  shown: boolean;
  /** Can be pressed now (drawn greyed out otherwise). */
  enabled: boolean;
  /** Resign and the draw buttons: the side they speak for (Accept and Decline: the side
   * answering the offer; null while there is none). */
  side?: Color | null;
  /** Resign, New game and Restart: a click would throw a game away, so it takes two. */
  confirm?: boolean;
}

// ---------------------------------------------------------------------- the review

/** One point of the review's graph (play/state.py ReviewPointState). */
export interface ReviewPoint {
  /** Moves into the line (0: the start). */
  ply: number;
  /** Black's evaluation there, in men. */
  value: number;
  /** The same squashed to -1 (White winning) .. +1 (Black winning): what the graph draws. */
  bar: number;
  judgement: Judgement | null;
  /** "?!", "?", "??" or "". */
  symbol: string;
}

/** What a move is judged to be. */
export type Judgement = "inaccuracy" | "mistake" | "blunder";

/** What the review says of the position shown. */
export interface ReviewShown {
  ply: number;
  /** Words about the move that led here ("" at the start). */
  text: string;
  /** The engine's move here, drawn as an arrow (null while the learn mode asks for it). */
  best: Move | null;
  best_text: string;
}

/** One side's figures. */
export interface SideSummary {
  moves: number;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
  accuracy: number;
}

/** The learn mode: the mistake asked about and what to say. */
export interface LearnState {
  index: number;
  total: number;
  ply: number;
  side: Color;
  phase: "asking" | "checking" | "wrong" | "right" | "answer" | "done";
  text: string;
  /** After Hint: the square of the piece to move (marked as a hint's start). */
  hint_square: number | null;
}

/** The game review (play/game_review.py): its progress, then what it found. */
export interface ReviewState {
  phase: "running" | "done" | "failed";
  done: number;
  total: number;
  error: string | null;
  /** The move list's marks: ply -> "?!", "?", "??". */
  symbols: Record<string, string>;
  points: ReviewPoint[];
  shown: ReviewShown | null;
  summary: Record<Color, SideSummary> | null;
  learn: LearnState | null;
}

// ---------------------------------------------------------------------- openings

/** The ACF three-move opening of the game (play/openings.py OpeningState). */
export interface OpeningState {
  number: number;
  name: string | null;
  moves: string[];
  /** "crossboard_144", "added_2003_ex_mailplay" or "barred". */
  status: string;
  in_deck: boolean;
  /** Reached by another order of moves. */
  transposed: boolean;
  /** What the header shows: "ACF 6: 9-13 22-18 10-14 (Inferno)". */
  text: string;
}

/** One move of the explorer panel, with the games that played it from this position. */
export interface ExplorerRow {
  move: string;
  path: number[];
  games: number;
  black_wins: number;
  draws: number;
  white_wins: number;
  /** The board offers this move now. */
  playable: boolean;
}

/** The explorer panel (play/openings.py ExplorerState). */
export interface ExplorerState {
  /** What the games are ("Marion Tinsley's 723 games"). */
  name: string;
  /** The games that played a move from this position. */
  games: number;
  rows: ExplorerRow[];
}

// ---------------------------------------------------------------------- the state

/** The `state` trait: everything the board draws, nothing it must compute. */
export interface BoardState {
  /** play/state.py STATE_PROTOCOL: the version of this shape. */
  protocol: number;
  /** Bumped with every new position; an intent carries the version it was sent from. */
  version: number;
  fen: string;
  turn: Color;
  ply: number;
  /** The board's squares: how many a side, where each number is drawn. */
  geometry: Geometry;
  pieces: Pieces;
  /** Every legal move with its full path (those continuing `pending`, if any); empty
   * when the board offers no move to click. */
  legal: Move[];
  pending: Pending | null;
  last_move: Move | null;
  must_capture: boolean;
  status: Status;
  result: Result | null;
  /** Why the game ended, in words. */
  termination: string | null;
  counts: Record<Color, Count>;
  names: Record<Color, string>;
  can_undo: boolean;
  can_redo: boolean;
  /** The side that offers a draw. */
  draw_offer: Color | null;
  /** The draw the rules let the side to move claim, in words. */
  draw_claim: string | null;
  players: Record<Color, PlayerKind>;
  history: History;
  /** The computer is searching its move. */
  thinking: boolean;
  /** The computer's level ("easy" ... "expert"), null without a computer. */
  level: string | null;
  hint: Analysis | null;
  evaluation: Analysis | null;
  replay: Replay | null;
  editor: EditorState | null;
  paused: boolean;
  /** Whether a pause makes sense (a clock, or a computer to hold). */
  pausable: boolean;
  clock: ClockState | null;
  milestones: MilestonesState | null;
  network: NetworkState | null;
  /** The ACF three-move opening the game starts with (play/openings.py). */
  opening: OpeningState | null;
  /** The opening explorer's moves from this position; null without an explorer. */
  explorer: ExplorerState | null;
  /** The arrows and marked squares drawn on the position shown. */
  drawings: Drawings;
  /** Each control this board offers (its controls=[...] choice; a network board leaves
   * out the evaluation), as it is to be drawn; one not offered has no entry. */
  controls: Partial<Record<Control, ControlState>>;
  /** Counts every publish, so that a repeated refusal still reaches the board. */
  seq: number;
  /** The game review and the learn mode (null: no review asked for). */
  review: ReviewState | null;
  /** Undo's tooltip, worded for the game at hand (read when present; Python sends none yet). */
  undo_label?: string;
}

/** What the board draws: Python's state, or one made from it here (the position being
 * edited, a replay's hop, a move drawn before Python's answer), where nobody may be
 * to move. */
export type DrawnState = Omit<BoardState, "turn"> & { turn: Color | null };

/** A state whose keys may be missing: what the pure helpers accept (each reads only the
 * keys it needs, and copes without them; the unit tests give them small states). */
export type PartialState = Partial<DrawnState>;

// ---------------------------------------------------------------------- the other traits

/** The `game_info` trait (formats/game_info.py): a loaded game's header; `{}` without tags. */
export interface GameInfo {
  black?: string;
  white?: string;
  event?: string;
  site?: string;
  date?: string;
  round?: string;
  /** The side names, so that the header can say which player is Black. */
  sides?: Record<Color, string>;
  result?: Result;
  /** "Black won", "White won", "Drawn". */
  result_text?: string;
  /** The file's own Opening tag, when it has one. */
  opening?: string;
}

/** The synced traits of a CheckersWidget, by name. */
export interface ModelTraits {
  /** (The trait's default, `{}`, is replaced by the constructor before any view draws.) */
  state: BoardState;
  orientation: Color;
  show_numbers: boolean;
  interactive: boolean;
  animate: boolean;
  live_eval: boolean;
  game_info: GameInfo;
  /** The board's width in pixels; null: the cell's width. */
  size: number | null;
  /** The position version a view reported having drawn, when Python asked (js/report.js). */
  drawn_version: number;
  /** The screen-reader mode: the command line above the board (a view preference). */
  accessible: boolean;
}

/** The part of anywidget's model the view uses. */
export interface Model {
  get<K extends keyof ModelTraits>(key: K): ModelTraits[K];
  set<K extends keyof ModelTraits>(key: K, value: ModelTraits[K]): void;
  /** (A `msg:custom` handler is given Python's message.) */
  on(event: string, handler: (...args: unknown[]) => void): void;
  off(event: string, handler: (...args: unknown[]) => void): void;
  send(message: Intent): void;
  save_changes(): void;
}

// ---------------------------------------------------------------------- the intents

/** The commands parse_intent accepts (play/commands.py COMMANDS). */
export type CommandName =
  | "undo"
  | "redo"
  | "new"
  | "resign"
  | "offer-draw"
  | "accept-draw"
  | "decline-draw"
  | "claim-draw"
  | "hint"
  | "goto"
  | "replay"
  | "restart"
  | "pause"
  | "resume"
  | "accept-peer"
  | "refuse-peer"
  | "review"
  | "review-cancel"
  | "learn"
  | "learn-hint"
  | "learn-skip"
  | "learn-answer"
  | "learn-next"
  | "learn-stop";

/** The user clicked this path: the piece's square, then the landing squares. */
export interface MoveIntent {
  kind: "move";
  version: number;
  path: number[];
}

/** A piece clicked that the board could not pick up (the computer is thinking, or a
 * capture is due with another piece): Python says why on the status line
 * (play/intents.py SelectIntent). */
export interface SelectIntent {
  kind: "select";
  version: number;
  square: number;
}

/** A move typed on the command line, as typed ("11-15", "9x18x27"): Python reads it
 * (play/intents.py TypedMove) and handles the squares it names as a clicked path. */
export interface TypedMoveIntent {
  kind: "move";
  version: number;
  notation: string;
}

/** Go to the position after `ply` moves of the line. */
export interface GotoIntent {
  kind: "command";
  version: number;
  name: "goto";
  ply: number;
}

/** The user pressed a control; `side` is who pressed it where that matters. */
export interface CommandIntent {
  kind: "command";
  version: number;
  name: Exclude<CommandName, "goto">;
  side?: Color;
}

/** A change in the position editor. */
export type EditIntent =
  | { kind: "edit"; version: number; action: "start" | "done" | "cancel" | "clear" | "reset" }
  | { kind: "edit"; version: number; action: "place"; square: number; piece: PieceName | null }
  | { kind: "edit"; version: number; action: "turn"; turn: Color }
  | { kind: "edit"; version: number; action: "fen"; fen: string };

/** An arrow drawn, a square marked, or the position's drawing cleared (play/drawing.py). */
export type DrawIntent =
  | { kind: "draw"; version: number; action: "arrow"; from: number; to: number; colour: Colour }
  | { kind: "draw"; version: number; action: "mark"; square: number; colour: Colour }
  | { kind: "draw"; version: number; action: "clear" };

/** Every message the board sends. */
export type Intent =
  | MoveIntent
  | TypedMoveIntent
  | SelectIntent
  | GotoIntent
  | CommandIntent
  | EditIntent
  | DrawIntent;

/** An intent as the view's parts build it: the outbox adds the state's version. */
export type IntentDraft = Without<Intent, "version">;

/** `T` without the keys `K`, member by member of a union. */
export type Without<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

// ---------------------------------------------------------------------- the view's parts

/** What the view tells its panels with each state, besides the state (js/widget.js). */
export interface PanelFacts {
  /** The interactive trait: the board takes input. */
  interactive?: boolean;
  /** The game is paused (its own pause or the network's): the board is hidden. */
  paused?: boolean;
  /** The state drawn before (null: this is the first). */
  prev?: BoardState | null;
  /** Animate the change (the animate trait and the reader's motion preference). */
  animate?: boolean;
  /** A replay of a move is shown. */
  replaying?: boolean;
}

/** A part of the view: made with what it needs, told every new state, destroyed with it. */
export interface Panel {
  update(state: BoardState, facts: PanelFacts): void;
  /** Attach its DOM listeners; they go away with `signal`. */
  listen?(signal: AbortSignal): void;
  /** Stop its timers and animations. */
  destroy?(): void;
}
