"""Property tests over the parsers and the hash chain, beyond tests/test_codecs.py and
tests/test_runlog.py: the run-log verifier and the audit-log reader on any bytes, Office
packages on any bytes and on mutated real ones, and every single structural mutation of a
valid log (delete, duplicate, swap, truncate anywhere) detected."""

from __future__ import annotations

import io
import zipfile

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oafreeze.plumbing.errors import OafreezeError
from oafreeze.runlog import log as runlog
from oafreeze.plumbing import safeyaml
from oafreeze.corpus import formats
from oafreeze.hygiene import records

T0 = "2026-01-05T10:00:00.000000Z"


def note_log(texts: list[str]) -> bytes:
    data, last = b"", None
    for text in texts:
        last = runlog.next_entry(last, "note", {"text": text}, T0)
        data += runlog.entry_line(last)
    return data


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=2000))
def test_the_run_log_verifier_reports_on_any_bytes_and_never_raises(data):
    report = runlog.verify_bytes(data, "x.runlog.jsonl")
    assert report.ok == (not report.problems)
    assert all(p.line for p in report.problems)  # every problem has its line


@settings(max_examples=200, deadline=None)
@given(texts=st.lists(st.text(min_size=1, max_size=30).filter(str.strip), min_size=2, max_size=8), data=st.data())
def test_any_single_structural_mutation_of_a_valid_log_is_detected(texts, data):
    log = note_log(texts)
    assert runlog.verify_bytes(log, "x").ok
    lines = log.split(b"\n")[:-1]
    kind = data.draw(st.sampled_from(["delete", "duplicate", "swap", "truncate"]))
    i = data.draw(st.integers(0, len(lines) - 1))
    if kind == "delete":
        if i == len(lines) - 1:
            i = 0  # dropping the last whole line is a clean cut: see test_tampering (--against)
        mutated = lines[:i] + lines[i + 1:]
    elif kind == "duplicate":
        mutated = lines[:i + 1] + [lines[i]] + lines[i + 1:]
    elif kind == "swap":
        j = data.draw(st.integers(0, len(lines) - 1).filter(lambda j: j != i))
        mutated = list(lines)
        mutated[i], mutated[j] = mutated[j], mutated[i]
    else:
        cut = data.draw(st.integers(1, len(log) - 1).filter(lambda c: log[c - 1:c] != b"\n"))
        assert not runlog.verify_bytes(log[:cut], "x").ok
        return
    assert not runlog.verify_bytes(b"".join(ln + b"\n" for ln in mutated), "x").ok


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=1500))
def test_the_audit_log_reader_gives_entries_or_a_located_error_on_any_bytes(tmp_path_factory, data):
    env = tmp_path_factory.mktemp("rec")
    (env / "audit").mkdir()
    (env / records.RECORDS).write_bytes(data)
    try:
        records.read_records(env)
    except OafreezeError as exc:
        assert all(p.line for p in exc.problems)


def _docx() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        z.writestr("word/document.xml", "<w:document xmlns:w='w'><w:p><w:t>Salary $1</w:t></w:p></w:document>")
    return buf.getvalue()


DOCX = _docx()


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.binary(max_size=600),
                 st.lists(st.tuples(st.integers(0, len(DOCX) - 1), st.integers(0, 255)), min_size=1, max_size=6)
                 .map(lambda flips: bytes(DOCX[i] if i not in dict(flips) else dict(flips)[i] for i in range(len(DOCX))))),
       st.sampled_from(["a.docx", "a.xlsx", "a.pptx", "a.json", "a.yaml", "a.eml", "a.md", "a.pdf"]))
def test_the_format_check_and_text_extraction_never_raise(data, name):
    found = formats.extract(name, data)
    assert found.status in ("text", "binary", "no-text-layer", "unreadable")
    assert found.problem is None or isinstance(found.problem, str)
    assert (found.text is None) == (found.status != "text")


yaml_scalars = st.sampled_from(["1", "-1", "1e999", ".inf", ".nan", "~", "yes", "2026-01-01", "!!binary aGk=",
                                "!!set {a}", "99999999999999999999", "'x'", "&a x", "*a", "!!python/none ''"])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["a", "1", "? b", "- ", "  c", "[", "{"]), yaml_scalars), max_size=8))
def test_safe_yaml_gives_canonical_json_data_or_a_clean_error(pairs):
    from oafreeze.plumbing import canonical

    text = "\n".join(f"{k}: {v}" for k, v in pairs)
    try:
        value = safeyaml.load(text, "f.yaml")
    except OafreezeError as exc:
        assert "f.yaml" in str(exc)
        return
    canonical.canonical_bytes(value)  # whatever loads can be hashed: no sets, bytes, NaN, huge ints
