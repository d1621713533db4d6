"""oafreeze.yaml: the environment's configuration, validated with named keys and rules."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator

from oafreeze.corpus.materialize import DEFAULT_MOUNT
from oafreeze.plumbing import safeyaml
from oafreeze.plumbing.errors import BadInput
from oafreeze.plumbing.paths import check_relative_path
from oafreeze.plumbing.sealed import validated

from oafreeze.environment.layout import CONFIG_FILE  # noqa: F401 - re-exported
SCHEMA = "oafreeze.environment/1"


class Pin(BaseModel):
    """A repository pinned at a full commit id."""

    model_config = ConfigDict(extra="forbid")

    repo: str = Field(min_length=1)
    commit: str = Field(pattern=r"^[0-9a-f]{40}([0-9a-f]{24})?$")


class KnowledgeBase(BaseModel):
    """Where the knowledge base comes from, which commit, and where it is mounted."""

    model_config = ConfigDict(extra="forbid")

    source: str = Field(min_length=1, description="Library repository or bundle (relative to the environment).")
    commit: str = Field(pattern=r"^[0-9a-f]{40}([0-9a-f]{24})?$")
    profile: str = "openagreements"
    root: str = ""
    expect: dict[str, int] | None = None
    mount: str = DEFAULT_MOUNT
    snapshot: str = Field(min_length=1, description="The committed snapshot file, relative to the environment.")

    _mount = field_validator("mount", "snapshot")(lambda cls, v: check_relative_path(v))

    @field_validator("expect")
    @classmethod
    def _kinds(cls, value):
        from oafreeze.corpus.profile import KINDS

        for kind, n in (value or {}).items():
            if kind not in KINDS:
                raise ValueError(f"unknown kind {kind!r}; kinds are {', '.join(KINDS)}")
            if n < 0:
                raise ValueError(f"count for {kind} must be >= 0")
        return value


class Model(BaseModel):
    """A model under test with its exact settings."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1)
    settings: dict[str, Any] = Field(default_factory=dict)


class Judge(BaseModel):
    """A judge: provider-prefixed id, schema version, field order, temperature."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_.-]*/[A-Za-z0-9_.:-]+$")
    schema_version: str = Field(min_length=1)
    field_order: list[str] = Field(min_length=1)
    temperature: float = Field(ge=0, le=2)


class Environment(BaseModel):
    """The whole of oafreeze.yaml."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    schema_: str = Field(SCHEMA, alias="schema")
    name: str = Field(min_length=1, max_length=200)
    knowledge_base: KnowledgeBase | None = None
    harness: Pin | None = None
    evaluator: Pin | None = None
    models: list[Model] = Field(default_factory=list)
    judges: list[Judge] = Field(default_factory=list)
    families: list[Annotated[str, AfterValidator(check_relative_path)]] = Field(
        default_factory=list, description=("Family specs (YAML), relative to the environment: the audit checks "
                                           "each family's instances against a fresh expansion of its spec."))

    @field_validator("families")
    @classmethod
    def _listed_once(cls, value: list[str]) -> list[str]:
        if len(set(value)) != len(value):
            raise ValueError("a family spec is listed twice")
        return value


def parse_environment(data: bytes, source: str = CONFIG_FILE) -> Environment:
    """Validate oafreeze.yaml; every bad key named at once with the rule it breaks."""
    env = validated(Environment, safeyaml.load(data, source), source, "environment configuration", noun="key",
                     container="a YAML mapping")
    if env.schema_ != SCHEMA:
        raise BadInput.at(source, f"unknown schema {env.schema_!r}; this oafreeze reads {SCHEMA}",
                          field="schema", rule="schema-version")
    return env


def load_environment(root: Path) -> Environment:
    """Read <root>/oafreeze.yaml."""
    path = root / CONFIG_FILE
    if not path.is_file():
        raise BadInput.at(str(path), "no oafreeze.yaml here; run `oafreeze init` or pass --env",
                          rule="environment-exists")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise BadInput.at(str(path), f"cannot read: {exc.strerror}", rule="readable") from None
    return parse_environment(data, CONFIG_FILE)
