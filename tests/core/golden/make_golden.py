"""Write the golden game records in this folder: ``python tests/core/golden/make_golden.py``.

Each record is a deal from a fixed seed played out by fixed-seed random choices (declarations and
exchanges are taken whenever they are legal, so that the records show them). ``test_records.py``
checks every stored result with its own scorer, replays every file through the engine, and checks
that this script still writes the same files.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from briscola.core.actions import Declare, ExchangeBriscola
from briscola.core.game import new_game
from briscola.core.record import GameRecord
from briscola.core.rules import preset

HERE = Path(__file__).resolve().parent

# file name -> (preset, options, deal seed, dealer)
GAMES: dict[str, tuple[str, dict[str, Any], int, int]] = {
    "classic": ("classic", {}, 2024, 0),
    "three": ("three", {}, 3, 1),
    "pairs": ("pairs", {}, 44, 2),
    "six": ("six", {}, 6, 5),
    "scoperta": ("scoperta", {}, 7, 1),
    "chiamata": ("chiamata", {}, 0, 3),
    "classic-inversion-accusi-exchange": (
        "classic",
        {"inversion": True, "accusi": True, "exchange": "two"},
        18,
        1,
    ),
    "pairs-clockwise": ("pairs", {"direction": "clockwise"}, 404, 0),
}


def make(name: str) -> GameRecord:
    """The record of one golden game."""
    preset_name, options, seed, dealer = GAMES[name]
    rules = preset(preset_name, **options)
    state = new_game(rules, seed=seed, dealer=dealer)
    rng = random.Random(seed)
    while not state.is_over:
        legal = state.legal_actions()
        special = [a for a in legal if isinstance(a, Declare | ExchangeBriscola)]
        state = state.apply(special[0] if special else rng.choice(legal))
    return GameRecord.from_state(state)


def text(name: str) -> str:
    """The file's text for one golden game."""
    return make(name).to_json(indent=2) + "\n"


def main() -> None:
    names = sys.argv[1:] or list(GAMES)
    for name in names:
        path = HERE / f"{name}.json"
        path.write_text(text(name), encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
