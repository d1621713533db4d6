"""The floors of the library (docs/DESIGN.md): imports run one way, down, and the library
never reaches up to the command line. Function-local imports count as much as the ones at
the top of a module."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Top-level folder -> its floor. A module may import from its own folder and from lower
# floors; folders on one floor never import each other. `oafreeze/` (the CLI and the
# composers: gate, pre-commit, demo) is the top floor and may import everything.
FLOORS = {
    "plumbing": 0,
    "corpus": 1,
    "environment": 2,
    "freezer": 3,
    "screen": 3,
    "hygiene": 4,
    "runlog": 4,
    "oafreeze": 5,
}
LIBRARY = [name for name in FLOORS if name != "oafreeze" and (ROOT / name).is_dir()]
CLI_FRAMEWORKS = {"click"}


def _modules(folder: str) -> list[Path]:
    return sorted(p for p in (ROOT / folder).rglob("*.py") if "__pycache__" not in p.parts)


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every module name an import statement in `path` names (absolute form), with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append((node.lineno, node.module))
            # `from oafreeze import hook` names the module oafreeze.hook
            out += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names
                    if node.module == "oafreeze"]
        elif isinstance(node, ast.ImportFrom) and node.level:
            raise AssertionError(f"{path}:{node.lineno}: relative import; the project uses absolute imports")
    return out


def _folder_of(module: str) -> str | None:
    """The top-level folder an `oafreeze.*` module lives in (None for third-party modules)."""
    parts = module.split(".")
    if parts[0] != "oafreeze":
        return None
    if len(parts) == 1:
        return "oafreeze"
    return parts[1] if parts[1] in FLOORS else "oafreeze"


def _edges() -> dict[tuple[str, str], list[str]]:
    """(from folder, to folder) -> the places that import across."""
    edges: dict[tuple[str, str], list[str]] = defaultdict(list)
    for folder in FLOORS:
        if not (ROOT / folder).is_dir():
            continue
        for path in _modules(folder):
            for line, module in _imports(path):
                target = _folder_of(module)
                if target is not None and target != folder:
                    edges[(folder, target)].append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    return edges


def test_every_library_folder_is_installed_inside_the_oafreeze_namespace():
    text = (ROOT / "pyproject.toml").read_text()
    for folder in LIBRARY:
        assert f'"oafreeze.{folder}" = "{folder}"' in text


def test_imports_only_go_down_the_floors():
    wrong = [where for (src, dst), places in _edges().items() if FLOORS[dst] >= FLOORS[src] for where in places]
    assert not wrong, "imports that go up or sideways:\n" + "\n".join(wrong)


def test_no_import_cycle_between_top_level_folders():
    graph: dict[str, set[str]] = defaultdict(set)
    for src, dst in _edges():
        graph[src].add(dst)

    def reach(start: str) -> set[str]:
        seen, todo = set(), [start]
        while todo:
            for nxt in graph[todo.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    cycles = sorted(folder for folder in FLOORS if folder in reach(folder))
    assert not cycles, f"folders on an import cycle: {cycles}"


@pytest.mark.parametrize("folder", LIBRARY)
def test_the_library_never_imports_the_cli_or_click(folder):
    wrong = []
    for path in _modules(folder):
        for line, module in _imports(path):
            if module.split(".")[0] in CLI_FRAMEWORKS or _folder_of(module) == "oafreeze":
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert not wrong, "\n".join(wrong)


def test_no_library_folder_holds_more_than_35_percent_of_the_library():
    lines = {folder: sum(len(p.read_text(encoding="utf-8").splitlines()) for p in _modules(folder))
             for folder in LIBRARY}
    total = sum(lines.values())
    heavy = {f: round(n / total, 3) for f, n in lines.items() if n > 0.35 * total}
    assert not heavy, f"folders over 35% of {total} library lines: {heavy}"


def test_the_detector_sees_function_local_imports(tmp_path):
    # The checks above are only as good as the import scan: a local import must be seen.
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from oafreeze.gate import run_gate\n    import click\n")
    found = {name for _line, name in _imports(module)}
    assert {"oafreeze.gate", "click"} <= found
    assert _folder_of("oafreeze.gate") == "oafreeze" and _folder_of("oafreeze.plumbing.git") == "plumbing"
