"""The package's layers, checked on the source: data flows down, never up.

Every ``import`` in ``src/briscola`` (at the top of a module or inside a function: a lazy import
is still a dependency) is read with :mod:`ast`. ``briscola.core`` may import only itself and the
standard library; the phase modules only the state types; core has no import cycle; and each
layer imports only the layers below it (docs/engine.md, "Layout").
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGE = SRC / "briscola"

# Each layer and the layers it may import (besides itself and third-party libraries); "root" is
# the package's face, ``briscola/__init__.py`` (the public names and ``__version__``).
ALLOWED: dict[str, set[str]] = {
    "core": set(),
    "i18n": set(),  # the message catalogs: every layer but core may use them
    "fast": {"core", "i18n"},
    "bots": {"core", "fast", "i18n"},
    "session": {"core", "bots", "i18n"},
    "env": {"core", "fast", "bots", "i18n"},
    "analysis": {"core", "fast", "bots", "i18n"},  # post-game analysis and hints (issue 15)
    "scorekeeper": {"i18n", "core"},  # core.text: numbers and excerpts read strictly
    "apps": {"core", "fast", "bots", "session", "env", "scorekeeper", "analysis", "root", "i18n"},
    "tools": {"core", "fast", "bots", "session", "env", "apps", "analysis", "root", "i18n"},
    # training the neural level (issue 16): plays in the fast core, measures in the arena
    "train": {"core", "fast", "bots", "env", "tools", "root", "i18n"},
    "root": {"core", "i18n"},  # briscola/__init__.py: the public names (today all from core)
}
# The imports that cross a layer upward, and why: the neural level's input is the RL
# observation encoding, a module of plain NumPy over core's Observation (it imports only core), so
# the network reads exactly what it was trained on; a network trained in the suits' canonical form
# reads it through the encoding's suit renamings (index arrays over its layout and action space).
CROSSINGS = {
    ("briscola.bots.neural", "briscola.env.encoding"),
    ("briscola.bots.neural", "briscola.env.symmetry"),
}
# The modules the encoding is made of (its layout and its action space): a crossed-to module may
# import them, and they too import only core.
CROSSING_PARTS = {"briscola.env.layout", "briscola.env.action_space"}
# The ``briscola`` command is the composition root: it mounts every tool's subcommand (``bench``'s
# options are checked in a module of their own, which runs the tools' benchmarks).
COMPOSITION_ROOT = {"briscola.apps.cli.commands", "briscola.apps.cli.bench", "briscola.__main__"}
# The phase modules see only the state types (and the vocabulary they are made of).
PHASES = {"briscola.core.play", "briscola.core.chiamata"}
PHASE_IMPORTS = {"briscola.core.state", "briscola.core.cards", "briscola.core.actions",
                 "briscola.core.rules",
                 "briscola.core.signals"}  # fmt: skip  # the signs' data, as actions and state use


def modules() -> Iterator[tuple[str, Path]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        yield ".".join(parts), path


def imports(path: Path, name: str) -> set[str]:
    """The modules ``path`` imports anywhere in its code, as absolute dotted names."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            out.add(module)
            # "from briscola.core import chiamata" imports the submodule chiamata
            out.update(
                f"{module}.{alias.name}"
                for alias in node.names
                if (SRC / module.replace(".", "/") / f"{alias.name}.py").exists()
            )
    return out


def layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "root"


GRAPH = {name: imports(path, name) for name, path in modules()}


def test_every_module_belongs_to_a_known_layer() -> None:
    unknown = {name for name in GRAPH if layer(name) not in ALLOWED and name != "briscola.__main__"}
    assert not unknown


def test_core_imports_only_core_and_the_standard_library() -> None:
    bad = {
        (name, imported)
        for name, deps in GRAPH.items()
        if layer(name) == "core"
        for imported in deps
        if not imported.startswith("briscola.core")
        and imported.split(".")[0] not in sys.stdlib_module_names
        and imported != "__future__"
    }
    assert not bad, sorted(bad)


def test_the_phase_modules_import_only_the_state_types() -> None:
    for phase in PHASES:
        inside = {m for m in GRAPH[phase] if m.startswith("briscola")}
        assert inside <= PHASE_IMPORTS, (phase, sorted(inside - PHASE_IMPORTS))


def test_core_has_no_import_cycle() -> None:
    def in_core(name: str) -> bool:
        return name in GRAPH and layer(name) == "core" and name != "briscola.core"

    core = {n: {d for d in deps if in_core(d)} for n, deps in GRAPH.items() if in_core(n)}
    done: set[str] = set()

    def visit(node: str, path: tuple[str, ...]) -> None:
        if node in path:
            pytest.fail("import cycle: " + " -> ".join((*path[path.index(node) :], node)))
        if node in done:
            return
        for dep in sorted(core[node]):
            visit(dep, (*path, node))
        done.add(node)

    for node in sorted(core):
        visit(node, ())


def test_each_layer_imports_only_the_layers_below() -> None:
    bad = set()
    for name, deps in GRAPH.items():
        if name in COMPOSITION_ROOT:
            continue
        own = layer(name)
        for dep in deps:
            if not dep.startswith("briscola.") and dep != "briscola":
                continue
            other = layer(dep)
            if (name, dep) in CROSSINGS:
                for part in {dep} | (GRAPH[dep] & CROSSING_PARTS):
                    assert {d for d in GRAPH[part] if d.startswith("briscola.")} <= {
                        d
                        for d in GRAPH[part]
                        if d.startswith("briscola.core") or (part == dep and d in CROSSING_PARTS)
                    }, f"{part} imports more than core: {dep} may no longer be crossed to"
                continue
            if other != own and other not in ALLOWED.get(own, set()):
                bad.add(f"{name} ({own}) imports {dep} ({other})")
    assert not bad, "\n".join(sorted(bad))


def test_the_checker_sees_a_lazy_upward_import() -> None:
    """The walk must see imports inside functions, where an upward dependency likes to hide."""
    tree = {"briscola.core.x": imports_of("def f():\n    from briscola.apps.server import app\n")}
    assert "briscola.apps.server" in tree["briscola.core.x"]


def imports_of(code: str) -> set[str]:
    path = PACKAGE / "core" / "_probe_.py"
    try:
        path.write_text(code, encoding="utf-8")
        return imports(path, "briscola.core._probe_")
    finally:
        path.unlink()
