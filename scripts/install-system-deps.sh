#!/usr/bin/env bash
# Debian packages the tests need: Chromium for the browser tests (driven by Playwright, never a
# browser download), PostgreSQL's server for scripts/with-postgres.sh, Node.js and npm for the web
# client's lint and unit tests, Redis and nginx for `briscola serve --workers N`, an emoji font
# for the screenshots. Installs only what is missing; needs root (or sudo).
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v tmux >/dev/null 2>&1 || missing+=(tmux)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)  # scripts/with-postgres.sh
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)  # briscola serve --workers N, its tests
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)  # the same, in front
# the emoji in names and quick messages, drawn in the browser tests' screenshots (docs/screenshots)
[ -e /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || missing+=(fonts-noto-color-emoji)
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "install-system-deps: need root to install ${missing[*]} (apt-get)" >&2; exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "installed: ${missing[*]}"
