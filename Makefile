# make run   — install into .venv, then serve the site to this computer and the phones on its network as
#              production runs it, worker and beat supervised (config/embedded.py; DEMO=1 adds demo data)
# make dev   — the auto-reloading DEBUG server on 127.0.0.1 with its worker and beat, for changing the code
# make test  — the whole suite (PostgreSQL when reachable, else SQLite), after ruff (check and format) and the layer rules
# make bench — every benchmark in bench/ (BENCH="pads moves" runs those named so); results in bench/RESULTS.md
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
PG_URL := postgres://postgres@127.0.0.1:5432/roman

.PHONY: run dev test lint install install-dev system-deps demo worker bench clean

$(VENV)/.installed: requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.txt
	touch $@

$(VENV)/.installed-dev: $(VENV)/.installed requirements-dev.txt
	$(PY) -m pip install -q -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

# Chromium for the browser tests, the libraries WeasyPrint draws with, and zbar to read QR codes back.
system-deps:
	@missing=""; \
	test -x /usr/bin/chromium || missing="$$missing chromium"; \
	ldconfig -p | grep -q libpango-1.0 || missing="$$missing libpango-1.0-0 libpangoft2-1.0-0"; \
	command -v pdftoppm >/dev/null || missing="$$missing poppler-utils"; \
	command -v zbarimg >/dev/null || missing="$$missing zbar-tools"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else echo "missing system packages (install them with apt):$$missing"; fi; \
	fi

run: install
	PORT=$(PORT) DEMO=$(DEMO) $(PY) -m config.embedded

dev: install
	mkdir -p var
	$(PY) manage.py migrate --noinput
	$(PY) manage.py warm_pads
	@if [ -n "$(DEMO)" ]; then $(PY) manage.py load_demo; fi
	@echo "DEBUG site on http://127.0.0.1:$(PORT)/  (reloads on changes; worker and beat beside it; Ctrl-C stops all)"
	@trap 'kill 0' EXIT INT TERM; \
	$(VENV)/bin/celery -A config worker --beat --pool=threads --concurrency=4 --without-mingle --without-gossip \
	  --loglevel=INFO --schedule=var/celerybeat-schedule & \
	PORT=$(PORT) $(PY) manage.py runserver 127.0.0.1:$(PORT)

worker: install
	$(VENV)/bin/celery -A config worker --loglevel=INFO

lint: install-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports --no-logo --no-cache

test: install-dev system-deps lint
	@if [ -z "$$DATABASE_URL" ] && $(PY) -c "import socket; socket.create_connection(('127.0.0.1', 5432), 1)" 2>/dev/null; then \
	  export DATABASE_URL=$(PG_URL); fi; \
	if [ -z "$$DATABASE_URL" ]; then \
	  if [ "$$CI" = true ]; then echo "CI: PostgreSQL is not reachable at 127.0.0.1:5432 — failing, not falling back."; exit 1; fi; \
	  echo "Testing against SQLite (no PostgreSQL at 127.0.0.1:5432; set DATABASE_URL to use one)"; \
	else echo "Testing against PostgreSQL: $${DATABASE_URL%%\?*}"; fi; \
	$(VENV)/bin/pytest $(PYTEST_ARGS)

bench: install-dev
	$(PY) -m bench.run_all $(BENCH)

clean:
	rm -rf $(VENV) var staticfiles .pytest_cache .ruff_cache
