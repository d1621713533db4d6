"""What a workspace document holds: its text, part by part, from every format we read.

`extract(name, data)` reads PDF (through pypdf), .docx, .xlsx, .pptx (and the macro-enabled,
template and slide-show forms Office saves beside them: .docm, .dotx, .xlsm, .potx, ...), OpenDocument (.odt,
.ods, .odp, and their flat XML forms .fodt, .fods, .fodp), RTF (corpus/rtf.py), .eml (with its attachments), calendar entries and contact
cards (.ics, .vcs, .vcf: corpus/contentlines.py), HTML pages (their words, comments and link addresses,
not their markup), EPUB books (their chapters in reading order), news feeds (.atom, .rss), archives
member by member (.zip with its comments, .tar, and one compressed file: .gz, .bz2, .xz, .tgz) and
UTF-8 text formats, and says which part of the document (a page, a sheet, a footnotes part, an
attachment's page) each line of text came from. `problem(name, data)` says why a file does not parse
as its name promises; `created(name, data)` reads the day the file's own metadata says it was made.

Workspaces come from outside and are read by the audit before anyone has looked at
them, so every read is bounded. A hostile or broken file yields status "unreadable"
and a `problem`, never an exception and never a hang:

- zip packages (Office, OpenDocument, EPUB): at most MAX_MEMBERS members, MAX_UNPACKED bytes
  unpacked in all (the members' declared sizes, checked before anything is inflated, and the bytes really
  inflated, counted as they come), MAX_MEMBER bytes for one part that is parsed; no
  member outside the package ('..', absolute, drive or NUL names). A tar archive or a compressed
  file is held to the same limits; a tar's links and devices are not read.
- XML: parsed by expat, streamed, with any DOCTYPE refused (Office XML never has one,
  so a DOCTYPE can only be an entity expansion or external-entity trick).
- PDF: every deflate stream in the file is measured before pypdf sees it
  (MAX_PDF_STREAM each, MAX_PDF_INFLATED in all; pypdf 5 has no decompression limit
  of its own); pypdf's own limits are tightened where the installed version has them;
  at most MAX_PAGES pages, MAX_PAGE_CONTENT bytes of content on one page and
  MAX_CONTENT on all pages together (pypdf parses page content at well under 1 MB/s,
  so this is what bounds the time of a legitimate-looking file).
- .eml: attachments are extracted recursively, MAX_DEPTH deep; at most MAX_EML_PARTS MIME
  parts and MAX_MIME_BOUNDARIES multipart containers, counted before the parser runs.
- a PDF's bookmarks: at most MAX_BOOKMARKS, MAX_BOOKMARK_DEPTH levels deep, each read once (an
  outline that loops back on itself is read up to the loop).
- every extracted document: at most MAX_CHARS characters of text, and PDFs and e-mails
  (the formats whose parsers are not linear) at most DEADLINE_SECONDS of wall time.

Office packages are read where an agent may look, not only where a page shows: comments, speaker
notes, sheet names, text no cell shows, the document properties (title, subject, description,
keywords; custom properties) and the addresses the package links to outside itself (hyperlinks, an
attached template). A PDF's bookmarks and document information (title, subject, keywords, author)
are read too.
Those parts come after the body, so body lines keep their numbers. An Office file whose main part
is declared another kind (a macro-enabled .docm, or a template, saved as .docx) has a problem:
Office refuses it.

Only the standard library and pypdf.
"""

from __future__ import annotations

import base64
import binascii
import bisect
import bz2
import contextlib
import datetime as dt
import ctypes
import email
import email.headerregistry
import email.policy
import email.utils
import functools
import gzip
import html
import inspect
import io
import itertools
import json
import logging
import lzma
import mimetypes
import os
import time
import posixpath
import re
import struct
import tarfile
import threading
import urllib.parse
import zipfile
import zlib
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import NamedTuple
from urllib.parse import unquote
from xml.parsers import expat

from oafreeze.corpus import contentlines, edi, markup, outlookmsg, plists, rtf, shelllinks, wordperfect
from oafreeze.plumbing.hashing import sha256_bytes

TEXT, BINARY, NO_TEXT_LAYER, UNREADABLE = "text", "binary", "no-text-layer", "unreadable"

MIB = 1 << 20
MAX_MEMBER = 64 * MIB
# What one Office package may unpack to in all (its members' declared sizes, which also
# bound what zipfile will inflate): more than this is a zip bomb, not a document.
MAX_UNPACKED = 256 * MIB
# Real Office files have tens to a few hundred members; the zip directory is parsed
# into memory before anything else, so its length is checked first.
MAX_MEMBERS = 10_000
# About 4,000 dense pages. A cap on what a single document may expand to, not on what a
# plain text file holds (that is decoded as is, as large as the caller lets it be).
MAX_CHARS = 10_000_000
MAX_PAGES = 5_000
# Decoded page content (the operators pypdf interprets for text). A text page carries
# 3-30 KB; a 4 MiB page is a drawing or an attack.
MAX_PAGE_CONTENT = 4 * MIB
MAX_CONTENT = 16 * MIB
# Any one deflate stream (images included) and all of them together, measured without
# keeping the output.
MAX_PDF_STREAM = 128 * MIB
MAX_PDF_INFLATED = 1024 * MIB
# What pypdf may decode from one stream while reading text (content, forms, object
# streams, font maps); images are not decoded for text.
PYPDF_STREAM_LIMIT = 32 * MIB
MAX_DEPTH = 5
# Python's e-mail parser spends about 0.3 ms a MIME part and, for nested multiparts,
# time that grows with the square of the nesting; both are counted in the raw bytes
# before it runs.
MAX_EML_PARTS = 1_000
MAX_MIME_BOUNDARIES = 200
# The last resort: every deterministic bound above should trip first.
DEADLINE_SECONDS = 60.0

# The forms Office saves beside the plain ones (macro-enabled, templates, slide shows): the same package,
# read the same way, each with a main content type of its own (MAIN_TYPES). Word opens a .dotx or .docm
# as it does a .docx, so its text is what the agent reads.
OFFICE_KIND = {".docx": ".docx", ".docm": ".docx", ".dotx": ".docx", ".dotm": ".docx",
               ".xlsx": ".xlsx", ".xlsm": ".xlsx", ".xltx": ".xlsx", ".xltm": ".xlsx",
               ".pptx": ".pptx", ".pptm": ".pptx", ".potx": ".pptx", ".potm": ".pptx", ".ppsx": ".pptx", ".ppsm": ".pptx"}
OFFICE_MAIN = {ext: {".docx": "word/document.xml", ".xlsx": "xl/workbook.xml", ".pptx": "ppt/presentation.xml"}[kind]
               for ext, kind in OFFICE_KIND.items()}
# OpenDocument (LibreOffice, Google Docs' export): the package's media type, by extension.
ODF_TYPES = {".odt": "application/vnd.oasis.opendocument.text",
             ".ods": "application/vnd.oasis.opendocument.spreadsheet",
             ".odp": "application/vnd.oasis.opendocument.presentation"}
# Flat OpenDocument (one XML file holding the package's parts, as LibreOffice saves a document
# for version control), by the packaged format it flattens.
FLAT_ODF = {".fodt": ".odt", ".fods": ".ods", ".fodp": ".odp"}
# EPUB: a zip whose container names its package document (the OPF), whose spine lists the chapters.
EPUB_CONTAINER = "META-INF/container.xml"
# The parts a package of each format must have (parsed as XML before anything else is read).
# XPS (what Windows' "Microsoft XPS Document Writer" prints: OpenXPS, ECMA-388, and the Microsoft XPS
# before it): an Open Packaging package whose fixed pages hold the printed text.
XPS_EXTENSIONS = (".oxps", ".xps")
REQUIRED_PARTS = {**{ext: ("[Content_Types].xml", main) for ext, main in OFFICE_MAIN.items()},
                  **{ext: ("content.xml",) for ext in ODF_TYPES}, ".epub": (EPUB_CONTAINER,),
                  **{ext: ("[Content_Types].xml", "_rels/.rels") for ext in XPS_EXTENSIONS}}
TEXT_EXTENSIONS = {".md", ".txt", ".markdown", ".csv", ".json", ".jsonl", ".ndjson", ".yaml", ".yml", ".html", ".htm",
                   ".xml"}


@dataclass(frozen=True)
class Extraction:
    """What a document holds: a status, its text, where each part starts, and what is wrong.

    `problem` may be set while status is "text": the file reads but breaks its format's
    rules (invalid JSON, an e-mail with defects, an attachment that does not parse)."""

    status: str
    text: str | None = None
    parts: tuple[tuple[str, int], ...] = ()
    problem: str | None = None
    # Each attachment or archive member read: its part label and the SHA-256 of its bytes (a
    # reader can tell a copy of a file it knows, whose parts are labelled "<label>" or "<label> ...").
    sources: tuple[tuple[str, str], ...] = ()

    def spans(self) -> list[tuple[str, int, int]]:
        """Each part as (label, first line, line after its last), 1-based, in order."""
        count = (self.text or "").count("\n") + 1
        bounds = [first for _, first in self.parts] + [count + 1]
        return [(label, first, end) for (label, first), end in zip(self.parts, bounds[1:])]

    def part_at(self, line: int) -> str | None:
        """The label of the part holding 1-based `line` (None outside the text or its parts)."""
        if self.text is None or line < 1 or line > self.text.count("\n") + 1:
            return None
        at = bisect.bisect_right([first for _, first in self.parts], line) - 1
        return self.parts[at][0] if at >= 0 else None


def extension(name: str) -> str:
    """The lower-case extension of a file name, with its dot ('' if none)."""
    base = name.rsplit("/", 1)[-1]
    return "." + base.rsplit(".", 1)[1].lower() if "." in base.strip(".") else ""


def parsed(name: str) -> bool:
    """Whether reading a file of this name parses a format (PDF, Office, e-mail, ...), rather than
    decoding text: what is worth remembering between runs (decoding is quicker than the look-up)."""
    return extension(name) in _READERS


def extract(name: str, data: bytes) -> Extraction:
    """The text of a document, part by part; never raises on any bytes."""
    try:
        ext = extension(name)
        if ext in _SLOW or ext in _DATA_EXTENSIONS and _BASE64_BYTES.search(data) or \
                ext not in _READERS and _bundle(ext, data):  # a document inside is read too
            return _watched(DEADLINE_SECONDS, _read, name, data, _Budget(), 0)
        return _read(name, data, _Budget(), depth=0)
    except _Refused as exc:
        return Extraction(UNREADABLE, problem=str(exc))
    except _Overtime:
        return Extraction(UNREADABLE, problem=f"took longer than {DEADLINE_SECONDS:g} s to read (limit): "
                                              "too large, or built to stall a reader")
    except MemoryError:
        return Extraction(UNREADABLE, problem=f"does not parse as {extension(name)[1:]}: ran out of memory")


def problem(name: str, data: bytes) -> str | None:
    """Why the file does not parse in the format its name promises, or None if it does."""
    return extract(name, data).problem


# -- the shared machinery ------------------------------------------------------------------

class _Refused(Exception):
    """The document is refused: broken, hostile, or over a bound. Its message is the problem.

    `whole`: a bound shared by everything read for one file (its characters, its nesting) was
    crossed, so a message whose attachment crossed it is refused too; any other refusal of
    an attachment is that attachment's problem only."""

    def __init__(self, message: str, *, whole: bool = False) -> None:
        super().__init__(message)
        self.whole = whole


class _Overtime(BaseException):
    """Raised inside the reading thread when a document takes longer than DEADLINE_SECONDS.

    A BaseException so that a parser's broad `except Exception` cannot swallow it."""


class _Budget:
    """Characters still allowed for one top-level document, attachments included."""

    def __init__(self) -> None:
        self.chars = MAX_CHARS

    def spend(self, n: int) -> None:
        """Take `n` characters of the text kept."""
        self.chars -= n
        self.check(0)

    def check(self, n: int) -> None:
        """Refuse now if `n` more characters (a part still being parsed) would not fit."""
        if n > self.chars:
            raise _Refused(f"holds more than {MAX_CHARS:,} characters of text (limit): too large to read whole",
                           whole=True)


class _Text:
    """Text assembled part by part, remembering the first line of each part."""

    def __init__(self, budget: _Budget) -> None:
        self.lines: list[str] = []
        self.parts: list[tuple[str, int]] = []
        self.budget = budget
        self.problems: list[str] = []
        self.sources: list[tuple[str, str]] = []

    def add(self, label: str | None, text: str) -> None:
        """Append a part without its leading and trailing blank lines (nothing when it holds no
        visible text); every kind of line break becomes '\\n'."""
        lines = text.splitlines()
        visible = [i for i, line in enumerate(lines) if line.strip()]
        if not visible:
            return
        lines = lines[visible[0]:visible[-1] + 1]
        self.budget.spend(sum(len(line) + 1 for line in lines))
        if label is not None:
            self.parts.append((label, len(self.lines) + 1))
        self.lines.extend(lines)

    def add_extraction(self, label: str, inner: Extraction) -> None:
        """Append another document's text (an attachment), its part labels prefixed by `label`."""
        lines = (inner.text or "").split("\n")
        if not inner.parts or inner.parts[0][1] > 1:
            self.add(label, "\n".join(lines[:inner.parts[0][1] - 1] if inner.parts else lines))
        for sub, first, end in inner.spans():
            self.add(f"{label} {sub}", "\n".join(lines[first - 1:end - 1]))
        self.sources.extend((f"{label} {sub}", digest) for sub, digest in inner.sources)

    def result(self, empty_status: str = TEXT) -> Extraction:
        """The Extraction for what was added (`empty_status` when nothing visible was)."""
        if not self.lines and empty_status != TEXT:
            return Extraction(empty_status, problem=self.problems[0] if self.problems else None)
        return Extraction(TEXT, "\n".join(self.lines), tuple(self.parts), self.problems[0] if self.problems else None,
                          tuple(self.sources))


def _read(name: str, data: bytes, budget: _Budget, depth: int) -> Extraction:
    """One document by its extension (attachments are read through here too); raises _Refused."""
    ext = extension(name)
    reader = _READERS.get(ext)
    if reader is None and _bundle(ext, data):
        # A zip under an application's own name (a notes app's .textpack, a design tool's bundle): its members
        # are documents an agent can unpack. Read so when it reads whole; otherwise it stays what it was.
        try:
            inner = _zip(name, data, budget, depth)
        except _Refused:
            inner = None
        if inner is not None and inner.status == TEXT and inner.problem is None:
            return inner
    if reader is None:
        plain = _plain(name, ext, data)
        return _with_embedded(plain, budget, depth, ext) if ext in _DATA_EXTENSIONS and plain.status == TEXT else plain
    try:
        return reader(name, data, budget, depth)
    except RecursionError:
        raise _Refused(f"does not parse as {ext[1:]}: nested too deeply", whole=True) from None


def _bundle(ext: str, data: bytes) -> bool:
    """Whether a file no reader claims by its name is a zip archive (its local header first)."""
    return ext not in TEXT_EXTENSIONS and data[:4] == b"PK\x03\x04"


def saved_as_utf16(name: str, data: bytes) -> bool:
    """Whether a text format's file is saved as UTF-16 with its byte-order mark (Windows Notepad's
    "Unicode", Excel's "Unicode Text")."""
    return extension(name) in TEXT_EXTENSIONS and data[:2] in _UTF16_BOMS


_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


def _readable_utf16(data: bytes) -> bool:
    """Whether bytes that open with a UTF-16 byte-order mark read as text (a binary format can open
    with the same two bytes), judged on their first 64 KiB."""
    head = data[:1 << 16]
    try:
        text = head.decode("utf-16", "strict" if len(data) <= len(head) else "ignore")
    except UnicodeDecodeError:
        return False
    shown = sum(ch.isprintable() or ch in "\n\r\t\ufeff" for ch in text)
    return bool(text.strip("\ufeff").strip()) and shown >= 0.97 * len(text)


def _plain(name: str, ext: str, data: bytes) -> Extraction:
    """UTF-8 text formats as they are, and text saved as UTF-16 with its byte-order mark (Windows
    Notepad's "Unicode", and what Windows tools export in it: a Registry Editor's .reg, a setup .inf);
    other files are binary unless they decode as UTF-8."""
    if data[:2] in _UTF16_BOMS and ext not in TEXT_EXTENSIONS and _readable_utf16(data):
        try:
            text = data.decode("utf-16").removeprefix("\ufeff")
        except UnicodeDecodeError:  # text at its start, not throughout
            return Extraction(BINARY)
        return Extraction(TEXT, "\n".join(text.splitlines()))
    if ext in TEXT_EXTENSIONS and data[:2] in _UTF16_BOMS:
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError as exc:
            return Extraction(UNREADABLE, problem=f"not UTF-16 throughout, though it begins as UTF-16 (byte {exc.start})")
        text = text.removeprefix("\ufeff")
        # XML is checked in its own bytes (its declaration may say UTF-16); JSON and YAML as UTF-8 text.
        raw = data if ext == ".xml" else text.encode("utf-8")
        return Extraction(TEXT, "\n".join(text.splitlines()), (), _data_problem(name, ext, raw))
    # A NUL makes an unknown file binary; in a .md it is still text the agent can read.
    if ext not in TEXT_EXTENSIONS and b"\0" in data[:8192]:
        return Extraction(BINARY)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if ext in TEXT_EXTENSIONS:
            return Extraction(UNREADABLE, problem=f"not UTF-8 (byte {exc.start})")
        return Extraction(BINARY)
    text = "\n".join(text.removeprefix("\ufeff").splitlines())
    if text.startswith("LEDES1998B"):  # a law firm's e-billing invoice, in a .txt as the standard names it
        return Extraction(TEXT, edi.ledes(text))
    return Extraction(TEXT, text, (), _data_problem(name, ext, data))


def _data_problem(name: str, ext: str, data: bytes) -> str | None:
    """Why a JSON, YAML or XML file is invalid (the library's own strict readers decide; XML is
    checked for well-formedness by expat, a DOCTYPE left alone)."""
    if ext == ".xml":
        try:
            _parse_xml(data, name)
        except _Refused as exc:
            said = str(exc)  # "<name> is not well-formed XML (<why>, line N)"
            return None if "DOCTYPE" in said else said[said.find(" is not ") + 4:]
        return None
    if ext not in (".json", ".jsonl", ".ndjson", ".yaml", ".yml"):
        return None
    # Imported here: these modules are moving, and the rest of this module does not need them.
    from oafreeze.plumbing import canonical, safeyaml

    try:
        if ext == ".json":
            canonical.loads_strict(data, name)
        elif ext in (".jsonl", ".ndjson"):  # JSON Lines: every line that is not blank is one JSON value
            for number, line in enumerate(data.splitlines(), 1):
                if line.strip():
                    try:
                        canonical.loads_strict(line, name)
                    except Exception as exc:  # the library's BadInput
                        return f"line {number} is not one JSON value: {_said(exc)}"
        else:
            safeyaml.load_all(data, name)  # a stream of documents is valid YAML
    except Exception as exc:  # the library's BadInput, whatever its module
        return _said(exc)
    return None


def _said(exc: Exception) -> str:
    """What the library's error says: its first problem's message."""
    problems = getattr(exc, "problems", None)
    return problems[0].message if problems else getattr(exc, "message", str(exc))


# -- the watchdog --------------------------------------------------------------------------

def _async_raiser():
    """PyThreadState_SetAsyncExc, typed to raise an exception in another thread.

    It is never called to clear one (with NULL): CPython then leaves its "asynchronous exception"
    signal set with nothing to deliver, which slows every later call and, under a tracer or a
    profiler (coverage, a debugger, cProfile), spins the interpreter forever at the next call."""
    try:
        return ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.c_ulong, ctypes.py_object)(
            ("PyThreadState_SetAsyncExc", ctypes.pythonapi))
    except (AttributeError, OSError):  # not CPython
        return None


_RAISE = _async_raiser()


def _land() -> None:
    """Nothing: a call is where a pending stop is delivered (at the call's entry)."""


class _Watcher:
    """One thread a process that stops the reads running past their deadline.

    Pure-Python parsers cannot be stopped from outside except by an exception injected into
    their thread; a per-call trace hook would slow every read about threefold, and a thread
    started for every read costs more than reading a small e-mail. The stop is re-sent every
    half second, because it can be lost: a parser may catch it, and one that lands in a
    finalizer or a garbage-collector callback is swallowed there (Python prints "Exception
    ignored in ..."). A forked child starts afresh: the parent's thread is not in it.

    A stop is sent only while the watchdog holds the lock and the read is still watched, and lands
    where the reading thread next checks for one: a Python call's entry, a loop's jump, the return
    of a call into C (so also right after `stop` takes the lock, if one was sent just before). So
    `stop` takes the read out under the lock and always lets the lock go; a stop that landed on the
    way propagates, and the caller calls `stop` again (`_watched`). Once the read is out no stop can
    be sent to it, and if one ever was, `stop` makes a call of its own for a pending one to land in."""

    RESEND = 0.5

    def __init__(self) -> None:
        self._reset()
        os.register_at_fork(after_in_child=self._reset)

    def _reset(self) -> None:
        self.lock = threading.RLock()
        self.cond = threading.Condition(self.lock)
        self.reads: dict[int, list] = {}  # token: [thread id, deadline, whether a stop was sent]
        self.tokens = itertools.count()
        self.thread: threading.Thread | None = None

    def start(self, seconds: float) -> int:
        """Watch the calling thread from now on; the token to `stop` with."""
        with self.cond:
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="oafreeze-extract-watchdog", daemon=True)
                self.thread.start()
            token = next(self.tokens)
            self.reads[token] = [threading.get_ident(), time.monotonic() + seconds, False]
            self.cond.notify()
        return token

    def stop(self, token: int) -> None:
        """Stop watching; no stop is pending for the thread once it returns. A stop sent before
        may land on the way in (the caller calls again: `_watched`)."""
        try:
            self.lock.acquire()
            read = self.reads.pop(token, None)
        finally:  # (nothing more can be sent while the lock is held: no second stop lands here)
            if self.lock._is_owned():
                self.lock.release()
        if read is not None and read[2]:
            try:
                _land()
            except _Overtime:
                pass

    def _run(self) -> None:
        with self.cond:
            while True:
                if not self.reads:
                    self.cond.wait()
                    continue
                now = time.monotonic()
                due = min(deadline for _, deadline, _ in self.reads.values())
                if due > now:
                    self.cond.wait(due - now)
                    continue
                for read in self.reads.values():
                    if read[1] <= now:
                        _RAISE(read[0], _Overtime)
                        read[1], read[2] = now + self.RESEND, True


_WATCHER = _Watcher() if _RAISE is not None else None


def _watched(seconds: float, read, *args):
    """read(*args), stopped with _Overtime if it runs longer than `seconds` (see _Watcher)."""
    if _WATCHER is None:
        return read(*args)
    token = _WATCHER.start(seconds)
    try:
        return read(*args)
    finally:
        while True:
            try:
                _WATCHER.stop(token)
                break
            except _Overtime:  # a stop sent just before landed on the way in: stop again
                continue


# -- XML -----------------------------------------------------------------------------------

def _local(tag: str) -> str:
    return tag.rpartition(":")[2]


def _attr(attrs: dict, local: str, prefixed: bool = False) -> str | None:
    """An attribute by local name (`prefixed`: only a namespaced one, like r:id)."""
    for key, value in attrs.items():
        if _local(key) == local and (not prefixed or ":" in key):
            return value
    return None


def _parse_xml(data: bytes, part: str, start=None, end=None, text=None, namespaces: bool = False) -> None:
    """Stream `data` through expat with the given handlers; a DOCTYPE is refused. With `namespaces`,
    a tag is its namespace's URI and its local name, a space between."""
    parser = expat.ParserCreate(namespace_separator=" ") if namespaces else expat.ParserCreate()

    def no_dtd(*_args) -> None:
        raise _Refused(f"{part} has a DOCTYPE (entity declarations are not allowed in Office XML)")

    parser.StartDoctypeDeclHandler = no_dtd
    parser.EntityDeclHandler = no_dtd
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.buffer_text = True
    if start:
        parser.StartElementHandler = start
    if end:
        parser.EndElementHandler = end
    if text:
        parser.CharacterDataHandler = text
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        raise _Refused(f"{part} is not well-formed XML ({expat.ErrorString(exc.code)}, line {exc.lineno})") from None
    except (LookupError, ValueError) as exc:  # an XML declaration naming an encoding Python lacks, or a bad one
        raise _Refused(f"{part} is not readable XML ({exc})") from None


class _Runs:
    """Text of WordprocessingML / DrawingML: runs of w:t / a:t, paragraphs as lines."""

    TEXT = {"t", "delText"}  # deleted revisions are still in the file an agent opens
    BREAK = {"p", "tr", "br", "cr"}

    def __init__(self, budget: _Budget, text: set[str] | None = None) -> None:
        if text is not None:  # another part's text elements (a comment's <text>), each its own line
            self.TEXT = set(text)
            self.BREAK = self.BREAK | (self.TEXT - {"t"})
        self.out: list[str] = []
        self.depth = 0  # inside a text element
        self.budget = budget
        self.size = 0
        self.alt = ""

    def start(self, tag: str, attrs: dict) -> None:
        local = _local(tag)
        if local in self.TEXT:
            self.depth += 1
        elif local == "tab":
            self.out.append("\t")
        elif local in ("docPr", "cNvPr"):
            # A picture's or shape's alternative text: what a screen reader, and an agent reading the
            # file's XML, is told it shows (a shape's properties repeat its drawing's: said once).
            alt = " ".join(" ".join(v.split()) for k in ("title", "descr") if (v := _attr(attrs, k)) and v.strip())
            if alt and alt != self.alt:
                self.alt = alt
                self.size += len(alt) + 2
                self.budget.check(self.size)
                self.out.append(f"\n{alt}\n")

    def end(self, tag: str) -> None:
        local = _local(tag)
        if local in self.TEXT:
            self.depth -= 1
        if local in self.BREAK:
            self.out.append("\n")

    def text(self, data: str) -> None:
        if self.depth > 0:
            self.size += len(data)
            self.budget.check(self.size)
            self.out.append(data)

    def read(self, data: bytes, part: str) -> str:
        quick = _quick_runs(data, part, frozenset(self.TEXT), frozenset(self.BREAK))
        if quick is not None:
            self.budget.check(len(quick))
            return quick
        _parse_xml(data, part, self.start, self.end, self.text)
        return "".join(self.out)


# _Runs reads a part through expat's events, one Python call per element: most of a document's
# elements (runs, their properties, fonts, sizes) carry nothing it keeps. `_quick_runs` gives the
# same text for a plain part with far fewer calls: expat still reads the whole part first (so a
# part that is not well-formed XML, or has a DOCTYPE, is refused as before), then one regular
# expression finds only the elements _Runs acts on. A part this cannot read exactly as expat's
# events would (another encoding, comments, CDATA, processing instructions, markup inside a text
# element) returns None and is read through the events.
_XML_ENCODING = re.compile(rb"""^<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._-]+)["']""")
_XML_ENTITY = re.compile(r"&(?:#x([0-9A-Fa-f]+)|#([0-9]+)|(amp|lt|gt|quot|apos));")
_XML_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}
_TAG_REST = re.compile(r"""((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(/?)>""")
_ATTRIBUTE = re.compile(r"""([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")


def _xml_unescape(text: str) -> str:
    if "&" not in text:
        return text
    return _XML_ENTITY.sub(lambda m: chr(int(m[1], 16)) if m[1] else chr(int(m[2])) if m[2] else _XML_NAMED[m[3]],
                           text)


@functools.lru_cache(maxsize=8)
def _run_tags(names: frozenset[str]) -> re.Pattern:
    alternatives = "|".join(sorted(map(re.escape, names), key=len, reverse=True))
    return re.compile(rf"<(/?)(?:[^\s<>/:!?]+:)?({alternatives})(?=[\s/>])")


# A Word or PowerPoint part's own text elements with their whole content, its paragraph, row and line
# ends, and its tabs, in document order: one regular expression, every match turned into its text by
# one comprehension, and the entities of the whole read at once (each lies within one text element).
# (The prefix is matched possessively, and "<" once for every alternative: twice as fast as without.)
_P = r"(?:[^\s<>/:!?]++:)?+"
_ATTRS = r"""(?:\s(?:[^>"']|"[^"]*"|'[^']*')*)?"""
_PLAIN_RUNS = re.compile(rf"<(?:{_P}(?:t|delText){_ATTRS}(?<!/)>([^<]*+)</{_P}(?:t|delText)\s*>|"
                         rf"(/{_P}(?:p|tr|br|cr)\s*>|{_P}(?:p|tr|br|cr){_ATTRS}/>)|({_P}tab(?=[\s/>])))")
_TEXT_OPENED = re.compile(rf"<{_P}(?:t|delText)(?=[\s>]){_ATTRS}(?<!/)>")


def _plain_runs(doc: str) -> str | None:
    """_Runs' text of a part with the default text and break elements and no alternative text, or None
    when a text element holds markup (read element by element instead)."""
    found = _PLAIN_RUNS.findall(doc)
    if sum(1 for _t, b, c in found if not b and not c) != len(_TEXT_OPENED.findall(doc)):
        return None  # a text element whose content is not plain text
    return _xml_unescape("".join([t or ("\n" if b else "\t" if c else "") for t, b, c in found]))


def _quick_runs(data: bytes, part: str, text: frozenset[str], breaks: frozenset[str]) -> str | None:
    """_Runs' text of a plain UTF-8 part, or None when only expat's events read it exactly. The part is
    checked first with its namespaces read: a prefix no declaration binds ("w14:paraId" left after a
    script stripped the declaration) makes it XML that Word refuses to open."""
    _parse_xml(data, part, namespaces=True)
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    declared = _XML_ENCODING.match(data)
    if declared and declared[1].lower() not in (b"utf-8", b"utf8"):
        return None
    if not data.startswith(b"<") or b"<!--" in data or b"<![CDATA[" in data or data.find(b"<?", 1) >= 0:
        return None
    try:
        doc = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if "\r" in doc:  # as an XML parser reads line ends
        doc = doc.replace("\r\n", "\n").replace("\r", "\n")
    if text == _Runs.TEXT and breaks == _Runs.BREAK and "docPr" not in doc and "cNvPr" not in doc:
        plain = _plain_runs(doc)  # the common case: a part with no picture's alternative text
        if plain is not None:
            return plain
    out: list[str] = []
    alt = ""
    find, tags, rest = doc.find, _run_tags(text | breaks | {"tab", "docPr", "cNvPr"}), _TAG_REST.match
    pos = 0
    while m := tags.search(doc, pos):
        name = m[2]
        if m[1]:  # an end tag
            pos = find(">", m.end()) + 1
            if name in breaks:
                out.append("\n")
            continue
        r = rest(doc, m.end())
        if r is None:
            return None
        pos, closed = r.end(), bool(r[2])
        if name in text:
            if not closed:
                end = find("<", pos)
                if not doc.startswith("</", end):
                    return None  # markup inside a text element
                out.append(_xml_unescape(doc[pos:end]))
                pos = find(">", end) + 1
            if name in breaks:
                out.append("\n")
            continue
        if name == "tab":
            out.append("\t")
        elif name in ("docPr", "cNvPr"):
            attrs = [(k.rpartition(":")[2], _xml_unescape(v or w))
                     for k, v, w in _ATTRIBUTE.findall(r[1])]
            said = [next((v for k, v in attrs if k == key), None) for key in ("title", "descr")]
            described = " ".join(" ".join(v.split()) for v in said if v and v.strip())
            if described and described != alt:
                alt = described
                out.append(f"\n{alt}\n")
        if closed and name in breaks:
            out.append("\n")
    return "".join(out)


def _runs(data: bytes, part: str, budget: _Budget) -> str:
    return _Runs(budget).read(data, part)


def _rels(data: bytes | None, part: str, base: str) -> dict[str, str]:
    """Relationship id -> package path of the target, for a .rels part whose source lives in `base`."""
    out: dict[str, str] = {}
    if data is None:
        return out

    def start(tag: str, attrs: dict) -> None:
        if _local(tag) == "Relationship" and attrs.get("Id") and attrs.get("Target") \
                and attrs.get("TargetMode") != "External":
            out[attrs["Id"]] = _join(base, attrs["Target"])

    _parse_xml(data, part, start=start)
    return out


def _join(base: str, target: str) -> str:
    """A relationship target resolved against its source's folder ('' for the package's root), as a
    package path."""
    parts = [] if target.startswith("/") else [piece for piece in base.split("/") if piece]
    for piece in target.lstrip("/").split("/"):
        if piece == "..":
            if parts:
                parts.pop()
        elif piece not in ("", "."):
            parts.append(piece)
    return "/".join(parts)


# -- Office packages -----------------------------------------------------------------------

def _natural(name: str) -> list:
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", name)]


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


def _stored_twice(names: list[str]) -> str | None:
    """A member name a package holds twice (part names compare without case, as OPC and ODF
    readers look them up), or None: one program opens the first copy, another the last."""
    seen: set[str] = set()
    for name in names:
        key = name.replace("\\", "/").casefold()
        if key in seen and not name.endswith("/"):
            return name
        seen.add(key)
    return None


def _safe_zip(ext: str, data: bytes) -> zipfile.ZipFile:
    """A package opened as a zip once it is known to hold at most MAX_MEMBERS members, none of
    them outside it; _Refused otherwise."""
    # Every central-directory record starts with this signature, so the count bounds the
    # number of members before zipfile builds one object per member.
    if data.count(b"PK\x01\x02") > MAX_MEMBERS:
        raise _Refused(f"not a safe {ext} package: more than {MAX_MEMBERS} members")
    zf = zipfile.ZipFile(io.BytesIO(data))
    hostile = _unsafe_member(zf)
    if hostile:
        zf.close()
        raise _Refused(f"not a safe {ext} package: {hostile}")
    return zf


class _Members(dict):
    """The members _read_package kept, by name; `names` holds the name of every member the package
    stores (under both names when the main part is stored under another)."""

    names: frozenset[str] = frozenset()


def _read_package(ext: str, data: bytes, wanted) -> _Members:
    """Check an Office package whole (safety, required parts, every member's CRC) and return
    the members `wanted(name)` selects, each at most MAX_MEMBER bytes."""
    try:
        with _safe_zip(ext, data) as zf:
            names = set(zf.namelist())
            twice = _stored_twice(zf.namelist())
            if twice:
                raise _Refused(f"not a valid {ext} package: {twice!r} is stored twice, and programs disagree "
                               "which copy is the document")
            # The main part is where the package's relationships say it is: Word opens a document whose
            # main part is stored as word/document2.xml. It is read under its usual name.
            alias = _main_alias(ext, zf, names)
            for required in REQUIRED_PARTS[ext]:
                if required not in names and required not in alias.values():
                    raise _Refused(f"not a {ext} package: {required} is missing")
            kept = _Members()
            kept.names = frozenset(names | set(alias.values()))
            inflated = 0
            for info in zf.infolist():
                name = alias.get(info.filename, info.filename)
                if name != info.filename and name in names:
                    continue  # the usual name is there too: the aliased part is not read as it
                keep = name in REQUIRED_PARTS[ext] or wanted(name)
                if keep and info.file_size > MAX_MEMBER:
                    raise _Refused(f"not a safe {ext} package: {info.filename} unpacks to {info.file_size} bytes "
                                   f"(limit {MAX_MEMBER})")
                chunks: list[bytes] = []
                size = 0
                # Reading to the end checks the CRC. zipfile stops at the declared size; the
                # bytes are counted anyway, so the bound holds whatever the directory says.
                with zf.open(info) as fh:
                    while chunk := fh.read(MIB):
                        inflated += len(chunk)
                        size += len(chunk)
                        if inflated > MAX_UNPACKED or (keep and size > MAX_MEMBER):
                            raise _Refused(f"not a safe {ext} package: inflates past its declared size "
                                           f"(limit {MAX_UNPACKED}): a zip bomb, not a document")
                        if keep:
                            chunks.append(chunk)
                if keep:
                    kept[name] = b"".join(chunks)
    except _Refused:
        raise
    except (zipfile.BadZipFile, ValueError, EOFError, OSError, NotImplementedError, RuntimeError, zlib.error,
            KeyError, IndexError, OverflowError) as exc:
        # unsupported compression method, encrypted member, corrupt deflate stream, bad CRC
        raise _Refused(f"does not parse as {ext[1:]}: {exc}") from None
    for required in REQUIRED_PARTS[ext]:
        _parse_xml(kept[required], required)
    return kept


_OFFICE_DOCUMENT = "/officeDocument"  # the end of the main part's relationship type (either OOXML namespace)


def _main_alias(ext: str, zf: zipfile.ZipFile, names: set[str]) -> dict[str, str]:
    """{stored name: usual name} for an Office package whose main part is stored under another name
    that its package relationships (_rels/.rels) point at, with that part's own relationships;
    empty when the main part has its usual name or nothing points elsewhere."""
    main = OFFICE_MAIN.get(ext)
    rels = zf.NameToInfo.get("_rels/.rels")
    if main is None or main in names or rels is None or rels.file_size > MAX_MEMBER:
        return {}
    targets: list[str] = []

    def start(tag: str, attrs: dict) -> None:
        if _local(tag) == "Relationship" and (attrs.get("Type") or "").endswith(_OFFICE_DOCUMENT) \
                and (attrs.get("TargetMode") or "Internal") == "Internal":
            targets.append(posixpath.normpath((attrs.get("Target") or "").lstrip("/")))

    _parse_xml(zf.read(rels), "_rels/.rels", start=start)
    target = targets[0] if len(targets) == 1 else None
    if target is None or target not in names or target.startswith("..") or not target.endswith(".xml"):
        return {}

    def rels_of(part: str) -> str:
        folder, leaf = posixpath.split(part)
        return posixpath.join(folder, "_rels", leaf + ".rels")

    return {target: main, rels_of(target): rels_of(main)}


# Document properties: text an agent sees under File > Properties (or reads from the zip) that
# no page shows. Dates and counts are left out: they are the file's history, not its content.
PROPERTY_PARTS = ("docProps/core.xml", "docProps/custom.xml")
# Who made and last saved the file are read too: an address there is as published as one on a page.
CORE_FIELDS = ("title", "subject", "description", "keywords", "category", "contentStatus", "creator", "lastModifiedBy")
# Custom properties of these value types are text or numbers; dates and blobs are not read.
CUSTOM_VALUES = {"lpwstr", "lpstr", "bstr", "i1", "i2", "i4", "i8", "int", "ui1", "ui2", "ui4", "ui8", "uint",
                 "r4", "r8", "decimal", "cy"}


def _fields(data: bytes, part: str, budget: _Budget, field, value=None) -> str:
    """Lines 'name: value' for the elements of a flat XML part: `field(local, attrs)` names an
    element whose text is a value (None: not one); `value(local)`, when given, says which child
    element of such a field holds its text."""
    lines: list[str] = []
    state: dict = {"name": None, "reading": False, "buf": [], "size": 0}

    def start(tag: str, attrs: dict) -> None:
        local = _local(tag)
        if state["name"] is None:
            name = field(local, attrs)
            if name is not None:
                state.update(name=name, tag=local, buf=[], reading=value is None)
        elif value is not None and value(local):
            state["reading"] = True

    def end(tag: str) -> None:
        local = _local(tag)
        if state["name"] is not None and local == state["tag"]:
            text = " ".join("".join(state["buf"]).split())
            if text:
                lines.append(f"{state['name']}: {text}")
            state.update(name=None, reading=False)
        elif value is not None and value(local):
            state["reading"] = False

    def text(data: str) -> None:
        if state["reading"]:
            state["size"] += len(data)
            budget.check(state["size"])
            state["buf"].append(data)

    _parse_xml(data, part, start, end, text)
    return "\n".join(lines)


def _add_properties(out: _Text, members: dict[str, bytes], budget: _Budget) -> None:
    """The package's core and custom document properties, each as a part of its own, then the
    addresses it links to outside itself."""
    core = members.get("docProps/core.xml")
    if core is not None:
        out.add("docProps/core.xml", _fields(core, "docProps/core.xml", budget,
                                             lambda local, _a: local if local in CORE_FIELDS else None))
    custom = members.get("docProps/custom.xml")
    if custom is not None:
        out.add("docProps/custom.xml", _fields(
            custom, "docProps/custom.xml", budget,
            lambda local, attrs: (attrs.get("name") or "property") if local == "property" else None,
            lambda local: local in CUSTOM_VALUES))
    out.add(EXTERNAL_LINKS, "\n".join(_external_targets(members)))


# Addresses a package points at outside itself (hyperlinks, an attached template, a linked
# workbook): shown when the agent hovers or follows them, so read as a part of their own.
EXTERNAL_LINKS = "external links"


def _external_targets(members: dict[str, bytes]) -> list[str]:
    """Every external relationship target of the package's .rels parts, once each, in part order."""
    found: dict[str, None] = {}

    def start(tag: str, attrs: dict) -> None:
        target = attrs.get("Target")
        if _local(tag) == "Relationship" and target and attrs.get("TargetMode") == "External":
            found.setdefault(" ".join(target.split()), None)

    for member in sorted((m for m in members if m.endswith(".rels")), key=_natural):
        _parse_xml(members[member], member, start=start)
    return [t for t in found if t]


# The main part's content type each extension promises: Word, Excel and PowerPoint refuse a
# file whose main part is of another kind (a macro-enabled .docm or a template renamed .docx).
_OOXML = "application/vnd.openxmlformats-officedocument."
MAIN_TYPES = {".docx": _OOXML + "wordprocessingml.document.main+xml",
              ".dotx": _OOXML + "wordprocessingml.template.main+xml",
              ".docm": "application/vnd.ms-word.document.macroEnabled.main+xml",
              ".dotm": "application/vnd.ms-word.template.macroEnabledTemplate.main+xml",
              ".xlsx": _OOXML + "spreadsheetml.sheet.main+xml",
              ".xltx": _OOXML + "spreadsheetml.template.main+xml",
              ".xlsm": "application/vnd.ms-excel.sheet.macroEnabled.main+xml",
              ".xltm": "application/vnd.ms-excel.template.macroEnabled.main+xml",
              ".pptx": _OOXML + "presentationml.presentation.main+xml",
              ".potx": _OOXML + "presentationml.template.main+xml",
              ".ppsx": _OOXML + "presentationml.slideshow.main+xml",
              ".pptm": "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml",
              ".potm": "application/vnd.ms-powerpoint.template.macroEnabled.main+xml",
              ".ppsm": "application/vnd.ms-powerpoint.slideshow.macroEnabled.main+xml"}


def _office_ext(name: str, kind: str) -> str:
    """The Office extension a file of this kind (".docx", ".xlsx", ".pptx") is read under: its own
    (".dotx" is a Word file), else the kind's (an attachment recognised by its content)."""
    ext = extension(name)
    return ext if OFFICE_KIND.get(ext) == kind else kind


def _main_type_problem(ext: str, members: dict[str, bytes]) -> str | None:
    """Why the package's declared main content type is not the one `ext` promises, or None."""
    main = "/" + OFFICE_MAIN[ext]
    declared: list[str] = []

    def start(tag: str, attrs: dict) -> None:
        if _local(tag) == "Override" and (attrs.get("PartName") or "").lower() == main.lower():
            declared.append(attrs.get("ContentType") or "")

    _parse_xml(members["[Content_Types].xml"], "[Content_Types].xml", start=start)
    if not declared or declared[0].casefold() == MAIN_TYPES[ext].casefold():
        return None
    kind = "macro-enabled" if "macroenabled" in declared[0].lower() else \
        "template" if ".template" in declared[0].lower() else "different"
    return (f"its main part {OFFICE_MAIN[ext]} is declared {declared[0]!r}, a {kind} kind of file, not a {ext} "
            f"document: Office refuses to open it under the name {ext}")


def _with_properties(wanted):
    """A member selector that also keeps the document properties and the relationship parts."""
    return lambda name: name in PROPERTY_PARTS or name.endswith(".rels") or bool(wanted(name))


def _office_text(ext: str, members: dict[str, bytes], budget: _Budget) -> _Text:
    """A new _Text for an Office package, carrying the package's own problem if it has one."""
    out = _Text(budget)
    wrong = _main_type_problem(ext, members) or _dangling_relationship(members)
    if wrong:
        out.problems.append(wrong)
    return out


def _dangling_relationship(members: dict[str, bytes]) -> str | None:
    """Why a part of the package points at a part the package does not hold (an image, a header, a
    style sheet a packaging script dropped), or None. Office reports such a file as holding
    unreadable content and offers to repair it, dropping what the relationship brought in.
    Relationships of a part the package lacks, and those to outside addresses, are not followed."""
    names = getattr(members, "names", frozenset())
    if not names:
        return None
    held = {name.casefold() for name in names}
    dangling: list[tuple[str, str, str]] = []
    for rels in sorted((m for m in members if m.endswith(".rels")), key=_natural):
        folder, leaf = posixpath.split(rels)
        if posixpath.basename(folder) != "_rels":
            continue
        base = posixpath.dirname(folder)
        source = posixpath.join(base, leaf[:-len(".rels")]) if leaf != ".rels" else ""
        if source and source.casefold() not in held:
            continue

        def start(tag: str, attrs: dict, rels=rels, base=base) -> None:
            target = (attrs.get("Target") or "").strip()
            if _local(tag) != "Relationship" or attrs.get("TargetMode", "Internal") != "Internal" \
                    or not target or target.upper() == "NULL" or target.startswith("#") or ":" in target:
                return
            part = _join(base, urllib.parse.unquote(target.split("#", 1)[0]))
            if part and part.casefold() not in held:
                dangling.append((rels, attrs.get("Id") or "?", part))

        _parse_xml(members[rels], rels, start=start)
        if dangling:
            rels, rid, part = dangling[0]
            return (f"{rels} points relationship {rid} at {part}, which is not in the file: the program that opens "
                    "it reports unreadable content and offers to repair it, dropping what the part held")
    return None


# The glossary document holds the file's building blocks (Quick Parts, AutoText): Word inserts any of
# them from the gallery, so their text is the document's too.
DOCX_PARTS = re.compile(r"^word/(document|header\d*|footer\d*|footnotes|endnotes|comments|glossary/document)\.xml$")


def deleted_text(name: str, data: bytes) -> str:
    """The text a word processor shows struck out as a tracked deletion (WordprocessingML's
    w:delText, OpenDocument's text:deletion), one deletion a line; '' for other files, or when the
    file does not read. The text of the document itself still holds it (see _Runs.TEXT)."""
    ext = extension(name)
    word = OFFICE_KIND.get(ext) == ".docx"
    if not word and ext != ".odt":
        return ""
    part = "word/document.xml" if word else "content.xml"
    try:
        members = _read_package(ext, data, lambda m: m == part)
    except _Refused:
        return ""
    inside, lines = [0], [[]]
    deleting = "del" if word else "deletion"

    def start(tag: str, attrs: dict) -> None:
        if _local(tag) == deleting:
            inside[0] += 1

    def end(tag: str) -> None:
        if _local(tag) == deleting:
            inside[0] -= 1
            if not inside[0]:
                lines.append([])

    def text(data: str) -> None:
        if inside[0]:
            lines[-1].append(data)

    try:
        _parse_xml(members.get(part, b""), part, start, end, text)
    except _Refused:
        return ""
    return "\n".join(" ".join("".join(chunk).split()) for chunk in lines if "".join(chunk).strip())


# Parts a Word file carries beside its body that an agent unpacking it reads: custom XML data
# (customXml/itemN.xml, a template's bound data) and pages Word imports into the body where it shows
# them (altChunk: an HTML or plain text file inside the package).
DOCX_CUSTOM_XML = re.compile(r"^customXml/item\d+\.xml$")
DOCX_ALT_CHUNK = re.compile(r"^word/[^/]+\.(?:html?|xhtml|txt)$", re.I)


def _xml_text(data: bytes, part: str, budget: _Budget) -> str:
    """The character data of an XML part, each element's on a line of its own (a data part has no
    layout to keep)."""
    out: list[str] = []
    size = [0]

    def text(data: str) -> None:
        size[0] += len(data)
        budget.check(size[0])
        out.append(data)

    _parse_xml(data, part, end=lambda _tag: out.append("\n"), text=text)
    lines = (" ".join(line.split()) for line in "".join(out).splitlines())
    return "\n".join(line for line in lines if line)


def _docx(name: str, data: bytes, budget: _Budget, depth: int) -> Extraction:
    ext = _office_ext(name, ".docx")
    members = _read_package(ext, data, _with_properties(
        lambda m: DOCX_PARTS.match(m) or DOCX_CUSTOM_XML.match(m) or DOCX_ALT_CHUNK.match(m) or m == DOCX_SETTINGS
        or DOCX_EMBEDDED.match(m)))
    order = {"document": 0, "header": 1, "footer": 2, "footnotes": 3, "endnotes": 4, "comments": 5,
             "glossary/document": 6}
    parts = sorted((m for m in members if DOCX_PARTS.match(m)),
                   key=lambda m: (order[DOCX_PARTS.match(m).group(1).rstrip("0123456789")], _natural(m)))
    out = _office_text(ext, members, budget)
    for part in parts:
        out.add(part, _runs(members[part], part, budget))
    # A redline's tracked changes accepted: the document as it reads once its deletions are taken out (what
    # a reviewer who clicks "Accept all" sees), read as a view of its own.
    body = members.get("word/document.xml", b"")
    if _TRACKED_DELETION.search(body):
        out.add(ACCEPTED_VIEW, _runs(_TRACKED_DELETION.sub(b"", body), "word/document.xml", budget))
    for part in parts:
        if b"instr" in members[part]:
            out.add(f"{part} (field codes)", _field_code_text(members[part].decode("utf-8", "replace")))
    for part in sorted((m for m in members if DOCX_ALT_CHUNK.match(m)), key=_natural):
        page = members[part].decode("utf-8", "replace")
        out.add(f"{part} (imported page)", _html_text(page, budget) if not part.lower().endswith(".txt") else page)
    for part in sorted((m for m in members if DOCX_CUSTOM_XML.match(m)), key=_natural):
        out.add(f"{part} (custom XML data)", _xml_text(members[part], part, budget))
    out.add(f"{DOCX_SETTINGS} (document variables)", _document_variables(members.get(DOCX_SETTINGS), budget))
    # An Office document embedded as an object (shown as an icon; a double-click opens it): read as the
    # document it is, one level deeper.
    for part in sorted((m for m in members if DOCX_EMBEDDED.match(m)), key=_natural):
        _attachment(out, f"{part} (embedded document)", part, members[part], budget, depth)
    _add_properties(out, members, budget)
    return out.result()


# A tracked deletion or the place a moved passage came from, whole (neither nests in itself).
_TRACKED_DELETION = re.compile(rb"<(?:[\w.-]+:)?(del|moveFrom)\b[^>]*(?<!/)>.*?</(?:[\w.-]+:)?\1\s*>", re.S)
DOCX_EMBEDDED = re.compile(r"word/embeddings/[^/]+\.(?:docx|docm|xlsx|xlsm|pptx|pptm)$", re.I)


# Field codes (w:instrText, or a simple field's w:instr): what Word evaluates, not what it shows. An IF
# field's branches ({ IF "{ MERGEFIELD QA_Mode }" = "1" "text" "" }), a QUOTE field or a merge
# letter's alternatives hold text that is in the file, and that an agent reading its XML reads, though
# the page shows only the field's last result (often nothing). The quoted strings of three words or
# more are read, one a line, each field's instruction joined across its runs first.
_FIELD_CODE = re.compile(r"<(?:[\w.-]+:)?instrText\b[^>]*>([^<]*)</(?:[\w.-]+:)?instrText\s*>"
                         r"|<(?:[\w.-]+:)?fldSimple\b[^>]*?\s(?:[\w.-]+:)?instr\s*=\s*(?:\"([^\"]*)\"|'([^']*)')"
                         r"|</(?:[\w.-]+:)?p\s*>")
_FIELD_QUOTED = re.compile(r'"([^"]+)"|\u201c([^\u201d]+)\u201d')


def _field_code_text(doc: str) -> str:
    """The quoted strings of three words or more in a Word part's field instructions, one a line."""
    codes: list[str] = []
    current: list[str] = []
    for m in _FIELD_CODE.finditer(doc):
        if m.group(0).startswith("</"):  # a paragraph ends: so does any field code run across it
            if current:
                codes.append("".join(current))
                current = []
        else:
            current.append(_xml_unescape(m.group(1) or m.group(2) or m.group(3) or ""))
    if current:
        codes.append("".join(current))
    out = []
    for code in codes:
        for quoted in _FIELD_QUOTED.finditer(code):
            text = " ".join((quoted.group(1) or quoted.group(2)).split())
            if len(text.split()) >= 3:
                out.append(text)
    return "\n".join(out)


# Document variables (<w:docVar w:name="..." w:val="..."/> in word/settings.xml): values a macro or a
# document system stores in the file, shown nowhere on the page but read by anything that reads the file.
DOCX_SETTINGS = "word/settings.xml"


def _document_variables(data: bytes | None, budget: _Budget) -> str:
    """Each document variable as "name: value", one a line."""
    if not data or b"docVar" not in data:
        return ""
    lines: list[str] = []

    def start(tag: str, attrs: dict) -> None:
        if _local(tag) == "docVar":
            value = _attr(attrs, "val") or ""
            if value.strip():
                lines.append(f"{_attr(attrs, 'name') or ''}: {' '.join(value.split())}")
                budget.check(sum(map(len, lines)))

    _parse_xml(data, DOCX_SETTINGS, start)
    return "\n".join(lines)


MAX_DEFINED_NAMES = 10_000
MAX_DEFINED_NAME = 8_192  # characters of what one name refers to: a formula, not a text

XLSX_PARTS = re.compile(r"^xl/(workbook\.xml|_rels/workbook\.xml\.rels|sharedStrings\.xml|styles\.xml|worksheets/[^/]+\.xml|"
                        r"comments\d*\.xml|threadedComments/[^/]+\.xml)$")


def _shared_strings(data: bytes | None, budget: _Budget) -> list[str]:
    """The shared-strings table: each <si>'s text runs (phonetic guides left out)."""
    if data is None:
        return []
    strings: list[str] = []
    state = {"in_t": 0, "skip": 0, "buf": [], "size": 0}

    def start(tag: str, _attrs: dict) -> None:
        local = _local(tag)
        if local == "rPh":
            state["skip"] += 1
        elif local == "t":
            state["in_t"] += 1

    def end(tag: str) -> None:
        local = _local(tag)
        if local == "rPh":
            state["skip"] -= 1
        elif local == "t":
            state["in_t"] -= 1
        elif local == "si":
            strings.append("".join(state["buf"]))
            state["buf"] = []

    def text(data: str) -> None:
        if state["in_t"] and not state["skip"]:
            state["size"] += len(data)
            budget.check(state["size"])
            state["buf"].append(data)

    _parse_xml(data, "xl/sharedStrings.xml", start, end, text)
    return strings


_CELL_REF = re.compile(r"([A-Z]{1,3})[0-9]+")


def _column_of(ref: str | None) -> int | None:
    """The 0-based column of a cell reference ("C7" -> 2), or None (no reference, or not one)."""
    m = _CELL_REF.fullmatch(ref or "")
    if not m:
        return None
    column = 0
    for letter in m.group(1):
        column = column * 26 + ord(letter) - 64
    return column - 1 if column <= 16384 else None


# Excel's built-in number formats that show a date (14-17, 22; 27-36 and 50-58 in East Asian
# locales); a custom format shows one when it has a day, month-and-year or year code outside quotes
# and brackets. Such a cell holds a day count (a "serial"), which Excel shows as the date.
_DATE_FORMATS = frozenset([14, 15, 16, 17, 22, *range(27, 37), *range(50, 59)])
_FORMAT_NOISE = re.compile(r'"[^"]*"|\[[^\]]*\]|\\.')


def _date_styles(data: bytes | None, part: str) -> frozenset[int]:
    """The indexes of the cell formats (styles.xml's cellXfs) that show a date."""
    if data is None:
        return frozenset()
    custom: dict[int, str] = {}
    formats: list[int] = []
    where = {"xfs": 0}

    def start(tag: str, attrs: dict) -> None:
        local = _local(tag)
        if local == "numFmt":
            try:
                custom[int(attrs.get("numFmtId", ""))] = attrs.get("formatCode", "")
            except ValueError:
                pass
        elif local == "cellXfs":
            where["xfs"] += 1
        elif local == "xf" and where["xfs"]:
            try:
                formats.append(int(attrs.get("numFmtId", "0")))
            except ValueError:
                formats.append(0)

    def end(tag: str) -> None:
        if _local(tag) == "cellXfs":
            where["xfs"] -= 1

    _parse_xml(data, part, start, end)

    def is_date(fmt: int) -> bool:
        if fmt in custom:
            code = _FORMAT_NOISE.sub("", custom[fmt]).lower()
            return bool(re.search(r"[dy]", code)) or bool(re.search(r"m{3,}", code))
        return fmt in _DATE_FORMATS

    return frozenset(i for i, fmt in enumerate(formats) if is_date(fmt))


def _serial_date(value: str, date1904: bool) -> str | None:
    """A day count as the date Excel shows for it (ISO; with its time when it has one)."""
    try:
        serial = float(value)
    except ValueError:
        return None
    if not 1 <= serial < 2958466:  # day 1 to 9999-12-31
        return None
    # The 1900 system counts a 29 February 1900 that never was (day 60): day 61 is 1 March 1900.
    base = dt.datetime(1904, 1, 1) if date1904 else dt.datetime(1899, 12, 30 if serial >= 61 else 31)
    moment = base + dt.timedelta(days=serial)
    moment = moment.replace(microsecond=0) + dt.timedelta(seconds=round(moment.microsecond / 1e6))
    return moment.date().isoformat() if moment.time() == dt.time() else moment.isoformat(" ", "minutes")


def _sheet_rows(data: bytes, part: str, shared: list[str], used: set[int], budget: _Budget,
                dates: frozenset[int] = frozenset(), date1904: bool = False) -> str:
    """A worksheet as lines: one per row, its cells' shown values joined by tabs (an empty cell
    between two values as an empty field, so each value keeps its column); a number in a date
    format as the date Excel shows."""
    lines: list[str] = []
    row: list[str] = []
    size = [0]
    # The <c> being read: its type, the text of its <v> (value) or inline <is><t>, and whether
    # the parser is inside one of those.
    cell = {"open": False, "type": None, "value": [], "reading": False, "style": None}

    def start(tag: str, attrs: dict) -> None:
        local = _local(tag)
        if local == "c":
            cell.update(open=True, type=attrs.get("t"), value=[], reading=False, column=_column_of(attrs.get("r")),
                        style=attrs.get("s"))
        elif local in ("v", "t") and cell["open"]:
            cell["reading"] = True

    def end(tag: str) -> None:
        local = _local(tag)
        if local in ("v", "t"):
            cell["reading"] = False
        elif local == "c":
            value = "".join(cell["value"])
            if cell["type"] == "s":
                try:
                    index = int(value)
                    value = shared[index]
                    used.add(index)
                except (ValueError, IndexError):
                    # Excel refuses such a file ("We found a problem with some content"): the text of
                    # the cell is lost, so the workbook is not what it claims to be.
                    raise _Refused(f"{part}: a cell refers to shared string {value.strip() or '(none)'}, which the "
                                   "workbook does not have (xl/sharedStrings.xml is missing or short)") from None
            elif cell["type"] in (None, "n") and dates and cell["style"] and cell["style"].isdigit() and \
                    int(cell["style"]) in dates:
                value = _serial_date(value, date1904) or value
            if value:
                # An empty cell before it keeps its place, so a value stays under its column's header.
                pad = max(0, (cell["column"] or 0) - len(row))
                size[0] += len(value) + 1 + pad
                budget.check(size[0])
                row.extend([""] * pad)
                row.append(value)
            cell["open"] = False
        elif local == "row":
            if row:
                lines.append("\t".join(row))
            row.clear()

    def text(data: str) -> None:
        if cell["reading"]:
            cell["value"].append(data)

    _parse_xml(data, part, start, end, text)
    if row:
        lines.append("\t".join(row))
    return "\n".join(lines)


_WORKSHEET = re.compile(r"^xl/worksheets/[^/]+\.xml$")
# A cell's formula (<f>), and a string it holds ("=IF(C2=\"Y\",\"PASS if the memo ...\",\"\")"): Excel shows
# the formula's result, an agent reading the file sees the formula too. Strings of a few words only.
_FORMULA = re.compile(rb"<(?:\w+:)?f\b[^>]*>([^<]{12,})</(?:\w+:)?f>")
_FORMULA_STRING = re.compile(r'"((?:[^"]|"")*)"')


def _formula_text(data: bytes, budget: _Budget) -> str:
    """The strings of three words or more written into a worksheet's formulas, one a line."""
    if b"<f" not in data and b":f" not in data:
        return ""
    lines: list[str] = []
    size = 0
    for m in _FORMULA.finditer(data):
        formula = html.unescape(m.group(1).decode("utf-8", "replace"))
        for literal in _FORMULA_STRING.findall(formula):
            literal = literal.replace('""', '"')
            if len(literal.split()) >= 3:
                size += len(literal) + 1
                budget.check(size)
                lines.append(literal)
    return "\n".join(lines)

# The messages a data-validation rule shows: the input message Excel pops up beside the cell, and
# the alert it shows when a value breaks the rule.
_VALIDATION_TEXT = ("promptTitle", "prompt", "errorTitle", "error")


def _validations(data: bytes, part: str, budget: _Budget) -> str:
    """The messages of a worksheet's data-validation rules, one line a rule ("B2:B40: title: message")."""
    if b"dataValidation" not in data or not (b"prompt" in data or b"error" in data):
        return ""
    lines: list[str] = []

    def start(tag: str, attrs: dict) -> None:
        if _local(tag) == "dataValidation":
            said = [" ".join(v.split()) for k in _VALIDATION_TEXT if (v := attrs.get(k)) and v.strip()]
            if said:
                lines.append(": ".join([attrs.get("sqref") or "?", *said]))
                budget.check(sum(map(len, lines)))

    _parse_xml(data, part, start=start)
    return "\n".join(lines)


# The print header and footer's codes: a section (&L, &C, &R), a field (page, pages, date, time, file,
# sheet, picture), a font ('&"Arial,Bold"'), a size (&12), a colour (&KFF0000) or a style (&B, &I, &U, ...).
_HEADER_CODE = re.compile(r'&(?:[LCR]|"[^"]*"|\d{1,3}|K(?:[0-9A-Fa-f]{6}|\d{2}[+-]\d{3})|[PNDTFAZGBIUESXYO])')
_HEADER_PARTS = {"oddHeader", "oddFooter", "evenHeader", "evenFooter", "firstHeader", "firstFooter"}


def _print_header_footer(data: bytes, part: str, budget: _Budget) -> str:
    """A worksheet's print header and footer, as a printed page shows them: one line a header or footer, its
    left, centre and right sections in that order."""
    if b"headerFooter" not in data:
        return ""
    lines: list[str] = []
    inside = [False]

    def start(tag: str, attrs: dict) -> None:
        if _local(tag) in _HEADER_PARTS:
            inside[0] = True
            lines.append("")

    def end(tag: str) -> None:
        if _local(tag) in _HEADER_PARTS:
            inside[0] = False

    def text(data: str) -> None:
        if inside[0]:
            lines[-1] += data
            budget.check(sum(map(len, lines)))

    _parse_xml(data, part, start=start, end=end, text=text)
    shown = (" ".join(_HEADER_CODE.sub(" ", line.replace("&&", "\0")).replace("\0", "&").split()) for line in lines)
    return "\n".join(line for line in shown if line)


def _xlsx(name: str, data: bytes, budget: _Budget, depth: int) -> Extraction:
    ext = _office_ext(name, ".xlsx")
    members = _read_package(ext, data, _with_properties(XLSX_PARTS.match))
    targets = _rels(members.get("xl/_rels/workbook.xml.rels"), "xl/_rels/workbook.xml.rels", "xl")
    sheets: list[tuple[str, str | None, str | None]] = []  # (name, state, member)

    date1904 = [False]
    # Defined names, shown in Excel's Name Manager with their comments and what they refer to.
    names: list[list[str]] = []

    def start(tag: str, attrs: dict) -> None:
        if _local(tag) == "sheet":
            rid = _attr(attrs, "id", prefixed=True)
            sheets.append((attrs.get("name") or f"#{len(sheets) + 1}", attrs.get("state"), targets.get(rid or "")))
        elif _local(tag) == "workbookPr":
            date1904[0] = attrs.get("date1904", "").lower() in ("1", "true")
        elif _local(tag) == "definedName":
            # Excel's own names ("_xlnm.Print_Area") are not the author's: read, but not kept
            names.append([attrs.get("name") or "", attrs.get("comment") or "", ""])
            inside[0] = True

    def end(tag: str) -> None:
        if _local(tag) == "definedName":
            inside[0] = False

    def text(data: str) -> None:
        if inside[0] and len(names[-1][2]) < MAX_DEFINED_NAME:
            names[-1][2] += data

    inside = [False]
    _parse_xml(members["xl/workbook.xml"], "xl/workbook.xml", start=start, end=end, text=text)
    names = [entry for entry in names if not entry[0].startswith("_xlnm.")]
    dates = _date_styles(members.get("xl/styles.xml"), "xl/styles.xml")
    listed = sorted((m for m in members if _WORKSHEET.match(m)), key=_natural)
    # A sheet the workbook lists whose part is not in the file: Excel offers to repair the workbook.
    missing = next(((sheet, member) for sheet, _, member in sheets if member and member not in members
                    and _WORKSHEET.match(member)), None)
    if not any(member in members for _, _, member in sheets):
        # No usable relationships: fall back to the worksheets in file order.
        sheets = [(sheets[i][0] if i < len(sheets) else m.rsplit("/", 1)[-1], None, m) for i, m in enumerate(listed)]
    shared = _shared_strings(members.get("xl/sharedStrings.xml"), budget)
    used: set[int] = set()
    out = _office_text(ext, members, budget)
    if missing:
        out.problems.insert(0, f"the workbook lists sheet {missing[0]!r}, but its part {missing[1]} is not in the "
                               "file (Excel offers to repair the workbook and drops the sheet)")
    seen = set()
    for sheet, state, member in sheets:
        if member not in members or member in seen:
            continue
        seen.add(member)
        label = " ".join(f"sheet {sheet}".split()) + (f" ({state})" if state in ("hidden", "veryHidden") else "")
        out.add(label, _sheet_rows(members[member], member, shared, used, budget, dates, date1904[0]))
    for member in listed:
        if member not in seen:  # a worksheet the workbook does not list is still in the file
            out.add(member, _sheet_rows(members[member], member, shared, used, budget, dates, date1904[0]))
    unshown = [s for i, s in enumerate(shared) if i not in used]
    out.add("xl/sharedStrings.xml (in no cell)", "\n".join(unshown))
    for member in sorted((m for m in members if m.startswith("xl/comments") and not m.endswith(".rels")), key=_natural):
        out.add(member, _runs(members[member], member, budget))
    # Read after everything else, so the lines of the cells keep their numbers.
    for member in sorted((m for m in members if m.startswith("xl/threadedComments/") and not m.endswith(".rels")), key=_natural):
        out.add(member, _Runs(budget, {"text"}).read(members[member], member))
    for sheet, _, member in sheets:
        if member in members:
            out.add(" ".join(f"sheet {sheet} (input messages)".split()), _validations(members[member], member, budget))
            out.add(" ".join(f"sheet {sheet} (print header and footer)".split()),
                    _print_header_footer(members[member], member, budget))
            out.add(" ".join(f"sheet {sheet} (text in formulas)".split()), _formula_text(members[member], budget))
    out.add("xl/workbook.xml (sheet names)", "\n".join(" ".join(sheet.split()) for sheet, _, _ in sheets))
    defined = [f"{n}: {ref}" + (f" ({comment})" if comment.strip() else "") for n, comment, ref in names[:MAX_DEFINED_NAMES]]
    out.add("xl/workbook.xml (defined names)", "\n".join(" ".join(line.split()) for line in defined))
    _add_properties(out, members, budget)
    return out.result()


PPTX_PARTS = re.compile(r"^ppt/(presentation\.xml|_rels/presentation\.xml\.rels|slides/slide\d+\.xml|"
                        r"slides/_rels/slide\d+\.xml\.rels|notesSlides/notesSlide\d+\.xml|comments/[^/]+\.xml)$")


def _pptx(name: str, data: bytes, budget: _Budget, depth: int) -> Extraction:
    ext = _office_ext(name, ".pptx")
    members = _read_package(ext, data, _with_properties(PPTX_PARTS.match))
    targets = _rels(members.get("ppt/_rels/presentation.xml.rels"), "ppt/_rels/presentation.xml.rels", "ppt")
    order: list[str] = []
    missing: list[str] = []  # slides the presentation lists that the package does not hold

    def start(tag: str, attrs: dict) -> None:
        if _local(tag) == "sldId":
            member = targets.get(_attr(attrs, "id", prefixed=True) or "")
            if member in members and member not in order:
                order.append(member)
            elif member and member not in members and PPTX_PARTS.match(member):
                missing.append(member)

    _parse_xml(members["ppt/presentation.xml"], "ppt/presentation.xml", start=start)
    slides = [m for m in members if re.match(r"^ppt/slides/slide\d+\.xml$", m)]
    order += sorted((m for m in slides if m not in order), key=_natural)  # unlisted slides still hold text
    out = _office_text(ext, members, budget)
    if missing:  # PowerPoint offers to repair the file and drops the slide, as Excel does a lost sheet
        out.problems.insert(0, f"the presentation lists slide part {missing[0]}, which is not in the file (PowerPoint "
                               "offers to repair the presentation)")
    notes_seen = set()
    for number, member in enumerate(order, 1):
        out.add(f"slide {number}", _runs(members[member], member, budget))
        rels_name = member.replace("slides/", "slides/_rels/", 1) + ".rels"
        for target in _rels(members.get(rels_name), rels_name, "ppt/slides").values():
            if target in members and target.startswith("ppt/notesSlides/") and target not in notes_seen:
                notes_seen.add(target)
                out.add(f"slide {number} notes", _runs(members[target], target, budget))
    for member in sorted((m for m in members if re.match(r"^ppt/notesSlides/[^/]+\.xml$", m) and m not in notes_seen),
                         key=_natural):
        out.add(member, _runs(members[member], member, budget))
    # Review comments: <p:text> in the legacy form, DrawingML runs in the modern one.
    for member in sorted((m for m in members if m.startswith("ppt/comments/") and not m.endswith(".rels")), key=_natural):
        out.add(member, _Runs(budget, {"t", "text"}).read(members[member], member))
    _add_properties(out, members, budget)
    return out.result()


# -- Mind maps -----------------------------------------------------------------------------------

def _mind_map(name: str, data: bytes, budget: _Budget, depth: int) -> Extraction:
    """A FreeMind or Freeplane mind map (.mm, XML): each node's text a line, as the map shows it (its
    TEXT attribute, or the rich text a node holds), its notes and attributes after it; each branch off
    the root a paragraph of its own. A file of that name that is not XML (Objective-C++ source) is text."""
    if not data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
        return _plain(name, extension(name), data)
    out = _Text(budget)
    lines: list[str] = []
    state = {"depth": 0, "rich": 0, "buf": []}

    def start(tag: str, attrs: dict) -> None:
        local = _local(tag)
        if local == "node":
            state["depth"] += 1
            if state["depth"] == 2 and lines and lines[-1]:
                lines.append("")  # a branch off the root starts a paragraph
            text = attrs.get("TEXT") or attrs.get("text")
            if text and text.strip():
                lines.append(" ".join(text.split()))
        elif local == "richcontent":
            state["rich"] += 1
            state["buf"] = []
        elif local == "attribute" and (attrs.get("NAME") or attrs.get("VALUE")):
            lines.append(f"{attrs.get('NAME') or 'attribute'}: {attrs.get('VALUE') or ''}")
        elif state["rich"] and local in ("p", "br", "li", "div", "tr", "h1", "h2", "h3"):
            state["buf"].append("\n")

    def end(tag: str) -> None:
        local = _local(tag)
        if local == "node":
            state["depth"] -= 1
        elif local == "richcontent":
            state["rich"] -= 1
            lines.extend(" ".join(ln.split()) for ln in "".join(state["buf"]).splitlines() if ln.strip())

    def text(chars: str) -> None:
        if state["rich"]:
            budget.check(len(chars))
            state["buf"].append(chars)

    _parse_xml(data, name, start, end, text)
    out.add(None, "\n".join(lines))
    return out.result()


# -- XPS -----------------------------------------------------------------------------------------

_XPS_KEPT = re.compile(r"\.(?:fdseq|fdoc|fpage)$", re.I)


def _xps(name: str, data: bytes, budget: _Budget, depth: int) -> Extraction:
    """A printed XPS document's text, page by page in the order its fixed document sequence lists
    them (pages it does not list follow): each Glyphs element's UnicodeString, one a line, as
    printed. Its document properties and outside links are read as an Office file's are."""
    ext = extension(name)
    members = _read_package(ext, data, _with_properties(_XPS_KEPT.search))
    sources: list[tuple[str, str]] = []

    def follow(part: str, base: str) -> None:
        def start(tag: str, attrs: dict) -> None:
            if _local(tag) in ("DocumentReference", "PageContent") and attrs.get("Source"):
                sources.append(_join(base, urllib.parse.unquote(attrs["Source"])))
        _parse_xml(members[part], part, start=start)

    for target in _rels(members.get("_rels/.rels"), "_rels/.rels", "").values():
        if target in members and target.lower().endswith(".fdseq"):
            follow(target, posixpath.dirname(target))
    for document in [s for s in sources if s in members and s.lower().endswith(".fdoc")]:
        follow(document, posixpath.dirname(document))
    pages = [s for s in dict.fromkeys(sources) if s in members and s.lower().endswith(".fpage")]
    pages += sorted((m for m in members if m.lower().endswith(".fpage") and m not in pages), key=_natural)
    out = _Text(budget)
    wrong = _dangling_relationship(members)
    if wrong:
        out.problems.append(wrong)
    for number, page in enumerate(pages, 1):
        lines: list[str] = []

        def glyphs(tag: str, attrs: dict) -> None:
            if _local(tag) == "Glyphs":
                text = attrs.get("UnicodeString") or ""
                text = text[2:] if text.startswith("{}") else text  # "{}" escapes a string that starts with "{"
                if text.strip():
                    lines.append(text)

        _parse_xml(members[page], page, start=glyphs)
        out.add(f"page {number}", "\n".join(lines))
    _add_properties(out, members, budget)
    return out.result(empty_status=NO_TEXT_LAYER)


# -- RTF -----------------------------------------------------------------------------------------

def _rtf(name: str, data: bytes, budget: _Budget, depth: int) -> Extraction:
    size = [0]

    def spend(n: int) -> None:  # bounded while read; charged once, as the parts are added
        size[0] += n
        budget.check(size[0])

    found = rtf.read(data, spend)
    out = _Text(budget)
    if found.problem:
        out.problems.append(found.problem)
    out.add("body", found.body)
    out.add("info", "\n".join(found.info))
    out.add(EXTERNAL_LINKS, "\n".join(dict.fromkeys(found.links)))
    return out.result(empty_status=UNREADABLE if found.problem else TEXT)


# -- OpenDocument ------------------------------------------------------------------------------

# meta.xml's fields read as text (like an Office file's core properties): no dates, no statistics.
ODF_META = ("title", "subject", "description", "keyword", "creator", "initial-creator")
ODF_HEADERS = {"header", "header-left", "header-first", "footer", "footer-left", "footer-first"}


class _OdfText:
    """Text of an OpenDocument XML part, split into parts: one for a text document, one a sheet
    (.ods: table:table) or a slide and its notes (.odp: draw:page, presentation:notes).

    Paragraphs and headings are lines; a table's cells are joined by tabs, its rows are lines;
    text:s and text:tab are the spaces they stand for. `within`: only text inside elements of these
    local names is read (styles.xml: the page headers and footers); None: the document body.
    The authors and dates of comments and tracked changes are not text."""

    SKIPPED = {"creator", "date"}

    def __init__(self, ext: str, budget: _Budget, within: set[str] | None = None, label: str = "content.xml") -> None:
        self.ext = ext
        self.budget = budget
        self.within = within or {"body"}
        self.inside = self.skipped = self.cell = 0
        self.parts: list[tuple[str, list[str]]] = [(label, [])]
        self.links: list[str] = []
        self.slide = 0
        self.size = 0

    def _new(self, label: str) -> None:
        self.parts.append((label, []))

    def _put(self, text: str) -> None:
        self.parts[-1][1].append(text)

    def start(self, tag: str, attrs: dict) -> None:
        local = _local(tag)
        if local in self.within:
            self.inside += 1
        if not self.inside:
            return
        if local in self.SKIPPED:
            self.skipped += 1
        elif local == "table" and self.ext == ".ods" and not self.cell:
            self._new(" ".join(f"sheet {_attr(attrs, 'name') or len(self.parts)}".split()))
        elif local == "page" and self.ext == ".odp":
            self.slide += 1
            self._new(f"slide {self.slide}")
        elif local == "notes" and self.ext == ".odp":
            self._new(f"slide {self.slide} notes")
        elif local in ("table-cell", "covered-table-cell"):
            self.cell += 1
        elif local == "tab":
            self._put("\t")
        elif local == "s":
            count = _attr(attrs, "c") or "1"
            self._put(" " * min(int(count) if count.isdigit() else 1, 100))
        elif local == "line-break":
            self._put("\n")
        elif local == "a":
            href = _attr(attrs, "href")
            if href and not href.startswith("#"):
                self.links.append(href)

    def end(self, tag: str) -> None:
        local = _local(tag)
        if self.inside:
            if local in self.SKIPPED:
                self.skipped -= 1
            elif local in ("p", "h"):
                self._put(" " if self.cell else "\n")
            elif local in ("table-cell", "covered-table-cell"):
                self.cell -= 1
                chunks = self.parts[-1][1]
                if chunks and chunks[-1] == " ":  # the space after the cell's last paragraph
                    chunks.pop()
                self._put("\t")
            elif local == "table-row":
                self._put("\n")
        if local in self.within:
            self.inside -= 1

    def text(self, data: str) -> None:
        if self.inside and not self.skipped:
            self.size += len(data)
            self.budget.check(self.size)
            self._put(data)

    def read(self, data: bytes, part: str) -> list[tuple[str, str]]:
        _parse_xml(data, part, self.start, self.end, self.text)
        return [(label, "\n".join(line.rstrip(" \t") for line in "".join(chunks).split("\n")))
                for label, chunks in self.parts]


def _odf(name: str, data: bytes, budget: _Budget, depth: int) -> Extraction:
    ext = extension(name)
    members = _read_package(ext, data, lambda m: m in ("mimetype", "styles.xml", "meta.xml"))
    out = _Text(budget)
    declared = members.get("mimetype", b"").decode("ascii", "replace").strip()
    if declared and declared != ODF_TYPES[ext]:
        out.problems.append(f"its mimetype says {declared!r}, not {ODF_TYPES[ext]!r}: it is not a {ext} document")
    body = _OdfText(ext, budget)
    for label, text in body.read(members["content.xml"], "content.xml"):
        out.add(label, text)
    links = body.links
    if "styles.xml" in members:  # the page headers and footers
        styles = _OdfText(ext, budget, within=ODF_HEADERS, label="styles.xml (headers and footers)")
        for label, text in styles.read(members["styles.xml"], "styles.xml"):
            out.add(label, text)
        links += styles.links
    if "meta.xml" in members:
        out.add("meta.xml", _fields(members["meta.xml"], "meta.xml", budget, lambda local, attrs: (
            local if local in ODF_META else (_attr(attrs, "name") or "property") if local == "user-defined" else None)))
    out.add(EXTERNAL_LINKS, "\n".join(dict.fromkeys(" ".join(link.split()) for link in links)))
    return out.result()


_FLAT_META = re.compile(rb"<(?P<p>[\w.-]+:)?meta\b[^>]*>.*?</(?P=p)meta>", re.S)


def _flat_odf(name: str, data: bytes, budget: _Budget, depth: int) -> Extraction:
    """A flat OpenDocument file: the body, the page headers and footers and the metadata, read as
    from the parts of the package it flattens."""
    ext = FLAT_ODF[extension(name)]
    out = _Text(budget)
    body = _OdfText(ext, budget, label="body")
    for label, text in body.read(data, name):
        out.add(label, text)
    styles = _OdfText(ext, budget, within=ODF_HEADERS, label="headers and footers")
    for label, text in styles.read(data, name):
        out.add(label, text)
    if (meta := _FLAT_META.search(data)) is not None:
        out.add("metadata", _fields(meta.group(0), name, budget, lambda local, attrs: (
            local if local in ODF_META else (_attr(attrs, "name") or "property") if local == "user-defined" else None)))
    out.add(EXTERNAL_LINKS, "\n".join(dict.fromkeys(" ".join(link.split()) for link in body.links + styles.links)))
    return out.result()


# -- EPUB ----------------------------------------------------------------------------------

EPUB_TYPE = "application/epub+zip"
# The package document's metadata read as text (like an Office file's core properties): no dates, no ids.
EPUB_META = ("title", "creator", "contributor", "subject", "description", "publisher")
# What a reading system shows as a page of the book (XHTML, or the HTML some tools write).
EPUB_PAGE_TYPES = {"application/xhtml+xml", "text/html"}
_EPUB_PAGE = (".xhtml", ".html", ".htm")
# The members a book is read from (its package document, its pages); images and fonts are not kept.
_EPUB_KEPT = (".opf", ".xml", *_EPUB_PAGE)


def _epub(name: str, data: bytes, budget: _Budget, depth: int) -> Extraction:
    """An EPUB book as a reading system shows it: its chapters in spine order, each labelled by its
    path; then the pages the spine leaves out (the table of contents, a page no chapter links to:
    an agent that unpacks the book reads them); then the package's title, authors and description."""
    members = _read_package(".epub", data, lambda m: m == "mimetype" or m.lower().endswith(_EPUB_KEPT))
    out = _Text(budget)
    declared = members.get("mimetype", b"").decode("ascii", "replace").strip()
    if declared and declared != EPUB_TYPE:
        out.problems.append(f"its mimetype says {declared!r}, not {EPUB_TYPE!r}: it is not an .epub book")
    opf = _epub_package(members[EPUB_CONTAINER])
    if opf is None or opf not in members:
        raise _Refused(f"not an .epub package: {EPUB_CONTAINER} names "
                       + ("no package document" if opf is None else f"{opf}, which is not in the file"))
    spine, pages = _epub_spine(members[opf], opf)
    read: set[str] = set()
    for member in spine:
        if member in read:
            continue
        read.add(member)
        if member in members:
            _epub_page(out, member, members[member])
        elif not out.problems:
            out.problems.append(f"its spine lists {member}, which is not in the file (a reading system skips "
                                "that chapter)")
    unlisted = {m for m in members if m.lower().endswith(_EPUB_PAGE)} | {m for m in pages if m in members}
    for member in sorted(unlisted - read, key=_natural):
        _epub_page(out, member, members[member])
    out.add(f"{opf} (metadata)", _fields(members[opf], opf, budget,
                                         lambda local, _attrs: local if local in EPUB_META else None))
    return out.result()


def _epub_package(container: bytes) -> str | None:
    """The path of the package document the container names first (None when it names none)."""
    found: list[str] = []

    def start(tag: str, attrs: dict) -> None:
        if _local(tag) == "rootfile" and attrs.get("full-path") and not found:
            found.append(_join("", unquote(attrs["full-path"])))

    _parse_xml(container, EPUB_CONTAINER, start=start)
    return found[0] if found else None


def _epub_spine(opf: bytes, part: str) -> tuple[list[str], list[str]]:
    """The paths of the book's chapters in spine order, and of every page its manifest lists."""
    base = part.rpartition("/")[0]
    manifest: dict[str, tuple[str, str]] = {}  # id -> (path, media type)
    order: list[str] = []

    def start(tag: str, attrs: dict) -> None:
        local = _local(tag)
        href = (attrs.get("href") or "").split("#", 1)[0]
        if local == "item" and attrs.get("id") and href and "://" not in href:
            manifest[attrs["id"]] = (_join(base, unquote(href)), (attrs.get("media-type") or "").strip().lower())
        elif local == "itemref" and attrs.get("idref"):
            order.append(attrs["idref"])

    _parse_xml(opf, part, start=start)
    pages = [path for path, kind in manifest.values() if kind in EPUB_PAGE_TYPES]
    return [manifest[i][0] for i in order if i in manifest and manifest[i][1] in EPUB_PAGE_TYPES], pages


def _epub_page(out: _Text, member: str, data: bytes) -> None:
    """One page of the book, read as an HTML page is (its DOCTYPE, which XHTML has, is not expanded:
    the HTML reader never reads a DTD); a page that is no UTF-8 text is a problem."""
    plain = _plain(member, ".html", data)
    if plain.status != TEXT:
        if not out.problems:
            out.problems.append(f"{member}: {plain.problem or 'not text'}")
        return
    out.add(member, _html_text(plain.text or "", out.budget))


# -- PDF -----------------------------------------------------------------------------------

# Searched without a lookbehind (which costs a step per byte of the file); an "endstream"
# followed by a line end is skipped where it is found.
_STREAM = re.compile(rb"stream(?:\r\n|\n|\r)")


def _inflated(data: bytes, start: int, wbits: int, limit: int) -> int:
    """How many bytes the deflate data at `start` inflates to, counting no further than `limit`+1."""
    d = zlib.decompressobj(wbits)
    view = memoryview(data)
    produced, pos, tail = 0, start, b""
    try:
        while produced <= limit:
            if not tail:
                if pos >= len(data):
                    break
                tail = view[pos:pos + 64 * 1024]
                pos += 64 * 1024
            produced += len(d.decompress(tail, MIB))
            if d.eof:
                break
            tail = d.unconsumed_tail
    except zlib.error:
        pass  # not (or no longer) deflate data: what came out so far is what counts
    return produced


def _pdf_bomb(data: bytes) -> str | None:
    """Why the PDF's compressed streams are a decompression bomb, or None.

    Every stream is measured where it starts, whatever its /Length says, as zlib data and
    (as pypdf falls back to) raw deflate; nothing inflated is kept."""
    total = 0
    for m in _STREAM.finditer(data):
        if data[m.start() - 3:m.start()] == b"end":
            continue
        size = _inflated(data, m.end(), zlib.MAX_WBITS | 32, MAX_PDF_STREAM)
        if size == 0:
            size = _inflated(data, m.end(), -zlib.MAX_WBITS, MAX_PDF_STREAM)
        if size > MAX_PDF_STREAM:
            return (f"a compressed stream at byte {m.end()} inflates to more than {MAX_PDF_STREAM} bytes (limit): "
                    "a decompression bomb, not a document")
        total += size
        if total > MAX_PDF_INFLATED:
            return f"its compressed streams inflate to more than {MAX_PDF_INFLATED} bytes in all (limit)"
    return None


# Our limits for pypdf's own: the Configuration fields of pypdf 7, the module constants
# of pypdf 6 (pypdf 5 has none; the stream measurement above stands in for them).
PYPDF_CONFIGURATION = {
    "maximum_declared_stream_length": MAX_PDF_STREAM,
    "array_based_stream_maximum_output_length": PYPDF_STREAM_LIMIT,
    "zlib_maximum_output_length": PYPDF_STREAM_LIMIT,
    "lzw_maximum_output_length": PYPDF_STREAM_LIMIT,
    "run_length_maximum_output_length": PYPDF_STREAM_LIMIT,
    "brotli_maximum_output_length": PYPDF_STREAM_LIMIT,
    "jbig2_maximum_output_length": PYPDF_STREAM_LIMIT,
    "image_maximum_buffer_size": PYPDF_STREAM_LIMIT,
    "xform_maximum_invocations_per_extraction": 1_000,
}
PYPDF_CONSTANTS = {
    "ZLIB_MAX_OUTPUT_LENGTH": PYPDF_STREAM_LIMIT, "LZW_MAX_OUTPUT_LENGTH": PYPDF_STREAM_LIMIT,
    "RUN_LENGTH_MAX_OUTPUT_LENGTH": PYPDF_STREAM_LIMIT, "JBIG2_MAX_OUTPUT_LENGTH": PYPDF_STREAM_LIMIT,
    "MAX_DECLARED_STREAM_LENGTH": MAX_PDF_STREAM, "MAX_ARRAY_BASED_STREAM_OUTPUT_LENGTH": PYPDF_STREAM_LIMIT,
}
PYPDF_READER = {"xref_stream_maximum_entries": 1_000_000, "root_object_recovery_limit": 10_000}


def _pypdf():
    """pypdf, quietened (unless its logger was configured): its warnings and errors about files
    it repaired or half-read would land on the user's terminal in the middle of an audit
    report, while what matters reaches the audit as a problem or as text."""
    import pypdf

    log = logging.getLogger("pypdf")
    if log.level == logging.NOTSET:
        log.setLevel(logging.CRITICAL)
    return pypdf


def _pypdf_limits(pypdf):
    """A context with our limits applied to pypdf, in the way the installed version allows."""
    if hasattr(pypdf, "apply_configuration"):  # pypdf 7: per context, so safe across threads
        current = pypdf.get_configuration()
        wanted = {key: min(getattr(current, key), value) for key, value in PYPDF_CONFIGURATION.items()
                  if isinstance(getattr(current, key, None), int)}
        if hasattr(current, "jbig2dec_binary"):
            wanted["jbig2dec_binary"] = None  # never run an external program on hostile input
        return pypdf.apply_configuration(**wanted)
    filters = pypdf.filters  # pypdf 6: module constants; we only ever lower them
    for key, value in PYPDF_CONSTANTS.items():
        if isinstance(getattr(filters, key, None), int):
            setattr(filters, key, min(getattr(filters, key), value))
    if hasattr(filters, "JBIG2DEC_BINARY"):
        filters.JBIG2DEC_BINARY = None
    return contextlib.nullcontext()


@functools.cache
def _reader_options(pypdf) -> dict:
    """The PdfReader limits this pypdf accepts (they arrived one version at a time)."""
    accepted = inspect.signature(pypdf.PdfReader.__init__).parameters
    return {key: value for key, value in PYPDF_READER.items() if key in accepted}


def _page_content_size(page) -> int:
    """Decoded bytes of a page's content streams (what text extraction interprets)."""
    contents = page.get("/Contents")
    if contents is None:
        return 0
    contents = contents.get_object()
    streams = contents if isinstance(contents, list) else [contents]
    size = 0
    for stream in streams:
        stream = stream.get_object()
        if hasattr(stream, "get_data"):
            size += len(stream.get_data())
        if size > MAX_PAGE_CONTENT:
            break
    return size


# The document information dictionary (File > Properties): read after the pages, as a part of
# its own, like an Office file's properties; dates and the producing programs are left out.
PDF_INFO = "document information"
PDF_INFO_SKIPPED = {"/CreationDate", "/ModDate", "/Producer", "/Creator", "/Trapped"}


def _pdf_info(reader) -> str:
    info = reader.metadata or {}
    lines = []
    for key in info:
        if key in PDF_INFO_SKIPPED:
            continue
        value = info[key]
        value = value.get_object() if hasattr(value, "get_object") else value
        if isinstance(value, str) and value.strip():
            lines.append(f"{str(key).lstrip('/')}: {' '.join(value.split())}")
    return "\n".join(lines)


# XMP (the catalog's metadata packet, where Acrobat's File > Properties keeps the title, the
# description, the keywords): its Dublin Core and PDF properties are what a reader shows; its
# dates, tool names and ids are the file's history, not its text.
PDF_XMP = "metadata (XMP)"
XMP_SHOWN = {f"http://purl.org/dc/elements/1.1/ {p}" for p in ("title", "description", "subject", "creator",
                                                                "contributor", "publisher", "rights")} | {
    "http://ns.adobe.com/pdf/1.3/ Keywords"}
MAX_XMP = MIB


def _pdf_catalog(reader, key: str):
    """An entry of the document catalog (/Metadata, /Outlines), resolved; None when absent."""
    root = reader.trailer["/Root"].get_object() if "/Root" in reader.trailer else {}
    ref = root.get(key) if hasattr(root, "get") else None
    return ref.get_object() if ref is not None else None


def _pdf_xmp(reader, budget: _Budget) -> str:
    stream = _pdf_catalog(reader, "/Metadata")
    if stream is None or not hasattr(stream, "get_data"):
        return ""
    return _xmp_text(stream.get_data(), budget)


# The outline (a viewer's bookmarks pane): each bookmark's title on a line, indented two spaces a
# level, in the order the pane lists them. Read as a part of its own, like the document information.
PDF_BOOKMARKS = "bookmarks"
MAX_BOOKMARKS = 10_000
MAX_BOOKMARK_DEPTH = 32


def _pdf_bookmarks(reader, budget: _Budget) -> str:
    """The outline's titles, depth first (a bookmark's children before its next sibling). Every item
    is read once: an outline whose /Next or /First leads back to an item already read ends there, as
    one deeper than MAX_BOOKMARK_DEPTH is not read, and a damaged item ends the reading (the pages
    still open); more than MAX_BOOKMARKS items are refused."""
    lines: list[str] = []
    seen: set = set()
    size = 0
    try:
        outlines = _pdf_catalog(reader, "/Outlines")
        todo = [(outlines.get("/First"), 0)] if hasattr(outlines, "get") else []
        while todo:
            ref, depth = todo.pop()
            if ref is None or depth >= MAX_BOOKMARK_DEPTH:
                continue
            # An indirect reference names its object; a direct one is held by its parent, so its id is.
            key = (ref.idnum, ref.generation) if hasattr(ref, "idnum") else id(ref)
            if key in seen:
                continue
            seen.add(key)
            if len(seen) > MAX_BOOKMARKS:
                raise _Refused(f"its outline holds more than {MAX_BOOKMARKS} bookmarks (limit)")
            item = ref.get_object() if hasattr(ref, "get_object") else ref
            if not hasattr(item, "get"):
                continue
            todo += [(item.get("/Next"), depth), (item.get("/First"), depth + 1)]
            title = item.get("/Title")
            title = title.get_object() if hasattr(title, "get_object") else title
            if isinstance(title, str) and title.strip():
                lines.append("  " * depth + " ".join(title.split()))
                size += len(lines[-1]) + 1
                budget.check(size)
    except (_Refused, RecursionError, MemoryError):
        raise
    except Exception:  # pypdf on a damaged outline item: what was read before it stands
        pass
    return "\n".join(lines)


def _xmp_text(data: bytes, budget: _Budget) -> str:
    """The shown properties of an XMP packet (a PDF's, an image's), one 'property: value' a line."""
    if len(data) > MAX_XMP:
        raise _Refused(f"its XMP metadata holds {len(data)} bytes (limit {MAX_XMP})")
    lines: list[str] = []
    said: list[str] = []
    path: list[str] = []

    def start(tag: str, attrs: dict) -> None:
        path.append(tag)
        said.append("")
        for key, value in attrs.items():  # properties written as attributes of rdf:Description
            if key in XMP_SHOWN and value.strip():
                lines.append(f"{key.rpartition(' ')[2]}: {' '.join(value.split())}")

    def end(tag: str) -> None:
        text = " ".join(said.pop().split())
        path.pop()
        prop = next((t for t in reversed(path) if t in XMP_SHOWN), None)
        if text and (tag in XMP_SHOWN or prop):
            lines.append(f"{(prop or tag).rpartition(' ')[2]}: {text}")

    def text(data: str) -> None:
        said[-1] += data
        budget.check(sum(map(len, said)) + sum(map(len, lines)))

    try:
        _parse_xml(data.strip(b"\0 \t\r\n"), "XMP metadata", start, end, text, namespaces=True)
    except _Refused:
        return ""  # a damaged packet, or one that declares entities: readers ignore it, and so does the text
    return "\n".join(dict.fromkeys(lines))


def _pdf(name: str, data: bytes, budget: _Budget, depth: int) -> Extraction:
    bomb = _pdf_bomb(data)
    if bomb:
        raise _Refused(f"not a safe pdf: {bomb}")
    pypdf = _pypdf()
    out = _Text(budget)
    try:
        with _pypdf_limits(pypdf):
            reader = pypdf.PdfReader(io.BytesIO(data), **_reader_options(pypdf))
            pages = len(reader.pages)
            if pages == 0:
                raise _Refused("does not parse as pdf: it has no pages")
            if pages > MAX_PAGES:
                raise _Refused(f"has {pages} pages (limit {MAX_PAGES}): too large to read whole")
            # Measure every page before reading any: the refusal comes before the slow work.
            content = 0
            for number in range(pages):
                size = _page_content_size(reader.pages[number])
                if size > MAX_PAGE_CONTENT:
                    raise _Refused(f"page {number + 1} carries more than {MAX_PAGE_CONTENT} bytes of content "
                                   "(limit)")
                content += size
                if content > MAX_CONTENT:
                    raise _Refused(f"its pages carry more than {MAX_CONTENT} bytes of content in all (limit), "
                                   f"reached at page {number + 1}")
            for number in range(pages):
                out.add(f"page {number + 1}", reader.pages[number].extract_text() or "")
            # Comments (sticky notes, text boxes, a highlight's note): a reader shows each when its
            # icon is clicked or hovered, so their text is the document's too.
            notes = 0
            for number in range(pages):
                comments = _pdf_comments(reader.pages[number])
                notes += len(comments)
                if notes > MAX_EML_PARTS:
                    raise _Refused(f"carries more than {MAX_EML_PARTS} comments (limit)")
                out.add(f"page {number + 1} comments", "\n".join(comments))
            out.add("form fields", _pdf_fields(reader))
            if out.lines:  # a scan stays a scan: its bookmarks and properties alone are not a text layer
                out.add(PDF_BOOKMARKS, _pdf_bookmarks(reader, budget))
                out.add(PDF_INFO, _pdf_info(reader))
                out.add(PDF_XMP, _pdf_xmp(reader, budget))
            # Files embedded in the PDF (its EmbeddedFiles) are read as an e-mail's attachments are:
            # a reader opens them from the attachments pane.
            embedded = [(fname, payload) for fname, payloads in reader.attachments.items() for payload in payloads]
            if len(embedded) > MAX_EML_PARTS:
                raise _Refused(f"embeds more than {MAX_EML_PARTS} files (limit)")
            for fname, payload in embedded:
                _attachment(out, f"attachment {fname}", fname, payload, budget, depth)
    except (_Refused, RecursionError, MemoryError):
        raise
    except Exception as exc:  # pypdf on hostile bytes can raise almost anything
        detail = " ".join(str(exc).split())[:200] or type(exc).__name__
        raise _Refused(f"does not parse as pdf: {detail}") from None
    return out.result(empty_status=NO_TEXT_LAYER)


def _pdf_fields(reader) -> str:
    """A PDF form's fields as "name: value" lines (a filled form shows its values on the page, but
    from the form's data, which the page's text does not hold), with each field's tooltip."""
    lines = []
    for name, field in list((reader.get_fields() or {}).items())[:MAX_EML_PARTS]:
        value = field.get("/V") if hasattr(field, "get") else None
        tip = field.get("/TU") if hasattr(field, "get") else None
        said = [" ".join(str(x).split()) for x in (value, tip) if isinstance(x, str) and x.strip()]
        if said:
            lines.append(f"{' '.join(str(name).split())}: {' | '.join(dict.fromkeys(said))}")
    return "\n".join(lines)


def _pdf_comments(page) -> list[str]:
    """The text of a page's annotations that carry some (/Contents), a popup (its parent's text
    again) and a link (an address, not a note) set aside."""
    out = []
    for ref in page.get("/Annots") or []:
        annot = ref.get_object()
        if not hasattr(annot, "get") or annot.get("/Subtype") in ("/Popup", "/Link"):
            continue
        text = annot.get("/Contents")
        if isinstance(text, str) and text.strip():
            out.append(" ".join(text.split()))
    return out


# -- e-mail --------------------------------------------------------------------------------

HEADERS = ("Subject", "From", "To", "Cc", "Date")
# Read after those: where replies go and whom the message came from (addresses a mail client shows),
# and any other header that carries prose (a custom "X-Review-Note: ..." of six words or more); a
# mail system's own records (routing, signatures, ids, the MIME structure) are not the message's text.
ADDRESS_HEADERS = ("Reply-To", "Sender", "Bcc", "Return-Path")
_MACHINE_HEADER = re.compile(r"(?:received|dkim-|arc-|authentication-results|received-spf|x-google-|x-ms-|"
                             r"x-microsoft-|x-forefront-|x-received|list-|content-|mime-version|message-id|references|"
                             r"in-reply-to|thread-|x-mailer|user-agent|x-spam|x-virus|x-originating-ip)", re.I)
PROSE_HEADER_WORDS = 6


class _HTMLText(HTMLParser):
    """Visible text of an HTML body: block elements as line breaks, no scripts or styles."""

    BLOCK = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "table", "blockquote", "pre", "hr"}

    def __init__(self, budget: _Budget) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.hidden = 0
        self.budget = budget
        self.size = 0
        self.data_script: list[str] | None = None
        # A redline (a compare tool's report, a page with <del> and <ins>): the page as it reads with its
        # deletions taken out, which can be the finished document.
        self.struck = 0
        self.accepted: list[str] = []
        self.marked: set[str] = set()

    STRUCK = {"del", "s", "strike"}

    # Attributes whose values an agent reading the page's source sees as text: a link's address, an
    # image's description, a tooltip, a meta tag's content, a form field's hint.
    SAID = ("href", "src", "alt", "title", "content", "placeholder", "aria-label", "aria-description")

    # A script of data, not code (schema.org's JSON-LD, a page's embedded state): its strings are
    # text an agent reading the page's source sees.
    DATA_SCRIPTS = {"application/ld+json", "application/json"}

    def handle_starttag(self, tag, attrs) -> None:
        if tag == "script" and (dict(attrs).get("type") or "").strip().lower() in self.DATA_SCRIPTS:
            self.data_script = []
        if tag in ("script", "style"):
            # The address a script is loaded from is in the page's source (a key in its query string).
            loaded = [value for name, value in attrs if name in ("src", "href") and value and value.strip()]
            if loaded and not self.hidden:
                self.handle_data("\n" + " ".join(loaded) + "\n")
            self.hidden += 1
            return
        if tag in self.BLOCK:
            self.out.append("\n")
            self.accepted.append("\n")
        if tag in self.STRUCK or tag == "ins":
            self.marked.add("del" if tag in self.STRUCK else "ins")
            self.struck += tag in self.STRUCK
        said = [value for name, value in attrs if name in self.SAID and value and value.strip()]
        if said and not self.hidden:
            self.handle_data(" " + " ".join(said) + " ")
            # a message a link writes for the reader: "mailto:...?subject=...&body=Dear%20Noor%2C%0A..."
            carried = [text for value in said for text in _link_messages(value)]
            if carried:
                self.handle_data("\n" + "\n".join(carried) + "\n")
        if tag == "q":  # a browser shows an inline quotation in quotation marks
            self.handle_data("\u201c")

    def handle_endtag(self, tag) -> None:
        if tag in ("script", "style"):
            self.hidden = max(0, self.hidden - 1)
            if tag == "script" and self.data_script is not None:
                held, self.data_script = "".join(self.data_script), None
                self.handle_data("\n" + "\n".join(_json_strings(held)) + "\n")
        elif tag in self.BLOCK:
            self.out.append("\n")
            self.accepted.append("\n")
        elif tag in self.STRUCK:
            self.struck = max(0, self.struck - 1)
        elif tag == "q":
            self.handle_data("\u201d")

    def handle_comment(self, data) -> None:
        # Hidden from a browser, not from an agent that reads the file: kept, on lines of its own.
        if not self.hidden:
            self.handle_data(f"\n{data}\n")

    def handle_data(self, data) -> None:
        held = self.data_script if self.hidden else self.out
        if held is not None:
            self.size += len(data)
            self.budget.check(self.size)
            held.append(data)
            if held is self.out and not self.struck:
                self.accepted.append(data)

    def redline(self) -> str | None:
        """The page with its deletions taken out, when it marks both deletions and insertions."""
        return "".join(self.accepted) if self.marked == {"del", "ins"} else None


# The parameters of a link that carry a message to write or send (mailto's subject and body, a chat or text
# link's message): percent-encoded, so an agent that decodes the link reads prose no page shows.
_LINK_MESSAGE = re.compile(r"[?&](?:subject|body|message|msg|text|content)=([^&#]+)", re.I)
MIN_LINK_WORDS = 5


def _link_messages(link: str) -> list[str]:
    """The percent-decoded messages a link carries (five words or more each)."""
    if "?" not in link or "=" not in link:
        return []
    out = []
    for m in _LINK_MESSAGE.finditer(link):
        text = unquote(m.group(1), errors="replace")
        if len(text.split()) >= MIN_LINK_WORDS:
            out.append(text)
    return out


def _json_strings(text: str) -> list[str]:
    """The string values of a JSON document, each flattened to one line (the text as it is when it
    is no JSON)."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return [" ".join(text.split())]
    out, todo = [], [value]
    while todo:
        item = todo.pop()
        if isinstance(item, str) and item.strip():
            out.append(" ".join(item.split()))
        elif isinstance(item, dict):
            todo.extend(reversed(list(item.values())))
        elif isinstance(item, list):
            todo.extend(reversed(item))
    return out


def _decoded_then(read):
    """A reader for a text format with markup of its own: decoded as text is (UTF-8, or UTF-16 with
    its byte-order mark), then `read(text)` gives the Extraction."""
    def reader(name: str, data: bytes, budget: _Budget, depth: int) -> Extraction:
        plain = _plain(name, ".txt", data)
        return plain if plain.status != TEXT or plain.text is None else read(plain.text)
    return reader


# A calendar (.ics, and .vcs, vCalendar 1.0 as Outlook still exports it) or contact card (.vcf), unfolded
# and unescaped (corpus/contentlines.py).
_content_lines = _decoded_then(lambda text: Extraction(TEXT, contentlines.read(text)))
def _sylk(name: str, data: bytes, budget: _Budget, depth: int) -> Extraction:
    """A SYLK sheet (.slk) as its cells' values, a row a line (corpus/markup.py). Excel saves it in the
    system's ANSI code page: bytes that are not UTF-8 are read as Windows-1252. A file under the name
    that is not SYLK is read as plain text."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")
    if not text.startswith("ID;"):
        return _plain(name, ".txt", data)
    out = markup.sylk(text)
    budget.check(len(out))
    return Extraction(TEXT, out)


def _binary_then(read):
    """A reader for a binary format whose strings a person would see in the application that opens it:
    `read(data)` gives the text, or None when the bytes are not that format (then the file is read as any
    file of an unknown kind is: text if it decodes, else binary)."""
    def reader(name: str, data: bytes, budget: _Budget, depth: int) -> Extraction:
        text = read(data)
        if text is None:
            return _plain(name, extension(name), data)
        budget.check(len(text))
        return Extraction(TEXT, text)
    return reader


# A property list, binary or XML, and the macOS files kept in one (corpus/plists.py).
_plist = _binary_then(plists.read)
PLIST_EXTENSIONS = (".plist", ".textclipping", ".webloc", ".inetloc")
def _outlook_message(name: str, data: bytes, budget: _Budget, depth: int) -> Extraction:
    """An Outlook .msg: its headers, body and attachments (corpus/outlookmsg.py); a compound file whose
    message does not read is unreadable."""
    try:
        read = outlookmsg.read(data)
    except outlookmsg.Unreadable as exc:
        return Extraction(UNREADABLE, problem=f"not a readable Outlook message: {exc}")
    if read is None:
        return _plain(name, extension(name), data)
    text, attachments = read
    budget.check(len(text))
    out = _Text(budget)
    out.add(None, text)
    for file_name, payload in attachments:
        _attachment(out, f"attachment {file_name}", file_name, payload, budget, depth)
    return out.result()


# A WordPerfect document's text (corpus/wordperfect.py).
_wordperfect = _binary_then(wordperfect.read)
WORDPERFECT_EXTENSIONS = (".wpd", ".wp", ".wp5", ".wp6", ".wpt")

# A Windows shortcut's paths and strings (corpus/shelllinks.py).
_shell_link = _binary_then(shelllinks.read)


# An X12 interchange (an 834 enrolment, an 837 claim): a segment a line, a person's data with its labels
# (corpus/edi.py); a file under those names that is no X12 is read as plain text.
_x12 = _decoded_then(lambda text: Extraction(TEXT, edi.read(text)))
# A NACHA ACH file (.ach): each entry's fixed-width fields labelled (corpus/edi.py).
_ach = _decoded_then(lambda text: Extraction(TEXT, edi.nacha(text)))
X12_EXTENSIONS = (".x12", ".edi", ".834", ".835", ".837", ".270", ".271", ".276", ".277", ".278", ".820", ".999")
# Subtitles (.srt, .vtt, .sbv): the words as heard, a part for each cue (corpus/markup.py).
_subtitles = _decoded_then(lambda text: Extraction(TEXT, *markup.subtitles(text)))
# A LaTeX source as the words it typesets, line for line (corpus/markup.py).
_latex = _decoded_then(lambda text: Extraction(TEXT, markup.latex(text)))


def _html(name: str, data: bytes, budget: _Budget, depth: int) -> Extraction:
    """An HTML page as the words on it (entities decoded, tags and scripts left out) and its
    comments; a page with no tag at all is plain text."""
    plain = _plain(name, extension(name), data)
    if plain.status != TEXT or "<" not in (plain.text or ""):
        return plain
    text, accepted = _html_reading(plain.text, budget)
    if accepted is None:
        return Extraction(TEXT, text, (), plain.problem)
    out = _Text(budget)
    out.add(None, text)
    out.add(ACCEPTED_VIEW, accepted)
    if plain.problem:
        out.problems.append(plain.problem)
    return out.result()


ACCEPTED_VIEW = "the page with its deletions taken out"  # a redline's part: the document as changed


def _html_text(html: str, budget: _Budget) -> str:
    """The words of a page, a line for each block."""
    return _html_reading(html, budget)[0]


def _html_reading(html: str, budget: _Budget) -> tuple[str, str | None]:
    """The words of a page, and a redline's words with its deletions taken out (None for a page that is
    no redline: see _HTMLText.redline)."""
    parser = _HTMLText(budget)
    parser.feed(html)
    parser.close()
    redline = parser.redline()
    return _text_lines("".join(parser.out)), _text_lines(redline) if redline is not None else None


def _text_lines(text: str) -> str:
    lines = (" ".join(line.split()) for line in text.splitlines())
    return "\n".join(line for line in lines if line)


def _message_problem(msg) -> str | None:
    """Why a parsed message is not a well-formed e-mail (the rule H07 has always applied), or a part of
    it does not decode as its Content-Transfer-Encoding says."""
    if not msg.keys() or msg.defects:
        return "not an RFC 5322 message: " + (str(msg.defects[0]) if msg.defects else "no headers")
    if not (msg["From"] and (msg["Subject"] is not None)):
        return "not an e-mail: no From or Subject header"
    return _undecodable_part(msg)


# Base64 as RFC 2045 writes it: the alphabet, padding at the end, line breaks anywhere.
_BASE64_BODY = re.compile(r"[A-Za-z0-9+/]*={0,2}")


def _undecodable_part(msg) -> str | None:
    """A part that declares base64 but whose body is not (plain text a mail rule left unencoded): a
    mail program shows it as garbage or not at all."""
    for k, part in enumerate(msg.walk()):
        if part.is_multipart() or (part.get("Content-Transfer-Encoding") or "").strip().lower() != "base64":
            continue
        raw = part.get_payload(decode=False)
        compact = "".join(raw.split()) if isinstance(raw, str) else ""
        if compact and (not _BASE64_BODY.fullmatch(compact) or len(compact) % 4 == 1):
            where = "its body" if k == 0 else f"part {k} ({part.get_content_type()})"
            return f"{where} declares Content-Transfer-Encoding base64 but is not base64: it does not decode"
    return None


def _safe_label(name: str) -> str:
    return " ".join(name.replace("\\", "/").rsplit("/", 1)[-1].split())[:120] or "attachment"


def _text_content(part) -> str:
    try:
        content = part.get_content()
    except (LookupError, UnicodeError, ValueError, AssertionError):  # unknown charset, broken encoding
        payload = part.get_payload(decode=True) or b""
        content = payload.decode("utf-8", "replace")
    return content if isinstance(content, str) else bytes(content).decode("utf-8", "replace")


def _message(msg, out: _Text, prefix: str, budget: _Budget, depth: int) -> None:
    """Headers, bodies and attachments of a parsed message, appended to `out`."""
    label = (prefix + " ") if prefix else ""
    header_lines = []
    for key in HEADERS + ADDRESS_HEADERS:
        for value in msg.get_all(key, []):
            header_lines.append(f"{key}: {' '.join(str(value).split())}")
    shown = {k.lower() for k in HEADERS + ADDRESS_HEADERS}
    for key, value in msg.items():
        flat = " ".join(str(value).split())
        if key.lower() not in shown and not _MACHINE_HEADER.match(key) and len(flat.split()) >= PROSE_HEADER_WORDS:
            header_lines.append(f"{key}: {flat}")
    out.add(label + "headers", "\n".join(header_lines))
    plain_seen: list[str] = []
    stack = [msg]
    visited = 0
    while stack:
        part = stack.pop()
        visited += 1
        if visited > MAX_EML_PARTS:
            raise _Refused(f"has more than {MAX_EML_PARTS} MIME parts (limit)", whole=True)
        ctype = part.get_content_type()
        if ctype == "message/rfc822" and part is not msg:
            payload = part.get_payload()
            inner = payload[0] if isinstance(payload, list) and payload else None
            if inner is not None:
                name = _safe_label(part.get_filename() or "message.eml")
                _nested(out, f"{label}attachment {name}", budget, depth,
                        lambda sub: _message(inner, sub, "", budget, depth + 1))
            continue
        if part.is_multipart():
            stack.extend(reversed(list(part.iter_parts())))
            continue
        filename = part.get_filename()
        if filename or part.get_content_disposition() == "attachment":
            name = _safe_label(filename or "attachment" + (mimetypes.guess_extension(ctype) or ""))
            if part.get_content_maintype() == "text" and extension(name) in TEXT_EXTENSIONS:
                payload = _text_content(part).encode("utf-8")
            else:
                payload = part.get_payload(decode=True) or b""
            _attachment(out, f"{label}attachment {name}", name, payload, budget, depth)
        elif ctype == "text/plain":
            body = _text_content(part)
            plain_seen.append(" ".join(body.split()))
            out.add(label + "body", body)
        elif ctype == "text/html":
            body = _html_text(_text_content(part), budget)
            # The usual HTML twin of the plain body says nothing new; an HTML body that differs
            # (text only a mail client shows) is kept.
            if " ".join(body.split()) not in plain_seen:
                out.add(label + "body (html)", body)


# A document carried inside a data file as base64 (an e-signature envelope's "documentBase64", an API
# export's file content, a data: URI): the agent can decode it as easily as open an attachment.
_DATA_EXTENSIONS = {".json", ".jsonl", ".ndjson", ".yaml", ".yml", ".xml"}
_BASE64_RUN = re.compile(r"(?<![A-Za-z0-9+/])(?:[A-Za-z0-9+/]|\\/){200,}={0,2}(?![A-Za-z0-9+/=])")
_BASE64_BYTES = re.compile(rb"(?:[A-Za-z0-9+/]|\\/){200}")
MAX_EMBEDDED = 20


def _embedded_kind(payload: bytes) -> str | None:
    """The extension a decoded payload is read as, or None for what is no document (an image, noise)."""
    if payload.startswith(b"%PDF"):
        return ".pdf"
    if payload.startswith(b"{\\rtf"):
        return ".rtf"
    if payload.startswith(b"PK\x03\x04"):
        head = payload[:4096] + payload[-65536:]
        return ".docx" if b"word/" in head else ".xlsx" if b"xl/" in head else ".pptx" if b"ppt/" in head else ".zip"
    try:
        text = payload.decode("utf-8")
    except UnicodeDecodeError:
        return None
    shown = sum(ch.isprintable() or ch in "\n\r\t" for ch in text)
    return ".md" if text.strip() and shown >= 0.97 * len(text) and " " in text else None


# A document written into a JSON string ("agreement_markdown": "# Agreement\n\nThis Agreement is made ..."):
# JSON escapes its line breaks, so the whole document is one line of the file, its words joined by "\n"; it
# is read again as the lines it holds. A string counts when it is long, breaks lines and reads as prose.
_JSON_EXTENSIONS = {".json", ".jsonl", ".ndjson"}
_ESCAPED_STRING = re.compile(r'"((?:[^"\\\n]|\\.){200,})"')
MIN_ESCAPED_BREAKS, MIN_STRING_WORDS = 2, 20


# ... or an HTML fragment in a JSON string (a Teams or Graph message's body.content, a CMS field): read as the
# page's words, its entities and tags undone ("C.R.S. &sect; 8-2-113" is "C.R.S. § 8-2-113").
_HTML_IN_STRING = re.compile(r"<(?:p|div|br|span|li|ul|ol|table|tr|td|h[1-6]|blockquote|strong|em|b|i|a)\b[^<>]*>",
                             re.I)


def _escaped_documents(text: str, budget: _Budget) -> list[tuple[int, str]]:
    """(line, text) of each long JSON string in `text` that holds lines of prose, or an HTML fragment."""
    out = []
    for m in _ESCAPED_STRING.finditer(text):
        html = _HTML_IN_STRING.search(m.group(1)) is not None
        if m.group(1).count("\\n") < MIN_ESCAPED_BREAKS and not html:
            continue
        try:
            value = json.loads(m.group(0))
        except ValueError:
            continue
        if isinstance(value, str) and html:
            value = _html_text(value, budget)
        if isinstance(value, str) and len(value.split()) >= MIN_STRING_WORDS:
            out.append((text.count("\n", 0, m.start()) + 1, value))
            if len(out) >= MAX_EMBEDDED:
                break
    return out


def _with_embedded(plain: Extraction, budget: _Budget, depth: int, ext: str = "") -> Extraction:
    """A data file's text, then each document a JSON string of it holds, and each document it
    carries in base64, read as the document it is."""
    text = plain.text or ""
    if len(text) < 200:
        return plain
    strings = _escaped_documents(text, budget) if ext in _JSON_EXTENSIONS and ("\\n" in text or "<" in text) else []
    if not strings and not _BASE64_RUN.search(text):
        return plain
    out = _Text(budget)
    out.add(None, text)
    if plain.problem:
        out.problems.append(plain.problem)
    for line, value in strings:
        out.add(f"text of the string on line {line}", value)
    found = 0
    for m in _BASE64_RUN.finditer(text):
        run = m.group(0).replace("\\/", "/")
        try:
            payload = base64.b64decode(run + "=" * (-len(run) % 4), validate=True)
        except (binascii.Error, ValueError):
            continue
        kind = _embedded_kind(payload)
        if kind is None:
            continue
        found += 1
        if found > MAX_EMBEDDED:
            break
        line = text.count("\n", 0, m.start()) + 1
        _attachment(out, f"base64 document on line {line}", f"embedded{kind}", payload, budget, depth)
    return out.result() if found or strings else plain


def _nested(out: _Text, label: str, budget: _Budget, depth: int, fill) -> None:
    """An attached message, read in place (it is already parsed)."""
    if depth + 1 > MAX_DEPTH:
        raise _Refused(f"attachments nested more than {MAX_DEPTH} deep (limit): {label}", whole=True)
    inner = _Text(budget)
    fill(inner)
    result = inner.result()
    out.add_extraction(label, result)
    if result.problem and not out.problems:
        out.problems.append(f"{label}: {result.problem}")


def _attachment(out: _Text, label: str, name: str, payload: bytes, budget: _Budget, depth: int) -> None:
    """An attachment read as the document it is; a broken one is a problem, not a refusal."""
    if depth + 1 > MAX_DEPTH:
        raise _Refused(f"attachments nested more than {MAX_DEPTH} deep (limit): {label}", whole=True)
    try:
        inner = _read(name, payload, budget, depth + 1)
    except _Refused as exc:
        if exc.whole:
            raise _Refused(f"{label}: {exc}", whole=True) from None
        inner = Extraction(UNREADABLE, problem=str(exc))
    if inner.status == TEXT:
        out.add_extraction(label, inner)
        out.sources.append((label, sha256_bytes(payload)))
    if inner.problem and not out.problems:
        out.problems.append(f"{label}: {inner.problem}")


_BOUNDARY = re.compile(rb'(?i)\bboundary\s*=\s*(?:"([^"\r\n]{1,200})"|([^\s;"]{1,200}))')


def _mime_size(data: bytes) -> None:
    """Refuse a message whose raw bytes declare more multipart containers or delimit more
    parts than the limits, before the parser spends its time on them."""
    boundaries = {quoted or bare for quoted, bare in _BOUNDARY.findall(data)}
    if len(boundaries) > MAX_MIME_BOUNDARIES:
        raise _Refused(f"declares more than {MAX_MIME_BOUNDARIES} MIME boundaries (limit)", whole=True)
    delimiters = sum(data.count(b"\n--" + b) for b in boundaries)
    if delimiters > MAX_EML_PARTS + len(boundaries):  # each container also has a closing delimiter
        raise _Refused(f"has more than {MAX_EML_PARTS} MIME parts (limit)", whole=True)


class _ParsedOnce(email.headerregistry.HeaderRegistry):
    """The e-mail package's header factory, remembering each header it parsed for one message: the
    package parses a header again on every look (a part's Content-Type is looked at a dozen times
    while its body is read), which made parsing headers most of the cost of reading an e-mail."""

    def __init__(self) -> None:
        super().__init__()
        self._seen: dict[tuple[str, str], object] = {}

    def __call__(self, name, value):
        key = (name, value)
        hit = self._seen.get(key)
        if hit is None:
            hit = self._seen[key] = super().__call__(name, value)
        return hit


def _eml(name: str, data: bytes, budget: _Budget, depth: int) -> Extraction:
    _mime_size(data)
    try:
        policy = email.policy.default.clone(header_factory=_ParsedOnce())
        msg = email.message_from_bytes(data, policy=policy)
        out = _Text(budget)
        why = _message_problem(msg)
        if why:
            out.problems.append(why)
        _message(msg, out, "", budget, depth)
    except (_Refused, RecursionError, MemoryError):
        raise
    except Exception as exc:  # the e-mail package on hostile bytes: header and MIME errors of every kind
        raise _Refused(f"does not parse as eml: {' '.join(str(exc).split())[:200] or type(exc).__name__}") from None
    return out.result()


def _zip(name: str, data: bytes, budget: _Budget, depth: int) -> Extraction:
    """A zip archive: each member read as the document it is (an agent can unpack it as easily
    as open a file), under the same bounds as an Office package; an encrypted or broken member
    is a problem, not a refusal."""
    if data.count(b"PK\x01\x02") > MAX_MEMBERS:
        raise _Refused(f"not a safe zip archive: more than {MAX_MEMBERS} members")
    out = _Text(budget)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            hostile = _unsafe_member(zf)
            if hostile:
                raise _Refused(f"not a safe zip archive: {hostile}")
            inflated = 0
            for info in sorted(zf.infolist(), key=lambda i: _natural(i.filename)):
                if info.is_dir():
                    continue
                label = f"member {info.filename}"
                if info.flag_bits & 0x1:
                    out.problems.append(f"{label}: encrypted, not read")
                    continue
                if info.file_size > MAX_MEMBER:
                    out.problems.append(f"{label}: unpacks to {info.file_size} bytes (limit {MAX_MEMBER}), not read")
                    continue
                chunks: list[bytes] = []
                with zf.open(info) as fh:  # read to the end: the CRC is checked
                    while chunk := fh.read(MIB):
                        inflated += len(chunk)
                        if inflated > MAX_UNPACKED or sum(map(len, chunks)) + len(chunk) > MAX_MEMBER:
                            raise _Refused(f"not a safe zip archive: inflates past its declared size "
                                           f"(limit {MAX_UNPACKED}): a zip bomb")
                        chunks.append(chunk)
                _attachment(out, label, info.filename, b"".join(chunks), budget, depth)
                if info.comment:  # a member's own comment (zipinfo and archivers show it)
                    out.add(f"{label} (comment)", _comment_text(info.comment))
            # The archive's comment: `unzip -z` and every archiver's comment pane show it.
            out.add("archive comment", _comment_text(zf.comment))
    except _Refused:
        raise
    except (zipfile.BadZipFile, ValueError, EOFError, OSError, NotImplementedError, RuntimeError, zlib.error,
            KeyError, IndexError, OverflowError) as exc:
        raise _Refused(f"does not parse as zip: {exc}") from None
    return out.result(BINARY)


def _comment_text(raw: bytes) -> str:
    """A zip comment's bytes as text (UTF-8, else the archive format's own code page 437)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp437")


COMPRESSED = {".gz": lambda fh: gzip.GzipFile(fileobj=fh), ".bz2": bz2.BZ2File, ".xz": lzma.LZMAFile}
# A compressed tar archive named by one suffix, and the name of what it unpacks to.
_SHORT_TAR = {".tgz": (".gz", ".tar"), ".tbz2": (".bz2", ".tar"), ".tbz": (".bz2", ".tar"), ".txz": (".xz", ".tar")}
# The archives other than zip read member by member (their members' labels: "member X", "unpacked X").
ARCHIVES = frozenset({".tar", *COMPRESSED, *_SHORT_TAR})


def _compressed(name: str, data: bytes, budget: _Budget, depth: int) -> Extraction:
    """One compressed file (gzip, bzip2, xz): what it unpacks to, read as the document it is (an agent
    unpacks `task.json.gz` with one command), at most MAX_MEMBER bytes unpacked."""
    ext = extension(name)
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    method, inner_ext = _SHORT_TAR.get(ext, (ext, ""))
    inner = base[: len(base) - len(ext)] + inner_ext or "unpacked"
    try:
        with COMPRESSED[method](io.BytesIO(data)) as fh:
            payload = fh.read(MAX_MEMBER + 1)
    except (OSError, EOFError, ValueError, lzma.LZMAError, zlib.error) as exc:
        raise _Refused(f"does not parse as {method[1:]}: {' '.join(str(exc).split())[:200]}") from None
    if len(payload) > MAX_MEMBER:
        raise _Refused(f"unpacks to more than {MAX_MEMBER} bytes (limit): not read")
    out = _Text(budget)
    _attachment(out, f"unpacked {_safe_label(inner)}", inner, payload, budget, depth)
    return out.result(BINARY)


def _tar(name: str, data: bytes, budget: _Budget, depth: int) -> Extraction:
    """A tar archive: each regular file read as the document it is, under the zip archive's bounds;
    links, devices and names that leave the archive ('..', absolute) are not followed."""
    out = _Text(budget)
    try:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:") as tf:
            unpacked = 0
            for count, info in enumerate(tf):
                if count >= MAX_MEMBERS:
                    raise _Refused(f"not a safe tar archive: more than {MAX_MEMBERS} members")
                if not info.isfile():
                    continue
                label = f"member {info.name}"
                parts = info.name.replace("\\", "/").split("/")
                if info.name.startswith("/") or ".." in parts or "\0" in info.name:
                    raise _Refused(f"not a safe tar archive: member {info.name!r} leaves the archive")
                if info.size > MAX_MEMBER:
                    out.problems.append(f"{label}: unpacks to {info.size} bytes (limit {MAX_MEMBER}), not read")
                    continue
                unpacked += info.size
                if unpacked > MAX_UNPACKED:
                    raise _Refused(f"not a safe tar archive: more than {MAX_UNPACKED} bytes in all (limit)")
                fh = tf.extractfile(info)
                _attachment(out, label, info.name, fh.read() if fh else b"", budget, depth)
    except _Refused:
        raise
    except (tarfile.TarError, OSError, EOFError, ValueError) as exc:
        raise _Refused(f"does not parse as tar: {' '.join(str(exc).split())[:200]}") from None
    return out.result(BINARY)


# The elements of a news feed (Atom, RSS) whose text is HTML, escaped or in CDATA.
_FEED_HTML = re.compile(r"<[A-Za-z/!]")


def _feed(name: str, data: bytes, budget: _Budget, depth: int) -> Extraction:
    """A saved news feed (Atom, RSS) as what a feed reader shows: each element's text on its own
    line, an entry's HTML content as its words; a feed that is no well-formed XML is read as text."""
    lines: list[str] = []
    stack: list[list[str]] = []
    size = [0]

    def start(tag: str, attrs: dict) -> None:
        stack.append([])

    def end(tag: str) -> None:
        text = "".join(stack.pop()).strip()
        if not text:
            return
        shown = _html_text(text, budget) if _FEED_HTML.search(text) else " ".join(text.split())
        size[0] += len(shown) + 1
        budget.check(size[0])
        lines.append(shown)

    def chars(text: str) -> None:
        if stack:
            stack[-1].append(text)

    try:
        _parse_xml(data, name.rsplit("/", 1)[-1], start, end, chars)
    except _Refused as exc:
        plain = _plain(name, ".xml", data)
        return plain if plain.status != TEXT else Extraction(TEXT, plain.text, (), plain.problem or str(exc))
    out = _Text(budget)
    out.add(None, "\n".join(lines))
    return out.result()


# SQLite databases (an annotation tool's store, an app's export): every ordinary table's rows, as
# the sqlite3 shell shows them. The bytes are opened in memory, never as a file: no journal or WAL
# is read or written; schema-defined functions are distrusted, one value and the whole read are
# bounded, and virtual tables (whose modules run code of their own) are left unread.
SQLITE_EXTENSIONS = (".sqlite", ".sqlite3", ".db", ".db3")
SQLITE_HEADER = b"SQLite format 3\x00"
MAX_SQLITE = 64 * MIB
MAX_SQLITE_TABLES = 1_000
MAX_SQLITE_STEPS = 50_000_000  # virtual-machine steps for the whole read


def _sqlite(name: str, data: bytes, budget: _Budget, depth: int) -> Extraction:
    import sqlite3

    if not data.startswith(SQLITE_HEADER):
        if extension(name) in (".db", ".db3"):  # Thumbs.db and other stores share the name
            return _plain(name, ".db", data)
        raise _Refused("does not parse as sqlite: it lacks the SQLite header")
    if len(data) > MAX_SQLITE:
        raise _Refused(f"holds {len(data)} bytes (limit {MAX_SQLITE}): too large to read whole")
    if not hasattr(sqlite3.Connection, "deserialize"):
        return Extraction(BINARY)  # this Python's SQLite cannot open a database from bytes
    out = _Text(budget)
    steps = [0]

    def progress() -> int:
        steps[0] += 1000
        return steps[0] > MAX_SQLITE_STEPS  # non-zero stops the statement

    conn = sqlite3.connect(":memory:")
    try:
        conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_MEMBER)
        conn.deserialize(data)
        conn.execute("PRAGMA trusted_schema = OFF")
        conn.execute("PRAGMA query_only = ON")
        conn.set_progress_handler(progress, 1000)
        tables = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY rowid").fetchall()
        if len(tables) > MAX_SQLITE_TABLES:
            raise _Refused(f"has more than {MAX_SQLITE_TABLES} tables (limit)")
        virtual = {t for t, sql in tables if isinstance(t, str) and re.match(r"\s*create\s+virtual\b", sql or "", re.I)}
        size = 0
        for table, _sql in tables:
            # A virtual table's own storage ("notes_data", "notes_idx") is its index, not text; its
            # "_content" table holds the rows as written, and is read.
            if not isinstance(table, str) or table in virtual or \
                    any(table.startswith(v + "_") and not table.endswith("_content") for v in virtual):
                continue
            quoted = '"' + table.replace('"', '""') + '"'
            rows = []
            for row in conn.execute(f"SELECT * FROM {quoted}"):
                cells = [c for v in row if (c := _sqlite_value(v))]
                line = " | ".join(" ".join(c.split()) for c in cells)
                size += len(line) + 1
                budget.check(size)
                rows.append(line)
            out.add(f"table {table}", "\n".join(rows))
    except sqlite3.Error as exc:
        detail = "took too long to read (limit)" if steps[0] > MAX_SQLITE_STEPS else " ".join(str(exc).split())[:200]
        raise _Refused(f"does not parse as sqlite: {detail}") from None
    finally:
        conn.close()
    return out.result(BINARY)


def _sqlite_value(value) -> str:
    """A cell as text: numbers and text as they are, a blob only when it is UTF-8 text."""
    if isinstance(value, bytes):
        try:
            value = value.decode("utf-8")
        except UnicodeDecodeError:
            return ""
        if _CONTROL.search(value):
            return ""
    return "" if value is None else str(value).strip()


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def _notebook(name: str, data: bytes, budget: _Budget, depth: int) -> Extraction:
    """A Jupyter notebook as a notebook viewer shows it: each cell's source, then its outputs' text
    (a stream, or the plain-text or Markdown form of a result); one that is no notebook JSON is read
    as the text it is."""
    plain = _plain(name, ".json", data)
    try:
        book = json.loads(plain.text) if plain.status == TEXT and plain.text else None
    except (ValueError, RecursionError):
        book = None
    cells = book.get("cells") if isinstance(book, dict) else None
    if not isinstance(cells, list):
        return plain

    def joined(value) -> str:
        return "".join(v for v in value if isinstance(v, str)) if isinstance(value, list) else \
            value if isinstance(value, str) else ""

    out = _Text(budget)
    for number, cell in enumerate(cells[:MAX_EML_PARTS], 1):
        if not isinstance(cell, dict):
            continue
        out.add(f"cell {number}", joined(cell.get("source")))
        shown = []
        for output in cell.get("outputs") or []:
            if not isinstance(output, dict):
                continue
            payload = output.get("data") if isinstance(output.get("data"), dict) else {}
            shown.append(joined(output.get("text")) or joined(payload.get("text/markdown"))
                         or joined(payload.get("text/plain")))
        out.add(f"cell {number} output", "\n".join(shown))
    return out.result()


# -- images: the text their metadata carries ----------------------------------------------

# What an image viewer's "Properties" or "Get Info" shows of an image: PNG's text chunks (tEXt,
# zTXt, iTXt), a JPEG's comment, its EXIF description, title, author and keywords, and the XMP
# packet either may carry. Technical keys (the program that saved it, the time, colour profiles)
# are the file's history, not its text; PNG's free-text "Source", "Warning" and "Disclaimer" are
# read (a screenshot's Source may be the path of the document it shows). An image with none of it
# stays binary.
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
IMAGE_TECHNICAL = {"software", "creation time", "create-date", "modify-date", "date:create", "date:modify",
                   "date:timestamp", "signature"}
XMP_KEY = "XML:com.adobe.xmp"
XMP_JPEG = b"http://ns.adobe.com/xap/1.0/\0"
# EXIF's IFD0 tags that hold text: ImageDescription, Artist, Copyright, and Windows's XP* fields
# (UTF-16: Title, Comment, Author, Keywords, Subject).
EXIF_TEXT = {0x010E: "ImageDescription", 0x013B: "Artist", 0x8298: "Copyright"}
EXIF_XP = {0x9C9B: "Title", 0x9C9C: "Comment", 0x9C9D: "Author", 0x9C9E: "Keywords", 0x9C9F: "Subject"}
MAX_IMAGE_TEXT = MIB


def _image(name: str, data: bytes, budget: _Budget, depth: int) -> Extraction:
    out = _Text(budget)
    fields = _png_text(data) if data.startswith(PNG_SIGNATURE) else \
        _jpeg_text(data) if data.startswith(b"\xff\xd8") else []
    for key, value in fields:
        if key == XMP_KEY:
            out.add("metadata (XMP)", _xmp_text(value.encode("utf-8"), budget))
        elif key.casefold() not in IMAGE_TECHNICAL and not key.casefold().startswith("raw profile"):
            out.add(f"metadata ({key})", value)
    return out.result(BINARY)


def _png_text(data: bytes) -> list[tuple[str, str]]:
    """(keyword, text) of a PNG's text chunks; a damaged chunk ends the reading."""
    fields, at, spent = [], len(PNG_SIGNATURE), 0
    while at + 8 <= len(data):
        size, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + size]
        at += 12 + size
        if len(body) < size or kind == b"IEND":
            break
        if kind not in (b"tEXt", b"zTXt", b"iTXt") or b"\0" not in body:
            continue
        key, _, rest = body.partition(b"\0")
        try:
            if kind == b"tEXt":
                value = rest.decode("latin-1")
            elif kind == b"zTXt":
                value = _inflate(rest[1:]).decode("latin-1")
            else:
                compressed, rest = rest[:1] == b"\1", rest[2:]
                _lang, _, rest = rest.partition(b"\0")
                _translated, _, text = rest.partition(b"\0")
                value = (_inflate(text) if compressed else text).decode("utf-8", "replace")
        except (zlib.error, ValueError):
            continue
        spent += len(value)
        if spent > MAX_IMAGE_TEXT:
            raise _Refused(f"its text chunks hold more than {MAX_IMAGE_TEXT} characters (limit)")
        fields.append((key.decode("latin-1"), value))
    return fields


def _inflate(data: bytes) -> bytes:
    """Bounded zlib inflation (a text chunk may be built as a bomb)."""
    d = zlib.decompressobj()
    out = d.decompress(data, MAX_IMAGE_TEXT + 1)
    if len(out) > MAX_IMAGE_TEXT:
        raise _Refused(f"a text chunk inflates past {MAX_IMAGE_TEXT} bytes (limit)")
    return out


def _jpeg_text(data: bytes) -> list[tuple[str, str]]:
    """(field, text) of a JPEG's comment, EXIF text tags and XMP packet, read up to the image data."""
    fields = []
    for marker, body in _jpeg_segments(data):
        if marker == 0xFE:
            fields.append(("Comment", body.decode("utf-8", "replace")))
        elif marker == 0xE1 and body.startswith(XMP_JPEG):
            fields.append((XMP_KEY, body[len(XMP_JPEG):].decode("utf-8", "replace")))
        elif marker == 0xE1 and body.startswith(b"Exif\0\0"):
            fields += _exif_text(body[6:])
    return fields


def _jpeg_segments(data: bytes):
    """(marker, body) of a JPEG's segments before its image data (each step moves on: a damaged
    length cannot hold the reading in place)."""
    at = 2
    while at + 4 <= len(data) and data[at] == 0xFF:
        marker = data[at + 1]
        if marker == 0xDA or marker == 0xD9:  # the image data starts, or the file ends
            return
        size = struct.unpack(">H", data[at + 2:at + 4])[0]
        yield marker, data[at + 4:at + 2 + size]
        at += 2 + size


# One EXIF directory is read whole up to this many entries (a real one has tens).
MAX_IFD_ENTRIES = 512


def _tiff_order(tiff: bytes) -> str | None:
    """The byte order of an EXIF block (a TIFF header), as struct writes it; None when it has none."""
    return {b"II": "<", b"MM": ">"}.get(tiff[:2]) if len(tiff) >= 8 else None


def _ifd(tiff: bytes, at: int) -> list[tuple[int, int, bytes]]:
    """The entries of the TIFF directory at offset `at` of an EXIF block: (tag, type, the entry's count
    and value-or-offset fields), [] when the offset lies outside the block."""
    end = _tiff_order(tiff)
    if end is None or not 8 <= at <= len(tiff) - 2:
        return []
    count = struct.unpack_from(end + "H", tiff, at)[0]
    entries = []
    for n in range(min(count, MAX_IFD_ENTRIES)):
        entry = tiff[at + 2 + 12 * n:at + 14 + 12 * n]
        if len(entry) < 12:
            break
        tag, kind = struct.unpack(end + "HH", entry[:4])
        entries.append((tag, kind, entry[4:]))
    return entries


def _ifd_value(tiff: bytes, kind: int, field: bytes) -> bytes:
    """An entry's value bytes: in the entry when they fit in four bytes, else at the offset it gives
    (cut short, never read past, when the offset or count lies outside the block)."""
    items, offset = struct.unpack(_tiff_order(tiff) + "II", field)
    size = items * (2 if kind == 3 else 1)  # ASCII and BYTE: one byte an item
    return field[4:4 + size] if size <= 4 else tiff[offset:offset + size]


def _exif_text(tiff: bytes) -> list[tuple[str, str]]:
    """The text tags of EXIF's first image directory (IFD0)."""
    end = _tiff_order(tiff)
    if end is None:
        return []
    fields = []
    for tag, kind, field in _ifd(tiff, struct.unpack(end + "I", tiff[4:8])[0]):
        name = EXIF_TEXT.get(tag) or EXIF_XP.get(tag)
        if name is None:
            continue
        raw = _ifd_value(tiff, kind, field)
        value = raw.decode("utf-16-le" if tag in EXIF_XP else "utf-8", "replace").strip("\0 ")
        if value:
            fields.append((name, value))
    return fields


# -- the day a file says it was made ----------------------------------------------------------

class Stamp(NamedTuple):
    """A file's own record of when it was made: the metadata field that holds it, and its day as the
    stamp writes it (in the stamp's own time zone)."""

    field: str
    day: dt.date


# The formats whose files keep a creation stamp of their own: only these are worth reading for one.
STAMPED = frozenset({*OFFICE_MAIN, *ODF_TYPES, *FLAT_ODF, ".pdf", ".png", ".jpg", ".jpeg"})
# EXIF: the pointer from the first directory to the Exif directory, and the two stamps.
EXIF_POINTER, EXIF_ORIGINAL, EXIF_DATETIME = 0x8769, 0x9003, 0x0132
XMP_CREATED = "http://ns.adobe.com/xap/1.0/ CreateDate"
MAX_STAMP = 200  # characters: a stamp is a date and a time, not a text


def created(name: str, data: bytes) -> Stamp | None:
    """The day the file's own metadata says it was created: an Office file's dcterms:created, an
    OpenDocument file's meta:creation-date, a PDF's /CreationDate (else its XMP xmp:CreateDate), a
    PNG's "Creation Time", a JPEG's EXIF DateTimeOriginal (else DateTime). None when the format keeps
    none (see STAMPED), or the stamp is absent or no day; never raises."""
    ext = extension(name)
    try:
        if ext in OFFICE_MAIN:
            core = _package_member(ext, data, "docProps/core.xml")
            made = _stamp("dcterms:created", _element_text(core, "docProps/core.xml", "created")) if core else None
            edited = _revised(ext, data) if OFFICE_KIND[ext] == ".docx" else None
            return edited if edited and (made is None or edited.day > made.day) else made
        if ext in ODF_TYPES or ext in FLAT_ODF:
            meta = _package_member(ext, data, "meta.xml") if ext in ODF_TYPES else \
                (m.group(0) if (m := _FLAT_META.search(data)) else None)
            return _stamp("meta:creation-date", _element_text(meta, "meta.xml", "creation-date"))
        if ext == ".pdf":
            return _watched(DEADLINE_SECONDS, _pdf_created, data)
        if ext == ".png" and data.startswith(PNG_SIGNATURE):
            fields = dict(reversed(_png_text(data)))  # the first chunk of each keyword
            return _stamp("Creation Time", fields.get("Creation Time")) or \
                _stamp("xmp:CreateDate", _xmp_created(fields.get(XMP_KEY, "").encode("utf-8")))
        if ext in (".jpg", ".jpeg") and data.startswith(b"\xff\xd8"):
            return _jpeg_created(data)
    except _Overtime:
        return None
    except Exception:  # hostile bytes reach zipfile, expat and pypdf, which raise almost anything
        return None
    return None


# The day a tracked change or a comment was made (w:date="2026-10-28T15:40:00Z" on <w:ins>, <w:del>, <w:comment>).
REVISED = "w:date of a tracked change or comment"
_REVISION_DATE = re.compile(rb'<w:(?:ins|del|moveFrom|moveTo|comment|rPrChange|pPrChange)\b[^>]*?\sw:date="(\d{4}-\d{2}-\d{2})')


def _revised(ext: str, data: bytes) -> Stamp | None:
    """The latest day a .docx's tracked changes and comments were made, as Word records them."""
    days = [day for member in ("word/document.xml", "word/comments.xml")
            if (part := _package_member(ext, data, member)) and b"w:date" in part
            for m in _REVISION_DATE.finditer(part) if (day := _stamp_day(m.group(1).decode()))]
    return Stamp(REVISED, max(days)) if days else None


def _stamp(field: str, value: str | None) -> Stamp | None:
    day = _stamp_day(value)
    return Stamp(field, day) if day else None


# A stamp's day: ISO 8601 or EXIF ("2026-03-02T10:00:00Z", "2026:03:02 10:00:00"), PDF's date
# ("D:20260302100000+01'00'"), else an e-mail's date (RFC 1123: "Mon, 02 Mar 2026 10:00:00 GMT").
_STAMP_ISO = re.compile(r"\s*(\d{4})[-:](\d{2})[-:](\d{2})(?!\d)")
_STAMP_PDF = re.compile(r"\s*(?:D:)?(\d{4})(\d{2})(\d{2})")


def _stamp_day(value: str | None) -> dt.date | None:
    """The day a stamp gives (None when it gives no whole day, or none that exists)."""
    if not value or len(value) > MAX_STAMP:
        return None
    m = _STAMP_ISO.match(value) or _STAMP_PDF.match(value)
    try:
        if m:
            return dt.date(*map(int, m.groups()))
        said = email.utils.parsedate_tz(value)
        return dt.date(*said[:3]) if said else None
    except (ValueError, TypeError, IndexError, OverflowError):
        return None


def _package_member(ext: str, data: bytes, member: str) -> bytes | None:
    """One member of a package, None when it has none: the package is checked as a safe zip (no more
    than MAX_MEMBERS members, none outside it, no bomb) and only that member, at most MAX_MEMBER
    bytes, is inflated."""
    with _safe_zip(ext, data) as zf:
        info = next((i for i in zf.infolist() if i.filename == member), None)
        if info is None:
            return None
        with zf.open(info) as fh:
            payload = fh.read(MAX_MEMBER + 1)
    if len(payload) > MAX_MEMBER:
        raise _Refused(f"not a safe {ext} package: {member} unpacks to more than {MAX_MEMBER} bytes")
    return payload


def _element_text(data: bytes | None, part: str, local: str) -> str | None:
    """The text of the first element of that local name in an XML part (at most MAX_STAMP
    characters of it), None when there is none."""
    if data is None:
        return None
    state = {"in": False, "done": False, "text": ""}

    def start(tag: str, _attrs: dict) -> None:
        if not state["done"] and _local(tag) == local:
            state["in"] = True

    def end(tag: str) -> None:
        if state["in"] and _local(tag) == local:
            state.update({"in": False, "done": True})

    def text(chunk: str) -> None:
        if state["in"] and len(state["text"]) <= MAX_STAMP:
            state["text"] += chunk[:MAX_STAMP + 1]

    _parse_xml(data, part, start, end, text)
    return state["text"].strip() if state["done"] else None


def _pdf_created(data: bytes) -> Stamp | None:
    """A PDF's /CreationDate (its document information), else its XMP packet's xmp:CreateDate; pypdf
    reads under the limits the text is read with."""
    pypdf = _pypdf()
    with _pypdf_limits(pypdf):
        reader = pypdf.PdfReader(io.BytesIO(data), **_reader_options(pypdf))
        info = reader.metadata or {}
        value = info.get("/CreationDate")
        value = value.get_object() if hasattr(value, "get_object") else value
        value = value.decode("latin-1") if isinstance(value, bytes) else value
        stamp = _stamp("/CreationDate", value if isinstance(value, str) else None)
        if stamp:
            return stamp
        stream = _pdf_catalog(reader, "/Metadata")
        return _stamp("xmp:CreateDate", _xmp_created(stream.get_data())) if hasattr(stream, "get_data") else None


def _xmp_created(data: bytes) -> str | None:
    """An XMP packet's xmp:CreateDate, as an attribute or as an element (None when absent or unreadable)."""
    if not data or len(data) > MAX_XMP:
        return None
    found: list[str] = []
    state = {"in": False, "text": ""}

    def start(tag: str, attrs: dict) -> None:
        if attrs.get(XMP_CREATED):
            found.append(attrs[XMP_CREATED])
        state["in"] = tag == XMP_CREATED

    def end(tag: str) -> None:
        if tag == XMP_CREATED:
            found.append(state["text"])
        state.update({"in": False, "text": ""})

    def text(chunk: str) -> None:
        if state["in"] and len(state["text"]) <= MAX_STAMP:
            state["text"] += chunk[:MAX_STAMP + 1]

    try:
        _parse_xml(data.strip(b"\0 \t\r\n"), "XMP metadata", start, end, text, namespaces=True)
    except _Refused:
        return None
    return next((value.strip() for value in found if value.strip()), None)


def _jpeg_created(data: bytes) -> Stamp | None:
    """A JPEG's EXIF DateTimeOriginal (in the Exif directory), else DateTime (in the first), else its
    XMP packet's xmp:CreateDate."""
    xmp = None
    for marker, body in _jpeg_segments(data):
        if marker == 0xE1 and body.startswith(b"Exif\0\0"):
            tiff = body[6:]
            end = _tiff_order(tiff)
            if end is None:
                continue
            first = _ifd(tiff, struct.unpack(end + "I", tiff[4:8])[0])
            pointer = next((field for tag, _kind, field in first if tag == EXIF_POINTER), None)
            exif = _ifd(tiff, struct.unpack(end + "I", pointer[4:8])[0]) if pointer else []
            for field_name, tag, entries in (("EXIF DateTimeOriginal", EXIF_ORIGINAL, exif),
                                             ("EXIF DateTime", EXIF_DATETIME, first)):
                raw = next((_ifd_value(tiff, kind, field) for t, kind, field in entries if t == tag and kind == 2), b"")
                stamp = _stamp(field_name, raw[:MAX_STAMP].decode("ascii", "replace").strip("\0 "))
                if stamp:
                    return stamp
        elif marker == 0xE1 and body.startswith(XMP_JPEG) and xmp is None:
            xmp = body[len(XMP_JPEG):]
    return _stamp("xmp:CreateDate", _xmp_created(xmp or b""))


_OFFICE_READERS = {".docx": _docx, ".xlsx": _xlsx, ".pptx": _pptx}
_READERS = {".pdf": _pdf, **{ext: _OFFICE_READERS[kind] for ext, kind in OFFICE_KIND.items()}, ".eml": _eml, ".zip": _zip, ".html": _html,
            ".htm": _html, ".rtf": _rtf, **{ext: _xps for ext in XPS_EXTENSIONS}, ".mm": _mind_map, ".ipynb": _notebook, ".png": _image, ".jpg": _image, ".jpeg": _image, **{ext: _sqlite for ext in SQLITE_EXTENSIONS}, ".ics": _content_lines, ".vcs": _content_lines, **{ext: _x12 for ext in X12_EXTENSIONS}, ".slk": _sylk, ".ach": _ach, **{ext: _plist for ext in PLIST_EXTENSIONS}, ".lnk": _shell_link, ".msg": _outlook_message, **{ext: _wordperfect for ext in WORDPERFECT_EXTENSIONS}, ".vcf": _content_lines,
            ".srt": _subtitles, ".vtt": _subtitles, ".sbv": _subtitles, ".tex": _latex, ".latex": _latex, ".ltx": _latex,
            **{ext: _odf for ext in ODF_TYPES}, **{ext: _flat_odf for ext in FLAT_ODF}, ".epub": _epub,
            **{ext: _compressed for ext in [*COMPRESSED, *_SHORT_TAR]}, ".tar": _tar, ".atom": _feed, ".rss": _feed}
# Readers whose running time is not bounded by the input's size alone (an archive may hold either).
_SLOW = {".pdf", ".eml", ".zip", ".epub", ".rtf", ".tar", *XPS_EXTENSIONS, *COMPRESSED, *_SHORT_TAR}
