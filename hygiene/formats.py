"""Reading workspace documents: does a file parse in its format, and what text does it hold.

Only the standard library: Office files are zips of XML, .eml is RFC 5322. Decompressed
sizes are bounded so that a hostile zip cannot exhaust memory.
"""

from __future__ import annotations

import email
import email.policy
import io
import re
import zipfile
from xml.etree import ElementTree

from oafreeze.errors import BadInput
from oafreeze.freezer import canonical, safeyaml

MAX_MEMBER = 64 << 20
OFFICE_MAIN = {".docx": "word/document.xml", ".xlsx": "xl/workbook.xml", ".pptx": "ppt/presentation.xml"}
OFFICE_TEXT = {".docx": re.compile(r"^word/(document|header\d*|footer\d*|footnotes)\.xml$"),
               ".xlsx": re.compile(r"^xl/(sharedStrings|worksheets/sheet\d+)\.xml$"),
               ".pptx": re.compile(r"^ppt/slides/slide\d+\.xml$")}
TEXT_EXTENSIONS = {".md", ".txt", ".markdown", ".csv", ".json", ".yaml", ".yml", ".html", ".htm", ".xml", ".eml"}
# Elements after which extracted Office text gets a line break (paragraphs, rows, cells).
_BREAK = {"p", "tr", "row", "si", "br"}


def extension(name: str) -> str:
    """The lower-case extension of a file name, with its dot ('' if none)."""
    base = name.rsplit("/", 1)[-1]
    return "." + base.rsplit(".", 1)[1].lower() if "." in base.strip(".") else ""


def _xml_text(data: bytes) -> str:
    root = ElementTree.fromstring(data)
    out: list[str] = []

    def walk(node) -> None:
        tag = node.tag.rsplit("}", 1)[-1]
        if tag in ("t", "v") and node.text:
            out.append(node.text)
        elif tag == "tab":
            out.append("\t")
        for child in node:
            walk(child)
        if tag in _BREAK:
            out.append("\n")

    walk(root)
    return "".join(out)


def _members(zf: zipfile.ZipFile, pattern: re.Pattern) -> list[str]:
    names = [i.filename for i in zf.infolist() if pattern.match(i.filename)]
    return sorted(names, key=lambda n: [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", n)])


def _read_member(zf: zipfile.ZipFile, name: str) -> bytes:
    info = zf.getinfo(name)
    if info.file_size > MAX_MEMBER:
        raise ValueError(f"{name} unpacks to {info.file_size} bytes (limit {MAX_MEMBER})")
    return zf.read(name)


def problem(name: str, data: bytes) -> str | None:
    """Why the file does not parse in the format its name promises, or None if it does."""
    ext = extension(name)
    try:
        if ext in OFFICE_MAIN:
            with zipfile.ZipFile(io.BytesIO(data)) as zf:
                names = set(zf.namelist())
                for required in ("[Content_Types].xml", OFFICE_MAIN[ext]):
                    if required not in names:
                        return f"not a {ext} package: {required} is missing"
                    ElementTree.fromstring(_read_member(zf, required))
                bad = zf.testzip()
                if bad:
                    return f"corrupt zip member {bad}"
        elif ext == ".json":
            canonical.loads_strict(data, name)
        elif ext in (".yaml", ".yml"):
            safeyaml.load(data, name)
        elif ext == ".eml":
            msg = email.message_from_bytes(data, policy=email.policy.default)
            if not msg.keys() or msg.defects:
                return "not an RFC 5322 message: " + (str(msg.defects[0]) if msg.defects else "no headers")
            if not (msg["From"] and (msg["Subject"] is not None)):
                return "not an e-mail: no From or Subject header"
        elif ext in TEXT_EXTENSIONS:
            data.decode("utf-8")
    except BadInput as exc:
        return exc.problems[0].message if exc.problems else exc.message
    except UnicodeDecodeError as exc:
        return f"not UTF-8 (byte {exc.start})"
    except (zipfile.BadZipFile, ElementTree.ParseError, ValueError, EOFError, OSError) as exc:
        return f"does not parse as {ext[1:]}: {exc}"
    return None


def text_of(name: str, data: bytes) -> str | None:
    """The readable text of a document (Office XML flattened to lines), or None for binaries."""
    ext = extension(name)
    if ext in OFFICE_TEXT:
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as zf:
                return "\n".join(_xml_text(_read_member(zf, m)) for m in _members(zf, OFFICE_TEXT[ext]))
        except (zipfile.BadZipFile, ElementTree.ParseError, ValueError, EOFError, OSError):
            return None
    if b"\0" in data[:8192]:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None
