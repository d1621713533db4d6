"""Small file edits shared by every case: task.json, workspace documents, Office zips, families.

A case edits one task of a fresh copy of the sample environment. Each helper fails loudly
(AssertionError) when the text it expects is not there, so that a change to the sample
environment breaks the case instead of silently planting nothing.
"""

from __future__ import annotations

import json
import re
import shutil
import zipfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator
from xml.sax.saxutils import escape

WORKSPACE = "documents"
KB = "documents/knowledge-base"
FAMILY_SPEC = "families/covenant-package.yaml"
FAMILY_DESIGN = "families/covenant-package"
ZIP_TIME = (2026, 1, 1, 0, 0, 0)


# --- task.json ---------------------------------------------------------------------------


def task_dir(env: Path, task: str) -> Path:
    """The folder of `task` inside the environment."""
    return env / "tasks" / task


def load_task(env: Path, task: str) -> dict:
    """task.json as a dict, key order kept."""
    return json.loads((task_dir(env, task) / "task.json").read_text("utf-8"))


def save_task(env: Path, task: str, data: dict) -> None:
    """Write task.json the way oafreeze writes it (indent 2, UTF-8, trailing newline)."""
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    (task_dir(env, task) / "task.json").write_text(text, "utf-8")


@contextmanager
def task_json(env: Path, task: str) -> Iterator[dict]:
    """Edit task.json in place: `with task_json(env, task) as t: t["title"] = ...`."""
    data = load_task(env, task)
    yield data
    save_task(env, task, data)


def criterion(data: dict, cid: str) -> dict:
    """The criterion with id `cid`."""
    found = [c for c in data["criteria"] if c.get("id") == cid]
    assert len(found) == 1, f"criterion {cid!r} not found once"
    return found[0]


def reword(data: dict, cid: str, old: str, new: str) -> None:
    """Replace `old` (once, and it must be there) in criterion `cid`'s match_criteria."""
    crit = criterion(data, cid)
    crit["match_criteria"] = replace_text(crit["match_criteria"], old, new)


def reword_in(env: Path, task: str, cid: str, old: str, new: str) -> None:
    """`reword` in the task's task.json, saved with its key order kept."""
    with task_json(env, task) as t:
        reword(t, cid, old, new)


def add_criterion(data: dict, cid: str, title: str, match: str, deliverables: list[str]) -> dict:
    """Append an expert criterion and return it."""
    crit = {"id": cid, "title": title, "match_criteria": match, "deliverables": deliverables, "source": "expert"}
    data["criteria"].append(crit)
    return crit


def drop_criterion(data: dict, cid: str) -> None:
    """Remove a criterion, and its id from the trap's criteria."""
    data["criteria"].remove(criterion(data, cid))
    trap = data.get("oafreeze", {}).get("trap") or {}
    if cid in trap.get("criteria", []):
        trap["criteria"].remove(cid)


def add_deliverable(data: dict, name: str, description: str, *, placement: str | None = None) -> None:
    """Add a deliverable; `placement` 'operative' or 'advisory' also lists it there."""
    data["deliverables"][name] = description
    if placement:
        data["oafreeze"][placement].append(name)


def replace_text(text: str, old: str, new: str, count: int = 1) -> str:
    """`text` with `old` replaced by `new`; `old` must occur."""
    assert old in text, f"expected text not found: {old[:80]!r}"
    return text.replace(old, new, count) if count else text.replace(old, new)


def instructions_add(data: dict, text: str) -> None:
    """Append a paragraph to the instructions."""
    data["instructions"] = data["instructions"].rstrip() + "\n\n" + text


def seeded(data: dict, citation: str) -> dict:
    """The first seeded-law entry with this citation."""
    for entry in data["oafreeze"]["seeded_law"]:
        if entry["citation"] == citation:
            return entry
    raise AssertionError(f"no seeded law {citation!r}")


# --- workspace documents -----------------------------------------------------------------


def doc(env: Path, task: str, rel: str) -> Path:
    """Path of `documents/<rel>` in the task."""
    return task_dir(env, task) / WORKSPACE / rel


def kb(env: Path, task: str, rel: str) -> Path:
    """Path of `documents/knowledge-base/<rel>` in the task."""
    return task_dir(env, task) / KB / rel


def read_doc(env: Path, task: str, rel: str) -> str:
    """A workspace document's text."""
    return doc(env, task, rel).read_text("utf-8")


def write_doc(env: Path, task: str, rel: str, text: str | bytes) -> Path:
    """Create or overwrite a workspace file (parents made); str is written as UTF-8."""
    path = doc(env, task, rel)
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, "utf-8")
    return path


def append_doc(env: Path, task: str, rel: str, text: str) -> None:
    """Append a paragraph to a workspace text file (one blank line before it)."""
    path = doc(env, task, rel)
    assert path.is_file(), f"{path} does not exist"
    body = path.read_text("utf-8").rstrip("\n")
    path.write_text(body + "\n\n" + text.rstrip("\n") + "\n", "utf-8")


def edit_doc(env: Path, task: str, rel: str, old: str, new: str, count: int = 1) -> None:
    """Replace `old` by `new` in a workspace text file; `old` must be there."""
    path = doc(env, task, rel)
    path.write_text(replace_text(path.read_text("utf-8"), old, new, count), "utf-8")


def remove_doc(env: Path, task: str, rel: str) -> None:
    """Delete a workspace file or folder; it must exist."""
    path = doc(env, task, rel)
    assert path.exists() or path.is_symlink(), f"{path} does not exist"
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink()


def email(sender: str, to: str, date: str, subject: str, body: str) -> str:
    """An RFC 5322 message as text (.eml), headers then a blank line then the body."""
    return (f"From: {sender}\nTo: {to}\nDate: {date}\nSubject: {subject}\nMIME-Version: 1.0\n"
            f"Content-Type: text/plain; charset=utf-8\n\n{body.rstrip()}\n")


# --- Office documents, written as zips of XML -------------------------------------------


def _zip(members: dict[str, str]) -> bytes:
    import io

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, text in members.items():
            zf.writestr(zipfile.ZipInfo(name, ZIP_TIME), text.encode("utf-8"))
    return buf.getvalue()


_XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"


def docx_bytes(paragraphs: list[str | list[str]]) -> bytes:
    """A minimal valid .docx; a paragraph given as a list of strings is written as that many runs."""
    body = []
    for para in paragraphs:
        runs = para if isinstance(para, list) else [para]
        body.append("<w:p>" + "".join(f'<w:r><w:t xml:space="preserve">{escape(r)}</w:t></w:r>' for r in runs)
                    + "</w:p>")
    return docx_package(body)


def docx_package(body: list[str]) -> bytes:
    """A minimal valid .docx package around `body`, the document's paragraphs as WordprocessingML."""
    document = (f'{_XML}<w:document xmlns:w="{_W}" xmlns:r="{_REL}"><w:body>{"".join(body)}'
                '<w:sectPr/></w:body></w:document>')
    return _zip({
        "[Content_Types].xml": (
            f'{_XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/word/document.xml" ContentType="application/'
            'vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'),
        "_rels/.rels": (
            f'{_XML}<Relationships xmlns="{_PKG_REL}"><Relationship Id="rId1" '
            f'Type="{_REL}/officeDocument" Target="word/document.xml"/></Relationships>'),
        "word/document.xml": document,
    })


def _col(i: int) -> str:
    name = ""
    i += 1
    while i:
        i, rem = divmod(i - 1, 26)
        name = chr(65 + rem) + name
    return name


def xlsx_bytes(rows: list[list[str | int | float]], sheet: str = "Sheet1") -> bytes:
    """A minimal valid .xlsx with one sheet; strings go to the shared-strings table."""
    strings: list[str] = []
    xml_rows = []
    for r, row in enumerate(rows, start=1):
        cells = []
        for c, value in enumerate(row):
            ref = f"{_col(c)}{r}"
            if isinstance(value, str):
                if value not in strings:
                    strings.append(value)
                cells.append(f'<c r="{ref}" t="s"><v>{strings.index(value)}</v></c>')
            else:
                cells.append(f'<c r="{ref}"><v>{value}</v></c>')
        xml_rows.append(f'<row r="{r}">{"".join(cells)}</row>')
    ss = "".join(f'<si><t xml:space="preserve">{escape(s)}</t></si>' for s in strings)
    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    return _zip({
        "[Content_Types].xml": (
            f'{_XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" ContentType="application/'
            'vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
            '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/'
            'vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
            '<Override PartName="/xl/sharedStrings.xml" ContentType="application/'
            'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>'),
        "_rels/.rels": (
            f'{_XML}<Relationships xmlns="{_PKG_REL}"><Relationship Id="rId1" '
            f'Type="{_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>'),
        "xl/workbook.xml": (
            f'{_XML}<workbook xmlns="{main}" xmlns:r="{_REL}"><sheets>'
            f'<sheet name="{escape(sheet)}" sheetId="1" r:id="rId1"/></sheets></workbook>'),
        "xl/_rels/workbook.xml.rels": (
            f'{_XML}<Relationships xmlns="{_PKG_REL}">'
            f'<Relationship Id="rId1" Type="{_REL}/worksheet" Target="worksheets/sheet1.xml"/>'
            f'<Relationship Id="rId2" Type="{_REL}/sharedStrings" Target="sharedStrings.xml"/>'
            '</Relationships>'),
        "xl/worksheets/sheet1.xml": f'{_XML}<worksheet xmlns="{main}"><sheetData>{"".join(xml_rows)}'
                                    '</sheetData></worksheet>',
        "xl/sharedStrings.xml": (f'{_XML}<sst xmlns="{main}" count="{len(strings)}" '
                                 f'uniqueCount="{len(strings)}">{ss}</sst>'),
    })


def zip_without(data: bytes, member: str) -> bytes:
    """The same zip with one member left out."""
    import io

    src = zipfile.ZipFile(io.BytesIO(data))
    return _zip({n: src.read(n).decode("utf-8") for n in src.namelist() if n != member})


# --- the covenant-package family -----------------------------------------------------------


def instance_variables(env: Path, task: str) -> dict:
    """The variables an instance was expanded with (from its task.json)."""
    return load_task(env, task)["oafreeze"]["variables"]


def spec_variables(env: Path, instance: str) -> dict:
    """The variables of one instance as the family spec declares them."""
    import yaml

    spec = yaml.safe_load((env / FAMILY_SPEC).read_text("utf-8"))
    found = [i for i in spec["instances"] if i["id"] == instance]
    assert len(found) == 1, f"instance {instance} not in the spec"
    return found[0]["variables"]


def set_spec_variable(env: Path, instance: str, name: str, value: str) -> str:
    """Change one single-line variable of `instance` in the family spec; return the old value."""
    path = env / FAMILY_SPEC
    text = path.read_text("utf-8")
    start = text.index(f"- id: {instance}\n")
    end = text.find("\n- id: ", start + 1)
    end = len(text) if end < 0 else end
    block = text[start:end]
    line = re.search(rf"^    {re.escape(name)}: (.*)$", block, re.M)
    assert line, f"variable {name} not found for instance {instance}"
    old = line.group(1)
    block = block[:line.start(1)] + value + block[line.end(1):]
    path.write_text(text[:start] + block + text[end:], "utf-8")
    return old


def replace_in_task_folder(folder: Path, old: str, new: str) -> int:
    """Replace `old` by `new` in task.json (as parsed strings) and every workspace text file outside the
    knowledge base; return how many files changed."""
    changed = 0
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        if not path.is_file() or rel.startswith(KB + "/"):
            continue
        if rel == "task.json":
            data = json.loads(path.read_text("utf-8"))
            new_data = _replace_strings(data, old, new)
            if new_data != data:
                path.write_text(json.dumps(new_data, indent=2, ensure_ascii=False) + "\n", "utf-8")
                changed += 1
            continue
        text = path.read_text("utf-8")
        if old in text:
            path.write_text(text.replace(old, new), "utf-8")
            changed += 1
    return changed


def _replace_strings(node, old: str, new: str):
    if isinstance(node, str):
        return node.replace(old, new)
    if isinstance(node, list):
        return [_replace_strings(v, old, new) for v in node]
    if isinstance(node, dict):
        return {_replace_strings(k, old, new): _replace_strings(v, old, new) for k, v in node.items()}
    return node
