#!/usr/bin/env bash
# Installs what the tests need on a fresh Debian machine with Python and Node,
# then runs every test (engine, engine inside Pyodide, browser in Chromium,
# Firefox and WebKit) in one parallel pytest run.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"

# Debian's own python3 refuses `pip install` (PEP 668) and may lack pip: use
# a virtual environment under .cache/ there. A pyenv, conda or venv Python
# is used as it is.
needs_venv() {
  "$PYTHON" - <<'PY'
import os, sys, sysconfig
managed = os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED"))
try:
    import pip  # noqa: F401
    has_pip = True
except ImportError:
    has_pip = False
sys.exit(0 if (managed and sys.prefix == sys.base_prefix) or not has_pip else 1)
PY
}
if needs_venv; then
  if [ ! -x .cache/venv/bin/python ]; then
    echo "== creating .cache/venv"
    if ! "$PYTHON" -m venv .cache/venv 2>/dev/null; then
      if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
        rm -rf .cache/venv
        "$PYTHON" -m venv .cache/venv
      else
        echo "cannot create a virtual environment: install python3-venv" >&2
        exit 1
      fi
    fi
  fi
  PYTHON=.cache/venv/bin/python
fi

echo "== installing test dependencies"
"$PYTHON" -m pip install --quiet --disable-pip-version-check -e '.[test]'
npm ci --no-audit --no-fund --loglevel=error

has_chromium() {
  if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then
    return 0
  fi
  # Playwright's own browser (a laptop after `playwright install chromium`).
  "$PYTHON" - <<'PY' 2>/dev/null
import os, sys
from playwright.sync_api import sync_playwright
with sync_playwright() as p:
    sys.exit(0 if os.path.exists(p.chromium.executable_path) else 1)
PY
}
# The phone engines: Chromium, Firefox (driven by puppeteer-core from npm)
# and WebKitGTK (WebKitWebDriver and MiniBrowser, on a virtual display).
missing=()
has_chromium || missing+=(chromium)
command -v firefox-esr >/dev/null 2>&1 || missing+=(firefox-esr)
command -v WebKitWebDriver >/dev/null 2>&1 || missing+=(webkit2gtk-driver)
command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
# `ip`, for the phones put on two networks behind a router (network namespaces).
command -v ip >/dev/null 2>&1 || missing+=(iproute2)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "== installing Debian's ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  elif [[ " ${missing[*]} " == *" chromium "* ]]; then
    echo "no Chromium found: install Debian's 'chromium' or run '$PYTHON -m playwright install chromium'" >&2
    exit 1
  else
    # The cross-engine tests skip these engines and say why.
    echo "not installed: ${missing[*]} (as root this script installs them)" >&2
  fi
fi

# The tests' Chromium where there is one: the same engine as the browser
# without its windows, a sixth less CPU (tests/browser/browser_support.py).
# Optional: without it the tests run in the full browser.
if ! command -v chromium-headless-shell >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "== installing Debian's chromium-headless-shell"
  shell_install() { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium-headless-shell >/dev/null 2>&1; }
  shell_install || { apt-get update -qq && shell_install; } \
    || echo "chromium-headless-shell not installed: the tests use the full Chromium" >&2
fi

echo "== running tests"
# In parallel, one process per core (-n auto; pass -n 0 for one process);
# loadgroup keeps each browser engine's ordered tests in one process. One
# process more than cores took as long (bench/RESULTS.md, "Cores").
exec "$PYTHON" -m pytest tests -n auto --dist loadgroup --durations=15 "$@"
