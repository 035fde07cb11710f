# paipu — the README's two commands: `make demo` and `make test` (plus `make bench`).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
OUT    := out

.PHONY: demo test oracle fuzz fuzz-cli reallogs bench fast plain lint clean

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "paipu needs Python 3.11 or newer; set PYTHON=python3.11")'
	$(PYTHON) -m venv $(VENV)

# The editable install's bytecode written at once, as `pip install .` writes it: where
# PYTHONDONTWRITEBYTECODE is set, the interpreter would otherwise compile each module anew in
# every process (about 0.1 s of CPU a `paipu` command).
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	$(BIN)/python -m compileall -q paipu
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

## test: install the test tools, then ruff, mypy --strict and the whole pytest suite; where .venv-fast
## exists (`make fast` made it) it is rebuilt first if paipu/ changed, and tests/test_compiled.py compares it
test: $(VENV)/.test-installed
	@if [ -d $(FAST) ]; then $(MAKE) --no-print-directory fast; fi
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

## reallogs: every real platform log in ../shared/logs (LOGS=DIR… for others) audited where it is, in one table:
## logs, games, hands, findings, and agreement with the numbers each platform recorded; skips without the folder
LOGS ?=
reallogs: $(VENV)/.installed
	$(BIN)/python tests/reallogs.py --list $(LOGS)

## fast: the compiled build (mypyc) in .venv-fast, a plain (not editable) install rebuilt whenever a file of
## paipu/ changes; .venv keeps the editable pure-Python install every other target uses
FAST   := .venv-fast
PAIPU_FILES := $(shell find paipu -type f -not -path '*/__pycache__/*' -not -name '*.pyc' 2>/dev/null)

# A plain install of paipu in the venv $(1), with its dependencies and the build tools $(2)
# (`plain_deps`: `.deps`, once); then paipu alone, again, built with PAIPU_COMPILE=$(2), whose
# modules must end in $(3) (`plain_built`: `.built`, whenever a file of paipu/ changes).
define plain_deps
	@test -x $(1)/bin/python || $(PYTHON) -m venv $(1)
	$(1)/bin/python -m pip install -q 'setuptools>=77' $(2) wheel
	PAIPU_COMPILE=0 $(1)/bin/python -m pip install -q --no-build-isolation .
	@touch $@
endef
define plain_built
	PAIPU_COMPILE=$(2) $(1)/bin/python -m pip install -q --no-build-isolation --no-deps --force-reinstall .
	$(1)/bin/python -I -c 'import paipu.hand.shanten as m, sys; sys.exit(0 if m.__file__.endswith("$(3)") else "paipu in $(1) is not built as PAIPU_COMPILE=$(2) builds it")'
	@touch $@
endef

$(FAST)/.deps: pyproject.toml
	$(call plain_deps,$(FAST),'mypy>=1.10')

$(FAST)/.built: setup.py $(PAIPU_FILES) $(FAST)/.deps
	$(call plain_built,$(FAST),1,.so)

fast: $(FAST)/.built
	@echo "compiled paipu: $(FAST)/bin/paipu"

## plain: the pure-Python build as a plain `pip install .` gives it, in .venv-plain (rebuilt whenever a file
## of paipu/ changes): what make bench times as the pure build beside the compiled one (.venv's editable
## install adds an import hook to the start of every process, the floor's too)
PLAIN  := .venv-plain

$(PLAIN)/.deps: pyproject.toml
	$(call plain_deps,$(PLAIN),)

$(PLAIN)/.built: setup.py $(PAIPU_FILES) $(PLAIN)/.deps
	$(call plain_built,$(PLAIN),0,.py)

plain: $(PLAIN)/.built
	@echo "pure paipu, installed plainly: $(PLAIN)/bin/paipu"

## bench: print the speed figures of benchmarks/; beside them those of the compiled build when one can be built
## (with the MCR peer, PyMahjongGB, and pytest, whose oracle test makes its wins, installed beside it)
bench: $(VENV)/.test-installed
	$(BIN)/python benchmarks/run.py
	@pure=$(BIN)/python; if $(MAKE) -s plain; then pure=$(PLAIN)/bin/python; \
	  $(PLAIN)/bin/python -m pip install -q 'PyMahjongGB>=1.4' pytest || true; fi; \
	  if $(MAKE) -s fast; then $(FAST)/bin/python -m pip install -q 'PyMahjongGB>=1.4' pytest || true; \
	  $(BIN)/python benchmarks/run.py --compiled $(FAST)/bin/python --pure $$pure; \
	  else echo "no compiled build here (make fast failed): pure Python figures only"; fi

clean:
	rm -rf $(VENV) $(FAST) $(PLAIN) $(OUT) build dist *.egg-info
