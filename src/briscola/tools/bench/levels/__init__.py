"""The computer players' levels measured: think time per move and strength on the ladder.

``briscola bench --think`` times every move of each level on one core (:mod:`.think`);
``briscola bench --strength`` plays each level against the one below it over duplicate deals in
the arena (:mod:`.strength`). See docs/levels.md.
"""

from briscola.tools.bench.levels.report import run_strength, run_think, strength_table, think_table
from briscola.tools.bench.levels.strength import (
    LADDER,
    TABLE_LADDER,
    VERDICTS,
    Pair,
    StrengthRow,
    ladder_for,
    measure_strength,
    parse_pair,
)
from briscola.tools.bench.levels.think import (
    LEVELS,
    TARGETS,
    LevelsBenchError,
    Target,
    ThinkReport,
    ThinkTime,
    level_name,
    measure_think,
    summarize,
    think_times,
)

__all__ = [
    "LADDER",
    "LEVELS",
    "TABLE_LADDER",
    "TARGETS",
    "VERDICTS",
    "LevelsBenchError",
    "Pair",
    "StrengthRow",
    "Target",
    "ThinkReport",
    "ThinkTime",
    "ladder_for",
    "level_name",
    "measure_strength",
    "measure_think",
    "parse_pair",
    "run_strength",
    "run_think",
    "strength_table",
    "summarize",
    "think_table",
    "think_times",
]
