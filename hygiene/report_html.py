"""The reviewer's page: every task, every item, every finding with its evidence, on one static page.

Rendered with Jinja2 from the templates below, with autoescaping on for everything: task ids,
file names, evidence and messages come from the tasks under audit and may hold any text. The
page fetches nothing and runs no script (its Content-Security-Policy forbids both).
"""

from __future__ import annotations

import re

import jinja2

from oafreeze.hygiene.audit import TaskAudit
from oafreeze.hygiene.registry import ITEMS
from oafreeze.plumbing.version import __version__

CSS = """
body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#222}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2.5rem;border-bottom:1px solid #ccc}
table{border-collapse:collapse;width:100%}
td,th{border:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}
.pass{color:#176b2c}.note{color:#6b5b17}.waived{color:#1b4f8a}.fail{color:#a11d1d;font-weight:600}
.na{color:#777}
.blocker{background:#fbe3e3}.major{background:#fdf0dc}.minor{background:#f6f6e4}.info{background:#eef2f6}
.finding{border-left:4px solid #999;margin:.75rem 0;padding:.25rem .75rem}
.finding.blocker{border-color:#a11d1d}.finding.major{border-color:#c77c0e}
blockquote{margin:.25rem 0;padding:.25rem .5rem;background:#fff;border:1px dashed #bbb;white-space:pre-wrap;
font-family:monospace}
code{font-size:.9em}
"""

TEMPLATES = {
    "base.html": """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>{% block title %}{% endblock %}</title><style>{{ css }}</style></head>
<body>{% block body %}{% endblock %}</body></html>
""",
    "macros.html": """{% macro verdict(v) -%}
<span class="{{ 'na' if v == 'n/a' else v }}">{{ v }}</span>
{%- endmacro %}
{% macro where(f) -%}
{{ f.path }}{% if f.location is not none %}{{ ':' if f.location is integer else ' ' }}{{ f.location }}{% endif %}
{%- endmacro %}
""",
    "report.html": """{% extends "base.html" %}
{% from "macros.html" import verdict, where %}
{% block title %}oafreeze hygiene audit: {{ passed }}/{{ audits|length }} passed{% endblock %}
{% block body %}
<h1>Hygiene audit: {{ passed }} of {{ audits|length }} task(s) passed</h1>
<p>oafreeze {{ version }}. A task passes with no blocker and no major finding left unwaived. Each result is
bound to the tree id it read. <i>n/a</i>: the item does not apply to the task (the reason is given).</p>
<table><tr><th>task</th><th>result</th><th>tree</th>
{% for item in items %}<th title="{{ item.name }}">{{ item.id }}</th>{% endfor %}</tr>
{% for a in audits %}<tr><td><a href="#{{ anchor(a.task) }}">{{ a.task }}</a></td>
<td class="{{ 'pass' if a.passed else 'fail' }}">{{ 'passed' if a.passed else 'FAILED' }}</td>
<td><code>{{ a.tree[:12] }}</code></td>
{% for item in items %}{% set v = a.verdict(item.id) %}<td class="{{ 'na' if v == 'n/a' else v }}"
{%- if v == 'n/a' %} title="{{ a.not_applicable[item.id] }}"{% endif %}><a href="#{{ anchor(a.task, item.id) }}">{{ v }}</a></td>
{% endfor %}</tr>
{% endfor %}</table>
{% for a in audits %}
<h2 id="{{ anchor(a.task) }}">{{ a.task }}: <span class="{{ 'pass' if a.passed else 'fail' }}">{{ 'passed' if a.passed else 'FAILED' }}</span></h2>
<p>tree <code>{{ a.tree }}</code></p>
{% for w in a.waivers %}<p class="waived">waiver of {{ w.item }} by {{ w.by }} on {{ w.time }}: {{ w.reason }}</p>
{% endfor %}
{% for item in items %}{% set v = a.verdict(item.id) %}
<h3 id="{{ anchor(a.task, item.id) }}">{{ item.id }} {{ item.name }}: {{ verdict(v) }}</h3>
{% if v == 'n/a' %}<p class="na">Not applicable: {{ a.not_applicable[item.id] }}.</p>{% endif %}
{% for f in a.findings if f.item == item.id %}{% set fid = anchor(a.task, item.id, loop.index|string) %}
<div class="finding {{ f.severity }}" id="{{ fid }}"><p><a href="#{{ fid }}">#{{ loop.index }}</a>
<b>{{ f.severity }}{% if a.waived(f) %} (waived){% endif %}</b> at <code>{{ where(f) }}</code></p>
{% if f.evidence %}<blockquote>{{ f.evidence }}</blockquote>{% endif %}
<p><b>Why it matters:</b> {{ f.message }}</p><p><b>Fix:</b> {{ f.fix }}</p>
<p><a href="#{{ anchor(a.task) }}">↑ {{ a.task }}</a></p></div>
{% endfor %}{% endfor %}{% endfor %}
{% endblock %}
""",
}

_ENV = jinja2.Environment(loader=jinja2.DictLoader(TEMPLATES), autoescape=True, undefined=jinja2.StrictUndefined,
                          trim_blocks=False, lstrip_blocks=False)


def anchor(*parts: str) -> str:
    """An HTML id from a task id and item (anything outside [A-Za-z0-9_.-] becomes '_')."""
    return re.sub(r"[^A-Za-z0-9_.-]", "_", "-".join(parts))


def render(audits: list[TaskAudit]) -> str:
    """One self-contained HTML page (no script, nothing fetched from the network)."""
    return _ENV.get_template("report.html").render(
        audits=audits, items=ITEMS, passed=sum(a.passed for a in audits), version=__version__, css=CSS,
        anchor=anchor) + "\n"
