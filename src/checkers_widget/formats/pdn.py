"""PDN (Portable Draughts Notation): reading and writing games of every variant.

A game's variant is read from its ``GameType`` tag (and a ``Variant`` tag where the
number alone does not say it: giveaway, house rules; see
:mod:`checkers_widget.formats.pdn_variant`); a game with neither is read under the
reader's ``variant`` option, American checkers by default. Its FEN, moves and result are
read with that variant's squares and rules, and written the same way.

Reading is lenient with what real archives contain and strict with whatever would
change a game's meaning:

* lenient: CRLF or CR line ends, a byte-order mark, Latin-1/cp1252 files, move numbers
  as ``1.``, ``1...`` or glued to the move (``1.11-15``), ``:`` as a move separator,
  multi-jumps written with their start and end only (``22x8``), results spelled
  ``2-0``/``0-2``/``1-1``, tag values with unescaped quotes, games separated by blank
  lines, by the next tag section or by nothing but a result, files without any tags, a
  remark glued to a move (``8-11Redoverstepped...``, kept as a comment and noted);
* strict: an illegal or truly ambiguous move, an unreadable FEN (or one with squares off
  the variant's board), a game type this package does not play, an unknown token, an
  unclosed comment, variation or tag. Each is a
  :class:`~checkers_widget.core.errors.PdnError` naming the game (1-based within the file),
  the line and column of the offending token and, for a move, the ply, the move text and
  the legal alternatives.

A game is handed to the caller only once it has been read completely, so a failing read
never leaves a half-built game behind. :func:`read_games` returns a :class:`PdnReader`:
an iterator of games that, with ``errors="skip"``, skips a game that fails and keeps the
error in :attr:`PdnReader.errors`; notes about records that disagree with themselves
(a result tag that differs from the result token, a recorded result that the final
position contradicts) go to :attr:`PdnReader.notes`.

What a :class:`~checkers_widget.core.game.Game` holds after reading:

* ``start_fen`` from the ``FEN`` tag (``SetUp`` is optional), else the start position;
* ``tags``: every other tag except ``Result``, ``FEN`` and ``SetUp``, which live in
  ``game.result`` and ``game.start_fen`` (one source of truth, so they cannot go stale);
  tags whose value is only a placeholder for "unknown" (``""``, ``"?"``,
  ``"????.??.??"``) are left out;
* ``comments[n]``: the comment after the n-th move (``0``: before the first), with runs of
  whitespace collapsed to one space; several comments at one ply are joined by a space;
* ``nags[n]``: the marks (``!``, ``?!``, ...) and NAGs (``$3``) of the n-th move, in order;
* ``variations[n]``: the alternatives to the n-th move, each as PDN move text (kept as
  written, whitespace normalised, nested variations included); not replayed;
* ``game.drawing(n)``: the arrows and marked squares of the comment after the n-th move,
  written as lichess and lidraughts write them (``[%cal G1115,R2218] [%csl G14]``; see
  :mod:`checkers_widget.core.drawings`), taken out of ``comments[n]``; a ``[%cal``/``[%csl``
  command that cannot be read stays in the comment as text and is noted;
* the result: the result token, else the ``Result`` tag; when the moves already decide
  the game by the rules, the rules' result is kept (and a disagreement noted). PDN gives
  the first mover's score first, so in a variant where White moves first ``2-0`` (or
  ``1-0``) is ``game.result == "0-1"``, a White win;
* ``game.variant``: the variant the tags name (the ``GameType`` and ``Variant`` tags stay
  in ``tags`` as written; writing puts the variant's own where they disagree).

Sources and their cost: a path, PDN text, bytes or an open file (text or binary). A
file is read piece by piece as the iteration goes, never as a whole, and the tokenizer
(:mod:`checkers_widget.formats.pdn_tokens`) is linear by construction: no backtracking regular
expression, no re-scan of text already read. Time grows linearly with the input and
memory with the longest single token (a huge comment or tag value is held whole; a run
of whitespace is not), whatever the input holds; a token quoted in an error message is
cut short. Bytes are decoded as they are read: a UTF-8 byte-order mark is dropped,
UTF-16 needs its byte-order mark (a UTF-16 text that is not valid UTF-16 is a
PdnError), everything else is UTF-8 up to the first byte that is not, and cp1252 from
there on (byte by byte, Latin-1 for the five bytes cp1252 leaves undefined), so no byte
sequence raises a decoding error.

:func:`read_game` on an open file reads one game and leaves the file just after it, so
``while (game := read_game(f)) is not None`` walks a file; at the end of the file it
returns None. Game numbers, lines and columns in its errors count from where the file
was. A handle that cannot seek (a pipe) is read line by line instead and left after the
line where the game ends.

Square numbers longer than three digits are refused as an illegal move before any
conversion to a number (Python limits the digits it converts). Only
:class:`~checkers_widget.core.errors.CheckersError` is caught from the rules, so anything
else is a bug, not a skipped game.

Tag values: ``write_game`` escapes ``"`` and ``\\`` and writes every other character as
it is, control characters (``\\x0b``, ``\\x0c``, ``\\x1c``-``\\x1e``, ``\\x85``,
``\\u2028``...) included, and they read back unchanged; a value holding a line break
(``\\n`` or ``\\r``) cannot be written in PDN and is refused with a PdnError.

Records are replayed with ``draw_rules="claim"`` by default: under tournament rules a
draw by the 40-move rule or by repetition has to be claimed, and real games do run past
those points. With automatic draw rules, a record that continues after the rules ended
the game is refused with a PdnError that says so.
"""

from __future__ import annotations

import os
import re
from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import IO, Literal, overload

from ..core.board import Board
from ..core.color import opponent
from ..core.drawings import read_commands, write_commands
from ..core.errors import (
    AmbiguousMoveError,
    ArgumentTypeError,
    CheckersError,
    FenError,
    IllegalMoveError,
    PdnError,
)
from ..core.fen import parse_fen
from ..core.game import DrawRules, Game, Result
from ..core.move import Move
from ..core.variants import AMERICAN, VARIANTS, Variant
from .pdn_tokens import CHUNK, MAX_SQUARE_DIGITS, TextStream, Token, Tokenizer
from .pdn_variant import (
    game_type_variant,
    named_variant,
    result_from_pdn,
    result_to_pdn,
    variant_tags,
)

__all__ = [
    "PdnNote",
    "PdnReader",
    "read_game",
    "read_games",
    "write_game",
    "write_games",
]

#: Anything :func:`read_games` accepts: a path, PDN text, bytes or an open file.
Source = str | os.PathLike[str] | bytes | IO[str] | IO[bytes]

_TAG_NAME = re.compile(r"[A-Za-z0-9_]+")
_NAG = re.compile(r"\$[0-9]+")
#: A move in algebraic notation (``c3-d4``, ``c3:e5``), which is not read: named in errors.
_ALGEBRAIC = re.compile(r"[a-j][0-9]{1,2}(?:[-x:][a-j][0-9]{1,2})+", re.ASCII)
#: The longest token text quoted in full in an error message.
_QUOTE = 40

#: Every spelling of a result and what it means (None: unknown or still going on).
_RESULTS: dict[str, Result | None] = {
    "1-0": "1-0",
    "2-0": "1-0",
    "0-1": "0-1",
    "0-2": "0-1",
    "1/2-1/2": "1/2-1/2",
    "1-1": "1/2-1/2",
    "\u00bd-\u00bd": "1/2-1/2",
    "*": None,
}

_MARKS = frozenset({"!", "?", "!!", "??", "!?", "?!"})
# Tags the reader turns into ``start_fen``/``result`` instead of keeping in ``tags``;
# matched case-insensitively because writers disagree on the spelling.
_SPECIAL_TAGS = {
    "fen": "FEN",
    "setup": "SetUp",
    "result": "Result",
    "gametype": "GameType",
    "variant": "Variant",
}
_ROSTER = ("Event", "Site", "Date", "Round", "Black", "White")
_PLACEHOLDERS = {"Event": "?", "Date": "????.??.??", "Black": "?", "White": "?"}
_WIDTH = 79


#: How many errors (and notes) a :class:`PdnReader` keeps; the rest are only counted.
MAX_KEPT = 1000


def _without_frames(error: PdnError) -> PdnError:
    """``error`` with no traceback on it or on the exceptions it came from: tracebacks hold
    the reader's frames (and so its drafts and games) alive, many times the message's size.
    The chain of causes stays (a few links at most), each with its message."""
    seen: set[int] = set()
    links: list[BaseException | None] = [error]
    while links:
        link = links.pop()
        if link is None or id(link) in seen:
            continue
        seen.add(id(link))
        link.__traceback__ = None
        links += (link.__cause__, link.__context__)
    return error


@dataclass(frozen=True)
class PdnNote:
    """Something odd that the reader accepted: where it was and what it decided.

    Notes are not errors: the game was read. They say, for instance, that the
    ``Result`` tag and the result token disagree and which one was kept.
    """

    game: int
    line: int | None
    column: int | None
    message: str

    def __str__(self) -> str:
        where = [f"game {self.game}"]
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.column is not None:
            where.append(f"column {self.column}")
        return f"{', '.join(where)}: {self.message}"


#: Where something is: 1-based line and column.
_Pos = tuple[int, int]


@dataclass(eq=False)
class _Draft:
    """A game while it is being read; becomes a Game only if it is read completely."""

    number: int
    start: _Pos
    tags: dict[str, str] = field(default_factory=dict)
    tag_pos: dict[str, _Pos] = field(default_factory=dict)
    game: Game | None = None
    #: Whether move text (not just tags and comments) has begun: a later tag section,
    #: a blank line or a result then ends the game.
    movetext: bool = False
    depth: int = 0
    var_open: list[_Pos] = field(default_factory=list)
    var_ply: int = 0
    var_tokens: list[str] = field(default_factory=list)
    pre_comments: list[str] = field(default_factory=list)
    result_tag: tuple[Result | None, _Pos] | None = None
    result_token: tuple[Result | None, str, _Pos] | None = None
    #: The error that made this game fail: reported once the game's end is found.
    error: PdnError | None = None


#: What the scanner hands out: a finished game or the error of a failed one, with the
#: text offset where that game ends (where ``read_game`` leaves a handle).
_Event = tuple["Game | PdnError", int]


class PdnReader(Iterator[Game]):
    """The games of a PDN source, read one at a time as the iteration asks for them.

    ``source`` is a path (``str`` or ``os.PathLike``) to a PDN file, PDN text, bytes or
    an open file (text or binary); a file is read piece by piece as the iteration goes,
    never as a whole. Options:

    * ``variations``: ``"keep"`` (default) stores each variation as PDN text in
      ``game.variations``; ``"skip"`` checks that it is well formed and drops it;
    * ``errors``: ``"raise"`` (default) raises the first :class:`PdnError`; ``"skip"``
      leaves out each game that fails, keeps reading the others, and appends the error
      to :attr:`errors` (in file order; each knows its game number);
    * ``draw_rules`` and ``side_names`` are passed to every :class:`Game`
      (``draw_rules`` defaults to ``"claim"``; see the module documentation);
    * ``variant``: the rules of a game whose tags do not name any (no ``GameType``),
      American checkers by default; a name or a
      :class:`~checkers_widget.core.variants.Variant`. A ``GameType`` that is this
      variant's number keeps it (so ``variant="giveaway"`` reads ``GameType "21"`` games
      as giveaway); another number chooses that number's variant.

    :attr:`notes` lists the disagreements the reader settled on its own, as
    :class:`PdnNote` values. Both lists grow as the iteration proceeds, up to
    :data:`MAX_KEPT` entries each, so that a hostile file of many small bad games cannot
    fill the memory; :attr:`skipped` and :attr:`noted` count them all.
    """

    def __init__(
        self,
        source: Source,
        *,
        variations: Literal["keep", "skip"] = "keep",
        errors: Literal["raise", "skip"] = "raise",
        draw_rules: DrawRules | str = "claim",
        side_names: tuple[str, str] | str = "black-white",
        variant: str | Variant = AMERICAN,
        _track: bool = False,
    ) -> None:
        if variations not in ("keep", "skip"):
            raise CheckersError(f"variations must be 'keep' or 'skip', not {variations!r}")
        if errors not in ("raise", "skip"):
            raise CheckersError(f"errors must be 'raise' or 'skip', not {errors!r}")
        # Refuse bad options up front.
        self._variant = Game(draw_rules=draw_rules, side_names=side_names, variant=variant).variant
        self._keep_variations = variations == "keep"
        self._raise = errors == "raise"
        self._draw_rules = draw_rules
        self._side_names = side_names
        self._stream = _open(source, track=_track)
        self._tokens = Tokenizer(self._stream)
        #: The errors of the games left out with ``errors="skip"``, in file order.
        self.errors: list[PdnError] = []
        #: What the reader settled by itself (conflicting results and the like).
        self.notes: list[PdnNote] = []
        #: How many games ``errors="skip"`` left out (:attr:`errors` keeps the first
        #: :data:`MAX_KEPT`).
        self.skipped = 0
        #: How many notes were made (:attr:`notes` keeps the first :data:`MAX_KEPT`).
        self.noted = 0
        self._events = self._read()
        self._done = False

    def __iter__(self) -> PdnReader:
        return self

    def __next__(self) -> Game:
        while not self._done:
            event = next(self._events, None)
            if event is None:
                break
            found = event[0]
            if isinstance(found, Game):
                return found
            if self._raise:
                self._done = True
                self._close()
                raise found
            self.skipped += 1
            if len(self.errors) < MAX_KEPT:
                self.errors.append(_without_frames(found))
        self._done = True
        self._close()
        raise StopIteration

    def _keep_note(self, note: PdnNote) -> None:
        """Keep ``note`` (the first :data:`MAX_KEPT`) and count it."""
        self.noted += 1
        if len(self.notes) < MAX_KEPT:
            self.notes.append(note)

    def _close(self) -> None:
        self._events.close()
        self._stream.close()

    # ------------------------------------------------------------------ scanning
    def _read(self) -> Generator[_Event, None, None]:
        """The scanner: one pass over the tokens, yielding each game (or error) at its end."""
        tokens = self._tokens
        count = 0
        draft: _Draft | None = None
        while True:
            try:
                token = tokens.next()
            except PdnError as error:  # the source cannot be decoded: reading ends here
                number = draft.number if draft is not None else count + 1
                line = tokens.line
                yield (
                    PdnError(str(error), game=number, line=line, column=tokens.column),
                    tokens.offset,
                )
                return
            if token is None:
                break
            kind = token.kind
            if kind == "blank":
                if draft is not None and draft.movetext and (draft.depth == 0 or draft.error):
                    event = self._finish(draft)
                    draft = None
                    if event is not None:
                        yield event, token.end
                continue
            if (kind == "tag" or kind == "badtag") and draft is not None and draft.movetext:
                # A tag section after move text starts the next game.
                event = self._finish(draft)
                draft = None
                if event is not None:
                    yield event, token.start
            if draft is None:
                count += 1
                draft = _Draft(count, (token.line, token.column))
            if draft.error is not None:
                # Skipping a game that failed: only look for where it ends.
                if kind == "result":
                    yield draft.error, token.end
                    draft = None
                elif kind in _MOVETEXT_KINDS:
                    draft.movetext = True
                continue
            ended = False
            try:
                ended = self._token(draft, token)
            except PdnError as error:
                draft.error = error
                if kind == "runaway":
                    draft.movetext = True  # the tag section it ran into starts a new game
                if kind == "result":
                    yield error, token.end
                    draft = None
                continue
            if ended:
                event = self._finish(draft)
                draft = None
                if event is not None:
                    yield event, token.end
        # A draft holding nothing but comments (say, a remark after the last result)
        # is not a game.
        if draft is not None and (draft.tags or draft.movetext or draft.error):
            event = self._finish(draft)
            if event is not None:
                yield event, tokens.offset

    def _token(self, draft: _Draft, token: Token) -> bool:
        """Handle one token; returns True when it ends the game (a result)."""
        kind = token.kind
        where = (token.line, token.column)
        if kind == "move":
            draft.movetext = True
            squares, marks, glued = token.text, token.name, token.value
            if draft.depth:
                self._in_variation(draft, squares + (marks or ""))
                if glued:
                    self._in_variation(draft, "{" + glued + "}")
                return False
            self._play(draft, token)
            if marks:
                self._annotate(draft, marks, where)
            if glued:
                game = draft.game
                assert game is not None
                _add_comment(game.comments, game.ply, glued)
                self._note(
                    draft,
                    f"text glued to move {squares} kept as a comment: {_shorten(glued)}",
                    (token.line, token.at),
                )
        elif kind == "number":
            draft.movetext = True
            if draft.depth:
                self._in_variation(draft, token.text)
        elif kind == "result":
            draft.movetext = True
            if draft.depth:  # "(... 1-0)": part of the variation, not the game's end
                self._in_variation(draft, token.text)
                return False
            draft.result_token = (_RESULTS[token.text], token.text, where)
            return True
        elif kind == "comment" or kind == "line_comment":
            body = token.text if kind == "comment" else token.text.replace("}", "")
            text = " ".join(body.split())
            if draft.depth:
                self._in_variation(draft, "{" + text + "}")
            elif draft.game is None:
                draft.pre_comments.append(text)
            else:
                _add_comment(draft.game.comments, draft.game.ply, text)
        elif kind == "tag":
            assert token.name is not None and token.value is not None
            self._tag(draft, token.name, token.value, where)
        elif kind == "open":
            draft.movetext = True
            if draft.depth == 0:
                game = draft.game
                if game is None or game.ply == 0:
                    raise self._error(draft, "a variation must follow the move it replaces", where)
                draft.var_ply = game.ply
                draft.var_tokens = []
            else:
                self._in_variation(draft, "(")
            draft.depth += 1
            draft.var_open.append(where)
        elif kind == "close":
            draft.movetext = True
            if draft.depth == 0:
                raise self._error(draft, "unbalanced parenthesis: ')' without a '('", where)
            draft.depth -= 1
            draft.var_open.pop()
            if draft.depth:
                self._in_variation(draft, ")")
            elif self._keep_variations:
                assert draft.game is not None
                text = _join_fragment(draft.var_tokens)
                draft.game.variations.setdefault(draft.var_ply, []).append(text)
        elif kind == "nag" or kind == "mark":
            draft.movetext = True
            if draft.depth:
                self._in_variation(draft, token.text)
            else:
                self._annotate(draft, token.text, where)
        elif kind == "escape":
            if token.extra:
                raise self._error(draft, f"unknown token {_shorten(token.text)!r}", where)
        elif kind == "runaway":
            raise self._error(
                draft,
                "unbalanced brace: the comment opened here runs into a tag "
                f"section at line {token.extra}; is a '}}' missing?",
                where,
            )
        elif kind == "badtag":
            raise self._error(draft, f'{token.value}: expected [Name "value"]', where)
        else:  # bad
            text = token.text
            if text.startswith("{"):
                message = "unbalanced brace: the comment opened here is never closed"
            elif text.startswith("}"):
                message = "unbalanced brace: '}' without a '{'"
            else:
                message = f"unknown token {_shorten(text)!r}"
                if len(text) <= _QUOTE and _ALGEBRAIC.fullmatch(text):
                    message += (
                        " (a move in algebraic notation, as Russian files often write: this "
                        "package reads square numbers, such as 22-18)"
                    )
            raise self._error(draft, message, where)
        return False

    def _in_variation(self, draft: _Draft, token: str) -> None:
        if self._keep_variations:
            draft.var_tokens.append(token)

    # ------------------------------------------------------------------ meaning
    def _tag(self, draft: _Draft, name: str, value: str, where: _Pos) -> None:
        name = _SPECIAL_TAGS.get(name.lower(), name)
        if name == "FEN" and name in draft.tags and draft.tags[name] != value:
            raise self._error(
                draft,
                f"two different FEN tags: {_shorten(draft.tags[name])!r} and {_shorten(value)!r}",
                where,
            )
        draft.tags[name] = value
        draft.tag_pos[name] = where

    def _start(self, draft: _Draft) -> Game:
        """Create the game once its tag section is complete (before its first move)."""
        tags = draft.tags
        rules = self._variant_of(draft)
        fen = tags.pop("FEN", None)
        setup = tags.pop("SetUp", None)
        result = tags.pop("Result", None)
        if result is not None:
            spelled = result.strip()
            if spelled in ("", "?"):
                draft.result_tag = (None, draft.tag_pos["Result"])
            elif spelled in _RESULTS:
                draft.result_tag = (_RESULTS[spelled], draft.tag_pos["Result"])
            else:
                raise self._error(
                    draft,
                    f"Result tag {_shorten(result)!r} is not a result: expected 1-0 "
                    f"({rules.first.capitalize()} wins), 0-1 ({opponent(rules.first).capitalize()} "
                    "wins), 1/2-1/2 or *" + (" (or 2-0, 0-2, 1-1)" if rules.size == 10 else ""),
                    draft.tag_pos["Result"],
                )
        if fen is None and setup is not None and setup.strip() == "1":
            raise self._error(
                draft, 'SetUp "1" but no FEN tag gives the start position', draft.tag_pos["SetUp"]
            )
        for name in [name for name, value in tags.items() if _is_placeholder(value)]:
            del tags[name]
        try:
            game = Game(
                fen,
                draw_rules=self._draw_rules,
                side_names=self._side_names,
                tags=tags,
                variant=rules,
            )
        except FenError as error:
            assert fen is not None
            raise self._error(
                draft, f"bad FEN tag: {error}{_fen_hint(fen, rules)}", draft.tag_pos["FEN"]
            ) from error
        except CheckersError as error:  # whatever else Game refuses in the tag section
            raise self._error(draft, f"bad tag section: {error}", draft.start) from error
        if draft.pre_comments:
            for text in draft.pre_comments:
                _add_comment(game.comments, 0, text)
            draft.pre_comments = []
        draft.game = game
        return game

    def _variant_of(self, draft: _Draft) -> Variant:
        """The rules the tags name (see :mod:`pdn_variant`), else the reader's variant.

        A ``Variant`` tag naming a known variant decides (its GameType must be the
        ``GameType`` tag's); else a ``GameType`` decides, unless it is the number of the
        reader's own variant (giveaway and house rules share 21 with American checkers).
        """
        tags = draft.tags
        by_type: Variant | None = None
        named: Variant | None = None
        value = tags.get("GameType")
        if value is not None and not _is_placeholder(value):
            try:
                by_type = game_type_variant(value)
            except PdnError as error:
                raise self._error(draft, str(error), draft.tag_pos["GameType"]) from None
        name = tags.get("Variant")
        if name is not None:
            try:
                named = named_variant(name)
            except PdnError as error:
                raise self._error(draft, str(error), draft.tag_pos["Variant"]) from None
        if named is not None:
            if by_type is not None and named.gametype != by_type.gametype:
                raise self._error(
                    draft,
                    f'Variant "{_shorten(name or "")}" ({named.title}, GameType '
                    f'{named.gametype}) does not agree with GameType "{_shorten(value or "")}" '
                    f"({by_type.title})",
                    draft.tag_pos["Variant"],
                )
            return named
        if by_type is None or by_type.gametype == self._variant.gametype:
            return self._variant
        return by_type

    def _play(self, draft: _Draft, token: Token) -> None:
        game = draft.game or self._start(draft)
        text = token.text
        where = (token.line, token.column)
        shown = _shorten(text)
        if game.is_over():
            hint = ""
            if game.result == "1/2-1/2":
                hint = "; read it with draw_rules='claim' or 'none' to replay past that point"
            raise self._error(
                draft,
                f"the game is already over after ply {game.ply} ({game.result}: "
                f"{game.termination}) but the record goes on with {shown}{hint}",
                where,
                ply=game.ply + 1,
                move=shown,
            )
        if token.extra > MAX_SQUARE_DIGITS:
            # Never a square: refused before anything turns the digits into a number.
            raise self._error(
                draft,
                f"illegal move {shown} for {game.side_name(game.turn)}: a square number "
                f"has at most {MAX_SQUARE_DIGITS} digits (squares are 1-{game.variant.squares}); "
                "legal moves: " + ", ".join(map(str, game.legal_moves())),
                where,
                ply=game.ply + 1,
                move=shown,
            )
        try:
            game.play(text)
        except AmbiguousMoveError as error:
            first = error.candidates[0]
            same = sorted(first.captures)
            if all(c.end == first.end and sorted(c.captures) == same for c in error.candidates):
                # Different routes over the same pieces to the same square: the same
                # position either way, which is how archives write such jumps.
                game.play(first)
                return
            raise self._error(
                draft,
                f"ambiguous move {text} for {game.side_name(game.turn)}: it fits "
                + " and ".join(map(str, error.candidates))
                + ", which take different pieces; write every landing square",
                where,
                ply=game.ply + 1,
                move=text,
            ) from error
        except IllegalMoveError as error:
            raise self._error(
                draft,
                f"illegal move {text} for {game.side_name(game.turn)}; legal moves: "
                + ", ".join(map(str, error.legal)),
                where,
                ply=game.ply + 1,
                move=text,
            ) from error
        except CheckersError as error:
            raise self._error(
                draft, f"cannot play {shown}: {error}", where, ply=game.ply + 1, move=shown
            ) from error

    def _annotate(self, draft: _Draft, nag: str, where: _Pos) -> None:
        game = draft.game
        if game is None or game.ply == 0:
            raise self._error(draft, f"{_shorten(nag)} must follow the move it annotates", where)
        game.nags.setdefault(game.ply, []).append(nag)

    def _finish(self, draft: _Draft) -> Game | PdnError | None:
        """The finished game, or the error that made it fail."""
        if draft.error is not None:
            return draft.error
        try:
            return self._complete(draft)
        except PdnError as error:
            return error

    def _complete(self, draft: _Draft) -> Game:
        if draft.depth:
            raise self._error(
                draft,
                "unbalanced parenthesis: the variation opened here is never closed",
                draft.var_open[0],
            )
        game = draft.game or self._start(draft)
        # Results as written (the first mover's score first) until compared with the game.
        recorded: Result | None = None
        where = draft.start
        if draft.result_token is not None:
            recorded, spelled, where = draft.result_token
            if draft.result_tag is not None and draft.result_tag[0] != recorded:
                self._note(
                    draft,
                    f"the Result tag says {draft.result_tag[0] or '*'} but the result "
                    f"token says {spelled}; keeping {recorded or '*'}",
                    where,
                )
        elif draft.result_tag is not None:
            recorded, where = draft.result_tag
        written = recorded
        recorded = result_from_pdn(recorded, game.variant)
        if game.is_over():
            if recorded is not None and recorded != game.result:
                decided = result_to_pdn(game.result, game.variant)
                self._note(
                    draft,
                    f"the record gives {written} but the final position is decided: "
                    f"{decided} ({game.termination}); keeping {decided}",
                    where,
                )
        elif recorded is not None:
            game.set_result(recorded, "result recorded in the PDN")
        self._take_drawings(draft, game)
        return game

    def _take_drawings(self, draft: _Draft, game: Game) -> None:
        """Move the ``[%cal]``/``[%csl]`` commands of each comment into the game's
        drawings (see :mod:`checkers_widget.core.drawings`); the rest of the comment
        stays. A command that cannot be read, or that draws on a square off the game's
        board, stays in the comment, and is noted."""
        for ply, comment in list(game.comments.items()):
            if "[%c" not in comment:
                continue
            found = read_commands(comment)
            for problem in found.problems:
                self._keep_note(
                    PdnNote(
                        draft.number,
                        None,
                        None,
                        f"drawing command in the comment at ply {ply} kept as text: {problem}",
                    )
                )
            if not found.found:
                continue
            try:
                game.set_drawing(found.drawing or None, ply)
            except CheckersError as error:  # a square off this variant's board
                self._keep_note(
                    PdnNote(
                        draft.number,
                        None,
                        None,
                        f"drawing in the comment at ply {ply} kept as text: {error}",
                    )
                )
                continue
            if found.text:
                game.comments[ply] = found.text
            else:
                del game.comments[ply]

    # ------------------------------------------------------------------ reporting
    def _error(
        self,
        draft: _Draft,
        message: str,
        where: _Pos,
        *,
        ply: int | None = None,
        move: str | None = None,
    ) -> PdnError:
        line, column = where
        return PdnError(message, game=draft.number, line=line, column=column, ply=ply, move=move)

    def _note(self, draft: _Draft, message: str, where: _Pos) -> None:
        self._keep_note(PdnNote(draft.number, where[0], where[1], message))


_MOVETEXT_KINDS = frozenset({"move", "number", "nag", "mark", "open", "close", "bad", "runaway"})


# ---------------------------------------------------------------------- reading API
def read_games(
    source: Source,
    *,
    variations: Literal["keep", "skip"] = "keep",
    errors: Literal["raise", "skip"] = "raise",
    draw_rules: DrawRules | str = "claim",
    side_names: tuple[str, str] | str = "black-white",
    variant: str | Variant = AMERICAN,
) -> PdnReader:
    """Every game of a PDN file or text, read lazily as the iteration goes.

    Returns a :class:`PdnReader` (an iterator of :class:`Game`); with ``errors="skip"``
    its ``errors`` list collects the games that could not be read, e.g.::

        reader = read_games("tinsley.pdn", errors="skip")
        games = list(reader)
        for error in reader.errors:
            print(error)  # game 541, line 5588, column 5, ply 123: illegal move 32-28 ...

    A path or an open file is read piece by piece, so memory does not grow with the
    file; an open file is read from where it is to its end. ``variant`` is the rules of
    games whose tags name none (see :class:`PdnReader`), e.g.
    ``read_games(path, variant="international")`` for a file without GameType tags.
    """
    return PdnReader(
        source,
        variations=variations,
        errors=errors,
        draw_rules=draw_rules,
        side_names=side_names,
        variant=variant,
    )


@overload
def read_game(
    source: str | os.PathLike[str] | bytes,
    *,
    variations: Literal["keep", "skip"] = "keep",
    errors: Literal["raise", "skip"] = "raise",
    draw_rules: DrawRules | str = "claim",
    side_names: tuple[str, str] | str = "black-white",
    variant: str | Variant = AMERICAN,
) -> Game: ...


@overload
def read_game(
    source: IO[str] | IO[bytes],
    *,
    variations: Literal["keep", "skip"] = "keep",
    errors: Literal["raise", "skip"] = "raise",
    draw_rules: DrawRules | str = "claim",
    side_names: tuple[str, str] | str = "black-white",
    variant: str | Variant = AMERICAN,
) -> Game | None: ...


def read_game(
    source: Source,
    *,
    variations: Literal["keep", "skip"] = "keep",
    errors: Literal["raise", "skip"] = "raise",
    draw_rules: DrawRules | str = "claim",
    side_names: tuple[str, str] | str = "black-white",
    variant: str | Variant = AMERICAN,
) -> Game | None:
    """The first game of a PDN text, bytes, path or open file.

    Only that game is read. From an open file (text or binary) it reads the next game
    and leaves the file just after it, where the next call goes on, as in python-chess::

        with open("games.pdn", encoding="utf-8") as f:
            while (game := read_game(f)) is not None:
                ...

    At the end of an open file it returns None. A game that fails raises its
    :class:`PdnError` with the file left after that game, so a loop can go on past it.
    (A file that cannot seek, such as a pipe, is read line by line and left after the
    line where the game ends.) With a text, bytes or a path, a source that holds no game
    raises a PdnError. With ``errors="skip"`` failing games are passed over and the first
    good one is returned; if there is none, the first error is raised.
    """
    handle = _is_handle(source)
    reader = PdnReader(
        source,
        variations=variations,
        errors="skip",
        draw_rules=draw_rules,
        side_names=side_names,
        variant=variant,
        _track=handle,
    )
    first_error: PdnError | None = None
    try:
        for found, end in reader._events:
            if isinstance(found, Game):
                reader._stream.seek_to(end)
                return found
            if errors == "raise":
                reader._stream.seek_to(end)
                raise found
            first_error = first_error or found
    finally:
        reader._events.close()
    if first_error is not None:
        raise first_error
    if handle:
        return None
    raise PdnError("no game found: the PDN text has no tags, moves or result")


def _is_handle(source: object) -> bool:
    return not isinstance(source, (str, bytes, bytearray, os.PathLike)) and hasattr(source, "read")


def _open(source: Source, *, track: bool = False) -> TextStream:
    """A :class:`TextStream` over a source: a path is opened, text and files read as is."""
    if isinstance(source, os.PathLike) or (isinstance(source, str) and _looks_like_path(source)):
        return TextStream(open(source, "rb"), own=True)
    if isinstance(source, (str, bytes, bytearray)):
        return TextStream(source)
    if hasattr(source, "read"):
        return TextStream(source, track=track, first=4096 if track else CHUNK)
    raise ArgumentTypeError(
        f"cannot read PDN from {type(source).__name__}: pass a path, text, bytes or a file"
    )


def _looks_like_path(text: str) -> bool:
    """Whether a string names a file rather than holding PDN text.

    An existing file is a path; so is a one-line string ending in ``.pdn``, so that a
    misspelt file name gives FileNotFoundError instead of a baffling "unknown token".
    """
    if "\n" in text or len(text) > 4096 or text.lstrip().startswith("["):
        return False
    return text.lower().endswith(".pdn") or os.path.isfile(text)


def _shorten(text: str, limit: int = _QUOTE) -> str:
    """Text for a message: in full when short, else its start and its length."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text):,} characters)"


def _is_placeholder(value: str) -> bool:
    """Whether a tag value only says "unknown": empty, ``?``, ``????.??.??`` and the like."""
    stripped = value.strip()
    return not stripped or ("?" in stripped and not stripped.strip("?.-/ "))


def _fen_hint(fen: str, rules: Variant) -> str:
    """A hint for a FEN refused on an 8x8 board that is a 10x10 position (squares 33-50)."""
    if rules.size == 10:
        return ""
    try:
        parse_fen(fen, VARIANTS["international"])
    except CheckersError:
        return ""
    return (
        f"; it is a 10x10 position, which {rules.title} is not played on: give the game "
        'a GameType "20" tag, or read it with variant="international"'
    )


def _add_comment(comments: dict[int, str], ply: int, text: str) -> None:
    old = comments.get(ply)
    if old and text:
        comments[ply] = f"{old} {text}"
    elif text or old is None:
        comments[ply] = text


def _join_fragment(tokens: list[str]) -> str:
    """Tokens back into normalised PDN text: one space apart, none inside parentheses."""
    out: list[str] = []
    for token in tokens:
        if out and out[-1] != "(" and token != ")":
            out.append(" ")
        out.append(token)
    return "".join(out)


# ---------------------------------------------------------------------- writing
def write_game(game: Game) -> str:
    """A game as standard PDN text, ending with a newline.

    The tag section has Event, Site, Date, Round, Black, White (Event, Date, Black and
    White always, with "unknown" placeholders), then Result from ``game.result`` (``*``
    while the game goes on), the other tags of ``game.tags``, and ``SetUp``/``FEN`` when
    the game does not start from the variant's start position; the variant's GameType
    (and Variant) tags for any variant but American checkers (see :mod:`pdn_variant`).
    The move text numbers each move pair (``1... 23-19`` when the side that moves second
    in the variant moves first, or after a comment or variation), writes each move with
    its full path, then its marks and NAGs, comment (led by the position's
    drawing as ``[%csl ...] [%cal ...]`` commands) and variations, and is wrapped at 79
    characters. Comments are written with their whitespace collapsed and
    without any ``}`` (which PDN cannot hold); annotations of plies beyond the last move
    (left behind by an undo) are not written; everything else reads back unchanged::

        read_game(write_game(game)) == game  # and tags, comments, nags, variations, drawings
    """
    lines = [_tag_line(name, value) for name, value in _header(game)]
    words: list[str] = []
    nags, variations = game.nags, game.variations
    if (note := _note_at(game, 0)) is not None:
        words.extend(_comment_words(note))
    number = 1
    rules = game.variant
    # Whether the side to move is the variant's first mover, whose move opens a number.
    first = game.start_fen[0] == rules.first[0].upper()
    need_number = True
    for ply, move in enumerate(game.moves, start=1):
        # The move number goes in the same word as the move: never split over lines.
        prefix = f"{number}. " if first else f"{number}... " if need_number else ""
        need_number = False
        notation = prefix + _move_text(move, rules)
        marks = nags.get(ply, [])
        for index, nag in enumerate(marks):
            if nag not in _MARKS and not _NAG.fullmatch(nag):
                raise PdnError(
                    f"cannot write annotation {nag!r} of move {ply}: expected one of "
                    "! ? !! ?? !? ?! or a NAG like $1",
                    ply=ply,
                    move=notation,
                )
            if index == 0 and nag in _MARKS:
                notation += nag
            else:
                words.append(notation)
                notation = nag
        words.append(notation)
        if (note := _note_at(game, ply)) is not None:
            words.extend(_comment_words(note))
            need_number = True
        for variation in variations.get(ply, []):
            _check_fragment(variation, ply)
            words.extend(f"({variation})".split())
            need_number = True
        if not first:
            number += 1
        first = not first
    words.append(result_to_pdn(game.result, rules))
    lines.append("")
    lines.extend(_wrap(words))
    return "\n".join(lines) + "\n"


def write_games(games: Iterable[Game]) -> str:
    """Several games as one PDN text, a blank line between games."""
    return "\n".join(write_game(game) for game in games)


def _header(game: Game) -> list[tuple[str, str]]:
    tags = game.tags
    rules = game.variant
    header: list[tuple[str, str]] = []
    for name in _ROSTER:
        if name in tags:
            header.append((name, tags[name]))
        elif name in _PLACEHOLDERS:
            header.append((name, _PLACEHOLDERS[name]))
    header.append(("Result", result_to_pdn(game.result, rules)))
    skip = {*_ROSTER, "Result", "FEN", "SetUp"}
    # The variant's GameType/Variant tags: a tag of the game that says the same is
    # written as it is, where it is; one that says otherwise gives way to the variant's.
    own = {name: value for name, value in variant_tags(rules).items() if name not in tags}
    header.extend(own.items())
    for name, value in tags.items():
        if name in skip:
            continue
        if name in _VARIANT_TAGS and not _tag_agrees(name, value, rules):
            value = variant_tags(rules).get(name, "")
            if not value:
                continue
        header.append((name, value))
    if game.start_fen != _start_fen(rules):
        header.append(("SetUp", "1"))
        header.append(("FEN", game.start_fen))
    return header


_VARIANT_TAGS = frozenset({"GameType", "Variant"})


@cache
def _start_fen(rules: Variant) -> str:
    """The FEN of a variant's start position, as a board writes it (no FEN tag needed)."""
    return Board(variant=rules).to_fen()


def _tag_agrees(name: str, value: str, rules: Variant) -> bool:
    """Whether a game's own GameType or Variant tag says what its variant is (so that it
    may be written as it is): the tag would read back as these rules."""
    try:
        if name == "GameType":
            return (_is_placeholder(value) and rules == AMERICAN) or game_type_variant(
                value
            ).gametype == rules.gametype
        named = named_variant(value)
    except PdnError:
        return False
    # An unknown name is an ordinary tag; a known one must be these rules.
    return named is None or named == rules


def _move_text(move: Move, rules: Variant) -> str:
    """A move as PDN writes it: every landing square, joined by ``x`` for a capture
    (``:`` in Russian draughts, as its GameType says) and ``-`` for a step."""
    text = str(move)
    return text.replace("x", ":") if rules.gametype == 25 and move.captures else text


def _tag_line(name: str, value: str) -> str:
    if not _TAG_NAME.fullmatch(name):
        raise PdnError(f"cannot write tag {name!r}: a PDN tag name is letters, digits and _")
    if "\n" in value or "\r" in value:
        # PDN has no escape for a line end (a backslash makes the next character
        # literal, and a tag ends with its line), and a CR is read as a line end.
        raise PdnError(
            f"cannot write tag {name}: its value {_shorten(value)!r} holds a line break "
            "(\\n or \\r), which a PDN tag value cannot hold"
        )
    value = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{value}"]'


def _note_at(game: Game, ply: int) -> str | None:
    """The comment written after move ``ply``: the drawing's commands, then the text."""
    drawn = write_commands(game.drawing(ply))
    comment = game.comments.get(ply)
    if not drawn:
        return comment
    return f"{drawn} {comment}" if comment else drawn


def _comment_words(text: str) -> list[str]:
    words = text.replace("}", "").split()
    if not words:
        return ["{}"]
    words[0] = "{" + words[0]
    words[-1] += "}"
    return words


def _check_fragment(text: str, ply: int) -> None:
    """Refuse variation text that would not read back as one well-formed variation."""
    tokens = Tokenizer(TextStream(" ".join(text.split())))  # as write_game writes it
    depth = 0
    while (token := tokens.next()) is not None:
        kind = token.kind
        if kind == "open":
            depth += 1
        elif kind == "close":
            depth -= 1
        elif kind in ("bad", "tag", "badtag", "line_comment", "escape", "runaway"):
            depth = -1
        if depth < 0:
            break
    if depth != 0:
        raise PdnError(
            f"cannot write variation {_shorten(text)!r} of move {ply}: it is not "
            "well-formed move text",
            ply=ply,
        )


def _wrap(words: list[str]) -> list[str]:
    """Greedy wrapping at 79 characters.

    A word starting with ``[`` (only possible inside a comment) never starts a line, so
    that no line of move text can be mistaken for a tag.
    """
    lines: list[str] = []
    current = ""
    for word in words:
        if current and len(current) + 1 + len(word) > _WIDTH and not word.startswith("["):
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    if current:
        lines.append(current)
    return lines
