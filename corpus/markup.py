"""Plain-text formats whose markup stands between a reader and the words: subtitles, LaTeX and SYLK.

- **Subtitles** (.srt, .vtt, .sbv): a cue's number and its timing line sit between every two
  pieces of speech, so a sentence said over two cues reads, as plain text, as two paragraphs cut
  by numbers. Here the cues' words are read as the viewer hears them: one line a cue, no blank
  line between cues (a quotation runs on), each cue a part labelled by its start ("cue 12 at
  00:01:02"), inline tags left out. A block that is no cue (WebVTT's header, a NOTE) is kept as it
  is: an agent reads it too.
- **LaTeX** (.tex, .latex, .ltx): TeX quotation marks (``...'' and `...') become the marks they
  print, escaped characters (\\$ \\% \\& \\_ \\# \\S) the characters, a tie a space, and the commands
  that only style words (\\emph{...}, \\textbf{...}) their words. Comments stay: an agent reads the
  source, comments and all. Line for line, so line numbers are the file's.
- **SYLK** (.slk, the symbolic link format Excel still saves): a sheet as records, one cell a
  record (`C;Y3;X2;K"PASS if ..."`), a semicolon in a value doubled. Here the cells' values are read
  as the sheet shows them: one row a line, its cells in column order, a tab between.
"""

from __future__ import annotations

import re

# --- subtitles ---------------------------------------------------------------------------------

# A timing line: SubRip's "00:01:02,000 --> 00:01:05,500", WebVTT's "00:01:02.000 --> ..." (hours
# optional, cue settings after), YouTube's .sbv "0:01:02.000,0:01:05.500".
_TIMING = re.compile(r"^\s*(?P<start>(?:\d{1,2}:)?\d{1,2}:\d{2}[,.]\d{1,3})\s*(?:-->|,)\s*(?:\d{1,2}:)?\d{1,2}:\d{2}[,.]"
                     r"\d{1,3}\b.*$")
_CUE_NUMBER = re.compile(r"^\s*\d+\s*$")
_INLINE_TAG = re.compile(r"</?(?:[a-z]+(?:\.[\w.-]+)?(?:\s[^<>]*)?|\d{1,2}:\d{2}[:.\d]*)>|\{\\[^{}]*\}", re.I)


def subtitles(text: str) -> tuple[str, tuple[tuple[str, int], ...]]:
    """The words of a subtitle file, one line a cue, and a part for each cue ("cue 3 at 00:00:07")."""
    lines: list[str] = []
    parts: list[tuple[str, int]] = []
    blocks = re.split(r"\n\s*\n", text.replace("\r\n", "\n").replace("\r", "\n"))
    number = 0
    for block in blocks:
        rows = [row for row in block.split("\n") if row.strip()]
        if not rows:
            continue
        timing = next((k for k, row in enumerate(rows[:3]) if _TIMING.match(row)), None)
        if timing is None:  # no timing: not a cue; kept as it is
            lines.extend(rows)
            continue
        number += 1
        words = " ".join(_INLINE_TAG.sub("", row).strip() for row in rows[timing + 1:])
        if not words.strip():
            continue
        label = rows[0].strip() if timing and _CUE_NUMBER.match(rows[0]) else str(number)
        start = _TIMING.match(rows[timing]).group("start").replace(",", ".").split(".")[0]
        parts.append((f"cue {label} at {start}", len(lines) + 1))
        lines.append(" ".join(words.split()))
    return "\n".join(lines), tuple(parts)


# --- LaTeX -------------------------------------------------------------------------------------

_STYLE = re.compile(r"\\(?:emph|textit|textbf|textsc|textsl|textup|textrm|textsf|texttt|underline|uline|mbox|"
                    r"enquote|textquote|hbox)\*?\{([^{}]*)\}")
_ESCAPES = {r"\$": "$", r"\%": "%", r"\&": "&", r"\_": "_", r"\#": "#", r"\{": "{", r"\}": "}", r"\S": "§",
            r"\P": "¶", r"\textsection": "§", r"\textdollar": "$", r"\ldots": "…", r"\dots": "…"}
_ESCAPE = re.compile("|".join(re.escape(k) for k in sorted(_ESCAPES, key=len, reverse=True)) + r"(?![A-Za-z])")


def latex(text: str) -> str:
    """A LaTeX source's words, line for line (see the module's note)."""
    out = []
    for line in text.split("\n"):
        for _ in range(3):  # nested styles: \emph{\textbf{...}}
            line = _STYLE.sub(r"\1", line)
        line = line.replace("``", "\u201c").replace("''", "\u201d")
        line = re.sub(r"(?<![\w`])`(?!`)", "\u2018", line)
        line = _ESCAPE.sub(lambda m: _ESCAPES[m.group(0)], line)
        line = re.sub(r"(?<!\\)~", " ", line).replace("\\\\", "")
        out.append(line.rstrip())
    return "\n".join(out)


# --- SYLK -------------------------------------------------------------------------------------------

_SYLK_FIELD = re.compile(r";(?:[^;]|;;)*")


def sylk(text: str) -> str:
    """The values of a SYLK sheet's cells, a row a line in column order (a text that does not open with
    SYLK's ID record is returned as it is)."""
    if not text.startswith("ID;"):
        return text
    cells: dict[int, dict[int, str]] = {}
    row = col = 1
    for record in text.splitlines():
        kind, _, rest = record.partition(";")
        if kind not in ("C", "F"):
            continue
        value = None
        for field in _SYLK_FIELD.findall(";" + rest):
            body = field[1:].replace(";;", ";")
            if body[:1] == "Y" and body[1:].isdigit():
                row = int(body[1:])
            elif body[:1] == "X" and body[1:].isdigit():
                col = int(body[1:])
            elif body[:1] == "K" and kind == "C":
                value = body[2:-1] if body[1:2] == '"' and body.endswith('"') else body[1:]
        if value is not None:
            cells.setdefault(row, {})[col] = value
    return "\n".join(_row(cols) for _, cols in sorted(cells.items()))


SYLK_GAP = 64  # empty columns kept between two cells at most: a cell at X99999999 is not 10^8 tabs


def _row(cols: dict[int, str]) -> str:
    out, last = [], 0
    for col in sorted(cols):
        out.append("\t" * min(col - last, SYLK_GAP) if last else "\t" * min(col - 1, SYLK_GAP))
        out.append(cols[col])
        last = col
    return "".join(out)
