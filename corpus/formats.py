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
import zlib
from xml.etree import ElementTree
from xml.parsers import expat

from oafreeze.plumbing.errors import BadInput
from oafreeze.plumbing import canonical, safeyaml

MAX_MEMBER = 64 << 20
# What one Office package may unpack to in all (its members' declared sizes, which also
# bound what zipfile will inflate): more than this is a zip bomb, not a document.
MAX_UNPACKED = 256 << 20
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


def _xml_events(data: bytes):
    """(event, element) pairs of a streamed parse. An element is dropped from its parent
    once ended, so memory stays bounded by the text kept, not by the number of elements."""
    parser = ElementTree.XMLPullParser(events=("start", "end"))
    stack: list = []
    step = 1 << 20
    for start in range(0, len(data) + step, step):
        chunk = data[start:start + step]
        if chunk:
            parser.feed(chunk)
        else:
            parser.close()  # raises ParseError for a document that ends too early
        for event, node in parser.read_events():
            if event == "start":
                stack.append(node)
            yield event, node
            if event == "end":
                stack.pop()
                if stack:
                    stack[-1].remove(node)
        if not chunk:
            return


def _xml_ok(data: bytes) -> None:
    """Raise ExpatError unless `data` is well-formed XML (expat alone: no tree is built)."""
    parser = expat.ParserCreate()

    def no_dtd(*_args) -> None:
        # Office XML never carries a DTD; one here can only be an entity trick.
        raise ValueError("has a DOCTYPE (entity declarations are not allowed in Office XML)")

    parser.StartDoctypeDeclHandler = no_dtd
    parser.Parse(data, True)


def _xml_text(data: bytes) -> str:
    out: list[str] = []
    for event, node in _xml_events(data):
        tag = node.tag.rsplit("}", 1)[-1] if isinstance(node.tag, str) else ""
        if event == "start":
            if tag == "tab":
                out.append("\t")
            continue
        if tag in ("t", "v") and node.text:
            out.append(node.text)
        if tag in _BREAK:
            out.append("\n")
    return "".join(out)


def _unsafe_member(zf: zipfile.ZipFile) -> str | None:
    """Why the package is hostile (a member outside it, or a bomb), or None."""
    total = 0
    for info in zf.infolist():
        name = info.filename
        parts = name.replace("\\", "/").split("/")
        if name.startswith(("/", "\\")) or ".." in parts or (len(name) > 1 and name[1] == ":") or "\0" in name:
            return f"member {name!r} points outside the package"
        total += info.file_size
    if total > MAX_UNPACKED:
        return f"unpacks to {total} bytes (limit {MAX_UNPACKED}): a zip bomb, not a document"
    return None


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
                hostile = _unsafe_member(zf)
                if hostile:
                    return f"not a safe {ext} package: {hostile}"
                names = set(zf.namelist())
                for required in ("[Content_Types].xml", OFFICE_MAIN[ext]):
                    if required not in names:
                        return f"not a {ext} package: {required} is missing"
                    _xml_ok(_read_member(zf, required))
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
    except (zipfile.BadZipFile, ElementTree.ParseError, expat.ExpatError, ValueError, EOFError, OSError,
            NotImplementedError, RuntimeError, zlib.error) as exc:
        # unsupported compression method, encrypted member, corrupt deflate stream
        return f"does not parse as {ext[1:]}: {exc}"
    return None


def text_of(name: str, data: bytes) -> str | None:
    """The readable text of a document (Office XML flattened to lines), or None for binaries."""
    ext = extension(name)
    if ext in OFFICE_TEXT:
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as zf:
                if _unsafe_member(zf):
                    return None
                return "\n".join(_xml_text(_read_member(zf, m)) for m in _members(zf, OFFICE_TEXT[ext]))
        except (zipfile.BadZipFile, ElementTree.ParseError, ValueError, EOFError, OSError, NotImplementedError,
                RuntimeError, zlib.error):
            return None
    if b"\0" in data[:8192]:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None
