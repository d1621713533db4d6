"""The text of an RTF document (WordPad, Word's "Rich Text Format", exports of case systems).

`read(data, spend)` walks the document's groups and control words once, without recursion, and
returns what a reader sees: the body (with headers, footers, footnotes and review comments in
place), the `\\info` fields (title, subject, author, ...) as 'name: value' lines, and the targets
of HYPERLINK fields. Non-ASCII text is decoded as RTF writes it: `\\'hh` bytes in the document's
code page (`\\ansicpg`, Windows-1252 by default) and `\\uN` code units, whose `\\ucN` fallback
characters are skipped. Font, colour, style and list tables, pictures, embedded objects and any
other ignorable `{\\*\\...}` destination are not text. `spend(n)` is called for the characters
kept, so the caller's bound on a document's size holds here too.

Malformed input is never an exception: the text read so far is kept and `problem` says what is
wrong (no `{\\rtf` header, groups left open or closed twice, nesting past MAX_DEPTH).
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass, field

MAX_DEPTH = 1_000  # group nesting; real documents stay under fifty

_TOKEN = re.compile(rb"\\([a-zA-Z]{1,32})(-?\d{1,10})? ?|\\'([0-9a-fA-F]{2})|\\(.)|([{}])|([^\\{}\r\n]+)|[\r\n]+",
                    re.S)
# Destinations whose contents are not text (tables, pictures, objects, revision and bookmark data).
_SKIPPED = {"fonttbl", "colortbl", "stylesheet", "listtable", "listoverridetable", "pict", "object", "objdata",
            "themedata", "colorschememapping", "datastore", "latentstyles", "rsidtbl", "generator", "xmlnstbl",
            "mmathPr", "revtbl", "filetbl", "pgdsctbl", "bkmkstart", "bkmkend", "nonshppict", "fldrslt_hidden",
            "falt", "panose", "leveltext", "levelnumbers", "protusertbl", "userprops", "docvar", "atnid",
            "atnauthor", "atndate", "atnref", "atntime"}
# Ignorable destinations ({\*\word ...}) that hold text a reader does see.
_STARRED_TEXT = {"annotation", "fldinst"}
_INFO = {"title", "subject", "author", "keywords", "doccomm", "operator", "company", "manager", "category", "comment"}
_BREAKS = {"par": "\n", "line": "\n", "sect": "\n", "page": "\n", "row": "\n", "cell": "\t", "nestcell": "\t",
           "tab": "\t", "ldblquote": "\u201c", "rdblquote": "\u201d", "lquote": "\u2018", "rquote": "\u2019",
           "emdash": "\u2014", "endash": "\u2013", "bullet": "\u2022", "emspace": " ", "enspace": " ",
           "qmspace": " "}
_SYMBOLS = {b"~": "\u00a0", b"-": "", b"_": "-", b"\\": "\\", b"{": "{", b"}": "}", b"\n": "\n", b"\r": "\n",
            b"\t": "\t"}
_HYPERLINK = re.compile(r'HYPERLINK\s+(?:\\l\s+)?"([^"]+)"|HYPERLINK\s+(\S+)')


@dataclass
class RtfText:
    """What an RTF document shows: its body, its \\info fields, its link targets, its problem."""

    body: str
    info: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    problem: str | None = None


@dataclass
class _State:
    skip: bool = False
    uc: int = 1
    dest: str = "body"  # body, an \info field's name, or fldinst
    fresh: bool = True  # no control word or text yet in this group
    star: bool = False


def _codec(page: int | None) -> str:
    try:
        return codecs.lookup(f"cp{page}").name if page else "cp1252"
    except LookupError:
        return "cp1252"


def read(data: bytes, spend) -> RtfText:
    """The text of `data` (see the module's docstring); `spend(n)` is told of every n characters kept."""
    if not data.lstrip()[:5] == b"{\\rtf":
        return RtfText("", problem="does not parse as rtf: it does not begin with {\\rtf")
    out: dict[str, list[str]] = {"body": [], "fldinst": []}
    info: dict[str, list[str]] = {}
    links: list[str] = []
    stack: list[_State] = []
    state = _State(skip=True)  # outside the document's group: nothing is text
    codec = "cp1252"
    pending = bytearray()  # \'hh bytes, decoded together (a double-byte code page needs two)
    drop = 0  # fallback characters still to skip after a \uN
    problem = None

    def emit(text: str) -> None:
        nonlocal drop
        if drop:
            cut = min(drop, len(text))
            text, drop = text[cut:], drop - cut
        if text and not state.skip and state.dest != "info":
            spend(len(text))
            (info.setdefault(state.dest, []) if state.dest in _INFO else out[state.dest]).append(text)

    def flush() -> None:
        if pending:
            raw = bytes(pending)
            pending.clear()
            emit(raw.decode(codec, "replace"))

    pos, end = data.find(b"{"), len(data)
    while pos < end:
        m = _TOKEN.match(data, pos)
        if m is None:  # a lone backslash at the end
            break
        pos = m.end()
        word, arg, hexbyte, symbol, brace, text = m.groups()
        if hexbyte is not None:
            if drop:
                drop -= 1
            else:
                pending.append(int(hexbyte, 16))
            state.fresh = False
            continue
        flush()
        if brace == b"{":
            if len(stack) >= MAX_DEPTH:
                problem = f"does not parse as rtf: groups nested more than {MAX_DEPTH} deep"
                break
            outermost = not stack
            stack.append(state)
            state = _State(skip=state.skip and not outermost, uc=state.uc, dest=state.dest)
        elif brace == b"}":
            if not stack:
                problem = "does not parse as rtf: a group is closed that was never opened"
                break
            if state.dest == "fldinst":
                found = _HYPERLINK.search("".join(out["fldinst"]))
                if found:
                    links.append(found.group(1) or found.group(2))
                out["fldinst"].clear()
            state = stack.pop()
            drop = 0
            if not stack:
                break  # the document's group is closed: what follows is not the document
        elif word is not None:
            name = word.decode("ascii")
            value = int(arg) if arg is not None else None
            if state.fresh:
                if name in _SKIPPED or (state.star and name not in _STARRED_TEXT):
                    state.skip = True
                elif name in _INFO and state.dest == "info":
                    state.dest = name
                elif name == "info":
                    state.dest = "info"
                elif name == "fldinst":
                    state.dest = "fldinst"
                state.fresh = state.star = False
            if name == "bin" and value:  # raw binary data follows: skip it whole
                pos += max(value, 0)
            elif name == "ansicpg":
                codec = _codec(value)
            elif name == "uc" and value is not None:
                state.uc = max(value, 0)
            elif name == "u" and value is not None:
                emit(chr(value % 65536))
                drop = state.uc
            elif name in _BREAKS:
                emit(_BREAKS[name])
        elif symbol is not None:
            if symbol == b"*":
                state.star = True
                continue
            state.fresh = False
            emit(_SYMBOLS.get(symbol, ""))
        elif text is not None:
            state.fresh = False
            emit(text.decode(codec, "replace"))
    flush()
    if problem is None and stack:
        problem = f"does not parse as rtf: {len(stack)} group{'s' if len(stack) != 1 else ''} left open at the end"
    body = "".join(out["body"]).encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    lines = [f"{key}: {' '.join(''.join(parts).split())}" for key, parts in info.items() if "".join(parts).strip()]
    return RtfText(body, lines, links, problem)
