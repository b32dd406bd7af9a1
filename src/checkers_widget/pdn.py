"""PDN (Portable Draughts Notation): reading and writing American checkers games.

Reading is lenient with what real archives contain and strict with whatever would
change a game's meaning:

* lenient: CRLF or CR line ends, a byte-order mark, Latin-1/cp1252 files, move numbers
  as ``1.``, ``1...`` or glued to the move (``1.11-15``), ``:`` as a move separator,
  multi-jumps written with their start and end only (``22x8``), results spelled
  ``2-0``/``0-2``/``1-1``, tag values with unescaped quotes, games separated by blank
  lines, by the next tag section or by nothing but a result, files without any tags, a
  remark glued to a move (``8-11Redoverstepped...``, kept as a comment and noted);
* strict: an illegal or truly ambiguous move, an unreadable FEN, a game type other than
  American checkers, an unknown token, an unclosed comment, variation or tag. Each is a
  :class:`~checkers_widget.errors.PdnError` naming the game (1-based within the file), the
  line and column of the offending token and, for a move, the ply, the move text and the
  legal alternatives.

A game is handed to the caller only once it has been read completely, so a failing read
never leaves a half-built game behind. :func:`read_games` returns a :class:`PdnReader`:
an iterator of games that, with ``errors="skip"``, skips a game that fails and keeps the
error in :attr:`PdnReader.errors`; notes about records that disagree with themselves
(a result tag that differs from the result token, a recorded result that the final
position contradicts) go to :attr:`PdnReader.notes`.

What a :class:`~checkers_widget.game.Game` holds after reading:

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
* the result: the result token, else the ``Result`` tag; when the moves already decide
  the game by the rules, the rules' result is kept (and a disagreement noted).

Records are replayed with ``draw_rules="claim"`` by default: under tournament rules a
draw by the 40-move rule or by repetition has to be claimed, and real games do run past
those points. With automatic draw rules, a record that continues after the rules ended
the game is refused with a PdnError that says so.
"""

from __future__ import annotations

import codecs
import os
import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO, Literal

from .board import Board
from .errors import AmbiguousMoveError, CheckersError, FenError, IllegalMoveError, PdnError
from .game import DrawRules, Game, Result

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

# One token of PDN, after any spaces or tabs (absorbed so that they cost no token of
# their own). Line ends are tokens, so that a blank line can end a game. The alternatives
# are tried in order, so results come before moves ("1-0" is not the move 1-0), and the
# catch-all ``bad`` comes last: the scanner matches at every position and can report
# anything it cannot read with its place. ``glued`` is a word stuck to a move, as in
# ``26-22Whiteoversteppedthetimecontrol.`` (tinsley.pdn): kept as a comment.
_TOKEN = re.compile(
    r"""
    [ \t\f\v]*
    (?:
      (?P<space>\s+)
    | (?P<result>(?:1/2-1/2|\u00bd-\u00bd|1-0|0-1|2-0|0-2|1-1|\*)(?![\w/.:-]))
    | (?P<mv>
        (?P<squares>\d+(?:[-xX:]\d+)+)
        (?P<marks>!!|\?\?|!\?|\?!|!|\?)?
        (?:(?P<glued>[A-Za-z]{3}[^\s{}()\[\];]*)|(?![\w!?]))
      )
    | (?P<number>\d+\.+)
    | (?P<comment>\{[^}]*\})
    | (?P<tag>\[[ \t]*(?P<tname>[A-Za-z0-9_]+)[ \t]*"(?P<tvalue>(?:[^"\\\n]|\\.)*)"[ \t]*\])
    | (?P<open>\()
    | (?P<close>\))
    | (?P<nag>\$\d+)
    | (?P<mark>(?:!!|\?\?|!\?|\?!|!|\?)(?![!?]))
    | (?P<line_comment>;[^\n]*)
    | (?P<escape>%[^\n]*)
    | (?P<bad>\S[^\s{}()\[\];]*)
    )
    """,
    re.VERBOSE,
)

# A tag pair that the strict pattern refused: quotes inside the value that were not
# escaped (greedy up to the last ``"]`` of the line) or a value without quotes.
_LOOSE_TAG = re.compile(r'\[[ \t]*([A-Za-z0-9_]+)[ \t]*"(.*)"[ \t]*\]')
_BARE_TAG = re.compile(r"\[[ \t]*([A-Za-z0-9_]+)[ \t]+([^\]\"]*?)[ \t]*\]")

# A line inside a comment that looks like the start of a tag section: the comment was
# almost certainly left open and has swallowed the next game.
_TAG_LINE = re.compile(r'\n[ \t]*\[[A-Za-z0-9_]+[ \t]+"')

_ESCAPED = re.compile(r"\\(.)")
_TAG_NAME = re.compile(r"[A-Za-z0-9_]+")
_NAG = re.compile(r"\$\d+")

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
_SPECIAL_TAGS = {"fen": "FEN", "setup": "SetUp", "result": "Result", "gametype": "GameType"}
_ROSTER = ("Event", "Site", "Date", "Round", "Black", "White")
_PLACEHOLDERS = {"Event": "?", "Date": "????.??.??", "Black": "?", "White": "?"}
_START_FEN = Board().to_fen()
_WIDTH = 79


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


@dataclass(eq=False)
class _Draft:
    """A game while it is being read; becomes a Game only if it is read completely."""

    number: int
    start: int
    tags: dict[str, str] = field(default_factory=dict)
    tag_pos: dict[str, int] = field(default_factory=dict)
    game: Game | None = None
    #: Whether move text (not just tags and comments) has begun: a later tag section,
    #: a blank line or a result then ends the game.
    movetext: bool = False
    depth: int = 0
    var_open: list[int] = field(default_factory=list)
    var_ply: int = 0
    var_tokens: list[str] = field(default_factory=list)
    pre_comments: list[str] = field(default_factory=list)
    result_tag: tuple[Result | None, int] | None = None
    result_token: tuple[Result | None, str, int] | None = None
    failed: bool = False


class _Lines:
    """Turns a character offset into a 1-based line and column, on demand.

    The newline table is built the first time a position is asked for, so reading a
    file without errors or notes never pays for it.
    """

    def __init__(self, text: str) -> None:
        self._text = text
        self._starts: list[int] | None = None

    def locate(self, pos: int) -> tuple[int, int]:
        if self._starts is None:
            self._starts = [0, *(m.end() for m in re.finditer("\n", self._text))]
        index = bisect_right(self._starts, pos) - 1
        return index + 1, pos - self._starts[index] + 1


class PdnReader(Iterator[Game]):
    """The games of a PDN source, read one at a time as the iteration asks for them.

    ``source`` is a path (``str`` or ``os.PathLike``) to a PDN file, PDN text, bytes or
    an open file. Options:

    * ``variations``: ``"keep"`` (default) stores each variation as PDN text in
      ``game.variations``; ``"skip"`` checks that it is well formed and drops it;
    * ``errors``: ``"raise"`` (default) raises the first :class:`PdnError`; ``"skip"``
      leaves out each game that fails, keeps reading the others, and appends the error
      to :attr:`errors` (in file order; each knows its game number);
    * ``draw_rules`` and ``side_names`` are passed to every :class:`Game`
      (``draw_rules`` defaults to ``"claim"``; see the module documentation).

    :attr:`notes` lists the disagreements the reader settled on its own, as
    :class:`PdnNote` values. Both lists grow as the iteration proceeds.
    """

    def __init__(
        self,
        source: Source,
        *,
        variations: Literal["keep", "skip"] = "keep",
        errors: Literal["raise", "skip"] = "raise",
        draw_rules: DrawRules | str = "claim",
        side_names: tuple[str, str] | str = "black-white",
    ) -> None:
        if variations not in ("keep", "skip"):
            raise CheckersError(f"variations must be 'keep' or 'skip', not {variations!r}")
        if errors not in ("raise", "skip"):
            raise CheckersError(f"errors must be 'raise' or 'skip', not {errors!r}")
        Game(draw_rules=draw_rules, side_names=side_names)  # refuse bad options up front
        self._keep_variations = variations == "keep"
        self._raise = errors == "raise"
        self._draw_rules = draw_rules
        self._side_names = side_names
        self._text = _load(source)
        self._lines = _Lines(self._text)
        #: The errors of the games left out with ``errors="skip"``, in file order.
        self.errors: list[PdnError] = []
        #: What the reader settled by itself (conflicting results and the like).
        self.notes: list[PdnNote] = []
        self._games = self._read()

    def __iter__(self) -> PdnReader:
        return self

    def __next__(self) -> Game:
        return next(self._games)

    # ------------------------------------------------------------------ scanning
    def _read(self) -> Iterator[Game]:
        """The scanner: one pass over the text, token by token, yielding finished games."""
        text = self._text
        end = len(text)
        match = _TOKEN.match
        pos = 0
        count = 0
        draft: _Draft | None = None
        while pos < end:
            m = match(text, pos)
            assert m is not None  # ``bad`` matches any non-space character
            pos = m.end()
            kind = m.lastgroup or "bad"
            if kind == "space":
                if (
                    draft is not None
                    and draft.movetext
                    and (draft.depth == 0 or draft.failed)
                    and m.group(kind).count("\n") > 1
                ):
                    game = self._finish(draft)
                    draft = None
                    if game is not None:
                        yield game
                continue

            start = m.start(kind)
            # A tag section after move text starts the next game.
            tag: tuple[str, str] | None = None
            if kind == "tag":
                value = m.group("tvalue")
                if "\\" in value:
                    value = _ESCAPED.sub(r"\1", value)
                tag = (m.group("tname"), value)
            elif kind == "bad" and text.startswith("[", start):
                tag, pos = self._loose_tag(text, start)
                kind = "tag" if tag is not None else "badtag"
            if (kind == "tag" or kind == "badtag") and draft is not None and draft.movetext:
                game = self._finish(draft)
                draft = None
                if game is not None:
                    yield game

            if draft is None:
                count += 1
                draft = _Draft(count, start)
            if draft.failed:
                # Skipping a game that failed: only look for where it ends.
                if kind == "result":
                    draft = None
                elif kind in ("mv", "number", "nag", "mark", "open", "close", "bad"):
                    draft.movetext = True
                continue
            ended = False
            try:
                if tag is not None:
                    self._tag(draft, tag[0], tag[1], start)
                elif kind == "comment" and (runaway := _TAG_LINE.search(m.group(kind))):
                    # Resume at the swallowed tag section so the next game is still read.
                    pos = start + runaway.start() + 1
                    draft.movetext = True
                    raise self._error(
                        draft,
                        "unbalanced brace: the comment opened here runs into a tag "
                        f"section at line {self._lines.locate(pos)[0]}; is a '}}' missing?",
                        start,
                    )
                else:
                    ended = self._token(draft, kind, m, start)
            except PdnError as error:
                if self._raise:
                    raise
                self.errors.append(error)
                draft.failed = True
                ended = kind == "result"
                if ended:
                    draft = None
                continue
            if ended:
                game = self._finish(draft)
                draft = None
                if game is not None:
                    yield game
        # A draft holding nothing but comments (say, a remark after the last result)
        # is not a game.
        if draft is not None and (draft.tags or draft.movetext):
            game = self._finish(draft)
            if game is not None:
                yield game

    def _loose_tag(self, text: str, start: int) -> tuple[tuple[str, str] | None, int]:
        """Read a tag pair the strict pattern refused; returns it and where to go on."""
        line_end = text.find("\n", start)
        if line_end < 0:
            line_end = len(text)
        line = text[start:line_end]
        for pattern in (_LOOSE_TAG, _BARE_TAG):
            loose = pattern.match(line)
            if loose:
                return (loose.group(1), loose.group(2)), start + loose.end()
        return None, line_end

    def _token(self, draft: _Draft, kind: str, m: re.Match[str], start: int) -> bool:
        """Handle one move-text token; returns True when it ends the game (a result)."""
        if kind == "mv":
            draft.movetext = True
            squares, marks, glued = m.group("squares", "marks", "glued")
            if draft.depth:
                self._in_variation(draft, squares + (marks or ""))
                if glued:
                    self._in_variation(draft, "{" + glued + "}")
                return False
            self._play(draft, squares, start)
            if marks:
                self._annotate(draft, marks, start)
            if glued:
                game = draft.game
                assert game is not None
                _add_comment(game.comments, game.ply, glued)
                self._note(
                    draft,
                    f"text glued to move {squares} kept as a comment: {glued}",
                    m.start("glued"),
                )
        elif kind == "number":
            draft.movetext = True
            if draft.depth:
                self._in_variation(draft, m.group(kind))
        elif kind == "result":
            draft.movetext = True
            if draft.depth:  # "(... 1-0)": part of the variation, not the game's end
                self._in_variation(draft, m.group(kind))
                return False
            draft.result_token = (_RESULTS[m.group(kind)], m.group(kind), start)
            return True
        elif kind == "comment" or kind == "line_comment":
            raw = m.group(kind)
            body = raw[1:-1] if kind == "comment" else raw[1:].replace("}", "")
            text = " ".join(body.split())
            if draft.depth:
                self._in_variation(draft, "{" + text + "}")
            elif draft.game is None:
                draft.pre_comments.append(text)
            else:
                _add_comment(draft.game.comments, draft.game.ply, text)
        elif kind == "open":
            draft.movetext = True
            if draft.depth == 0:
                game = draft.game
                if game is None or game.ply == 0:
                    raise self._error(draft, "a variation must follow the move it replaces", start)
                draft.var_ply = game.ply
                draft.var_tokens = []
            else:
                self._in_variation(draft, "(")
            draft.depth += 1
            draft.var_open.append(start)
        elif kind == "close":
            draft.movetext = True
            if draft.depth == 0:
                raise self._error(draft, "unbalanced parenthesis: ')' without a '('", start)
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
                self._in_variation(draft, m.group(kind))
            else:
                self._annotate(draft, m.group(kind), start)
        elif kind == "escape":
            if start and self._text[start - 1] != "\n":
                raise self._error(draft, f"unknown token {m.group(kind)!r}", start)
        elif kind == "badtag":
            line_end = self._text.find("\n", start)
            line = self._text[start : line_end if line_end >= 0 else None]
            problem = "malformed tag" if "]" in line else "tag without a closing bracket"
            raise self._error(draft, f'{problem}: expected [Name "value"]', start)
        else:  # bad
            token = m.group(kind)
            if token.startswith("{"):
                message = "unbalanced brace: the comment opened here is never closed"
            elif token.startswith("}"):
                message = "unbalanced brace: '}' without a '{'"
            else:
                message = f"unknown token {token!r}"
            raise self._error(draft, message, start)
        return False

    def _in_variation(self, draft: _Draft, token: str) -> None:
        if self._keep_variations:
            draft.var_tokens.append(token)

    # ------------------------------------------------------------------ meaning
    def _tag(self, draft: _Draft, name: str, value: str, start: int) -> None:
        name = _SPECIAL_TAGS.get(name.lower(), name)
        if name == "FEN" and name in draft.tags and draft.tags[name] != value:
            raise self._error(
                draft, f"two different FEN tags: {draft.tags[name]!r} and {value!r}", start
            )
        draft.tags[name] = value
        draft.tag_pos[name] = start

    def _start(self, draft: _Draft) -> Game:
        """Create the game once its tag section is complete (before its first move)."""
        tags = draft.tags
        game_type = tags.get("GameType")
        if game_type is not None and not _is_placeholder(game_type):
            self._check_game_type(draft, game_type)
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
                    f"Result tag {result!r} is not a result: expected 1-0 (Black wins), "
                    "0-1 (White wins), 1/2-1/2 or *",
                    draft.tag_pos["Result"],
                )
        if fen is None and setup is not None and setup.strip() == "1":
            raise self._error(
                draft, 'SetUp "1" but no FEN tag gives the start position', draft.tag_pos["SetUp"]
            )
        for name in [name for name, value in tags.items() if _is_placeholder(value)]:
            del tags[name]
        try:
            game = Game(fen, draw_rules=self._draw_rules, side_names=self._side_names, tags=tags)
        except FenError as error:
            raise self._error(draft, f"bad FEN tag: {error}", draft.tag_pos["FEN"]) from error
        if draft.pre_comments:
            for text in draft.pre_comments:
                _add_comment(game.comments, 0, text)
            draft.pre_comments = []
        draft.game = game
        return game

    def _check_game_type(self, draft: _Draft, value: str) -> None:
        """Accept American checkers (21, optionally with more fields); refuse the rest."""
        fields = [f.strip() for f in value.split(",")]
        ok = fields[0] == "21"
        if ok and len(fields) >= 4 and (fields[2], fields[3]) != ("8", "8"):
            ok = False
        if not ok:
            raise self._error(
                draft,
                f'GameType "{value}" is not American checkers: this package reads '
                'GameType "21" (English draughts, 8x8) only',
                draft.tag_pos["GameType"],
            )

    def _play(self, draft: _Draft, text: str, start: int) -> None:
        game = draft.game or self._start(draft)
        if game.is_over():
            hint = ""
            if game.result == "1/2-1/2":
                hint = "; read it with draw_rules='claim' or 'none' to replay past that point"
            raise self._error(
                draft,
                f"the game is already over after ply {game.ply} ({game.result}: "
                f"{game.termination}) but the record goes on with {text}{hint}",
                start,
                ply=game.ply + 1,
                move=text,
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
                start,
                ply=game.ply + 1,
                move=text,
            ) from error
        except IllegalMoveError as error:
            raise self._error(
                draft,
                f"illegal move {text} for {game.side_name(game.turn)}; legal moves: "
                + ", ".join(map(str, error.legal)),
                start,
                ply=game.ply + 1,
                move=text,
            ) from error

    def _annotate(self, draft: _Draft, nag: str, start: int) -> None:
        game = draft.game
        if game is None or game.ply == 0:
            raise self._error(draft, f"{nag} must follow the move it annotates", start)
        game.nags.setdefault(game.ply, []).append(nag)

    def _finish(self, draft: _Draft) -> Game | None:
        """The finished game, or None if it failed (the error is raised or recorded)."""
        if draft.failed:
            return None
        if self._raise:
            return self._complete(draft)
        try:
            return self._complete(draft)
        except PdnError as error:
            self.errors.append(error)
            return None

    def _complete(self, draft: _Draft) -> Game:
        if draft.depth:
            raise self._error(
                draft,
                "unbalanced parenthesis: the variation opened here is never closed",
                draft.var_open[0],
            )
        game = draft.game or self._start(draft)
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
        if game.is_over():
            if recorded is not None and recorded != game.result:
                self._note(
                    draft,
                    f"the record gives {recorded} but the final position is decided: "
                    f"{game.result} ({game.termination}); keeping {game.result}",
                    where,
                )
        elif recorded is not None:
            game.set_result(recorded, "result recorded in the PDN")
        return game

    # ------------------------------------------------------------------ reporting
    def _error(
        self,
        draft: _Draft,
        message: str,
        pos: int,
        *,
        ply: int | None = None,
        move: str | None = None,
    ) -> PdnError:
        line, column = self._lines.locate(pos)
        return PdnError(message, game=draft.number, line=line, column=column, ply=ply, move=move)

    def _note(self, draft: _Draft, message: str, pos: int) -> None:
        line, column = self._lines.locate(pos)
        self.notes.append(PdnNote(draft.number, line, column, message))


# ---------------------------------------------------------------------- reading API
def read_games(
    source: Source,
    *,
    variations: Literal["keep", "skip"] = "keep",
    errors: Literal["raise", "skip"] = "raise",
    draw_rules: DrawRules | str = "claim",
    side_names: tuple[str, str] | str = "black-white",
) -> PdnReader:
    """Every game of a PDN file or text, read lazily as the iteration goes.

    Returns a :class:`PdnReader` (an iterator of :class:`Game`); with ``errors="skip"``
    its ``errors`` list collects the games that could not be read, e.g.::

        reader = read_games("tinsley.pdn", errors="skip")
        games = list(reader)
        for error in reader.errors:
            print(error)  # game 541, line 5588, column 5, ply 123: illegal move 32-28 ...
    """
    return PdnReader(
        source,
        variations=variations,
        errors=errors,
        draw_rules=draw_rules,
        side_names=side_names,
    )


def read_game(
    source: Source,
    *,
    variations: Literal["keep", "skip"] = "keep",
    errors: Literal["raise", "skip"] = "raise",
    draw_rules: DrawRules | str = "claim",
    side_names: tuple[str, str] | str = "black-white",
) -> Game:
    """The first game of a PDN text or file; raises :class:`PdnError` if there is none.

    Only the first game is read, so whatever follows it is not checked.
    """
    reader = PdnReader(
        source,
        variations=variations,
        errors=errors,
        draw_rules=draw_rules,
        side_names=side_names,
    )
    game = next(reader, None)
    if game is None:
        if reader.errors:
            raise reader.errors[0]
        raise PdnError("no game found: the PDN text has no tags, moves or result")
    return game


def _load(source: Source) -> str:
    """The text of a source, decoded and with line ends normalised to ``\\n``."""
    text: str
    if isinstance(source, bytes):
        text = _decode(source)
    elif isinstance(source, os.PathLike) or (isinstance(source, str) and _looks_like_path(source)):
        with open(source, "rb") as handle:
            text = _decode(handle.read())
    elif isinstance(source, str):
        text = source
    elif hasattr(source, "read"):
        data = source.read()
        text = _decode(data) if isinstance(data, bytes) else data
    else:
        raise TypeError(
            f"cannot read PDN from {type(source).__name__}: pass a path, text, bytes or a file"
        )
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def _looks_like_path(text: str) -> bool:
    """Whether a string names a file rather than holding PDN text.

    An existing file is a path; so is a one-line string ending in ``.pdn``, so that a
    misspelt file name gives FileNotFoundError instead of a baffling "unknown token".
    """
    if "\n" in text or len(text) > 4096 or text.lstrip().startswith("["):
        return False
    return text.lower().endswith(".pdn") or os.path.isfile(text)


def _decode(data: bytes) -> str:
    """Bytes to text: UTF-8 (with or without BOM), UTF-16 with BOM, else cp1252/Latin-1."""
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:  # the five bytes cp1252 leaves undefined
        return data.decode("latin-1")


def _is_placeholder(value: str) -> bool:
    """Whether a tag value only says "unknown": empty, ``?``, ``????.??.??`` and the like."""
    stripped = value.strip()
    return not stripped or ("?" in stripped and not stripped.strip("?.-/ "))


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
    the game does not start from the opening. The move text numbers each move pair
    (``1... 23-19`` when White moves first or after a comment or variation), writes each
    move with its full path, then its marks and NAGs, comment and variations, and is
    wrapped at 79 characters. Comments are written with their whitespace collapsed and
    without any ``}`` (which PDN cannot hold); annotations of plies beyond the last move
    (left behind by an undo) are not written; everything else reads back unchanged::

        read_game(write_game(game)) == game  # and tags, comments, nags, variations
    """
    lines = [_tag_line(name, value) for name, value in _header(game)]
    words: list[str] = []
    comments, nags, variations = game.comments, game.nags, game.variations
    if 0 in comments:
        words.extend(_comment_words(comments[0]))
    number = 1
    black = game.start_fen.startswith("B")
    need_number = True
    for ply, move in enumerate(game.moves, start=1):
        # The move number goes in the same word as the move: never split over lines.
        prefix = f"{number}. " if black else f"{number}... " if need_number else ""
        need_number = False
        notation = prefix + str(move)
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
        if ply in comments:
            words.extend(_comment_words(comments[ply]))
            need_number = True
        for variation in variations.get(ply, []):
            _check_fragment(variation, ply)
            words.extend(f"({variation})".split())
            need_number = True
        if not black:
            number += 1
        black = not black
    words.append(game.result or "*")
    lines.append("")
    lines.extend(_wrap(words))
    return "\n".join(lines) + "\n"


def write_games(games: Iterable[Game]) -> str:
    """Several games as one PDN text, a blank line between games."""
    return "\n".join(write_game(game) for game in games)


def _header(game: Game) -> list[tuple[str, str]]:
    tags = game.tags
    header: list[tuple[str, str]] = []
    for name in _ROSTER:
        if name in tags:
            header.append((name, tags[name]))
        elif name in _PLACEHOLDERS:
            header.append((name, _PLACEHOLDERS[name]))
    header.append(("Result", game.result or "*"))
    skip = {*_ROSTER, "Result", "FEN", "SetUp"}
    header.extend((name, value) for name, value in tags.items() if name not in skip)
    if game.start_fen != _START_FEN:
        header.append(("SetUp", "1"))
        header.append(("FEN", game.start_fen))
    return header


def _tag_line(name: str, value: str) -> str:
    if not _TAG_NAME.fullmatch(name):
        raise PdnError(f"cannot write tag {name!r}: a PDN tag name is letters, digits and _")
    value = " ".join(value.splitlines()).replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{value}"]'


def _comment_words(text: str) -> list[str]:
    words = text.replace("}", "").split()
    if not words:
        return ["{}"]
    words[0] = "{" + words[0]
    words[-1] += "}"
    return words


def _check_fragment(text: str, ply: int) -> None:
    """Refuse variation text that would not read back as one well-formed variation."""
    depth = 0
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        assert m is not None
        kind, pos = m.lastgroup, m.end()
        if kind == "open":
            depth += 1
        elif kind == "close":
            depth -= 1
        elif kind in ("bad", "tag", "line_comment", "escape"):
            depth = -1
        if depth < 0:
            break
    if depth != 0:
        raise PdnError(
            f"cannot write variation {text!r} of move {ply}: it is not well-formed move text",
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
