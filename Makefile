# The two set-up commands of the README: `make run` (the web app) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Two stamps: what playing and serving need (pip install -e ., the base dependencies), and
# everything the tests need (.[dev], every extra with it). The dev install stamps both, so
# `make run` then `make test`, or the reverse, each install what they need once.
RUN_STAMP := $(VENV)/.installed-run
DEV_STAMP := $(VENV)/.installed-dev
# the web client's lint tools (ESLint, Prettier), pinned by package-lock.json
NODE_STAMP := node_modules/.installed

.PHONY: run play test lint offline system-deps bench wheel-smoke clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(DEV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@ $(RUN_STAMP)

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# the offline game's files under src/briscola/apps/web/offline/ (scripts/offline_bundle.py:
# Pyodide from node_modules, the package's pure-Python sources zipped, the service worker's list),
# made again each time; without npm the app runs without its offline game
offline: $(RUN_STAMP)
	@if command -v npm >/dev/null 2>&1; then \
		$(MAKE) --no-print-directory $(NODE_STAMP) && $(BIN)/python scripts/offline_bundle.py; \
	else echo "no npm: the web app runs without its offline game (make system-deps installs npm)"; fi

run: $(RUN_STAMP) offline
	$(BIN)/briscola serve $(ARGS)

play: $(RUN_STAMP)
	$(BIN)/briscola play $(ARGS)

system-deps:
	bash scripts/install-system-deps.sh

lint: $(DEV_STAMP) $(NODE_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	npx eslint .
	npx prettier --check "src/briscola/apps/web/**/*.{js,css}" "tests/js/**/*.js" eslint.config.js

test: system-deps $(DEV_STAMP) lint offline
	node --test tests/js/*.test.js
	bash scripts/with-postgres.sh $(BIN)/pytest -n auto
	$(BIN)/python scripts/wheel_smoke.py

# the sdist and the wheel built and checked, the wheel installed into a clean virtual environment
# outside the checkout and played there (scripts/wheel_smoke.py; make test runs it)
wheel-smoke: $(DEV_STAMP)
	$(BIN)/python scripts/wheel_smoke.py

bench: $(RUN_STAMP)
	$(BIN)/briscola bench $(ARGS)

clean:
	rm -rf $(VENV) node_modules .mypy_cache .pytest_cache .ruff_cache .hypothesis
