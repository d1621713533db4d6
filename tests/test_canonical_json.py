"""Digests are RFC 8785: anyone can recompute them with any JCS implementation.

Each manifest digest here is recomputed two ways: with the `rfc8785` package, and with a
tiny encoder written from the RFC below (keys by UTF-16 code units, ECMAScript numbers,
minimal string escapes), which shares no code with the project."""

from __future__ import annotations

import hashlib
import json
import math
import struct
from decimal import Decimal
from pathlib import Path

import pytest
import rfc8785
from hypothesis import given, settings
from hypothesis import strategies as st

from oafreeze.freezer.manifest import load_manifest, parse_manifest
from oafreeze.plumbing import canonical

ROOT = Path(__file__).resolve().parent.parent


def _number(value) -> str:
    """ECMAScript's Number.prototype.toString (the RFC's number rule), from the shortest digits."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if value == 0:
        return "0"
    if value < 0:
        return "-" + _number(-value)
    _sign, digits, exponent = Decimal(repr(value)).normalize().as_tuple()
    s = "".join(map(str, digits))
    k = len(s)
    n = exponent + k  # value = 0.s x 10^n
    if k <= n <= 21:
        return s + "0" * (n - k)
    if 0 < n <= 21:
        return s[:n] + "." + s[n:]
    if -6 < n <= 0:
        return "0." + "0" * -n + s
    e = n - 1
    return (s if k == 1 else s[0] + "." + s[1:]) + "e" + ("+" if e > 0 else "-") + str(abs(e))


def _string(text: str) -> str:
    out = ['"']
    for ch in text:
        code = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch in "\b\f\n\r\t":
            out.append({"\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}[ch])
        elif code < 0x20:
            out.append(f"\\u{code:04x}")
        else:
            out.append(ch)
    return "".join(out) + '"'


def tiny_jcs(value) -> bytes:
    """RFC 8785 in a few lines, independent of the project and of the rfc8785 package."""
    def enc(v) -> str:
        if v is None:
            return "null"
        if isinstance(v, (bool, int, float)):
            if isinstance(v, float) and not math.isfinite(v):
                raise ValueError("not JSON")
            return _number(v)
        if isinstance(v, str):
            return _string(v)
        if isinstance(v, list):
            return "[" + ",".join(enc(x) for x in v) + "]"
        keys = sorted(v, key=lambda k: struct.unpack(f">{len(k.encode('utf-16-be')) // 2}H", k.encode("utf-16-be")))
        return "{" + ",".join(_string(k) + ":" + enc(v[k]) for k in keys) + "}"
    return enc(value).encode("utf-8")


def _digest_both_ways(doc: dict) -> tuple[str, str]:
    body = {k: v for k, v in doc.items() if k != "digest"}
    return ("sha256:" + hashlib.sha256(rfc8785.dumps(body)).hexdigest(),
            "sha256:" + hashlib.sha256(tiny_jcs(body)).hexdigest())


def test_a_version_2_manifest_digest_is_recomputed_by_two_jcs_encoders(tmp_path, cli):
    env = tmp_path / "env"
    assert cli("init", str(env))[0] == 0
    from conftest import commit_all

    commit_all(env, "tasks")
    code, frozen, err = cli.json("freeze", "--id", "f1", cwd=env)
    assert code == 0, err
    doc = json.loads((env / "manifests/f1.json").read_text())
    assert doc["schema"] == "oafreeze.manifest/2"
    by_package, by_hand = _digest_both_ways(doc)
    assert doc["digest"] == by_package == by_hand == frozen["digest"]


def test_a_float_setting_is_digested_as_jcs_writes_it_not_as_python_does():
    doc = {"models": [{"settings": {"temperature": 0.0, "top_p": 1.0, "penalty": 1e-7}}]}
    assert canonical.canonical_bytes(doc) == tiny_jcs(doc) == rfc8785.dumps(doc)
    assert b'"temperature":0,' in canonical.canonical_bytes(doc)
    assert canonical.legacy_bytes(doc) != canonical.canonical_bytes(doc)  # version 1 wrote 0.0


def test_this_repositorys_version_1_manifests_still_load_and_verify():
    old = sorted((ROOT / "manifests").glob("*.json"))
    v1 = [p for p in old if json.loads(p.read_text())["schema"] == "oafreeze.manifest/1"]
    assert v1, "the repository keeps its version-1 freezes"
    for path in v1:
        manifest = parse_manifest(path.read_bytes(), str(path))
        assert manifest.digest == canonical.legacy_digest(manifest.body())


def test_an_edited_version_1_manifest_is_still_caught(tmp_path):
    path = next(p for p in sorted((ROOT / "manifests").glob("*.json"))
                if json.loads(p.read_text())["schema"] == "oafreeze.manifest/1")
    doc = json.loads(path.read_text())
    doc["environment"]["name"] = "someone-else"
    with pytest.raises(Exception) as caught:
        parse_manifest(json.dumps(doc).encode(), "edited.json")
    assert "self-digest" in str(caught.value.problems[0].rule)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53 - 1), 2**53 - 1)
    | st.floats(allow_nan=False, allow_infinity=False, width=64) | st.text(max_size=12),
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=6), kids, max_size=4),
    max_leaves=25)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_the_codec_agrees_with_an_independent_jcs_encoder(value):
    assert canonical.canonical_bytes(value) == tiny_jcs(value)
