"""The built-in lessons: the rules of American checkers, one short lesson each.

In teaching order, they cover every rule of the reference documents: the board and the
set-up, moving a man, capturing, compulsory capture and the free choice between
captures, finishing a multi-jump, crowning (which ends the move), kings moving and
capturing backwards, winning by capturing everything or by blocking, and the draws (no
progress for 40 moves, threefold repetition, agreement). The learner always plays
Black, drawn at the bottom of the board, so "forward" is up the board.

Every position and move here is checked when the module loads (see
:meth:`Lesson.check`), and the tests play every lesson through.
"""

from __future__ import annotations

from ..core.game import DrawRules
from .lesson import ANY_MOVE, Lesson, Step

__all__ = ["LESSONS"]

BOARD = Lesson(
    id="board",
    title="The board and who moves first",
    rule="8 x 8 board, only the 32 dark squares are used; 12 pieces each on the three rows "
    "nearest their player; Black (the darker side) moves first.",
    text="""\
Checkers is played on the 64 squares of a chess board, but only on the 32 **dark
squares**: pieces never stand on or cross a light square. The dark squares are numbered
1 to 32 so that moves can be written down: `11-15` means "from 11 to 15".

Each player starts with **12 pieces** on the dark squares of the three rows nearest
them: Black on 1-12, White on 21-32, with the two middle rows empty.

Turn the board so that each player has a **dark square in the corner at their left
hand** (square 4 for Black, 29 for White): then both sides' starting rows mirror each
other exactly.

**Black moves first**, then the players take turns, one move each. Some games call the
sides Black and Red, or Red and White, or Player 1 and Player 2, but the darker side,
starting on 1-12, always moves first. Who gets that side is decided by lot, such as a
coin toss (online games draw it at random for each game).""",
    fen="B:W21-32:B1-12",
    task="Black moves first: play any opening move with one of your men (the dark pieces "
    "at the bottom).",
    solution=(Step("11-15", also=(ANY_MOVE,)),),
    hints=(
        "Your men are the dark pieces at the bottom, on 1-12; only the front ones (9-12) "
        "have an empty square in front of them.",
    ),
    success="Black has moved, and now it is White's turn: the players take turns until "
    "the game ends.",
)

MAN_MOVES = Lesson(
    id="man-moves",
    title="Moving a man",
    rule="A man moves one square diagonally forward, onto an empty dark square.",
    text="""\
An ordinary piece is called a **man**. A man moves **one square diagonally forward**,
towards the other side of the board, onto an **empty** dark square:

- never sideways or straight ahead;
- never backwards (only kings may, as you will see);
- never onto a square that is already taken.

Black's forward is **up** the board here, towards the higher numbers; White's is down.""",
    fen="B:W18,23,27:B14",
    task="Move your man on 14 one square forward. One of its two forward squares is taken.",
    solution=("14-17",),
    hints=(
        "A man on 14 has two forward squares: 17 and 18.",
        "18 is taken by a White man, and a man only moves onto an empty square.",
    ),
    success="One square, diagonally forward, onto an empty square: that is a man's move.",
)

CAPTURE = Lesson(
    id="capture",
    title="Capturing",
    rule="A man captures by jumping diagonally forward over an enemy piece next to it onto "
    "the empty square just beyond; the piece jumped is removed.",
    text="""\
When an enemy piece stands diagonally next to your man, **in front of it**, and the
square just beyond that piece is empty, your man can **jump** over it and land on that
square. The piece jumped over is **captured**: it leaves the board.

A man jumps **forward only**, just as it moves forward only. (In international draughts
men may capture backwards too, and so they may under some kitchen-table house rules;
in standard checkers they may not.)

A capture is written with an x: `14x23` means "from 14, jumping, to 23".""",
    fen="B:W9,18,30:B3,14",
    task="Capture the White man on 18 with your man on 14.",
    solution=("14x23",),
    hints=("Jump over 18 and land on the empty square just beyond it.",),
    success="The man on 18 is gone: a capture is a jump over an enemy piece onto the "
    "empty square beyond.",
)

COMPULSORY = Lesson(
    id="compulsory",
    title="Jumping is compulsory",
    rule="If any capture is available, you must capture: an ordinary move is not allowed.",
    text="""\
If you can capture, you **must**. Whenever any of your pieces can jump, you may not
make an ordinary move instead, not even with another piece.

This has a sharp edge: your opponent can **offer** you a piece to pull your man onto a
square where it is captured in turn. Before each move, look at the jumps you will be
forced to make next.

(An old rule called *huffing*, where a piece that failed to jump was removed, is no
longer played: the jump is simply required.)""",
    fen="B:W14,23,27:B9,11",
    task="Your man on 11 would like to move, but look around first: make the move the rules "
    "require.",
    solution=(Step("9x18", reply="23x14"),),
    hints=(
        "Can any of your men jump right now?",
        "The man on 9 can jump the White man on 14.",
    ),
    success="You had to jump, and White jumped back with 23x14. Forced captures can be "
    "used against you, and you can use them too.",
)

CHOOSE_CAPTURE = Lesson(
    id="choose-capture",
    title="Any capture may be chosen",
    rule="When several captures are available you may choose any of them; you need not "
    "take the most pieces.",
    text="""\
When more than one capture is available, **you choose** which one to make: with any
piece that can jump, along any route. You do **not** have to take the largest number of
pieces (in international draughts you would; in checkers you don't).

A capture you must make; which capture is up to you.""",
    fen="B:W15,22,24:B10,18",
    task="Two of your men can capture: one could take two pieces, the other only one. Both "
    "are allowed: make either capture.",
    solution=(Step("18x25", also=(ANY_MOVE,)),),
    hints=("Look for White pieces next to your men with an empty square behind them.",),
    success="Either capture was allowed. Take the most pieces when it is good for you, "
    "not because a rule says so.",
)

MULTI_JUMP = Lesson(
    id="multi-jump",
    title="Finish the jump",
    rule="After a jump, if the same piece can jump again it must go on until it cannot; a "
    "sequence once begun must be finished.",
    text="""\
If, after a jump, the same piece can jump again, it **must keep jumping** in the same
move until no jump is left. One move can take two, three or more pieces this way.

- You cannot stop halfway, and you cannot switch to another piece during the sequence.
- Where the sequence branches, you choose the branch (again, you need not take the most).
- A man keeps jumping forward only.

On the board, click each landing square in turn, or the last square straight away when
only one route ends there.""",
    fen="B:W14,22,23,32:B1,9",
    task="Capture with your man on 9, and keep going until there is nothing left to jump.",
    solution=(Step("9x18x25", also=("9x18x27",)),),
    hints=(
        "After landing on 18, look again: is another White piece next to it, with an "
        "empty square beyond?",
    ),
    success="Two pieces in one move. A jump sequence is a single move, and it ends only "
    "when there is nothing more to take.",
)

CROWNING = Lesson(
    id="crowning",
    title="Crowning ends the move",
    rule="A man reaching the far row becomes a king, and that ends the move, even if the "
    "new king could jump on.",
    text="""\
A man that reaches the **far row** (for Black, squares 29-32, at the top here) is
**crowned**: it becomes a **king**, drawn as two pieces stacked.

Crowning **ends the move at once**, even in the middle of a jump sequence and even if
the new king could jump again: it has to wait for its next turn.""",
    fen="B:W19,26,27:B3,22",
    task="Jump into the king row with your man on 22 and get crowned.",
    solution=(
        Step("22x31", reply="19-15"),
        Step(
            "31x24",
            task="Your new king has waited its turn. Now it may jump, and backwards too: "
            "capture the man on 27.",
        ),
    ),
    hints=(
        "Your man on 22 can jump the White man on 26.",
        "Once it lands on 31 it is a king, and the move is over.",
    ),
    success="Crowned, then one turn later a backward capture. Kings are next.",
)

KING_MOVES = Lesson(
    id="king-moves",
    title="Kings move backwards",
    rule="A king moves one square diagonally in any direction, forwards or backwards; kings "
    "do not fly across several squares.",
    text="""\
A king moves like a man, **one square diagonally** onto an empty square, but in **any
direction**: forwards *and backwards*.

It still goes only one square at a time. In checkers kings do **not** fly along a
diagonal (flying kings belong to international draughts).""",
    fen="B:W30,31:B19,K18",
    task="Move your king on 18 one square backwards (down the board, towards your side).",
    solution=(Step("18-14", also=("18-15",)),),
    wrong="That is a legal move, but not a king moving backwards: move the king on 18 "
    "one square down the board.",
    hints=(
        "Your king is the stacked piece on 18. Backwards, for Black, is towards the lower numbers.",
    ),
    success="Kings go both ways, one square at a time.",
)

KING_CAPTURES = Lesson(
    id="king-captures",
    title="Kings capture backwards",
    rule="A king jumps in any direction, and may change direction from one jump to the next.",
    text="""\
A king captures like a man, jumping over an enemy piece next to it onto the empty
square beyond, but in **any direction**. In a sequence it may jump forwards and
backwards, turning from one jump to the next, and as always it must keep jumping while
it can.""",
    fen="B:W17,18,30:B11,K23",
    task="Capture backwards with your king on 23, and keep jumping.",
    solution=("23x14x21",),
    hints=(
        "The White man on 18 is behind your king, and 14, beyond it, is empty.",
        "From 14, look for a second piece to jump.",
    ),
    success="Backwards, then along another diagonal: a king jumps wherever there is a "
    "piece to take.",
)

WIN_CAPTURE = Lesson(
    id="win-capture-all",
    title="Winning by capturing everything",
    rule="You win when your opponent has no pieces left (or resigns).",
    text="""\
The aim of checkers is to leave your opponent **without a legal move** on their turn.
The usual way is to **capture every one of their pieces**.

Good to know: a player may also **resign** at any time, and a player who leaves the game
loses it. In timed games, running out of time loses too (Porchlight's timer moves for you
once, and forfeits you if it runs out again on your next turn; the desktop program grants
a little extra time first).""",
    fen="B:W15,22:B17,K25",
    task="Win the game now: capture every White piece in one move.",
    solution=("25x18x11",),
    result="1-0",
    feedback={
        "17x26": "17x26 is legal, but it takes only one piece: White's man on 15 would "
        "still be on the board. Another piece of yours can take both."
    },
    hints=("Your king can jump backwards, and keep jumping.",),
    success="White has nothing left.",
)

WIN_BLOCK = Lesson(
    id="win-block",
    title="Winning by blocking",
    rule="You also win when your opponent still has pieces but none of them can move.",
    text="""\
You also win when it is your opponent's turn and **none of their pieces can move**, not
even by jumping. Such a player loses even with pieces left on the board.

A piece is blocked when every square it could move to is taken and it has no jump either
(the square beyond each neighbouring enemy piece is taken too).""",
    fen="B:W29:B21,22",
    task="White's last man, on 29, is in the corner. Make the move that leaves it no move at all.",
    solution=("21-25",),
    result="1-0",
    feedback={
        "22-25": "After 22-25 White would jump 29x22: the square behind 25 must stay covered too.",
        "22-26": "After 22-26 White can still move 29-25.",
    },
    hints=(
        "White's man on 29 can only ever go to 25.",
        "Put a man on 25 and keep 22 covered, so that it cannot jump either.",
    ),
    success="White still has a man, but no move.",
)

DRAW_COUNT = Lesson(
    id="draw-move-count",
    title="Draw: no progress for 40 moves",
    rule="After 40 moves by each player with no capture and no man moving, the game is a draw.",
    text="""\
When only kings move and nothing is captured, a game can go round in circles. Hence
the **40-move rule**: after 40 moves by each player with **no capture and no man
moving**, the game is a draw. Every capture and every man move starts the count again.

- Porchlight and the browser game draw automatically (the browser game counts 80
  turns, which is 40 each).
- In tournament play a player **claims** this draw instead.

A jump sequence counts as one move, and a move that wins the game wins it, even if it
also completes the count. So that you can watch it happen, this lesson counts **2 moves
each** instead of 40.""",
    fen="B:WK28,29:BK10,12",
    draw_rules=DrawRules(quiet_moves=2, repetitions=None),
    task="Move your king from 10 to 15 and back again; White's king moves too. Watch the "
    "count run out.",
    solution=(
        Step("10-15", reply="28-24"),
        Step("15-10", reply="24-28", task="One king move each so far. Now back to 10."),
    ),
    result="1/2-1/2",
    feedback={
        "12-16": "12-16 moves a man, and a man move starts the count again: the draw would "
        "only get further away. Move your king.",
    },
    wrong="That move does not lead to this draw: only king moves count towards it. Move "
    "your king as the task says.",
    hints=("Only king moves without captures count towards this draw.",),
    success="Two moves each with no capture and no man moved (40 in a real game).",
)

DRAW_REPETITION = Lesson(
    id="draw-repetition",
    title="Draw: the same position three times",
    rule="When the same position, with the same player to move, occurs three times, the game "
    "is a draw.",
    text="""\
If the **same position** (the same pieces on the same squares, with the same player to
move) occurs **three times**, the game is a draw: neither side is making progress.

- The browser game draws automatically the third time, and this lesson plays by its
  rules.
- In tournament play a player **claims** the draw.

The start position counts as the first time.""",
    fen="B:WK26:BK7",
    draw_rules="browser",
    task="Move your king 7-11 and back, twice; White's king goes back and forth too.",
    solution=(
        Step("7-11", reply="26-22"),
        Step("11-7", reply="22-26", task="Now back to 7: the start position comes back."),
        Step(
            "7-11",
            reply="26-22",
            task="That was the start position for the second time. Once more: 7-11.",
        ),
        Step("11-7", reply="22-26", task="And back to 7, for the third time."),
    ),
    result="1/2-1/2",
    wrong="To see the repetition, the same position has to come back: move your king as "
    "the task says, then back again.",
    hints=("Move the king on 7 to 11, then back to 7.",),
    success="The same position for the third time.",
)

DRAW_OFFER = Lesson(
    id="draw-offer",
    title="Draw by agreement",
    rule="A player may offer a draw at any time; the opponent accepts or declines, and making "
    "a move declines it.",
    text="""\
Players can also simply **agree** to a draw. You may **offer a draw at any time**, even
while your opponent is thinking about their move. Your opponent then **accepts** (the
game is drawn) or **declines**; making a move declines the offer too.

You may offer once per move: after a declined offer, wait until a move has been made
before offering again.""",
    fen="B:WK19,K27:BK6,K14",
    goal="offer-draw",
    task="Neither side can win this ending. Offer a draw with the Offer draw button above "
    "the board; White will accept.",
    wrong="Moving does not offer a draw (and a move declines an offer made to you): press "
    "Offer draw above the board.",
    hints=("The Offer draw button is in the bar above the board.",),
    success="A draw agreed ends the game at once.",
)

#: The built-in series, in teaching order.
LESSONS: tuple[Lesson, ...] = (
    BOARD,
    MAN_MOVES,
    CAPTURE,
    COMPULSORY,
    CHOOSE_CAPTURE,
    MULTI_JUMP,
    CROWNING,
    KING_MOVES,
    KING_CAPTURES,
    WIN_CAPTURE,
    WIN_BLOCK,
    DRAW_COUNT,
    DRAW_REPETITION,
    DRAW_OFFER,
)
