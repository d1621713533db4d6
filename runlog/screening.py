"""The leakage screen beside the placement verdicts (pure): where they disagree, a human looks.

Each production run recorded with a screen result (`payload.screen`, docs/SCREEN.md) is set
beside the effective verdict on the task's placement criteria (`screen.workspace.
placement_criteria`: the criteria the task names in `oafreeze.screen.criteria`, else those
whose id or title says "placement", else a placement trap's criteria). A cell disagrees when
the screen flagged it and the verdict is pass, or the screen found it clean and the verdict is
fail. Neither side is taken as right: the list is for review.
"""

from __future__ import annotations


def _who(by: str) -> str:
    return "a human" if by == "human" else "the judges"


def compare(cells: list[dict]) -> dict:
    """Cells screened, and those where the screen and the placement verdict disagree."""
    screened = [c for c in cells if c.get("screen") and c["screen"]["status"] in ("clean", "flagged")]
    compared = [c for c in screened if c.get("placement") and c["placement"]["effective"] in ("pass", "fail")]
    disagreements = []
    for c in compared:
        placement = c["placement"]
        flagged = c["screen"]["status"] == "flagged"
        if flagged == (placement["effective"] == "pass"):
            disagreements.append({"task": c["task"], "model": c["model"], "instance": c["instance"],
                                  "run_id": c["run_id"], "screen": c["screen"]["status"],
                                  "flags": c["screen"]["flags"], "verdict": placement["effective"],
                                  "by": placement["by"], "criteria": placement["criteria"]})
    groups: dict[tuple[str, str], int] = {}
    for d in disagreements:
        groups[(d["screen"], d["by"])] = groups.get((d["screen"], d["by"]), 0) + 1
    parts = []
    for (screen, by), n in sorted(groups.items()):
        cells_word = "cell" if n == 1 else "cells"
        if screen == "flagged":
            parts.append(f"screen flagged {n} {cells_word} {_who(by)} passed")
        else:
            parts.append(f"screen found {n} {cells_word} clean that {_who(by)} failed")
    if parts:
        text = "; ".join(parts)
    elif compared:
        text = f"the screen agrees with the placement verdict on all {len(compared)} cell{'s' * (len(compared) != 1)}"
    else:
        text = "no screened cell has a decided placement verdict yet" if screened else "no production run was screened"
    return {"screened": len(screened), "compared": len(compared),
            "flagged": sum(1 for c in screened if c["screen"]["status"] == "flagged"),
            "disagreements": disagreements, "text": text}
