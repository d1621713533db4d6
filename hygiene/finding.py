"""A finding: one way a task could produce a wrong score, as data."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Severity = Literal["blocker", "major", "minor", "info"]
SEVERITIES: tuple[str, ...] = ("blocker", "major", "minor", "info")
# A task fails on any blocker, and on any major that no valid waiver covers.
BLOCKING = frozenset({"blocker", "major"})


class Finding(BaseModel):
    """Item, severity, where, the quoted evidence, why it matters for scoring, the fix."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    item: str = Field(pattern=r"^(H\d{2}|FAM)$")
    severity: Severity
    task: str
    path: str = Field(description="Relative to the task folder: task.json, documents/...")
    location: int | str | None = Field(None, description="A line number, or a JSON path into task.json.")
    evidence: str = ""
    message: str
    fix: str

    def sort_key(self) -> tuple:
        """Item, then severity (worst first), then where."""
        return (self.item, SEVERITIES.index(self.severity), self.path.encode("utf-8", "surrogateescape"), str(self.location or ""))

    def as_dict(self) -> dict:
        """Plain data for JSON output and the audit record."""
        return self.model_dump(mode="json")
