"""The records of a data document (JSON, YAML): what an export keeps as data (settings, events,
rows) rather than as lines of text, read as plainly as the audit needs them."""

from __future__ import annotations

import collections
import json
import re

from oafreeze.plumbing import safeyaml
from oafreeze.plumbing.errors import OafreezeError

DATA_FORMATS = (".json", ".yaml", ".yml")


def mappings(rel: str, text: str, limit: int = 10_000) -> list[dict]:
    """Every mapping in a JSON or YAML document, outermost first ([] for one that does not parse)."""
    try:
        docs = [json.loads(text)] if rel.lower().endswith(".json") else safeyaml.load_all(text, rel)
    except (ValueError, RecursionError, OafreezeError):
        return []
    out: list[dict] = []
    queue = collections.deque(docs)
    while queue and len(out) < limit:
        node = queue.popleft()
        if isinstance(node, dict):
            out.append(node)
            queue.extend(node.values())
        elif isinstance(node, list):
            queue.extend(node)
    return out


_LABEL_KEYS = {"key", "name", "variable", "var", "label", "field", "parameterkey", "parametername", "envvar"}
_VALUE_KEYS = {"value", "parametervalue", "secretvalue", "currentvalue", "initialvalue"}


def setting_pairs(rel: str, text: str) -> list[str]:
    """"label: value" for each mapping that names a setting under one key and gives its value under
    another (Postman environments, Kubernetes' env lists, AWS's parameters)."""
    out: list[str] = []
    for node in mappings(rel, text):
        keys = {str(k).casefold().replace("_", ""): v for k, v in node.items()}
        label = next((v for k, v in keys.items() if k in _LABEL_KEYS and isinstance(v, str)), None)
        value = next((v for k, v in keys.items() if k in _VALUE_KEYS and isinstance(v, (str, int))
                      and not isinstance(v, bool)), None)
        if label and value is not None and "\n" not in label and "\n" not in str(value):
            out.append(f"{label.strip()}: {value}")
    return out


def line_holding(text: str, value: str) -> int | None:
    """The 1-based line where `value` first stands in `text` (None: nowhere)."""
    at = text.find(value) if value else -1
    return text.count("\n", 0, at) + 1 if at >= 0 else None


_JSON_ESCAPE = re.compile(r"\\(?:u([dD][89abAB][0-9a-fA-F]{2})\\u([dD][c-fC-F][0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|(.))")


def json_view(raw: str) -> str:
    """JSON text with its string escapes read (`\\\\` is one backslash, `\\n` a space), line for
    line: a Windows path is written C:\\\\Users in JSON, and "Schedule A:\\n" is no drive path."""
    def one(m: re.Match) -> str:
        if m.group(1):
            return chr(0x10000 + ((int(m.group(1), 16) - 0xD800) << 10) + int(m.group(2), 16) - 0xDC00)
        if m.group(3):
            c = chr(int(m.group(3), 16))
            return " " if c.isspace() or ord(c) < 32 or 0xD800 <= ord(c) < 0xE000 else c
        c = m.group(4)
        return {"\\": "\\", '"': '"', "/": "/"}.get(c, " ")
    return _JSON_ESCAPE.sub(one, raw)
