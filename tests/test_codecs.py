"""The one canonical JSON codec and the one safe YAML loader, on hostile and random input."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oafreeze.corpus.documents import _front_matter
from oafreeze.corpus.profile import parse_profile
from oafreeze.plumbing.errors import BadInput, OafreezeError
from oafreeze.plumbing import canonical, safeyaml
from oafreeze.environment.config import parse_environment
from oafreeze.freezer.manifest import parse_manifest
from oafreeze.environment.task import parse_task


def test_canonical_bytes_are_sorted_compact_utf8():
    assert canonical.canonical_bytes({"b": 1, "a": ["é", None, True]}) == '{"a":["é",null,true],"b":1}'.encode()
    assert canonical.digest({"a": 1}) == canonical.digest({"a": 1})
    assert canonical.digest({"a": 1}) != canonical.digest({"a": 2})


@pytest.mark.parametrize("text,needle", [
    ('{"a": 1, "a": 2}', "duplicate key"),
    ('{"a": NaN}', "NaN"),
    ('{"a": Infinity}', "Infinity"),
    ('{"a": 123456789012345678901234567890}', "too large"),
    ("[" * 5000 + "]" * 5000, "nested"),
    ('{"a": 1,}', "invalid JSON"),
])
def test_hostile_json_is_refused_with_a_clear_error(text, needle):
    with pytest.raises(BadInput) as exc:
        canonical.loads_strict(text.encode(), "x.json")
    assert needle in str(exc.value) and "x.json" in str(exc.value)


@pytest.mark.parametrize("text,needle", [
    ("!!python/object/apply:os.system ['touch /tmp/oafreeze-pwned']", "constructor"),
    ("a: !!python/name:os.system", "constructor"),
    ("a: &a [x,x,x,x,x,x,x,x,x,x]\n" + "".join(f"{c}: &{c} [{','.join(['*' + p] * 10)}]\n"
                                                for p, c in zip("abcdefg", "bcdefgh")), "billion laughs"),
    ("a: &a [1, *a]\n", "recursive"),
    ("a: *undefined", "alias"),
    ("a:" + " [" * 200 + " ]" * 200, "nested"),
    ("a: [\n", "invalid YAML"),
])
def test_hostile_yaml_is_refused_and_builds_nothing(tmp_path, text, needle):
    for load in (safeyaml.load, safeyaml.load_all):
        with pytest.raises(BadInput) as exc:
            load(text, "f.yaml")
        assert needle in str(exc.value).lower() or needle in str(exc.value)
    assert not (tmp_path / "oafreeze-pwned").exists()


def test_anchors_and_aliases_that_reuse_a_block_read_as_plain_data():
    text = "base: &w {region: west, cap: 2}\nv07: *w\nv08:\n  <<: *w\n  cap: 3\n"
    expected = {"base": {"region": "west", "cap": 2}, "v07": {"region": "west", "cap": 2},
                "v08": {"region": "west", "cap": 3}}
    assert safeyaml.load(text, "f.yaml") == expected and safeyaml.load_all(text, "f.yaml") == [expected]
    with pytest.raises(BadInput, match="given twice"):
        safeyaml.load("base: &w {a: 1}\nv: {<<: *w, b: 1, b: 2}\n", "f.yaml")


def test_a_yaml_stream_is_one_document_each_and_only_load_all_takes_several():
    stream = "---\nstep: deliver\ndate: 2026-12-18\n---\nstep: sign\n"
    assert safeyaml.load_all(stream, "s.yaml") == [{"step": "deliver", "date": "2026-12-18"}, {"step": "sign"}]
    with pytest.raises(BadInput, match="another document"):
        safeyaml.load(stream, "s.yaml")
    with pytest.raises(BadInput, match="constructor"):
        safeyaml.load_all("---\na: 1\n---\nb: !!python/name:os.system\n", "s.yaml")


def test_yaml_dates_become_iso_strings():
    assert safeyaml.load("d: 2026-10-01\n", "f") == {"d": "2026-10-01"}


PARSERS = [
    lambda b: parse_task(b, "task.json"),
    lambda b: parse_environment(b, "oafreeze.yaml"),
    lambda b: parse_profile(b, "profile.yaml"),
    lambda b: parse_manifest(b, "m.json"),
    lambda b: _front_matter(b, "doc.md", []),
    lambda b: safeyaml.load(b, "f.yaml"),
    lambda b: canonical.loads_strict(b, "f.json"),
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.one_of(st.binary(max_size=300), st.text(max_size=300).map(str.encode)),
       which=st.integers(0, len(PARSERS) - 1))
def test_every_parser_gives_a_result_or_a_clean_error(data, which):
    try:
        PARSERS[which](data)
    except OafreezeError as exc:
        assert str(exc)


json_values = st.recursive(st.none() | st.booleans() | st.integers(-(2**53 - 1), 2**53 - 1) | st.text(max_size=20),
                           lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4),
                           max_leaves=20)


@settings(max_examples=150, deadline=None)
@given(value=json_values)
def test_canonical_round_trip(value):
    data = canonical.canonical_bytes(value)
    assert canonical.loads_strict(data, "x") == value
    assert json.loads(data) == value
    assert canonical.canonical_bytes(json.loads(canonical.pretty_bytes(value))) == data


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.sampled_from(["title", "instructions", "work_type", "deliverables", "criteria", "x"]),
                       json_values, max_size=6))
def test_task_parser_on_json_shaped_garbage(raw):
    try:
        parse_task(json.dumps(raw).encode(), "task.json")
    except OafreezeError as exc:
        assert "task.json" in str(exc)
