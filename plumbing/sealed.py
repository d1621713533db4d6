"""Self-digested documents (snapshots, manifests): sealed on write, checked on load."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from oafreeze.plumbing.errors import BadInput, CheckFailed, Problem
from oafreeze.plumbing import canonical

S = TypeVar("S", bound="Sealed")


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


def unseal(cls: type[S], raw: Any, source: str, schema: str, what: str) -> S:
    """Validate parsed data as `cls` with schema version `schema`, then check its self-digest."""
    if not isinstance(raw, dict):
        raise BadInput.at(source, f"a {what} is a JSON object", rule=f"{what}-object")
    if raw.get("schema") != schema:
        raise BadInput.at(source, f"unknown schema {raw.get('schema')!r}; this oafreeze reads {schema}",
                          field="schema", rule="schema-version")
    try:
        doc = cls.model_validate(raw)
    except ValidationError as exc:
        problems = [Problem(source, e["msg"], field=".".join(map(str, e["loc"])), rule=e["type"])
                    for e in exc.errors()]
        raise BadInput(f"{source}: not a valid {what}", problems) from None
    expected = canonical.digest(doc.body())
    if doc.digest != expected:
        raise CheckFailed.at(source, f"recorded digest {doc.digest or '(none)'} does not match the content "
                             f"({expected}): the {what} was edited after it was written",
                             field="digest", rule="self-digest")
    return doc
