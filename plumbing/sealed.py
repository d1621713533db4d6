"""Self-digested documents (snapshots, manifests): sealed on write, checked on load.

A document's `schema` names its version, and the version decides how its digest is
taken: RFC 8785 for the current versions, the legacy encoding for the first ones (see
`canonical`). A document is always written in the current version.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from oafreeze.plumbing import canonical
from oafreeze.plumbing.errors import BadInput, CheckFailed, Problem

S = TypeVar("S", bound="Sealed")
Digest = Callable[[Any], str]


class Sealed(BaseModel):
    """A model that carries `digest`: the canonical digest of everything else in it."""

    digest: str = ""

    def body(self) -> dict:
        """The document as data, without its own digest."""
        data = self.model_dump(by_alias=True, mode="json")
        data.pop("digest", None)
        return data

    def sealed(self: S) -> S:
        """A copy whose digest is set over the canonical encoding of its body."""
        return self.model_copy(update={"digest": canonical.digest(self.body())})

    def to_json(self) -> dict:
        """The document as data, digest included."""
        return self.model_dump(by_alias=True, mode="json")


def pydantic_problems(exc: ValidationError, source: str, noun: str = "field") -> list[Problem]:
    """A pydantic error as Problems naming the field (a "key" in YAML), in words, not pydantic's own."""
    out = []
    for err in exc.errors():
        field = ".".join(str(p) for p in err["loc"])
        out.append(Problem(source, plain_message(err, noun), field=field or None, rule=err["type"]))
    return out


_PATTERN_WORDS = {
    r"^[0-9a-f]{40}([0-9a-f]{24})?$": "a full 40-hex commit id (64 in a SHA-256 repository); quote it in YAML",
    r"^[0-9a-f]{64}$": "64 lower-case hex digits (a SHA-256)",
    r"^sha256:[0-9a-f]{64}$": "'sha256:' followed by 64 lower-case hex digits",
}


_TYPE_WORDS = {
    "string_type": "must be a string", "int_type": "must be an integer", "int_parsing": "must be an integer",
    "float_type": "must be a number", "float_parsing": "must be a number", "bool_type": "must be true or false",
    "bool_parsing": "must be true or false", "dict_type": "must be an object (a mapping of keys to values)",
    "model_type": "must be an object (a mapping of keys to values)", "list_type": "must be a list",
}


def plain_message(err: dict, noun: str = "field") -> str:
    """One pydantic error in words a person can act on."""
    kind, ctx = err["type"], err.get("ctx") or {}
    if kind == "missing":
        return f"required {noun} missing"
    if kind == "extra_forbidden":
        return f"unknown {noun}"
    if kind == "string_pattern_mismatch":
        pattern = ctx.get("pattern", "")
        return f"must be {_PATTERN_WORDS.get(pattern, 'of the form ' + pattern)}"
    if kind == "string_too_short":
        return "may not be empty" if ctx.get("min_length") == 1 else f"needs at least {ctx.get('min_length')} characters"
    if kind == "too_short":
        return f"needs at least {ctx.get('min_length')} item(s)"
    if kind == "literal_error":
        return f"must be one of {ctx.get('expected')}"
    if kind in _TYPE_WORDS:
        return _TYPE_WORDS[kind]
    if kind == "value_error":
        return str(ctx.get("error", err["msg"]))
    return err["msg"]


M = TypeVar("M", bound=BaseModel)


def validated(cls: type[M], raw: Any, source: str, what: str, *, noun: str = "field",
              container: str = "a JSON object") -> M:
    """`raw` (parsed JSON or YAML) as model `cls`, or one BadInput naming every bad field."""
    if not isinstance(raw, dict):
        raise BadInput.at(source, f"{what} must be {container}", rule=f"{what.replace(' ', '-')}-object")
    try:
        return cls.model_validate(raw)
    except ValidationError as exc:
        raise BadInput(f"{source}: invalid {what}", pydantic_problems(exc, source, noun)) from None


def unseal(cls: type[S], raw: Any, source: str, versions: dict[str, Digest], what: str) -> S:
    """Validate parsed data as `cls` in one of the schema `versions` (name -> how its digest is
    taken), then check its self-digest."""
    if not isinstance(raw, dict):
        raise BadInput.at(source, f"a {what} is a JSON object", rule=f"{what}-object")
    digest_of = versions.get(raw.get("schema"))
    if digest_of is None:
        raise BadInput.at(source, f"unknown schema {raw.get('schema')!r}; this oafreeze reads "
                          f"{', '.join(sorted(versions))}", field="schema", rule="schema-version")
    try:
        doc = cls.model_validate(raw)
    except ValidationError as exc:
        raise BadInput(f"{source}: not a valid {what}", pydantic_problems(exc, source)) from None
    expected = digest_of(doc.body())
    if doc.digest != expected:
        raise CheckFailed.at(source, f"recorded digest {doc.digest or '(none)'} does not match the content "
                             f"({expected}): the {what} was edited after it was written",
                             field="digest", rule="self-digest")
    return doc
