"""The optional parts of briscola, and the extra of ``pyproject.toml`` that installs each.

A plain install (``pip install briscola``, ``pipx install briscola``) runs every command a player
uses, with every level. The tools of bot builders lean on heavy libraries that stay extras:
``train`` (PyTorch), ``ray`` (``briscola arena --backend ray``), ``plots`` (matplotlib, for
``arena --out`` and ``analyze --plot``), ``rl`` (PettingZoo and Gymnasium, for
:mod:`briscola.env`) and ``postgres`` (psycopg, for ``serve --db postgresql+psycopg://...``).
Their code imports such a library through :func:`require`, which raises :class:`MissingExtra`
when it is missing: the ``briscola`` command says which extra to install, in its language, and
ends with status 2 (``BriscolaGroup.invoke``); to a Python caller it is an ``ImportError`` whose
message says the same (in Italian, the default language). A library that another one imports
for us (SQLAlchemy imports psycopg) is named by :func:`missing_extra` from the error itself.

>>> require("json", "plots").__name__
'json'
>>> try:
...     require("no_such_library", "plots")
... except MissingExtra as exc:
...     print(exc.text("en"))
Drawing plots needs matplotlib, which is not installed: pip install 'briscola[plots]'
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Final

from briscola.i18n import DEFAULT_LANG, t

__all__ = ["EXTRAS", "LIBRARIES", "MissingExtra", "install_command", "missing_extra", "require"]

EXTRAS: Final = ("train", "ray", "plots", "rl", "postgres")
"""The extras a command may ask for (each has its message ``terminal.extras.<extra>``)."""
LIBRARIES: Final = {
    "torch": "train",
    "ray": "ray",
    "matplotlib": "plots",
    "gymnasium": "rl",
    "pettingzoo": "rl",
    "psycopg": "postgres",
}
"""The top-level module of each extra's library, and its extra."""


def install_command(extra: str) -> str:
    """The command that installs ``extra``.

    >>> install_command("train")
    "pip install 'briscola[train]'"
    """
    return f"pip install 'briscola[{extra}]'"


class MissingExtra(ImportError):
    """A library of an extra is not installed: :meth:`text` says which extra installs it."""

    def __init__(self, module: str, extra: str) -> None:
        if extra not in EXTRAS:
            raise ValueError(f"unknown extra {extra!r}: one of {', '.join(EXTRAS)}")
        self.module = module
        self.extra = extra
        super().__init__(self.text(DEFAULT_LANG), name=module)

    def text(self, lang: str) -> str:
        """What is missing and the command that installs it, in ``lang``."""
        return t(f"terminal.extras.{self.extra}", lang, command=install_command(self.extra))


def missing_extra(error: ImportError) -> MissingExtra | None:
    """The :class:`MissingExtra` that ``error`` means (a library of :data:`LIBRARIES` that could
    not be imported), else None.

    >>> missing_extra(ModuleNotFoundError("No module named 'psycopg'", name="psycopg")).extra
    'postgres'
    >>> missing_extra(ModuleNotFoundError("No module named 'nothing'", name="nothing")) is None
    True
    """
    if isinstance(error, MissingExtra):
        return error
    library = (error.name or "").split(".")[0]
    extra = LIBRARIES.get(library)
    return None if extra is None else MissingExtra(library, extra)


def require(module: str, extra: str) -> ModuleType:
    """The module ``module``, imported; :class:`MissingExtra` naming ``extra`` when it is not
    installed."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise MissingExtra(module, extra) from exc
