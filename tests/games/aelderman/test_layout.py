"""The package's shape: the standard modules of every game, and no import cycles (every import of
another Aelderman module sits at the top of the module, and the imports form no circle)."""

from __future__ import annotations

import ast
from pathlib import Path

import games.aelderman

PACKAGE = Path(games.aelderman.__file__).parent
STANDARD = ("spec.py", "state.py", "actions.py", "views.py", "ai.py", "data.py")


def _imports(path: Path) -> tuple[set[str], list[int]]:
    """Aelderman modules imported at the top, and lines of imports inside functions."""
    tree = ast.parse(path.read_text())
    top, nested = set(), []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("games.aelderman."):
            name = node.module.split(".")[2]
            if node in tree.body:
                top.add(name)
            else:
                nested.append(node.lineno)
    return top, nested


def test_standard_layout() -> None:
    assert all((PACKAGE / name).exists() for name in STANDARD)


def test_no_import_inside_functions() -> None:
    found = {p.name: _imports(p)[1] for p in PACKAGE.glob("*.py")}
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_no_import_cycles() -> None:
    graph = {p.stem: _imports(p)[0] for p in PACKAGE.glob("*.py")}
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        assert module not in path, " -> ".join([*path, module])
        if module in done:
            return
        for other in sorted(graph.get(module, ())):
            visit(other, [*path, module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])
