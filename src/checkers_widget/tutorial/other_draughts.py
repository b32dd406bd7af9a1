"""The tutorial's chapter "Other draughts": one lesson per variant, on what differs.

For a teacher explaining "what is different in the game my pupils' parents play": each
lesson sets up a small position of one variant (:mod:`checkers_widget.core.variants`)
where its own rule decides the move, says the rule, and asks for the move. The rules
core plays the variant, so a move that the variant forbids is refused on the board with
the variant's reason, and the lesson's feedback explains the difference from American
checkers. Every position and move here is checked when the module loads
(:meth:`Lesson.check`), and the tests play every lesson through.
"""

from __future__ import annotations

from .lesson import Lesson, Step

__all__ = ["OTHER_DRAUGHTS"]

INTERNATIONAL = Lesson(
    id="international-most-pieces",
    variant="international",
    title="International draughts: take the most pieces",
    rule="10 x 10 board, 20 men each, White first; men capture backwards too, and the "
    "capture that takes the most pieces is compulsory.",
    text="""\
**International draughts** (the game of the Netherlands, France, Africa and the world
championships) is played on a **10 x 10** board with **20 men** a side, squares
numbered 1 to 50. **White moves first**, from 31-50.

Three differences from American checkers matter at once:

- a man **captures backwards** as well as forwards (it still *moves* only forwards);
- a king **flies**: it moves and captures along a whole diagonal;
- when several captures are possible you **must take the most pieces** (in American
  checkers you may choose any capture).""",
    fen="W:W27,26:B31,14,32",
    task="White to move: two of your men can capture. Take the most pieces.",
    solution=(Step("26x37x28"),),
    feedback={
        "27x36": "That takes one man, but 26 can take two: the capture that takes the most "
        "pieces is compulsory.",
        "27x38": "That takes one man, but 26 can take two: the capture that takes the most "
        "pieces is compulsory.",
    },
    hints=(
        "Count the pieces each capture takes; men may capture backwards here.",
        "The man on 26 jumps backwards over 31 and then over 32.",
    ),
    success="Two men taken: the man went backwards and forwards, as men capture in "
    "international draughts.",
)

RUSSIAN = Lesson(
    id="russian-crowned-mid-capture",
    variant="russian",
    title="Russian draughts: crowned on the way, a king at once",
    rule="8 x 8 board, White first; men capture backwards, kings fly, any capture may be "
    "chosen; a man that reaches the far row during a capture is crowned at once and goes "
    "on capturing as a king.",
    text="""\
**Russian draughts** (shashki) is played on the American board, but **White moves
first**, men **capture backwards**, and kings **fly** along whole diagonals. You may
choose any capture, as in American checkers.

Crowning differs: in American checkers a man that reaches the far row ends its move
there. In Russian draughts it is **crowned at once** and, if it can, **goes on
capturing as a king** in the same move.""",
    fen="W:W9:B11,6,20",
    task="White to move: capture with your man, and keep going as a king.",
    solution=(Step("9x2x16"),),
    hints=(
        "Jump 6 first: you land on the far row and become a king.",
        "As a king you may fly along the diagonal from 2 and take 11.",
    ),
    success="Crowned on square 2, and the new king flew on to take 11 in the same move.",
)

BRAZILIAN = Lesson(
    id="brazilian-most-pieces",
    variant="brazilian",
    title="Brazilian draughts: international rules on the small board",
    rule="The rules of international draughts on the 8 x 8 board: White first, men capture "
    "backwards, kings fly, and the most pieces must be taken.",
    text="""\
**Brazilian draughts** plays the rules of international draughts on the **8 x 8**
board with 12 men a side: White moves first, men capture backwards, kings fly, and
when captures differ **the one that takes the most pieces is compulsory**.""",
    fen="W:W7,24:B10,16,19",
    task="White to move: find the capture that takes the most pieces.",
    solution=(Step("24x15x6"),),
    hints=(
        "One of your men can take two pieces.",
        "The man on 24 jumps 19 and then 10.",
    ),
    success="Two pieces: the majority rule made that capture the only legal one.",
)

POOL = Lesson(
    id="pool-crowned-only-at-the-end",
    variant="pool",
    title="Pool checkers: crowned only where the move ends",
    rule="American pool checkers: Black first; men capture backwards, kings fly, any "
    "capture may be chosen; a man is crowned only if its move ends on the far row.",
    text="""\
**American pool checkers** is played in the southern United States. As in Russian
draughts, men **capture backwards** and kings **fly**, and any capture may be chosen.

But crowning is stricter: a man that **passes** the far row during a capture and
carries on capturing is **not** crowned. It is crowned only if the move **ends** there.""",
    fen="W:W9:B7,19,6",
    task="White to move: capture with your man, through the far row and back.",
    solution=(Step("9x2x11"),),
    hints=(
        "Jump 6 first: you land on the far row, but the capture goes on.",
        "From 2 the man jumps 7, backwards, and ends on 11 still a man.",
    ),
    success="Your man touched the far row and left it: it ends the move a man, not a king.",
)

ITALIAN = Lesson(
    id="italian-men-spare-kings",
    variant="italian",
    title="Italian draughts: a man cannot take a king",
    rule="The board turned (double corner on the left), White first; men capture forwards "
    "only and never capture a king; kings move one square; the capture that takes the "
    "most pieces comes first.",
    text="""\
**Italian draughts** turns the board so that the double corner is on each player's
left, and **White moves first**. Kings move one square at a time, as in American
checkers, and men capture only forwards.

Two rules are its own: a **man may never capture a king**, and among captures a player
must choose the one that takes the most pieces, then the one made with a king, then the
one that takes the most kings, then the one that meets a king first.""",
    fen="W:W23,K21:BK19,18",
    task="White to move: the black king on 19 is next to your man. Capture what you can.",
    solution=(Step("21x14"),),
    wrong="A man may not capture a king in Italian draughts: your man on 23 must leave the "
    "king on 19 alone, but your king may capture.",
    hints=(
        "Your man cannot take the black king; your king can take a man.",
        "The king on 21 jumps 18 and lands on 14.",
    ),
    success="Only your king could capture: in Italian draughts kings are safe from men.",
)

SPANISH = Lesson(
    id="spanish-flying-king",
    variant="spanish",
    title="Spanish draughts: the king flies",
    rule="The board turned, White first (on 1-12); men capture forwards only, kings fly, "
    "the most pieces must be taken, then the most kings.",
    text="""\
**Spanish draughts** also plays on the turned board, with White first on squares 1-12.
Men move and capture only forwards, as in American checkers, but **kings fly**: a king
moves any distance along a diagonal, and captures a piece far away, landing on any empty
square beyond it (here the next capture decides where). The capture that takes the most
pieces is compulsory, and among those the one that takes the most kings.""",
    fen="W:W13,K1:B10,27",
    task="White to move: capture two men with your king in one move.",
    solution=(Step("1x23x30"),),
    hints=(
        "Your king on 1 can fly down its long diagonal.",
        "Take 10 from afar, land on 23, then take 27.",
    ),
    success="Two men taken from a distance: flying kings are what make the ending of the "
    "other draughts so different.",
)

GIVEAWAY = Lesson(
    id="giveaway-lose-to-win",
    variant="giveaway",
    title="Giveaway checkers: lose your pieces to win",
    rule="American checkers' moves with the goal reversed: the player who has no piece "
    "left, or no legal move, wins.",
    text="""\
**Giveaway checkers** (also called suicide or losing checkers) keeps every move of
American checkers, captures compulsory included, but turns the goal round: you **win
when you have no pieces left or cannot move**. So you try to make your opponent capture
your pieces.""",
    fen="B:W18:B11",
    task="Black to move: give your last man away, so that White must take it.",
    solution=(Step("11-15", reply="18x11"),),
    result="1-0",
    feedback={
        "11-16": "Now White cannot capture your man; put it where White's man must take it.",
    },
    hints=(
        "White's man on 18 must capture whenever it can.",
        "Move next to it, with an empty square behind you.",
    ),
    success="White had to capture, and with no pieces left Black wins giveaway checkers.",
)

#: The chapter, one lesson per variant.
OTHER_DRAUGHTS: tuple[Lesson, ...] = (
    INTERNATIONAL,
    RUSSIAN,
    BRAZILIAN,
    POOL,
    ITALIAN,
    SPANISH,
    GIVEAWAY,
)
