"""YAML that can only ever build plain data.

Profiles, oafreeze.yaml, family specs, front matter and template metadata are read with
this loader only: no object-building tags (only the safe core schema), anchors and aliases
only as far as they expand to a bounded amount of data (so no "billion laughs", and no alias
of a node inside itself), no key given twice (YAML would silently keep the last; JSON here
refuses it too), bounded nesting and size, and errors that name the file, line and column.
"""

from __future__ import annotations

import datetime as _dt
from typing import Any

import yaml

from oafreeze.plumbing import canonical
from oafreeze.plumbing.errors import BadInput

MAX_BYTES = 8 << 20
MAX_DEPTH = 64
# How many nodes aliases may add to a document beyond those written: a spec that reuses a block
# (`territory: *west`) adds a few; a "billion laughs" adds a billion.
MAX_ALIASED = 100_000


class _UniqueKeys:
    """A constructor mixin that refuses a mapping key given twice, naming both lines."""

    def construct_mapping(self, node, deep=False):  # noqa: D401 - PyYAML hook
        if isinstance(node, yaml.MappingNode):
            seen: dict = {}
            for key_node, _value in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    continue  # "<<: *base" merges an aliased mapping; keys written here override it
                key = self.construct_object(key_node, deep=True)
                try:
                    first = seen.get(key)
                except TypeError:  # an unhashable key is refused later, with its place
                    continue
                if first is not None:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"key {key!r} is given twice (first on line {first.line + 1}); YAML would "
                        "keep only the last one", key_node.start_mark)
                seen[key] = key_node.start_mark
        return super().construct_mapping(node, deep=deep)


class _Loader(_UniqueKeys, yaml.SafeLoader):
    """SafeLoader that bounds what aliases expand to, and refuses repeated keys and deep nesting."""

    def compose_document(self):  # noqa: D401 - PyYAML hook
        self._aliased = False
        node = super().compose_document()
        if self._aliased:
            _bounded_expansion(node)
        return node

    def compose_node(self, parent, index):  # noqa: D401 - PyYAML hook
        if self.check_event(yaml.AliasEvent):
            self._aliased = True
            return super().compose_node(parent, index)
        event = self.peek_event()
        self._depth = getattr(self, "_depth", 0) + 1
        try:
            if self._depth > MAX_DEPTH:
                raise yaml.composer.ComposerError(None, None, f"nested deeper than {MAX_DEPTH} levels",
                                                  event.start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _bounded_expansion(root: yaml.Node) -> None:
    """Refuse a document whose aliases expand it by more than MAX_ALIASED nodes, or that aliases a
    node inside itself (data that never ends once read)."""
    sizes: dict[int, int] = {}
    written: set[int] = set()
    open_: set[int] = set()

    def size(node: yaml.Node) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in open_:
            raise yaml.composer.ComposerError(None, None, "an alias of a node inside itself (recursive data)",
                                              node.start_mark)
        open_.add(key)
        written.add(key)
        if isinstance(node, yaml.SequenceNode):
            total = 1 + sum(size(child) for child in node.value)
        elif isinstance(node, yaml.MappingNode):
            total = 1 + sum(size(k) + size(v) for k, v in node.value)
        else:
            total = 1
        open_.discard(key)
        sizes[key] = total
        if total - len(written) > MAX_ALIASED:
            raise yaml.composer.ComposerError(None, None, f"aliases expand it by more than {MAX_ALIASED:,} nodes "
                                              "(a \"billion laughs\"): write the data out", node.start_mark)
        return total

    size(root)


_FastLoader = type("_FastLoader", (_UniqueKeys, yaml.CSafeLoader), {}) if hasattr(yaml, "CSafeLoader") else None


def _maybe_deep(text: str) -> bool:
    """Could this text nest deeper than MAX_DEPTH? (Then only the checking loader reads it.)"""
    depth = worst = 0
    for ch in text:
        if ch in "[{":
            depth += 1
            worst = max(worst, depth)
        elif ch in "]}":
            depth -= 1
    if worst > MAX_DEPTH:
        return True
    return any(len(line) - len(line.lstrip(" -")) > MAX_DEPTH for line in text.splitlines())


def _plain(value: Any) -> Any:
    # Dates become ISO strings so every later stage sees JSON-ready data; whatever else the
    # one canonical JSON codec could not encode (sets, binary, NaN, huge integers, non-string
    # keys) is refused by its own check, with its place, rather than later.
    if isinstance(value, (_dt.date, _dt.datetime)):
        return value.isoformat()
    if isinstance(value, dict):
        return {(k.isoformat() if isinstance(k, (_dt.date, _dt.datetime)) else k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def load(text: str | bytes, source: str, *, line_offset: int = 0) -> Any:
    """Parse one YAML document into plain data; a clear BadInput for anything else."""
    return _load(text, source, line_offset=line_offset, stream=False)


def load_all(text: str | bytes, source: str) -> list[Any]:
    """Parse a YAML stream (documents separated by '---') into a list of plain data: a document
    in a task's workspace may hold several; configuration files hold one (`load`)."""
    return _load(text, source, line_offset=0, stream=True)


def _load(text: str | bytes, source: str, *, line_offset: int, stream: bool) -> Any:
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise BadInput.at(source, f"larger than {MAX_BYTES} bytes", rule="yaml-size")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadInput.at(source, f"not UTF-8 (byte {exc.start})", rule="utf-8") from None
    # Anchors and aliases need '&' or '*'; text without either can take libyaml's fast
    # safe loader. Anything else goes through the checking pure-Python loader.
    fast = _FastLoader is not None and "&" not in text and "*" not in text and not _maybe_deep(text)
    try:
        loader = _FastLoader if fast else _Loader  # both are safe loaders
        value = list(yaml.load_all(text, Loader=loader)) if stream else yaml.load(text, Loader=loader)  # noqa: S506
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 + line_offset if mark else None
        col = mark.column + 1 if mark else None
        raise BadInput.at(source, f"invalid YAML: {exc.problem or exc.context}", line=line, column=col,
                          rule="safe-yaml") from None
    except yaml.YAMLError as exc:
        raise BadInput.at(source, f"invalid YAML: {exc}", rule="safe-yaml") from None
    except RecursionError:
        raise BadInput.at(source, "YAML nested too deeply", rule="yaml-depth") from None
    value = _plain(value)
    try:
        canonical.check(value)
    except ValueError as exc:
        raise BadInput.at(source, f"invalid YAML: {exc}", rule="safe-yaml") from None
    return value


def dump(value: Any) -> str:
    """Plain block-style YAML, keys in the order given."""
    return yaml.safe_dump(value, sort_keys=False, allow_unicode=True, default_flow_style=False)
