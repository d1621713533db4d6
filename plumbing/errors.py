"""The one exception hierarchy: every refusal names the file, the field and the rule.

Exit codes follow the project's convention: 0 fine, 1 a check failed (drift,
findings, refusal), 2 bad usage or unreadable input.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input: where it is, which field, which rule."""

    path: str
    message: str
    field: str | None = None
    rule: str | None = None
    line: int | None = None
    column: int | None = None

    def location(self) -> str:
        """`path:line:column` as far as it is known."""
        loc = self.path
        if self.line is not None:
            loc += f":{self.line}"
            if self.column is not None:
                loc += f":{self.column}"
        return loc

    def __str__(self) -> str:
        parts = [self.location()]
        if self.field:
            parts.append(f"field {self.field!r}")
        text = ": ".join(parts) + f": {self.message}"
        if self.rule:
            text += f" [rule: {self.rule}]"
        return text

    def as_dict(self) -> dict:
        """Plain data for --json output."""
        return {k: v for k, v in self.__dict__.items() if v is not None}


class OafreezeError(Exception):
    """Base of every error the tool reports to a person instead of a traceback."""

    exit_code = 2

    def __init__(self, message: str, problems: list[Problem] | None = None):
        super().__init__(message)
        self.message = message
        self.problems: list[Problem] = list(problems or [])

    def __str__(self) -> str:
        if not self.problems or (len(self.problems) == 1 and str(self.problems[0]) == self.message):
            return self.message
        lines = [self.message] + [f"  - {p}" for p in self.problems]
        return "\n".join(lines)

    @classmethod
    def at(cls, path: str, message: str, *, field: str | None = None, rule: str | None = None,
           line: int | None = None, column: int | None = None) -> "OafreezeError":
        """One problem at one place, as an error."""
        problem = Problem(path, message, field=field, rule=rule, line=line, column=column)
        return cls(str(problem), [problem])

    def as_dict(self) -> dict:
        """Plain data for --json output."""
        return {
            "error": type(self).__name__,
            "message": self.message,
            "exit_code": self.exit_code,
            "problems": [p.as_dict() for p in self.problems],
        }


class BadInput(OafreezeError):
    """Unreadable, malformed or hostile input (exit 2)."""

    exit_code = 2



class GitError(BadInput):
    """git refused or the repository is not what was asked for (exit 2)."""


class CheckFailed(OafreezeError):
    """A check ran and said no: drift, findings, refusal (exit 1)."""

    exit_code = 1


class AlreadyExists(BadInput):
    """An output that is never overwritten already exists (exit 2)."""


@dataclass
class ProblemList:
    """Collects problems so validation can report every one at once."""

    items: list[Problem] = field(default_factory=list)

    def add(self, path: str, message: str, **kw) -> None:
        """Record one problem."""
        self.items.append(Problem(path, message, **kw))

    def extend(self, problems: list[Problem]) -> None:
        """Record several problems."""
        self.items.extend(problems)

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self, message: str, error: type[OafreezeError] = BadInput) -> None:
        """Raise one error listing every problem, if there are any."""
        if self.items:
            raise error(f"{message} ({len(self.items)} problem{'s' if len(self.items) != 1 else ''})",
                        sorted(self.items, key=lambda p: (p.path, p.line or 0, p.field or "")))
