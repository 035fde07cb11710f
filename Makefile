# paipu — the README's two commands: `make demo` and `make test` (plus `make bench`).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
OUT    := out

.PHONY: demo test oracle fuzz fuzz-cli bench lint clean

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "paipu needs Python 3.11 or newer; set PYTHON=python3.11")'
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	@touch $@

$(VENV)/.test-installed: pyproject.toml $(VENV)/.installed
	$(BIN)/python -m pip install -q -e '.[test]'
	@touch $@

## demo: set up .venv, install paipu, audit the bundled samples and write their reports to out/
demo: $(VENV)/.installed
	$(BIN)/paipu check samples/valid
	@for f in samples/valid/*/*.paipu; do \
	  d=$$(basename $$(dirname $$f)); n=$$(basename $$f .paipu); \
	  $(BIN)/paipu report $$f -o $(OUT)/$$d/$$n.html >/dev/null || exit 1; \
	done
	@echo "reports of the samples written to $(OUT)/ (open $(OUT)/zhuji/four-hands.html in a browser)"

## test: install the test tools, then ruff, mypy --strict and the whole pytest suite
test: $(VENV)/.test-installed
	$(BIN)/ruff check paipu tests benchmarks
	$(BIN)/mypy
	$(BIN)/pytest

## oracle: the full comparison of the mcr fan table with PyMahjongGB (10,000 simulated wins, 50,000 built hands)
oracle: $(VENV)/.test-installed
	PAIPU_ORACLE_WINS=10000 PAIPU_ORACLE_BUILT=50000 $(BIN)/pytest tests/test_mcr_oracle.py

## fuzz: the long fuzz profile: 100,000 generated records (FUZZ_EXAMPLES=N for another count) through every entry point;
## FUZZ_SEED=S runs a chunk that another run with the same seed repeats, FUZZ_LOG=FILE lists each input run
FUZZ_EXAMPLES ?= 100000
FUZZ_SEED ?=
FUZZ_LOG ?=
fuzz: $(VENV)/.test-installed
	PAIPU_FUZZ=long PAIPU_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) PAIPU_FUZZ_LOG=$(FUZZ_LOG) $(BIN)/pytest -p no:cacheprovider \
	  --hypothesis-show-statistics $(if $(FUZZ_SEED),--hypothesis-seed=$(FUZZ_SEED)) tests/test_fuzz.py

## fuzz-cli: hostile inputs through every command of the real CLI (docs/limits.md); FUZZ_ROUNDS=N for more,
## FUZZ_SEED=S for another set, FUZZ_KEEP=DIR keeps each failing input
FUZZ_ROUNDS ?= 10
FUZZ_KEEP ?= fuzz-cli-failures
fuzz-cli: $(VENV)/.test-installed
	nice -n 10 $(BIN)/python tests/fuzz_cli.py --rounds $(FUZZ_ROUNDS) --seed $(or $(FUZZ_SEED),1) --keep $(FUZZ_KEEP)

$(VENV)/.bench-installed: pyproject.toml $(VENV)/.test-installed
	$(BIN)/python -m pip install -q -e '.[test,bench]'
	@touch $@

## bench: print the speed figures of benchmarks/
bench: $(VENV)/.bench-installed
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) $(OUT) build dist *.egg-info
