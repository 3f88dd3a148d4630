"""The build hook of the sdist and the wheel.

Every JSON Schema of docs/ (the engine protocol, the analysis, the web protocol, and any added
later) travels in the wheel as ``briscola/schemas/<name>.schema.json``, for programs that speak to
an installed briscola. The offline game's files (issue 39: Pyodide's, the package's sources
zipped, the service worker's list; scripts/offline_bundle.py) travel in both as
``briscola/apps/web/offline/``: made here from a checkout that has node_modules (``npm ci``),
taken as they are from an sdist (which holds them). scripts/wheel_smoke.py checks that they are
there. An editable install reads docs/ and the web client in place and gets none of this.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

OFFLINE = "src/briscola/apps/web/offline"


class SchemasHook(BuildHookInterface):
    """Adds docs/*.schema.json to the wheel under briscola/schemas/, and the offline game's files
    to the sdist and the wheel."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if version == "editable":
            return
        root = Path(self.root)
        if (root / "node_modules" / "pyodide").is_dir():  # a checkout: made from the sources
            subprocess.run([sys.executable, "scripts/offline_bundle.py"], cwd=root, check=True)
        offline = root / OFFLINE
        if not (offline / "files.json").is_file():
            raise RuntimeError(f"no {OFFLINE}: run npm ci, then scripts/offline_bundle.py")
        for path in sorted(p for p in offline.rglob("*") if p.is_file()):
            inside = path.relative_to(root / "src").as_posix()
            wheel = self.target_name == "wheel"
            build_data["force_include"][str(path)] = inside if wheel else f"src/{inside}"
        if self.target_name != "wheel":
            return
        for path in sorted((root / "docs").glob("*.schema.json")):
            build_data["force_include"][str(path)] = f"briscola/schemas/{path.name}"
