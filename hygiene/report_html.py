"""The reviewer's page: every task, every item, every finding with its evidence, on one static page."""

from __future__ import annotations

import html
import re

from oafreeze.plumbing.version import __version__
from oafreeze.hygiene.audit import TaskAudit
from oafreeze.hygiene.registry import ITEMS

CSS = """
body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#222}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2.5rem;border-bottom:1px solid #ccc}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}
.pass{color:#176b2c}.note{color:#6b5b17}.waived{color:#1b4f8a}.fail{color:#a11d1d;font-weight:600}
.blocker{background:#fbe3e3}.major{background:#fdf0dc}.minor{background:#f6f6e4}.info{background:#eef2f6}
.finding{border-left:4px solid #999;margin:.75rem 0;padding:.25rem .75rem}
.finding.blocker{border-color:#a11d1d}.finding.major{border-color:#c77c0e}
blockquote{margin:.25rem 0;padding:.25rem .5rem;background:#fff;border:1px dashed #bbb;white-space:pre-wrap;font-family:monospace}
code{font-size:.9em}
"""


def _e(value) -> str:
    return html.escape("" if value is None else str(value), quote=True)


def _anchor(*parts: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", "-".join(parts))


def render(audits: list[TaskAudit]) -> str:
    """One self-contained HTML page (no script, nothing fetched from the network)."""
    passed = sum(a.passed for a in audits)
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">",
           f"<title>oafreeze hygiene audit: {passed}/{len(audits)} passed</title><style>{CSS}</style></head><body>",
           f"<h1>Hygiene audit: {passed} of {len(audits)} task(s) passed</h1>",
           f"<p>oafreeze {_e(__version__)}. A task passes with no blocker and no major finding "
           "left unwaived. Each result is bound to the tree id it read.</p>",
           "<table><tr><th>task</th><th>result</th><th>tree</th>"
           + "".join(f'<th title="{_e(i.name)}">{_e(i.id)}</th>' for i in ITEMS) + "</tr>"]
    for a in audits:
        cells = "".join(f'<td class="{a.verdict(i.id)}"><a href="#{_anchor(a.task, i.id)}">{a.verdict(i.id)}</a></td>'
                        for i in ITEMS)
        out.append(f'<tr><td><a href="#{_anchor(a.task)}">{_e(a.task)}</a></td>'
                   f'<td class="{"pass" if a.passed else "fail"}">{"passed" if a.passed else "FAILED"}</td>'
                   f"<td><code>{_e(a.tree[:12])}</code></td>{cells}</tr>")
    out.append("</table>")
    for a in audits:
        out.append(f'<h2 id="{_anchor(a.task)}">{_e(a.task)}: '
                   f'<span class="{"pass" if a.passed else "fail"}">{"passed" if a.passed else "FAILED"}</span></h2>')
        out.append(f"<p>tree <code>{_e(a.tree)}</code></p>")
        for w in a.waivers:
            out.append(f"<p class=\"waived\">waiver of {_e(w.item)} by {_e(w.by)} on {_e(w.time)}: {_e(w.reason)}</p>")
        for item in ITEMS:
            mine = [f for f in a.findings if f.item == item.id]
            verdict = a.verdict(item.id)
            out.append(f'<h3 id="{_anchor(a.task, item.id)}">{_e(item.id)} {_e(item.name)}: '
                       f'<span class="{verdict}">{verdict}</span></h3>')
            for n, f in enumerate(mine, 1):
                fid = _anchor(a.task, item.id, str(n))
                where = f.path + (f":{f.location}" if isinstance(f.location, int) else
                                  (f" {f.location}" if f.location else ""))
                waived = " (waived)" if a.waived(f) else ""
                out.append(f'<div class="finding {f.severity}" id="{fid}"><p><a href="#{fid}">#{n}</a> '
                           f"<b>{_e(f.severity)}{waived}</b> at <code>{_e(where)}</code></p>"
                           + (f"<blockquote>{_e(f.evidence)}</blockquote>" if f.evidence else "")
                           + f"<p><b>Why it matters:</b> {_e(f.message)}</p><p><b>Fix:</b> {_e(f.fix)}</p>"
                           f'<p><a href="#{_anchor(a.task)}">↑ {_e(a.task)}</a></p></div>')
    out.append("</body></html>\n")
    return "\n".join(out)
