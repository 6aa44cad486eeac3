"""Every game package has the same shape, and no import cycle inside it.

The standard modules (games/<game>/spec.py, state.py, actions.py, views.py, ai.py, data.py) let
a reader who knows one game find their way in the next. Phase modules do not import each other
in a circle: one module maps each phase to its handler, and handlers return to it. Imports are
read from the source with ast, those inside functions included, so a cycle cannot hide behind a
function-local import.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from games import registry

STANDARD = ("spec.py", "state.py", "actions.py", "views.py", "ai.py", "data.py")
# Aelderman's package is being reshaped on its own branch, which removes this cycle. Until that
# lands the test holds Aelderman to exactly this cycle: it cannot grow, and once it is gone the
# test fails until this entry is removed.
KNOWN_CYCLES: dict[str, list[list[str]]] = {}
GAMES_DIR = Path(importlib.import_module("games").__file__).parent


def package_of(name: str) -> str:
    return registry._MODULES[name]


def imports_of(path: Path, package: str, modules: set[str]) -> set[str]:
    """The modules of `package` that the module at `path` imports anywhere (functions included).
    `from package import x` names the submodule x, or the package's __init__ for anything else."""
    tree = ast.parse(path.read_text(), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from . import x, from .x import y
                base = ".".join([package, base]) if base else package
            if base == package:
                found |= {alias.name if alias.name in modules else "__init__" for alias in node.names}
                continue
            targets = [base]
        else:
            continue
        for target in targets:
            if target.startswith(package + "."):
                found.add(target[len(package) + 1:].split(".")[0])
    return found


def import_graph(name: str) -> dict[str, set[str]]:
    package = package_of(name)
    folder = GAMES_DIR / package.split(".")[-1]
    modules = {path.stem for path in folder.glob("*.py")}
    return {path.stem: imports_of(path, package, modules) - {path.stem} for path in folder.glob("*.py")}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle through each group of modules that import each other in a circle."""
    found, done = [], set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            found.append(path[path.index(module):] + [module])
            return
        if module in done:
            return
        for other in sorted(graph.get(module, ())):
            visit(other, [*path, module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])
    return found


@pytest.mark.parametrize("name", registry.names())
def test_every_game_has_the_standard_modules(name):
    package = importlib.import_module(package_of(name))
    folder = Path(package.__file__).parent
    assert [module for module in STANDARD if not (folder / module).exists()] == []
    spec_module = importlib.import_module(package_of(name) + ".spec")
    assert package.SPEC is spec_module.SPEC and package.SPEC is registry.get(name)


@pytest.mark.parametrize("name", registry.names())
def test_no_import_cycle_inside_a_game(name):
    assert cycles(import_graph(name)) == KNOWN_CYCLES.get(name, [])


def test_a_cycle_is_found_through_a_function_local_import(tmp_path):
    package = tmp_path / "toy"
    package.mkdir()
    (package / "a.py").write_text("from games.toy import b\n")
    (package / "b.py").write_text("def later():\n    from games.toy.a import thing\n")
    modules = {"a", "b"}
    graph = {p.stem: imports_of(p, "games.toy", modules) for p in package.glob("*.py")}
    assert graph == {"a": {"b"}, "b": {"a"}}
    assert cycles(graph) == [["a", "b", "a"]]
