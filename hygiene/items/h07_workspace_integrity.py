"""H07 workspace integrity: named files exist, every file reads and parses, no junk, no tricks."""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from functools import lru_cache

from oafreeze.corpus import documents, formats
from oafreeze.corpus import text as tx
from oafreeze.environment import criteria as cr
from oafreeze.environment.matching import told_not_to_write
from oafreeze.hygiene.context import TaskContext
from oafreeze.hygiene.finding import Finding
from oafreeze.plumbing.paths import shown

ID = "H07"
NAME = "workspace integrity"

# OS and editor leftovers: Finder and Explorer files, Office owner files ("~$x.docx") and autosave temp
# files ("~WRL0941.tmp"), LibreOffice locks, vim swap files, backups ("x~", ".bak", Word's .wbk and .asd),
# AppleDouble, Emacs locks; what file systems leave of a file deleted while open (NFS's .nfs…, FUSE's
# .fuse_hidden…, Samba's .smbdelete…); downloads that never finished; KDE's and macOS's folder files;
# the temporary copy an editor writes before it renames it over the file (GNOME's .goutputstream-…,
# macOS's safe save "x.docx.sb-1a2b3c4d-Qx7Z", JetBrains' ___jb_tmp___, Kate's .kate-swp) and Emacs's
# "#x#" autosave; iCloud's placeholder for a file never downloaded; Dropbox's and macOS's folder marks.
JUNK = re.compile(r"^(\.DS_Store|Thumbs\.db|ehthumbs(?:_vista)?\.db|Thumbs\.db:encryptable|desktop\.ini|~\$.*|~WR[A-Z]\d*\.tmp|.*\.tmp|\.~lock\..*#|.*\.sw[opx]|.*~|\._.*|"
                  r"\.#.*|#.*#|.*\.pyc|.*\.orig|.*\.rej|.*\.bak|.*\.wbk|.*\.asd|\.nfs[0-9a-f]{8,}.*|\.fuse_hidden\w*|"
                  r"\.smbdelete\w*|.*\.crdownload|.*\.part|.*\.partial|.*\.download|\.directory|\.localized|"
                  r"\.goutputstream-\w+|.*\.sb-[0-9a-f]{8}-\w{6}|.*___jb_(?:tmp|old)___|.*\.kate-swp|\..*\.icloud|"
                  r"\.dropbox(?:\.attr|\.cache)?|Icon\r)$", re.I)
# Folders that tools leave behind: notebook checkpoints, caches, editor settings, archive debris, and the
# working folders of sync clients (Google Drive's .tmp.drivedownload and .tmp.driveupload, Dropbox's
# .dropbox.cache, OneDrive's .849C9593-D756-4E56-8D6E-42412F2A707B, Syncthing's .stversions and .stfolder,
# Nextcloud's and ownCloud's .sync_… journals' folders). One search over a path finds the first of them in
# it (every file of a workspace is looked at).
JUNK_FOLDER = re.compile(r"(?:^|/)((?:\.ipynb_checkpoints|__pycache__|__MACOSX|\.pytest_cache|\.mypy_cache|\.ruff_cache|"
                         r"\.idea|\.vscode|node_modules|\.venv|\.Trash(?:es|-\d+)?|\.Spotlight-V100|\.fseventsd|"
                         r"\$RECYCLE\.BIN|System Volume Information|@eaDir|#recycle|#snapshot|\.@__thumb|"
                         r"\.tmp\.drive(?:download|upload)|\.dropbox\.cache|\.849C9593-D756-4E56-8D6E-42412F2A707B|"
                         r"\.stversions|\.stfolder|\.sync_[0-9a-f]+))/", re.I)


def _junk(rel: str) -> bool:
    """A junk file, or a file in a junk folder (reported as junk, not read as a document)."""
    _bad_name, folder, _dot_git, junk = _path_flags(rel)
    return junk or folder is not None


def check(ctx: TaskContext) -> list[Finding]:
    """Missing named files, empty/unreadable/unparseable files, junk, symlinks, case or NFC twins."""
    out = []
    for rel in ctx.symlinks:
        out.append(ctx.finding(
            ID, "major", rel, f"{rel} is a symlink: what the agent reads depends on the machine, and it can point "
            "outside the workspace", "replace the link by the file it points to", evidence=rel))
    junk_folders: dict[str, int] = {}
    for f in ctx.files:
        bad_name, folder, dot_git, junk = _path_flags(f.rel)
        if bad_name:
            out.append(_not_utf8(ctx, f.rel))
        if folder is not None:
            junk_folders[folder] = junk_folders.get(folder, 0) + 1
        elif dot_git:
            out.append(ctx.finding(ID, "major", f.rel, "a .git folder or file in the task: its history can hold the "
                                   "rubric or earlier answers", "remove it", evidence=f.rel))
        elif junk:
            name = f.rel.rsplit("/", 1)[-1]
            out.append(ctx.finding(ID, "minor", f.rel, f"{name!r} is operating-system or editor junk",
                                   "delete it (and ignore such files in the environment's .gitignore)",
                                   evidence=name))
    out += [_not_utf8(ctx, rel) for rel in ctx.symlinks if _path_flags(rel)[0]]
    for where, n in junk_folders.items():
        out.append(ctx.finding(ID, "minor", where, f"{where}/ is a folder a tool left behind ({n} file"
                               f"{'s' if n != 1 else ''}): the agent reads it as part of the task",
                               "delete it (and ignore such folders in the environment's .gitignore)",
                               evidence=where.rsplit("/", 1)[-1]))
    for f in ctx.task_files:
        if f.too_large:
            out.append(ctx.finding(ID, "minor", f.rel, f"{f.rel} is {f.size >> 20} MiB, too large for the audit to "
                                   "read; only its name was checked", "split it, or review it by hand",
                                   evidence=f"{f.size} bytes"))
        elif f.data is None:
            out.append(ctx.finding(ID, "major", f.rel, f"{f.rel} cannot be read", "fix its permissions",
                                   evidence=f.rel))
        elif not f.data and not _junk(f.rel):  # empty junk is junk (named above)
            out.append(ctx.finding(ID, "major", f.rel, f"{f.rel} is empty: the agent is handed nothing where the "
                                   "task promises a document", "fill it or remove it", evidence=f.rel))
        elif not f.data.strip(b"\0") and not _junk(f.rel):  # a file zero-filled by a crash keeps its size
            out.append(ctx.finding(ID, "major", f.rel, f"{f.rel} holds {len(f.data)} NUL bytes and nothing else (a "
                                   "file zero-filled by a crash or an interrupted copy): the agent is handed nothing "
                                   "where the task promises a document", "restore it from the original",
                                   evidence=f"{len(f.data)} bytes, all NUL"))
        elif not _junk(f.rel):
            why = f.extraction.problem
            if why:
                out.append(ctx.finding(ID, "major", f.rel, f"{f.rel} does not open as what its name says: {why}",
                                       "re-export the document from the program that made it", evidence=why))
            elif _utf16(f.rel, f.data):
                out.append(ctx.finding(ID, "minor", f.rel, f"{f.rel} is saved as UTF-16: the audit read it, but tools "
                                       "that expect UTF-8 (grep, most CSV and Markdown readers, an agent's file tools) "
                                       "see a NUL byte between the characters, or refuse it as binary",
                                       "save it as UTF-8", evidence="byte-order mark " + f.data[:2].hex(" ")))
            elif f.extraction.status == formats.NO_TEXT_LAYER:
                out.append(ctx.finding(ID, "info", f.rel, f"{f.rel} has no text layer (a scan?): the audit read none "
                                       "of it, so no item could check what it says", "add a text layer (OCR), or "
                                       "review the document by hand", evidence=f.rel))
            elif f.text and f.rel.lower().endswith((".md", ".markdown")) and f.text.startswith("---") and \
                    (bad := documents.front_matter_problem(f.text, f.rel)):
                out.append(ctx.finding(ID, "minor", f.rel, f"{f.rel}'s front matter does not read as YAML: "
                                       f"{bad.message}: a Markdown reader that parses it (a site generator, the "
                                       "agent's tools) fails or shows it as text", "quote the value, or fix the "
                                       "front matter", location=bad.line, evidence=bad.message))
            elif f.text is not None and not f.text.strip():
                out.append(ctx.finding(ID, "major", f.rel, f"{f.rel} holds nothing but white space: the agent is "
                                       "handed nothing where the task promises a document", "fill it or remove it",
                                       evidence=f.rel))
    out += _twins(ctx)
    out += _named_but_missing(ctx)
    out += _missing_sources(ctx)
    return out


@lru_cache(maxsize=1 << 16)
def _path_flags(rel: str) -> tuple[bool, str | None, bool, bool]:
    """What a path alone says: not UTF-8, the junk folder it is in, inside a .git, a junk name.
    Remembered: the knowledge base's paths are the same in every task of a run."""
    try:
        rel.encode("utf-8")
        bad_name = False
    except UnicodeEncodeError:
        bad_name = True
    parts = rel.split("/")
    folder = JUNK_FOLDER.search(rel)
    return (bad_name, rel[:folder.end(1)] if folder is not None else None,
            ".git" in parts, JUNK.match(parts[-1]) is not None)


def _utf16(rel: str, data: bytes) -> bool:
    """A text file saved as UTF-16 with its byte-order mark (XML says its encoding in its declaration,
    which every XML reader honours)."""
    return formats.saved_as_utf16(rel, data) and formats.extension(rel) != ".xml"


def _not_utf8(ctx: TaskContext, rel: str) -> Finding:
    return ctx.finding(ID, "major", shown(rel), "the file name is not valid UTF-8: git, the manifest and other "
                       "machines may show or store it differently", "rename it in UTF-8", evidence=shown(rel))


def _missing_sources(ctx: TaskContext) -> list[Finding]:
    """LAB's `sources`: every document a criterion rests on is in the workspace (a path from the
    task folder, `documents/memo.pdf`, or from the workspace, `memo.pdf`)."""
    out = []
    for i, c in enumerate(ctx.task.criteria):
        for j, source in enumerate(c.sources or []):
            name = source if isinstance(source, str) else (source.get("file") or source.get("path")
                                                           if isinstance(source, dict) else None)
            if not isinstance(name, str) or not name.strip():
                out.append(ctx.finding(ID, "minor", "task.json", f"criterion {c.id!r} lists a source that names no "
                                       "file", "name the workspace document", location=f"$.criteria[{i}].sources[{j}]",
                                       evidence=repr(source)[:80]))
            elif not _names_a_file(name):
                continue  # a citation or a description ("La. R.S. 23:921(C)"), not a workspace path
            elif ctx.file(name) is None:
                out.append(ctx.finding(ID, "major", "task.json", f"criterion {c.id!r} rests on {name!r}, which is not "
                                       "in the workspace: the judge grades against a document the agent never had",
                                       "add the document or correct the source's path",
                                       location=f"$.criteria[{i}].sources[{j}]", evidence=name))
    return out


def _names_a_file(source: str) -> bool:
    """Whether a criterion source is written as a path (a known extension, or a folder)."""
    s = source.strip()
    return bool(re.search(r"\.(?:" + "|".join(cr.FILE_EXTENSIONS) + r"|pptx|png|jpe?g|rtf|odt|msg)$", s, re.I)) or \
        (s.startswith("documents/") and " " not in s)


def _twins(ctx: TaskContext) -> list[Finding]:
    """Paths that differ only by case or Unicode normalization, compared at every level: two
    folders (`Exhibits/`, `exhibits/`) become one on macOS or Windows as surely as two files do.
    A clash is reported once, at the shortest path where it starts."""
    kb_spellings, kb_folders, kb_clashes = _kb_spellings(tuple(f.rel for f in ctx.kb_files))
    own, own_folders, _ = _spelled([f.rel for f in ctx.files if not f.in_kb] + ctx.symlinks)
    empty: frozenset[str] = frozenset()

    def spellings(key: str) -> set[str] | frozenset[str]:
        return kb_spellings.get(key, empty) | own.get(key, empty)

    out = []
    for key in sorted(kb_clashes | own.keys()):
        names = spellings(key)
        parent = key.rsplit("/", 1)[0] if "/" in key else ""
        if len(names) < 2 or len(spellings(parent)) > 1:
            continue
        names = sorted(names, key=lambda n: n.encode("utf-8", "surrogateescape"))
        dirs = sum(n in kb_folders or n in own_folders for n in names)
        what = ("folders that differ only by case or Unicode normalization: on macOS or Windows they are one "
                "folder, so the files of both are mixed in it and a file of one can replace a file of the other"
                if dirs == len(names) else
                "names that differ only by case or Unicode normalization: on macOS or Windows a file and a folder "
                "cannot share a name, so one of them is never created" if dirs else
                "names that differ only by case or Unicode normalization: on macOS or Windows one file hides the "
                "other")
        out.append(ctx.finding(ID, "major", names[0], what, "rename one of them so the paths differ in more than "
                               "case or accents", evidence=" | ".join(names)))
    return out


def _spelled(rels: list[str] | tuple[str, ...]) -> tuple[dict[str, set[str]], set[str], set[str]]:
    """Every spelling of each path and of each folder above it, by its folded form; the folders; and
    the folded forms spelled more than one way."""
    spellings: dict[str, set[str]] = defaultdict(set)
    folders: set[str] = set()
    for rel in rels:
        parts = rel.split("/")
        for n in range(1, len(parts) + 1):
            prefix = "/".join(parts[:n])
            spellings[_fold(prefix)].add(prefix)
            if n < len(parts):
                folders.add(prefix)
    return dict(spellings), folders, {key for key, names in spellings.items() if len(names) > 1}


@lru_cache(maxsize=4)
def _kb_spellings(rels: tuple[str, ...]) -> tuple[dict[str, set[str]], set[str], set[str]]:
    # Remembered: the materialized knowledge base is the same paths in every task of a run.
    return _spelled(rels)


@lru_cache(maxsize=1 << 16)
def _fold(path: str) -> str:
    # Remembered: the knowledge base's paths are the same in every task of a run.
    return unicodedata.normalize("NFC", path).casefold()


def _named_but_missing(ctx: TaskContext) -> list[Finding]:
    """Files the instructions name that are not in the workspace, or are there under another case
    (found on macOS, not on the Linux machine the agent runs on)."""
    named = [(sentence, m) for _line, sentence in tx.sentences(ctx.task.instructions)
             for m in cr.LITERAL_PATTERNS["file"].finditer(sentence)]
    if not named:
        return _unrendered(ctx)  # the workspace's names (a thousand with a knowledge base) are not needed
    deliverables = {d.rsplit("/", 1)[-1] for d in ctx.task.deliverables}
    exact = {f.name for f in ctx.workspace} | {f.name.rsplit("/", 1)[-1] for f in ctx.workspace}
    folded = {n.casefold(): n for n in exact}
    deliverables_folded = {d.casefold() for d in deliverables}
    folders = set()
    for parent in {f.name.rpartition("/")[0] for f in ctx.workspace}:
        while parent and parent not in folders:
            folders.add(parent)
            parent = parent.rpartition("/")[0]
    out = []
    cut: list[str] | None = None  # the names a sentence holds only the tail of, gathered when first needed
    for sentence, m in named:
        name = m.group(0)
        bare = name[len("documents/"):] if name.startswith("documents/") else name
        if bare not in folders and (bare in exact or bare.rsplit("/", 1)[-1] in deliverables or bare in deliverables):
            continue
        if cut is None:
            cut = cr.cut_names(list(ctx.task.deliverables) + [f.name for f in ctx.workspace])
        if cut and cr.inside_name(sentence, m.start(), m.end(), cut):
            continue  # the tail of a name with spaces or signs, written whole
        if told_not_to_write(sentence, m.start()):
            continue  # a file the agent is told not to write is not one it is sent to
        if bare in folders:  # "offer-summary.md" exported as a folder of that name: opening it fails
            out.append(ctx.finding(
                ID, "major", f"documents/{bare}", f"the instructions name {name!r}, which is a folder in the "
                "workspace, not a file: the agent cannot open what it is sent to",
                f"put the document itself at documents/{bare}, or name the file inside the folder",
                location="$.instructions", evidence=tx.excerpt(sentence)))
            continue
        if bare.casefold() in deliverables_folded or bare.rsplit("/", 1)[-1].casefold() in deliverables_folded:
            continue  # a deliverable's name in other case is H06's to judge
        twin = folded.get(bare.casefold()) or folded.get(bare.rsplit("/", 1)[-1].casefold())
        if twin:
            out.append(ctx.finding(
                ID, "major", "task.json",
                f"the instructions name {name!r}, but the file is {twin!r}: on a case-sensitive file system "
                "(Linux, where agents run) the agent cannot open the file it is sent to",
                f"write {twin!r} in the instructions, exactly as the file is named", location="$.instructions",
                evidence=tx.excerpt(sentence)))
            continue
        out.append(ctx.finding(
            ID, "major", "task.json",
            f"the instructions name {name!r}, which is not in the workspace and is not a deliverable: the "
            "agent is sent to a file it cannot find", f"add {name!r} to documents/ or fix the name",
            location="$.instructions", evidence=tx.excerpt(sentence)))
    return out + _unrendered(ctx)


# A template variable a generator left unrendered: Jinja or Liquid ("{{ employee_slug }}", "{% if %}"),
# or shell and Python format fields ("${matter_id}", "{row[name]}" is too common in prose to read).
TEMPLATE = re.compile(r"\{\{\s*[A-Za-z_][\w.\[\]'\"|: -]{0,60}?\s*\}\}|\{%-?\s*\w+[^%]{0,80}%\}|\$\{[A-Za-z_][\w.]{0,60}\}")


def _unrendered(ctx: TaskContext) -> list[Finding]:
    """Template syntax in the instructions that no workspace document carries: the generator did not
    fill it in, so the agent is sent to a name or a value that does not exist. (A starting form whose
    fields are written "{{ client_name }}" and instructions that tell the agent to fill them are fine.)"""
    out = []
    seen: set[str] = set()
    for m in TEMPLATE.finditer(ctx.task.instructions):
        token = m.group(0)
        if token in seen or any(f.text and token in f.text for f in ctx.task_files):
            continue
        seen.add(token)
        line = ctx.task.instructions.count("\n", 0, m.start()) + 1
        out.append(ctx.finding(
            ID, "major", "task.json", f"the instructions hold {token!r}, template syntax never filled in: the "
            "agent is sent to a name or a value that does not exist", "render the template again, or write the "
            "value", location="$.instructions", evidence=tx.line_text(ctx.task.instructions, line)))
    return out
