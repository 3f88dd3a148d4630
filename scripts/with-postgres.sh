#!/usr/bin/env bash
# Run a command with a throwaway PostgreSQL server on loopback, for the tests:
#   bash scripts/with-postgres.sh .venv/bin/pytest tests/test_server_postgres.py
# Uses Debian's server binaries (package `postgresql`, see scripts/install-system-deps.sh): the
# cluster lives in a temporary folder, listens on 127.0.0.1 on a free port (its unix socket in the
# same folder), and is stopped and removed when the command ends. The command gets
# BRISCOLA_TEST_POSTGRES_URL=postgresql+psycopg://briscola:...@127.0.0.1:PORT/briscola_test.
# Without the binaries the command runs anyway, with no URL (the PostgreSQL tests skip, and fail
# under CI=true). As root the server runs as the `postgres` user (root cannot run it).
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: $0 COMMAND [ARGS...]" >&2; exit 2; }

bindir=""
for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r) \
  "$(dirname "$(readlink -f "$(command -v pg_ctl || echo /nonexistent)")")"; do
  if [ -x "$d/pg_ctl" ] && [ -x "$d/initdb" ] && [ -x "$d/createdb" ]; then bindir="$d"; break; fi
done
if [ -z "$bindir" ]; then
  echo "with-postgres: no PostgreSQL server binaries (apt-get install postgresql); running without" >&2
  exec "$@"
fi

as_user=()
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || { echo "with-postgres: running as root needs a postgres user" >&2; exit 1; }
  as_user=(runuser -u postgres --)
fi

# In /tmp when the server runs as `postgres` (it must reach the folder; a root-only $TMPDIR won't do)
base="${TMPDIR:-/tmp}"
[ ${#as_user[@]} -eq 0 ] || base=/tmp
dir="$(mktemp -d "$base/briscola-pg.XXXXXX")"
chmod 755 "$dir"
[ ${#as_user[@]} -eq 0 ] || chown postgres: "$dir"
started=""
cleanup() {
  if [ -n "$started" ]; then
    "${as_user[@]}" "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
password="$(python3 -c 'import secrets; print(secrets.token_hex(12))')"
printf '%s\n' "$password" >"$dir/pwfile"
[ ${#as_user[@]} -eq 0 ] || chown postgres: "$dir/pwfile"

"${as_user[@]}" "$bindir/initdb" -D "$dir/data" -U briscola --pwfile="$dir/pwfile" \
  --auth=scram-sha-256 -E UTF8 --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1 \
  || { cat "$dir/initdb.log" >&2; exit 1; }
rm -f "$dir/pwfile"
# Speed over safety: a throwaway server whose data dies with the tests.
started=1
"${as_user[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
  -o "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
PGPASSWORD="$password" "$bindir/createdb" -h 127.0.0.1 -p "$port" -U briscola briscola_test

export BRISCOLA_TEST_POSTGRES_URL="postgresql+psycopg://briscola:$password@127.0.0.1:$port/briscola_test"
status=0
"$@" || status=$?
exit "$status"
