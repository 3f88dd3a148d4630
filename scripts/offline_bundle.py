"""The offline web app's files (issue 39): the Python sources it runs in Pyodide, zipped from the
package, and Pyodide's own files, copied from node_modules (the npm package ``pyodide``, pinned in
package.json), all into src/briscola/apps/web/offline/ (ignored by git; served as
/static/offline/, installed with the wheel by hatch_build.py), with the list of files the app's
service worker keeps (files.json).

    .venv/bin/python scripts/offline_bundle.py [--src DIR] [--out DIR]

The sources are found, not listed: a fresh Python imports ``briscola.session.local`` and makes a
bot of each offline level (:data:`briscola.session.local.LEVELS`) with Numba, NumPy and every
other library outside the standard library refused, and the zip holds exactly the modules of
``briscola`` that were imported. A module of that path that imports such a library fails the
build with its name. ``make run``, ``make test`` (through the browser test) and the wheel's build
run it.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
OUT = SRC / "briscola" / "apps" / "web" / "offline"
PYODIDE = ROOT / "node_modules" / "pyodide"
# what the browser loads of Pyodide (its core: no package of its own distribution is used)
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
BUNDLE = "briscola.zip"
LIST = "files.json"
WEB = SRC / "briscola" / "apps" / "web"
# what the app's service worker (js/offline/sw.js) keeps, besides the pages / and /offline: the
# game's scripts and styles, cards, icons, the manifest and the offline game's files; not the
# score keeper's (its own worker keeps them), nor the workers themselves
KEPT = (
    *("css/*.css", "js/common/**/*.js", "js/table/*.js", "cards/**/*.svg", "icons/*.png"),
    *("favicon.svg", "manifest.webmanifest", "offline/pyodide/*", f"offline/{BUNDLE}"),
)

# Run in a fresh interpreter: import the offline path with every non-stdlib import refused, and
# print the files of the briscola modules it imported (or the refused import).
_PROBE = """
import json, sys
sys.path.insert(0, sys.argv[1])
class Refuse:
    def find_spec(self, name, path=None, target=None):
        top = name.split(".")[0]
        if top != "briscola" and top not in sys.stdlib_module_names:
            raise ImportError(f"the offline path imports {name!r}, which Pyodide's core lacks")
sys.meta_path.insert(0, Refuse())
from briscola.bots import make_bot
from briscola.session.local import LEVELS
for level in LEVELS:
    make_bot(level, 1)
mods = [m for name, m in sys.modules.items() if name == "briscola" or name.startswith("briscola.")]
print(json.dumps(sorted(m.__file__ for m in mods if getattr(m, "__file__", None))))
"""


def module_files(src: Path) -> list[Path]:
    """The files of the briscola modules the offline path imports, from the sources in ``src``."""
    done = subprocess.run(
        [sys.executable, "-I", "-c", _PROBE, str(src)], capture_output=True, text=True, cwd=src
    )
    if done.returncode != 0:
        sys.exit(f"offline bundle: {done.stderr.strip().splitlines()[-1]}")
    files = [Path(f) for f in json.loads(done.stdout)]
    outside = [f for f in files if not f.is_relative_to(src)]
    if outside:
        sys.exit(f"offline bundle: modules imported from outside {src}: {outside}")
    return files


def write_bundle(src: Path, out: Path) -> Path:
    """The zip of the offline path's sources (paths from ``briscola/``), written to ``out``."""
    files = sorted(module_files(src))
    out.mkdir(parents=True, exist_ok=True)
    target = out / BUNDLE
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in files:
            info = zipfile.ZipInfo(path.relative_to(src).as_posix(), (2020, 1, 1, 0, 0, 0))
            zf.writestr(info, path.read_bytes(), zipfile.ZIP_DEFLATED)
    return target


def copy_pyodide(out: Path) -> None:
    """Pyodide's core files from node_modules into ``out``/pyodide (``npm ci`` installs them)."""
    missing = [name for name in PYODIDE_FILES if not (PYODIDE / name).is_file()]
    if missing:
        sys.exit(f"offline bundle: {PYODIDE} lacks {missing}: run npm ci (make does)")
    (out / "pyodide").mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        source, copy = PYODIDE / name, out / "pyodide" / name
        if not copy.is_file() or copy.read_bytes() != source.read_bytes():
            shutil.copyfile(source, copy)


def write_list(web: Path, out: Path) -> list[str]:
    """The service worker's list (``files.json``): every file of :data:`KEPT` under ``web``, as
    the server's URLs (/static/...)."""
    files = sorted({p for pattern in KEPT for p in web.glob(pattern) if p.is_file()})
    urls = [f"/static/{p.relative_to(web).as_posix()}" for p in files]
    (out / LIST).write_text(json.dumps({"files": urls}, indent=0) + "\n")
    return urls


def build(src: Path = SRC, out: Path = OUT) -> Path:
    """All three: Pyodide's files, the sources' zip, the worker's list; returns the zip's path."""
    copy_pyodide(out)
    bundle = write_bundle(src, out)
    write_list(WEB, out)
    return bundle


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--src", type=Path, default=SRC, help="the folder holding briscola/")
    parser.add_argument("--out", type=Path, default=OUT, help="where the files go")
    args = parser.parse_args()
    bundle = build(args.src.resolve(), args.out.resolve())
    names = zipfile.ZipFile(bundle).namelist()
    print(f"offline bundle: {bundle} ({len(names)} modules, {bundle.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
