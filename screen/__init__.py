"""Leakage screen: internal analysis and source material in operative deliverables.

Deterministic, offline and model-free. `screen_text` takes the text of one operative
deliverable (what an employee or counterparty signs), the sources the agent had, and the
task's policy, and returns flags of three kinds: copied institutional text, references to
internal sources, and legal analysis. See docs/SCREEN.md for the rules and their measured
precision and recall.

    from oafreeze.screen import Source, Policy, SourceIndex
    index = SourceIndex([Source(path, text, kind_for_path(path)) for path, text in files])
    flags = index.screen(deliverable_text, Policy(deal_terms=("$127,500",)))
"""

from oafreeze.screen.engine import VERSION, SourceIndex, screen_text
from oafreeze.screen.model import (ADVISORY, COPIED_TEXT, FLAG_KINDS, KNOWLEDGE_BASE, LAW, LEGAL_ANALYSIS,
                                   SOURCE_KINDS, SOURCE_REFERENCE, TEMPLATE, Flag, Policy, Source, kind_for_path)
from oafreeze.screen.notices import NOTICES

__all__ = ["VERSION", "SourceIndex", "screen_text", "Source", "Flag", "Policy", "kind_for_path", "NOTICES",
           "FLAG_KINDS", "SOURCE_KINDS", "COPIED_TEXT", "SOURCE_REFERENCE", "LEGAL_ANALYSIS", "KNOWLEDGE_BASE",
           "ADVISORY", "TEMPLATE", "LAW"]
