# The two set-up commands of the README: `make run` (the web app) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run play test lint system-deps bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

run: $(STAMP)
	$(BIN)/briscola serve $(ARGS)

play: $(STAMP)
	$(BIN)/briscola play $(ARGS)

system-deps:
	bash scripts/install-system-deps.sh

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

test: $(STAMP) system-deps lint
	bash scripts/with-postgres.sh $(BIN)/pytest -n auto

bench: $(STAMP)
	$(BIN)/briscola bench $(ARGS)

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis
