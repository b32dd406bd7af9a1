"""The PDN tokenizer: streamed input, linear time, memory bounded by the longest token.

Two layers:

* :class:`TextStream` turns a source (text, bytes, an open text or binary file) into
  normalised text, read piece by piece: a leading byte-order mark dropped, CRLF and CR
  turned into LF (also across a piece boundary), bytes decoded incrementally (UTF-8;
  from the first byte that is not UTF-8 on, cp1252 byte by byte, with Latin-1 for the
  five bytes cp1252 leaves undefined; UTF-16 when the data starts with its byte-order
  mark). For a seekable handle it can also put the handle back at any point of the
  text it has handed out (:meth:`TextStream.seek_to`), which is how ``read_game(handle)``
  leaves the handle at the next game.
* :class:`Tokenizer` cuts that text into :class:`Token` values. It is written by hand:
  the only regular expressions it uses are single character-class runs (``\\s+``,
  ``[0-9]+``...), which cannot backtrack. Each character is examined a bounded number
  of times: a token that needs more text than the buffer holds reads at least as much
  again as it already holds (so re-scans add up to a constant factor), searches that
  may run far ahead (the closing brace of a comment, the last ``"]`` of a line) are
  cached, and whitespace is consumed without being kept. The buffer holds the current
  token and one piece of input beyond it.
"""

from __future__ import annotations

import codecs
import io
import re
from typing import IO, Any

from ..core.errors import PdnError

__all__ = ["TextStream", "Token", "Tokenizer"]

#: Characters read from the source per piece (the first piece of ``read_game`` on a
#: handle is smaller, so that reading one short game reads little more than it).
CHUNK = 1 << 16

_SPACE = re.compile(r"\s+")
_HSPACE = re.compile(r"[ \t]*")
_DIGITS = re.compile(r"[0-9]+")
_NAME = re.compile(r"[A-Za-z0-9_]+")
_NAME_RUN = re.compile(r"[A-Za-z0-9_]*")
_WORD = re.compile(r"[^\s{}()\[\];]*")
_PLAIN_VALUE = re.compile(r'[^"\\\n]*')
_BARE_STOP = re.compile(r'[\]"\n]')
_ESCAPED = re.compile(r"\\(.)")

_ASCII_DIGITS = frozenset("0123456789")
_ASCII_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
_SEPARATORS = frozenset("-xX:")
_RESULT_SPELLINGS = ("1/2-1/2", "\u00bd-\u00bd", "1-0", "0-1", "2-0", "0-2", "1-1", "*")
_MARK_SPELLINGS = ("!!", "??", "!?", "?!", "!", "?")
_MARK_CHARS = frozenset("!?")

#: The longest tag value read by the quick path of :meth:`Tokenizer._short_tag`.
_SHORT = 200

#: The longest run of digits read as a square number; longer runs (never a square)
#: are refused before anything converts them to an integer.
MAX_SQUARE_DIGITS = 3


def _cp1252_table() -> str:
    chars = []
    for byte in range(256):
        try:
            chars.append(bytes([byte]).decode("cp1252"))
        except UnicodeDecodeError:  # 0x81, 0x8d, 0x8f, 0x90, 0x9d: Latin-1 instead
            chars.append(chr(byte))
    return "".join(chars)


_CP1252 = _cp1252_table()


def _decode_cp1252(data: bytes) -> str:
    """cp1252, byte by byte, Latin-1 where cp1252 has no character: never fails."""
    return codecs.charmap_decode(data, "strict", _CP1252)[0]


class _Segment:
    """What one read handed out, to map a text offset back to a handle position."""

    __slots__ = ("codec", "length", "raw", "skip", "start", "where")

    def __init__(self, start: int, length: int, raw: str, skip: int, where: Any, codec: str):
        self.start = start  # offset in the normalised text of the segment's first char
        self.length = length
        self.raw = raw  # the text as decoded, before line ends were normalised
        self.skip = skip  # raw characters dropped at its start (BOM, the LF of a CRLF)
        self.where = where  # byte offset of raw[0] (binary) or tell() cookie (text)
        self.codec = codec  # how raw maps to bytes: "utf-8", "cp1252", "utf-16-le"...


class TextStream:
    """Normalised text from a source, handed out piece by piece (see the module doc)."""

    def __init__(
        self,
        source: str | bytes | bytearray | IO[Any],
        *,
        track: bool = False,
        first: int = CHUNK,
        own: bool = False,
    ) -> None:
        self._own = own  # close the handle once read (a file this stream opened)
        self._text: str | None = None
        self._handle: IO[Any] | None = None
        self._binary = False
        if isinstance(source, str):
            self._text = source
        elif isinstance(source, (bytes, bytearray, memoryview)):
            # BytesIO shares the buffer of a bytes object instead of copying it.
            self._handle = io.BytesIO(source if isinstance(source, bytes) else bytes(source))
            self._binary = True
        else:
            self._handle = source
            self._binary = isinstance(source.read(0), (bytes, bytearray))
        self._text_pos = 0
        self._started = False
        self._prev_cr = False
        self._eof = False
        self.emitted = 0  # normalised characters handed out so far
        self._size = first
        # Tracking (for seek_to) needs a seekable handle; otherwise read line by line,
        # so that at most the rest of one line is read beyond what was asked for.
        self._track = False
        self.line_mode = False  # read line by line (a handle that cannot seek)
        if track and self._handle is not None:
            if _seekable(self._handle):
                self._track = True
            else:
                self.line_mode = True
        self._segments: list[_Segment] = []
        # Decoding state (binary sources).
        self._codec = "utf-8"
        self._decoder: codecs.IncrementalDecoder | None = None
        self._byte_pos = 0
        self._broken: PdnError | None = None  # a decoding error, raised at the next read

    # ------------------------------------------------------------------ reading
    def read(self) -> str:
        """The next piece of normalised text; ``""`` once the source is exhausted."""
        if self._broken is not None:
            raise self._broken
        while not self._eof:
            size = self._size
            self._size = min(CHUNK, size * 2)
            where: Any = None
            skip = 0
            if self._text is not None:
                raw = self._text[self._text_pos : self._text_pos + size]
                self._text_pos += len(raw)
                if not raw:
                    self._eof = True
            elif self._binary:
                raw, where, skip_bytes = self._read_bytes(size)
                where = (where, skip_bytes)
            else:
                raw, where = self._read_text(size)
            if not raw and self._eof:
                break
            if not self._started:
                self._started = True
                if raw.startswith("\ufeff"):
                    skip = 1
            if self._prev_cr and raw.startswith("\n", skip):
                skip += 1
            if raw:
                self._prev_cr = raw.endswith("\r")
            text = raw[skip:] if skip else raw
            if "\r" in text:
                text = text.replace("\r\n", "\n").replace("\r", "\n")
            if self._track:
                self._segments.append(
                    _Segment(self.emitted, len(text), raw, skip, where, self._codec)
                )
            self.emitted += len(text)
            if text:
                return text
            if self._broken is not None:
                raise self._broken
        if self._broken is not None:
            raise self._broken
        return ""

    def _read_text(self, size: int) -> tuple[str, Any]:
        handle = self._handle
        assert handle is not None
        where = handle.tell() if self._track else None
        try:
            raw = handle.readline(size) if self.line_mode else handle.read(size)
        except UnicodeDecodeError as error:
            raise PdnError(f"cannot decode the PDN file: {error}") from error
        if not raw:
            self._eof = True
        return raw, where

    def _read_bytes(self, size: int) -> tuple[str, int, int]:
        """Read and decode bytes; returns the text and the byte offset where it starts."""
        handle = self._handle
        assert handle is not None
        first = self._decoder is None
        before = handle.tell() if self._track or (first and _seekable(handle)) else 0
        data = handle.readline(size) if self.line_mode else handle.read(size)
        skip = 0
        if first:
            # The first bytes decide the encoding: a byte-order mark, else UTF-8 with the
            # cp1252 fallback. Read a few more bytes so that a mark is complete.
            while 0 < len(data) < 4:
                more = handle.read(4 - len(data))
                if not more:
                    break
                data += more
            head = self._file_start() if before > 0 else data[:4]
            if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
                little = head.startswith(codecs.BOM_UTF16_LE)
                self._codec = "utf-16-le" if little else "utf-16-be"
                if before == 0:
                    skip = 2
            elif before == 0 and data.startswith(codecs.BOM_UTF8):
                skip = 3
            data = data[skip:]
            self._decoder = codecs.getincrementaldecoder(self._codec)("strict")
        decoder = self._decoder
        assert decoder is not None  # made above on the first read
        pending = len(decoder.getstate()[0]) if self._codec != "cp1252" else 0
        start = before + skip - pending
        text = self._decode_piece(data, final=not data)
        if not data:
            self._eof = True
        return text, start, 0

    def _file_start(self) -> bytes:
        """The first bytes of a seekable binary handle that is not at its start."""
        handle = self._handle
        assert handle is not None
        here = handle.tell()
        handle.seek(0)
        head = handle.read(4)
        handle.seek(here)
        return bytes(head)

    def _decode_piece(self, data: bytes, *, final: bool) -> str:
        decoder = self._decoder
        assert decoder is not None
        if self._codec == "cp1252":
            return _decode_cp1252(data)
        pending = decoder.getstate()[0]
        try:
            return decoder.decode(data, final)
        except UnicodeDecodeError as error:
            if self._codec == "utf-8":
                # Not UTF-8: cp1252 from here on (the bytes the decoder held included).
                self._codec = "cp1252"
                return _decode_cp1252(pending + data)
            # Hand out the text before the bad bytes; the error comes with the next read.
            self._broken = PdnError(
                f"cannot decode the PDN data as UTF-16 (it starts with a UTF-16 "
                f"byte-order mark): {error.reason} near byte {self._byte_pos + error.start}"
            )
            self._eof = False
            good = (pending + data)[: error.start - error.start % 2]
            return codecs.decode(good, self._codec)
        finally:
            self._byte_pos += len(data)

    @property
    def next_size(self) -> int:
        """How much the next read asks for (small at first for ``read_game``, then more)."""
        return self._size

    def close(self) -> None:
        """Close the file if this stream opened it; drop what it holds."""
        if self._own and self._handle is not None:
            self._handle.close()
        self._text = None
        self._segments = []
        self._eof = True

    # ------------------------------------------------------------------ positioning
    def forget_before(self, offset: int) -> None:
        """Drop the records of segments that end before ``offset`` (no longer needed)."""
        segments = self._segments
        drop = 0
        while drop < len(segments) - 1 and segments[drop].start + segments[drop].length <= offset:
            drop += 1
        if drop:
            del segments[:drop]

    def seek_to(self, offset: int) -> None:
        """Put a tracked handle at the point of the source where text ``offset`` lies."""
        if not self._track or self._handle is None:
            return
        handle = self._handle
        segment = None
        for candidate in self._segments:
            if candidate.start <= offset <= candidate.start + candidate.length:
                segment = candidate
                break
        if segment is None:
            return  # at the end, where the handle already is
        raw_k = _raw_index(segment.raw, segment.skip, offset - segment.start)
        if self._binary:
            start, _ = segment.where
            prefix = segment.raw[:raw_k]
            if segment.codec == "cp1252":
                size = len(prefix)
            else:
                size = len(prefix.encode(segment.codec, "surrogatepass"))
            handle.seek(start + size)
        else:
            handle.seek(segment.where)
            if raw_k:
                handle.read(raw_k)


def _raw_index(raw: str, skip: int, k: int) -> int:
    """The index in ``raw`` where the k-th normalised character of it ends."""
    r = skip
    left = k
    while left > 0:
        j = raw.find("\r\n", r)
        if j < 0 or j - r >= left:
            r += left
            left = 0
        else:
            left -= j - r + 1
            r = j + 2
    return r


def _seekable(handle: IO[Any]) -> bool:
    try:
        return bool(handle.seekable())
    except (AttributeError, ValueError, OSError):
        return False


class Token:
    """One token: its kind, text, where it starts (line, column, offset) and ends."""

    __slots__ = ("at", "column", "end", "extra", "kind", "line", "name", "start", "text", "value")

    def __init__(
        self,
        kind: str,
        text: str,
        line: int,
        column: int,
        start: int,
        end: int,
        name: str | None = None,
        value: str | None = None,
        extra: int = 0,
    ) -> None:
        self.kind = kind
        self.text = text
        self.line = line
        self.column = column
        self.start = start  # offsets in the normalised text
        self.end = end
        self.name = name  # tag: name; move: marks
        self.value = value  # tag: value; move: glued text; badtag: the problem
        self.extra = extra  # move: longest digit run; runaway: line of the tag section
        self.at = 0  # move: the column of the glued word

    def __repr__(self) -> str:
        return f"Token({self.kind!r}, {self.text[:30]!r}, {self.line}:{self.column})"


class Tokenizer:
    """PDN tokens from a :class:`TextStream`, one per :meth:`next` call.

    Kinds: ``blank`` (a whitespace run holding a blank line; the token is its second
    line end), ``result``, ``move`` (``text`` the squares, ``name`` the marks glued to
    it, ``value`` a word glued to it, ``extra`` its longest run of digits), ``number``,
    ``comment`` (``text`` the body), ``runaway`` (a comment that runs into a tag section:
    ``extra`` is the line of that section; reading resumes there), ``tag`` (``name``,
    ``value`` unescaped), ``badtag`` (``value``: what is wrong; reading resumes at the end
    of the line), ``open``, ``close``, ``nag``, ``mark``, ``line_comment`` (``text`` the
    rest of the line), ``escape`` (a ``%`` line; ``extra`` 1 when the ``%`` does not start
    its line), ``bad`` (anything else, up to the next space or delimiter).
    """

    def __init__(self, stream: TextStream) -> None:
        self._stream = stream
        self._buf = ""
        self._pos = 0
        self._base = 0  # text offset of _buf[0]
        self._before = "\n"  # the character before _buf[0] (a line start at offset 0)
        self._eof = False
        self._line = 1
        self._line_start = 0  # text offset where the current line starts
        self._newlines = 0  # line ends seen in the current whitespace run
        # Caches of searches that may run far ahead, as text offsets.
        self._word_end = -1
        self._eol = -1  # end of the line holding _eol_from.._eol
        self._eol_from = -1
        self._loose: tuple[int, int, int] | None = None  # (line end, quote, tag end)
        self._dead_from = -1  # no '}' and no tag section from here to the end
        self._queue: list[Token] = []  # the rest of a word's tokens, last first

    @property
    def offset(self) -> int:
        """Text offset of the next character to read."""
        return self._base + self._pos

    @property
    def line(self) -> int:
        """Line of the next character to read."""
        return self._line

    @property
    def column(self) -> int:
        """Column of the next character to read."""
        return self._base + self._pos - self._line_start + 1

    # ------------------------------------------------------------------ buffer
    def _more(self) -> bool:
        """Append more text to the buffer; False at the end of the source."""
        if self._eof:
            return False
        want = max(self._stream.next_size, len(self._buf) - self._pos)
        pieces: list[str] = []
        got = 0
        while got < want:
            try:
                piece = self._stream.read()
            except PdnError:
                if not pieces:
                    raise
                break  # raised again by the next read, once this text is used

            if not piece:
                self._eof = True
                break
            pieces.append(piece)
            got += len(piece)
            if self._stream.line_mode:
                break
        if not pieces:
            return False
        self._buf = self._buf + "".join(pieces) if self._buf else "".join(pieces)
        return True

    def _compact(self) -> None:
        pos = self._pos
        if pos and (pos >= len(self._buf) or (pos > CHUNK and 2 * pos > len(self._buf))):
            self._before = self._buf[pos - 1]
            self._buf = self._buf[pos:]
            self._base += pos
            self._pos = 0
            self._stream.forget_before(self._base)

    def _advance(self, to: int) -> None:
        buf = self._buf
        count = buf.count("\n", self._pos, to)
        if count:
            self._line += count
            self._line_start = self._base + buf.rindex("\n", self._pos, to) + 1
        self._pos = to

    def _run(self, pattern: re.Pattern[str], at: int) -> int:
        """End of the run of ``pattern`` (a character-class run) starting at ``at``."""
        while True:
            end = pattern.match(self._buf, at).end()  # type: ignore[union-attr]  # a run: always matches
            if end < len(self._buf) or not self._more():
                return end
            at = end

    def _search(self, pattern: re.Pattern[str], at: int) -> int:
        """Index of the first match of ``pattern`` (one character) from ``at``; -1 if none."""
        while True:
            found = pattern.search(self._buf, at)
            if found is not None:
                return found.start()
            at = len(self._buf)
            if not self._more():
                return -1

    def _char(self, at: int) -> str:
        """The character at ``at``, reading more if needed; ``""`` past the end."""
        while at >= len(self._buf):
            if not self._more():
                return ""
        return self._buf[at]

    def _line_end(self, at: int) -> int:
        """Index of the line end (or the text's end) at or after ``at``; cached."""
        absolute = self._base + at
        if self._eol_from <= absolute <= self._eol:
            return self._eol - self._base
        scan = at
        while True:
            end = self._buf.find("\n", scan)
            if end >= 0:
                break
            scan = len(self._buf)
            if not self._more():
                end = len(self._buf)
                break
        self._eol_from = absolute
        self._eol = self._base + end
        return end

    def _token(self, kind: str, start: int, end: int, text: str, **more: Any) -> Token:
        token = Token(
            kind,
            text,
            self._line,
            self._base + start - self._line_start + 1,
            self._base + start,
            self._base + end,
            **more,
        )
        self._advance(end)
        return token

    # ------------------------------------------------------------------ tokens
    def next(self) -> Token | None:
        """The next token, or None at the end of the text."""
        if self._queue:
            return self._queue.pop()
        while True:
            if self._pos > CHUNK or self._pos >= len(self._buf):
                self._compact()
            buf = self._buf
            i = self._pos
            if i >= len(buf):
                if not self._more():
                    return None
                continue
            c = buf[i]
            if c == " " and i + 1 < len(buf) and not buf[i + 1].isspace():
                self._pos = i + 1  # one space between tokens: the usual case
                continue
            if c.isspace():
                token = self._space(i)
                if token is not None:
                    return token
                continue
            self._newlines = 0
            if c == "{":
                return self._comment(i)
            if c == "[":
                return self._tag(i)
            if c == "(":
                return self._token("open", i, i + 1, "(")
            if c == ")":
                return self._token("close", i, i + 1, ")")
            if c == ";":
                end = self._line_end(i)
                return self._token("line_comment", i, end, self._buf[i + 1 : end])
            if c == "%":
                before = self._buf[i - 1] if i else self._before
                end = self._line_end(i)
                text = self._buf[i:end]
                return self._token("escape", i, end, text, extra=int(before != "\n"))
            return self._word(i)

    def _space(self, i: int) -> Token | None:
        """Consume whitespace; a token only when the run holds a blank line."""
        buf = self._buf
        end = _SPACE.match(buf, i).end()  # type: ignore[union-attr]  # buf[i] is a space
        first = buf.find("\n", i, end)
        while first >= 0:
            self._newlines += 1
            if self._newlines >= 2:
                self._newlines = 0
                return self._token("blank", first, first + 1, "\n")
            first = buf.find("\n", first + 1, end)
        self._advance(end)
        if end < len(buf) or self._eof:
            self._newlines = 0
        return None

    def _word_bounds(self, i: int) -> int:
        absolute = self._base + i
        if absolute < self._word_end:
            return self._word_end - self._base
        end = self._run(_WORD, i)
        self._word_end = self._base + end
        return end

    def _word(self, i: int) -> Token:
        """The tokens of a word (a run up to a space or one of ``{}()[];``): the first
        is returned, the others queued (a word never holds a line end)."""
        end = self._word_bounds(i + 1) if self._buf[i] in "}]" else self._word_bounds(i)
        buf = self._buf
        if end - i <= _CACHED_WORD:
            word = buf[i:end]
            parts = _WORDS.get(word)
            if parts is None:
                if len(_WORDS) >= _CACHE_SIZE:
                    _WORDS.clear()
                parts = _WORDS[word] = _split_word(word, 0, len(word))
            origin = i
        else:
            word = buf
            parts = _split_word(buf, i, end)
            origin = 0
        start = self._base + origin
        column = start - self._line_start + 1
        line = self._line
        self._pos = end
        if len(parts) == 1:
            kind, a, b, name, value, extra, at = parts[0]
            text = word[a : at if kind == "move" else b]
            token = Token(kind, text, line, column + a, start + a, start + b, name, value, extra)
            if value is not None:
                token.at = column + at + len(name or "")
            return token
        tokens = []
        for kind, a, b, name, value, extra, at in parts:
            text = word[a : at if kind == "move" else b]
            token = Token(kind, text, line, column + a, start + a, start + b, name, value, extra)
            if value is not None:  # the column of the glued word
                token.at = column + at + len(name or "")
            tokens.append(token)
        if len(tokens) > 1:
            tokens.reverse()
            first = tokens.pop()
            self._queue = tokens
            return first
        return tokens[0]

    def _comment(self, i: int) -> Token:
        """``{...}``; or a comment that runs into a tag section; or one never closed."""
        start_abs = self._base + i
        if self._dead_from < 0 or start_abs < self._dead_from:
            scan = i + 1
            while True:
                buf = self._buf
                close = buf.find("}", scan)
                limit = close if close >= 0 else len(buf)
                newline = buf.find("\n", scan, limit)
                while newline >= 0:
                    found = self._tag_line_at(newline)
                    if found is None:  # the check ran off the buffer
                        break
                    if found:
                        line = self._line + self._buf.count("\n", i, newline) + 1
                        return self._token("runaway", i, newline + 1, "{", extra=line)
                    newline = self._buf.find("\n", newline + 1, limit)
                buf = self._buf
                if close >= 0 and (newline < 0 or newline > close):
                    return self._token("comment", i, close + 1, buf[i + 1 : close])
                scan = newline if newline >= 0 else limit
                if not self._more():
                    if newline >= 0:  # the tag-line check ran into the end: not one
                        scan = newline + 1
                        continue
                    break
            self._dead_from = start_abs
        end = self._run(_WORD, i + 1)
        return self._token("bad", i, end, self._buf[i:end])

    def _tag_line_at(self, newline: int) -> bool | None:
        """Whether the line after ``newline`` starts like a tag (``[Name "``).

        None when the buffer ends before that is settled (and more text may come).
        """
        buf = self._buf
        p = _HSPACE.match(buf, newline + 1).end()  # type: ignore[union-attr]  # [ \t]* matches
        if p >= len(buf) or buf[p] != "[":
            return None if p >= len(buf) and not self._eof else False
        q = _NAME.match(buf, p + 1)
        end = q.end() if q else p + 1
        if end >= len(buf):
            return None if not self._eof else False
        if q is None:
            return False
        r = _HSPACE.match(buf, end).end()  # type: ignore[union-attr]  # [ \t]* matches
        if r >= len(buf):
            return None if not self._eof else False
        return r > end and buf[r] == '"'

    def _tag(self, i: int) -> Token:
        """``[Name "value"]``, strictly; else leniently; else a ``badtag``."""
        token = self._short_tag(i)
        if token is not None:
            return token
        p = self._run(_HSPACE, i + 1)
        name_end = self._run(_NAME_RUN, p)
        if name_end > p:
            name = self._buf[p:name_end]
            q = self._run(_HSPACE, name_end)
            if self._char(q) == '"':
                token = self._strict_value(i, name, q)
                if token is not None:
                    return token
            if self._char(q) == '"':
                line_end = self._line_end(i)
                buf = self._buf
                close = self._last_quote_close(q, line_end)
                if close is not None:
                    quote, end = close
                    return self._token(
                        "tag", i, end, buf[i:end], name=name, value=buf[q + 1 : quote]
                    )
            elif q > name_end:
                stop = self._search(_BARE_STOP, q)
                buf = self._buf
                if stop >= 0 and buf[stop] == "]":
                    value = buf[q:stop].rstrip(" \t")
                    return self._token(
                        "tag", i, stop + 1, buf[i : stop + 1], name=name, value=value
                    )
        line_end = self._line_end(i)
        buf = self._buf
        problem = (
            "malformed tag" if buf.find("]", i, line_end) >= 0 else "tag without a closing bracket"
        )
        return self._token("badtag", i, line_end, buf[i:line_end], value=problem)

    def _short_tag(self, i: int) -> Token | None:
        """The common case, quickly: ``[Name "value"]`` or ``[Name value]`` with a short
        value and no escapes, whole in the buffer. None: use the general rules."""
        buf = self._buf
        m = _NAME.match(buf, i + 1)
        if m is None:
            return None
        j = m.end()
        if buf.startswith(' "', j):
            close = buf.find('"', j + 2, j + _SHORT)
            if close < 0 or not buf.startswith("]", close + 1):
                return None
            value = buf[j + 2 : close]
            if "\\" in value or "\n" in value:
                return None
        elif buf.startswith(" ", j):
            close = buf.find("]", j + 1, j + _SHORT)
            if close < 0:
                return None
            value = buf[j + 1 : close]
            if '"' in value or "\n" in value or value.startswith((" ", "\t")):
                return None
            value = value.rstrip(" \t")
            close -= 1
        else:
            return None
        end = close + 2
        base = self._base
        token = Token(
            "tag",
            buf[i:end],
            self._line,
            base + i - self._line_start + 1,
            base + i,
            base + end,
            m.group(),
            value,
        )
        self._pos = end
        return token

    def _strict_value(self, i: int, name: str, quote: int) -> Token | None:
        p = quote + 1
        while True:
            p = self._run(_PLAIN_VALUE, p)
            c = self._char(p)
            if c == '"':
                break
            if c != "\\":
                return None  # a line end or the end of the text: not a strict tag
            after = self._char(p + 1)
            if after in ("", "\n"):
                return None
            p += 2
        close = p
        end = self._run(_HSPACE, close + 1)
        if self._char(end) != "]":
            return None
        buf = self._buf
        value = buf[quote + 1 : close]
        if "\\" in value:
            value = _ESCAPED.sub(r"\1", value)
        return self._token("tag", i, end + 1, buf[i : end + 1], name=name, value=value)

    def _last_quote_close(self, quote: int, line_end: int) -> tuple[int, int] | None:
        """The last ``"`` of the line followed by ``]`` (spaces between), after ``quote``.

        Computed once per line and cached: a line of many tags costs one scan.
        """
        line_abs = self._base + line_end
        cached = self._loose
        if cached is None or cached[0] != line_abs:
            buf = self._buf
            found = (-1, -1)
            r = buf.rfind("]", quote + 1, line_end)
            while r >= 0:
                k = r
                while k > quote + 1 and buf[k - 1] in " \t":
                    k -= 1
                if k - 1 > quote and buf[k - 1] == '"':
                    found = (self._base + k - 1, self._base + r + 1)
                    break
                r = buf.rfind("]", quote + 1, k)
            self._loose = cached = (line_abs, *found)
        if cached[1] - self._base > quote:
            return cached[1] - self._base, cached[2] - self._base
        return None


def _word_char(ch: str) -> bool:
    """Whether ``ch`` is a regular-expression word character (``\\w``)."""
    return ch.isalnum() or ch == "_"


#: Words up to this length are split once and the result kept: PDN repeats its words.
_CACHED_WORD = 24
_CACHE_SIZE = 20_000
_Part = tuple[str, int, int, "str | None", "str | None", int, int]
_WORDS: dict[str, list[_Part]] = {}


def _split_word(buf: str, i: int, end: int) -> list[_Part]:
    """The tokens of the word ``buf[i:end]``: (kind, start, end, name, value, extra, at),
    where for a move ``at`` is the end of its squares.

    Each alternative is tried at a position in the order PDN needs (results before
    moves, so that ``1-0`` is a result), and each looks at most a few characters past
    what it consumes; ``bad`` takes the rest of the word. Linear in the word's length.
    """
    parts: list[_Part] = []
    while i < end:
        part = _word_part(buf, i, end)
        parts.append(part)
        i = part[2]
    return parts


def _word_part(buf: str, i: int, end: int) -> _Part:
    c = buf[i]
    if c == "$":
        m = _DIGITS.match(buf, i + 1, end)
        if m is not None:
            return ("nag", i, m.end(), None, None, 0, 0)
    elif c in _MARK_CHARS:
        j = i
        while j < end and j - i < 3 and buf[j] in _MARK_CHARS:
            j += 1
        if j - i <= 2 and (j == end or buf[j] not in _MARK_CHARS):
            return ("mark", i, j, None, None, 0, 0)
    elif c in _ASCII_DIGITS or c == "*" or c == "\u00bd":
        for spelling in _RESULT_SPELLINGS:
            if buf.startswith(spelling, i, end):
                j = i + len(spelling)
                if j == end or (not _word_char(buf[j]) and buf[j] not in "/.:-"):
                    return ("result", i, j, None, None, 0, 0)
                break
        if c in _ASCII_DIGITS:
            part = _number_or_move(buf, i, end)
            if part is not None:
                return part
    return ("bad", i, end, None, None, 0, 0)


def _number_or_move(buf: str, i: int, end: int) -> _Part | None:
    """``12.``/``12...`` (a move number) or squares with marks and a glued word."""
    j = _DIGITS.match(buf, i, end).end()  # type: ignore[union-attr]  # buf[i] is a digit
    if j < end and buf[j] == ".":
        k = j
        while k < end and buf[k] == ".":
            k += 1
        return ("number", i, k, None, None, 0, 0)
    longest = j - i
    groups = 0
    while j + 1 < end and buf[j] in _SEPARATORS and buf[j + 1] in _ASCII_DIGITS:
        k = _DIGITS.match(buf, j + 1, end).end()  # type: ignore[union-attr]  # checked digit
        longest = max(longest, k - j - 1)
        j = k
        groups += 1
    if not groups:
        return None
    marks = [m for m in _MARK_SPELLINGS if buf.startswith(m, j, end)]
    for mark in (*marks, ""):
        k = j + len(mark)
        name = mark or None
        if k + 3 <= end and all(ch in _ASCII_LETTERS for ch in buf[k : k + 3]):
            # A word glued to the move (``8-11Redoverstepped.``): the rest of the word.
            return ("move", i, end, name, buf[k:end], longest, j)
        if k == end or (not _word_char(buf[k]) and buf[k] not in _MARK_CHARS):
            return ("move", i, k, name, None, longest, j)
    return None
