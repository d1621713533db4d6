"""H13 synthetic data and secrets: nothing real, nothing secret, nothing local.

What counts as a real-looking value is read by `corpus/sensitive.py`; this module says where
the audit looks (task.json, every workspace text, settings exported as key and value pairs, file
names, password stores) and how it reports each value."""

from __future__ import annotations

from oafreeze.corpus import datafiles
from oafreeze.corpus import sensitive as sv
from oafreeze.corpus import text as tx
from oafreeze.hygiene.context import TaskContext
from oafreeze.hygiene.finding import Finding

ID = "H13"
NAME = "synthetic data and secrets"


def _shown(kind: str, value: str) -> str:
    # Never copy a secret into a report that will be shared.
    return value[:4] + "…(masked)" if kind in sv.SECRET_KINDS else value


def check(ctx: TaskContext) -> list[Finding]:
    """Real-looking personal data, credentials, local paths and internal URLs in task.json or the workspace."""
    out = []
    if ctx.has_block and ctx.ext.synthetic is not True:
        out.append(ctx.finding(ID, "minor", "task.json", "the task does not declare `synthetic: true`: readers "
                               "cannot tell whether its people and companies are invented",
                               "set oafreeze.synthetic to true once every name and number is fictional",
                               location="$.oafreeze.synthetic"))
    sources = [("task.json", datafiles.json_view(ctx.task_json_text))] + [(f.rel, f.text) for f in ctx.task_files if f.text]
    for path, written in sources:
        shown = written.splitlines()
        for number, kind, severity, value in sv.hits(written):
            out.append(ctx.finding(ID, severity, path, f"{kind} {_shown(kind, value)!r}: {_why(kind)}",
                                   _fix(kind), location=number,
                                   evidence=_shown(kind, value if kind in sv.SECRET_KINDS else
                                                   tx.excerpt(shown[number - 1].strip()))))
    # Settings exported as a list of {"key": ..., "value": ...} (Postman, Kubernetes' env, AWS's
    # parameters): the label and its value sit on lines of their own, read here as "label: value".
    for f in ctx.task_files:
        if f.text and f.rel.lower().endswith(datafiles.DATA_FORMATS):
            pairs = datafiles.setting_pairs(f.rel, f.own_text)
            if not pairs:
                continue
            shown = f.text.splitlines()
            said = {(x.location, x.message) for x in out if x.path == f.rel}
            for number, kind, severity, value in sv.hits("\n".join(pairs)):
                line = datafiles.line_holding(f.text, pairs[number - 1].split(": ", 1)[1])
                if (line, f"{kind} {_shown(kind, value)!r}: {_why(kind)}") in said:
                    continue  # a pair written on one line was read there already
                out.append(ctx.finding(ID, severity, f.rel, f"{kind} {_shown(kind, value)!r}: {_why(kind)}",
                                       _fix(kind), location=line,
                                       evidence=_shown(kind, value if kind in sv.SECRET_KINDS or line is None else
                                                       tx.excerpt(shown[line - 1].strip()))))
    # A stored-password file's line may hold a password in prose form too ("login wpark password ..."): one finding.
    secret_at = {(x.path, x.location) for x in out if x.severity == "blocker"}
    out += [x for x in _credential_files(ctx) if (x.path, x.location) not in secret_at]
    # A name is published as widely as the file: a number in it is as real as one in the text.
    # (A folder in a name is no local path: "documents/home/..." is the workspace's own.)
    names = [f.rel for f in ctx.task_files if not f.kb_copy]
    for number, kind, severity, value in sv.hits("\n".join(" ".join(n.splitlines()) for n in names)):
        if kind in sv.PATH_KINDS:
            continue
        out.append(ctx.finding(ID, severity, names[number - 1], f"{kind} {_shown(kind, value)!r} in the file's "
                               f"name: {_why(kind)}", "rename the file: " + _fix(kind),
                               evidence=_shown(kind, value)))
    return out


def _why(kind: str) -> str:
    if kind in sv.SECRET_KINDS:
        return "a secret in a task is published with every copy of the environment"
    if kind in sv.PATH_KINDS:
        return ("a path or host on someone's own machine or network: it tells where the task was made, and "
                "points the agent at something it cannot open; the task must be synthetic and portable")
    return "real-looking personal or financial data; the task must be synthetic and portable"


def _fix(kind: str) -> str:
    if kind in sv.SECRET_KINDS:
        return "remove it"
    if kind in sv.PATH_KINDS:
        return ("name the file by its place in the workspace (documents/...), or use a reserved host "
                "(files.example.com, intranet.example)")
    if kind in sv.PAYMENT_KINDS:
        return ("remove it, or use a published test value (card 4111 1111 1111 1111, IBAN GB82 WEST 1234 5698 "
                "7654 32) or a placeholder such as 'account ending 0000'")
    if kind in ("date of birth", "passport number", "driver's licence number", "national identity number"):
        return f"remove it, or write a placeholder ('[{kind}]'); give an age if the task turns on one"
    return ("use reserved values: example.com addresses, 555-01xx phone numbers (elsewhere a number set aside "
            "for fiction, such as the UK's 020 7946 0xxx), no real paths or hosts")


def _credential_files(ctx: TaskContext) -> list[Finding]:
    out = []
    for f in ctx.task_files:
        if f.text and ("auth" in f.text or "Basic" in f.text):
            for m in sv.BASIC_AUTH.finditer(f.text):
                if sv.basic_auth(m.group("v")) is None:
                    continue
                line = f.text.count("\n", 0, m.start()) + 1
                out.append(ctx.finding(ID, "blocker", f.rel, f"credential {_shown('credential', m.group('v'))!r}: "
                                       "a user name and password in base64, which anyone can decode: "
                                       f"{_why('credential')}", _fix("credential"), location=line,
                                       evidence=_shown("credential", m.group("v"))))
        base = f.rel.rsplit("/", 1)[-1].lower()
        pattern = sv.PGPASS_LINE if base in (".pgpass", "pgpass.conf") else \
            sv.NETRC_PASSWORD if base in (".netrc", "_netrc") else None
        if pattern is None or not f.text:
            continue
        for m in pattern.finditer(f.text):
            value = m.group("v")
            if len(value) < 8 or sv.placeholder(value):
                continue
            line = f.text.count("\n", 0, m.start()) + 1
            out.append(ctx.finding(ID, "blocker", f.rel, f"credential {_shown('credential', value)!r} in {base}, a "
                                   f"file of stored passwords: {_why('credential')}", _fix("credential"),
                                   location=line, evidence=_shown("credential", value)))
    return out

