"""A data document's records: mappings of JSON and YAML, settings as key/value pairs, JSON's escapes."""

from __future__ import annotations

import json

from oafreeze.corpus import datafiles


def test_every_mapping_of_a_json_or_yaml_document_outermost_first():
    doc = {"a": 1, "items": [{"b": 2, "inner": {"c": 3}}, [{"d": 4}]]}
    assert [sorted(m) for m in datafiles.mappings("x.json", json.dumps(doc))] == [
        ["a", "items"], ["b", "inner"], ["c"], ["d"]]
    assert [m for m in datafiles.mappings("x.yaml", "a: 1\n---\nb: [ {c: 2} ]\n")] == [{"a": 1}, {"b": [{"c": 2}]},
                                                                                        {"c": 2}]
    assert datafiles.mappings("x.json", "{oops") == [] and datafiles.mappings("x.yaml", "!!python/object:os.system {}") == []


def test_settings_written_as_key_and_value_are_read_as_label_and_value():
    postman = json.dumps({"values": [{"key": "client_secret", "value": "s3cr3t", "enabled": True},
                                     {"key": "flag", "value": True}, {"Name": "Port", "Value": 8080}]})
    assert datafiles.setting_pairs("env.json", postman) == ["client_secret: s3cr3t", "Port: 8080"]
    k8s = "env:\n  - name: DB_PASSWORD\n    value: hunter2\n  - name: MULTI\n    value: |\n      a\n      b\n"
    assert datafiles.setting_pairs("deploy.yml", k8s) == ["DB_PASSWORD: hunter2"]
    assert datafiles.line_holding(k8s, "hunter2") == 3 and datafiles.line_holding(k8s, "absent") is None


def test_json_escapes_are_read_line_for_line():
    raw = '{"path": "C:\\\\Users\\\\ana", "note": "Schedule A:\\nnext", "e": "\\u00e9\\ud83d\\ude00"}'
    view = datafiles.json_view(raw)
    assert "C:\\Users\\ana" in view and "Schedule A: next" in view and "\u00e9\U0001F600" in view
    assert view.count("\n") == raw.count("\n")
