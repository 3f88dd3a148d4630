# The two set-up commands of the README: `make run` (the web app) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# the web client's lint tools (ESLint, Prettier), pinned by package-lock.json
NODE_STAMP := node_modules/.installed

.PHONY: run play test lint system-deps bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

run: $(STAMP)
	$(BIN)/briscola serve $(ARGS)

play: $(STAMP)
	$(BIN)/briscola play $(ARGS)

system-deps:
	bash scripts/install-system-deps.sh

lint: $(STAMP) $(NODE_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	npx eslint .
	npx prettier --check "src/briscola/apps/web/**/*.{js,css}" "tests/js/**/*.js" eslint.config.js

test: system-deps $(STAMP) lint
	node --test tests/js/*.test.js
	bash scripts/with-postgres.sh $(BIN)/pytest -n auto

bench: $(STAMP)
	$(BIN)/briscola bench $(ARGS)

clean:
	rm -rf $(VENV) node_modules .mypy_cache .pytest_cache .ruff_cache .hypothesis
