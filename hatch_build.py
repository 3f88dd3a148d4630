"""The wheel's build hook: every JSON Schema of docs/ (the engine protocol, the analysis, the web
protocol, and any added later) travels in the wheel as ``briscola/schemas/<name>.schema.json``, for
programs that speak to an installed briscola. scripts/wheel_smoke.py checks that each one is there.
An editable install reads docs/ in place and gets none."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class SchemasHook(BuildHookInterface):
    """Adds docs/*.schema.json to the wheel under briscola/schemas/."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if version == "editable":
            return
        for path in sorted((Path(self.root) / "docs").glob("*.schema.json")):
            build_data["force_include"][str(path)] = f"briscola/schemas/{path.name}"
