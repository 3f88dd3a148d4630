"""The package's layers, checked on the source: data flows down, never up.

Every ``import`` in ``src/briscola`` (at the top of a module or inside a function: a lazy import
is still a dependency) is read with :mod:`ast`. ``briscola.core`` may import only itself and the
standard library; the phase modules only the state types; core has no import cycle, nor has any
other package among its modules (but the known ones listed, each with its reason); and each
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
    # which extra a tool needs, said in the user's language when it is missing (issue 38)
    "extras": {"i18n"},
    "fast": {"core", "i18n"},
    "bots": {"core", "fast", "i18n"},
    "session": {"core", "bots", "i18n"},
    "env": {"core", "fast", "bots", "i18n", "extras"},
    "analysis": {"core", "fast", "bots", "i18n"},  # post-game analysis and hints (issue 15)
    "scorekeeper": {"i18n", "core"},  # core.text: numbers and excerpts read strictly
    "apps": {
        "core",
        "fast",
        "bots",
        "session",
        "env",
        "scorekeeper",
        "analysis",
        "root",
        "i18n",
        "extras",
    },
    "tools": {
        "core",
        "fast",
        "bots",
        "session",
        "env",
        "apps",
        "analysis",
        "root",
        "i18n",
        "extras",
    },
    # training the neural level (issue 16): plays in the fast core, measures in the arena
    "train": {"core", "fast", "bots", "env", "tools", "root", "i18n", "extras"},
    "root": {"core", "i18n"},  # briscola/__init__.py: the public names (today all from core)
}
# The imports that cross a layer upward, and why: the neural level's input is the RL
# observation encoding, a module of plain NumPy over core's Observation (it imports only core), so
# the network reads exactly what it was trained on; a network trained in the suits' canonical form
# reads it through the encoding's suit renamings (index arrays over its layout and action space).
# The learned belief (bots.belief) reads the same encoding, in the same canonical suits.
CROSSINGS = {
    ("briscola.bots.neural", "briscola.env.encoding"),
    ("briscola.bots.neural", "briscola.env.symmetry"),
    ("briscola.bots.belief", "briscola.env.encoding"),
    ("briscola.bots.belief", "briscola.env.symmetry"),
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


def imports(path: Path, name: str, typing_only: bool = True) -> set[str]:
    """The modules ``path`` imports anywhere in its code, as absolute dotted names (without
    ``typing_only``: not those under ``if TYPE_CHECKING:``, which are never run)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = set() if typing_only else {id(n) for n in _typing_only(tree)}
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
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


def _typing_only(tree: ast.AST) -> Iterator[ast.AST]:
    """The nodes under an ``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``)."""
    for node in ast.walk(tree):
        test = node.test if isinstance(node, ast.If) else None
        if (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
            isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
        ):
            for child in node.body:  # type: ignore[attr-defined]
                yield from ast.walk(child)


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


_LEVELS = (
    "auction base easy medium neural random_bot search search_auction search_bids search_fusion"
    " search_net simple"
)
# The cycles among a package's modules known today, and why they stay (each a package's modules
# as a set: the test fails when one goes, so that the entry goes too).
KNOWN_CYCLES: dict[frozenset[str], str] = {
    # the levels' registry (base.make_bot) imports each level lazily, by name, and each level
    # derives from base.Bot: a registry inside the package's base module
    frozenset(f"briscola.bots.{m}" for m in _LEVELS.split()): (
        "the levels' registry in bots.base imports every level lazily"
    ),
    # the evaluation of a move hands an auction's position to the auction's evaluation (a lazy
    # import), which builds on the evaluation's values
    frozenset({"briscola.analysis.auction", "briscola.analysis.evaluation"}): (
        "analysis.evaluation hands an auction's position to analysis.auction"
    ),
}

# The imports checked for cycles are those that run: a lazy import inside a function counts (it
# runs when the function does), one under ``if TYPE_CHECKING:`` does not. A type annotation
# naming a class of the module that uses it (the protocol's handlers name the Room they are
# given) is no dependency at run time, and is the usual way to type such a call back.
RUNTIME = {name: imports(path, name, typing_only=False) for name, path in modules()}


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of ``graph`` with more than one node (Tarjan's
    algorithm): every set of nodes that import one another, directly or not.

    >>> sorted(sorted(c) for c in cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}))
    [['a', 'b', 'c']]
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for dep in sorted(graph[node]):
            if dep not in index:
                visit(dep)
                low[node] = min(low[node], low[dep])
            elif dep in stack:
                low[node] = min(low[node], index[dep])
        if low[node] == index[node]:
            component = set()
            while True:
                top = stack.pop()
                component.add(top)
                if top == node:
                    break
            if len(component) > 1:
                out.append(frozenset(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return out


def package_cycles() -> list[frozenset[str]]:
    """The import cycles among the modules of each package of ``src/briscola`` (a package's
    ``__init__`` and its subpackages aside: each subpackage is checked as a package)."""
    packages: dict[str, set[str]] = {}
    for name, path in modules():
        if path.name != "__init__.py":
            packages.setdefault(name.rpartition(".")[0], set()).add(name)
    found: list[frozenset[str]] = []
    for members in packages.values():
        found += cycles({m: RUNTIME[m] & members - {m} for m in members})
    return found


def test_no_package_has_an_import_cycle() -> None:
    found = package_cycles()
    new = [sorted(c) for c in found if c not in KNOWN_CYCLES]
    assert not new, "import cycles: " + "; ".join(" <-> ".join(c) for c in new)
    gone = [reason for c, reason in KNOWN_CYCLES.items() if c not in found]
    assert not gone, "known cycles no longer there (drop them from KNOWN_CYCLES): " + str(gone)


def test_the_cycle_check_sees_a_lazy_import_back_and_ignores_type_checking() -> None:
    """A lazy import inside a function closes a cycle; an import under TYPE_CHECKING does not."""
    lazy = imports_of("def f():\n    from briscola.core import cards\n")
    typed = "import typing\nif typing.TYPE_CHECKING:\n    from briscola.core import cards\n"
    path = PACKAGE / "core" / "_probe_.py"
    try:
        path.write_text(typed, encoding="utf-8")
        typing_only = imports(path, "briscola.core._probe_", typing_only=False)
    finally:
        path.unlink()
    assert "briscola.core.cards" in lazy and "briscola.core.cards" not in typing_only
    assert cycles({"a": {"b"}, "b": {"a"}}) == [frozenset({"a", "b"})]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_only_the_app_knows_of_several_processes() -> None:
    """Several processes are a part the rooms know nothing about (issue 35): two hooks
    :class:`~briscola.apps.server.rooms.Rooms` is given (the leases' ``take`` and ``release``);
    of the server only the app, which puts it together, imports the cluster (and the command
    that starts it)."""
    cluster = "briscola.apps.server.cluster"
    importers = {
        name
        for name, deps in GRAPH.items()
        if not name.startswith(cluster) and any(d.startswith(cluster) for d in deps)
    }
    assert importers <= {"briscola.apps.server.app"} | COMPOSITION_ROOT, sorted(importers)
