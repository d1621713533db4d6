"""Corpus profiles: which paths are which kind of document, and what one document is.

A profile is YAML a user can write. Each of the four kinds has a root folder and a
unit: `file` (one file, one document), `twins` (files that share a stem, such as a
checklist's .md and .json, are one document) or `directory` (every file under a
folder `depth` levels below the root is one document, described by its `metadata`
file).
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from oafreeze.plumbing.errors import BadInput, Problem
from oafreeze.plumbing import safeyaml

KINDS = ("practice-guide", "template", "checklist", "survey")
Kind = Literal["practice-guide", "template", "checklist", "survey"]


def _safe_rel(value: str) -> str:
    if not value or value.startswith("/") or any(part in ("", ".", "..") for part in value.split("/")):
        raise ValueError("must be a relative path without '.', '..' or empty segments")
    return value


class KindRule(BaseModel):
    """How one kind of document is laid out under its root."""

    model_config = ConfigDict(extra="forbid")

    root: str
    unit: Literal["file", "twins", "directory"] = "file"
    include: list[str] = Field(default_factory=lambda: ["**/*"])
    exclude: list[str] = Field(default_factory=list)
    depth: int = Field(default=1, ge=1, le=8)
    metadata: str | None = None
    primary: str | None = None
    required: list[str] = Field(default_factory=list)
    licence: str | None = None
    licence_from_path: bool = False

    _root_ok = field_validator("root")(lambda cls, v: _safe_rel(v.strip("/")))


class Profile(BaseModel):
    """A whole corpus profile."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=100)
    description: str = ""
    ignore: list[str] = Field(default_factory=list)
    unique: list[str] = Field(default_factory=lambda: ["title"])
    kinds: dict[Kind, KindRule]

    def rule(self, kind: str) -> KindRule | None:
        """The rule for `kind`, if this profile has that kind."""
        return self.kinds.get(kind)  # type: ignore[arg-type]


def _pydantic_problems(source: str, exc: ValidationError) -> list[Problem]:
    out = []
    for err in exc.errors():
        field = ".".join(str(p) for p in err["loc"])
        out.append(Problem(source, err["msg"], field=field or None, rule=err["type"]))
    return out


def parse_profile(data: bytes | str, source: str) -> Profile:
    """Validate a profile's YAML, naming every bad field at once."""
    raw = safeyaml.load(data, source)
    if not isinstance(raw, dict):
        raise BadInput.at(source, "a profile must be a YAML mapping", rule="profile")
    try:
        return Profile.model_validate(raw)
    except ValidationError as exc:
        problems = _pydantic_problems(source, exc)
        raise BadInput(f"{source}: invalid corpus profile", problems) from None


BUILTIN = ("openagreements", "sample")


@lru_cache(maxsize=None)
def _builtin_text(name: str) -> str:
    return resources.files("oafreeze.corpus.profiles").joinpath(f"{name}.yaml").read_text("utf-8")


def load_profile(name_or_path: str) -> tuple[Profile, bytes]:
    """A built-in profile by name, or a profile file by path; returns it with its bytes."""
    if name_or_path in BUILTIN:
        text = _builtin_text(name_or_path).encode("utf-8")
        return parse_profile(text, f"<builtin profile {name_or_path}>"), text
    path = Path(name_or_path)
    if not path.is_file():
        raise BadInput.at(name_or_path, f"no such profile; built-in profiles are {', '.join(BUILTIN)}",
                          field="profile", rule="profile-exists")
    data = path.read_bytes()
    return parse_profile(data, str(path)), data


@lru_cache(maxsize=4096)
def _glob_regex(pattern: str) -> re.Pattern:
    # `**/` matches zero or more whole segments; `*` and `?` stay within one segment.
    out, i = [], 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append("(?:[^/]+/)*")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif pattern[i] == "*":
            out.append("[^/]*")
            i += 1
        elif pattern[i] == "?":
            out.append("[^/]")
            i += 1
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    return re.compile("".join(out) + r"\Z")


def glob_match(path: str, pattern: str) -> bool:
    """Does a POSIX relative path match a glob with `**` segments?"""
    return _glob_regex(pattern).match(path) is not None


def matches_any(path: str, patterns: list[str]) -> bool:
    """Does `path` match one of `patterns`?"""
    return any(glob_match(path, p) for p in patterns)
