# Quick start: `make run` starts the web platform on http://127.0.0.1:8000; `make test` runs the whole test suite.
# `make play` plays City Blocks in the terminal against the greedy bot.
# Both set everything up first (a virtual environment in .venv with the pinned dependencies).

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The test environment adds the optional extras, so their tests run instead of skipping.
TEST_STAMP := $(VENV)/.installed-test

.PHONY: run play test test-pure lint bench screenshots golden clean

# The install compiles the observation encoders (Cython) and the rules engines (mypyc: every module marked
# `# Compiled by mypyc at install`), both in setup.py, so their sources count too: an edit rebuilds them. A build that
# is older than its sources all the same is never run: guildtable runs the sources and warns (guildtable/compiled.py).
CYTHON_SOURCES := $(shell find src/guildtable -name '*.pyx' -o -name '*.pxd')
MYPYC_SOURCES := $(shell grep -rl --include='*.py' '^\# Compiled by mypyc at install' src/guildtable)
$(STAMP): pyproject.toml setup.py $(CYTHON_SOURCES) $(MYPYC_SOURCES)
	$(PYTHON) -c 'import sys; sys.exit("guildtable needs Python 3.11 or newer") if sys.version_info < (3, 11) else None'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

$(TEST_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,ray,openspiel,rl]'
	touch $(TEST_STAMP)

run: $(STAMP)
	$(BIN)/guildtable serve

play: $(STAMP)
	$(BIN)/guildtable play city-blocks --seats human,greedy

# Lint, format and type checks first; then the suite in a random order (pytest-randomly prints the seed in the header:
# replay an order with `make test PYTEST_ARGS=--randomly-seed=N`). The browser tests drive
# Debian's chromium (installed when missing) and check pages with axe-core (npm, installed when missing); the storage and API tests also run against a PostgreSQL started on
# loopback when one can be (otherwise they run on SQLite only and say so), and the multi-process tests need it and a
# Redis started on loopback too (otherwise they skip and say so).
PYTEST_ARGS ?=
test: $(TEST_STAMP)
	$(BIN)/ruff check src tests benchmarks setup.py
	$(BIN)/ruff format --check src tests benchmarks setup.py
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/cython-lint --max-line-length 120 $(CYTHON_SOURCES)
	$(BIN)/mypy
	$(BIN)/lint-imports
	bash scripts/ensure_chromium.sh
	bash scripts/ensure_axe.sh
	bash scripts/ensure_webcheck.sh
	GUILDTABLE_TEST_POSTGRES="$$(bash scripts/ensure_postgres.sh)" GUILDTABLE_TEST_REDIS="$$(bash scripts/ensure_redis.sh)" \
		$(BIN)/pytest -n 2 $(PYTEST_ARGS)

# The rules, golden playthroughs and kernel tests once more on the pure Python engine (GUILDTABLE_PURE=1: every module
# runs from its source, guildtable/compiled.py): compiled and pure must agree (issue 36). CI runs it after `test`.
test-pure: $(TEST_STAMP)
	GUILDTABLE_PURE=1 $(BIN)/pytest -n 2 tests/kernel tests/games tests/golden $(PYTEST_ARGS)

lint: $(TEST_STAMP)
	$(BIN)/ruff check src tests benchmarks setup.py
	$(BIN)/ruff format --check src tests benchmarks setup.py
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/cython-lint --max-line-length 120 $(CYTHON_SOURCES)
	$(BIN)/mypy
	$(BIN)/lint-imports

# The README's pictures: taken by the browser tests, then copied to docs/screenshots/.
screenshots: $(TEST_STAMP)
	bash scripts/ensure_chromium.sh
	$(BIN)/pytest -q -p no:randomly tests/browser/test_browser_readme_shots.py
	mkdir -p docs/screenshots
	cp artifacts/screenshots/readme/*.png docs/screenshots/

# The golden playthroughs (tests/golden/README.md): rewritten after a deliberate change; review their diff like code.
golden: $(STAMP)
	$(BIN)/python tests/golden/golden.py --regenerate

bench: $(STAMP)
	$(BIN)/guildtable bench

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
