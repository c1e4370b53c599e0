#!/usr/bin/env bash
# A private, throwaway PostgreSQL for the tests and for writing PostgreSQL migrations: its own data
# directory (a temp dir), its own port on 127.0.0.1, trust auth, no fsync — never a real server.
#
#   pg-test-server.sh ensure        installs Debian's postgresql when missing (root + apt, quietly;
#                                   nothing happens where that is impossible); exit 0 when usable
#   pg-test-server.sh available     exit 0 when a server can be started here (binaries + user)
#   pg-test-server.sh start         initdb + start; prints "<url> <dir>" (admin URL, data dir)
#   pg-test-server.sh stop <dir>    stops the server of <dir> and removes <dir>
#
# Binaries: $PG_BIN_DIR, else the newest /usr/lib/postgresql/*/bin, else initdb on the PATH. As
# root the server runs as the `postgres` user (PostgreSQL refuses to run as root).
# `ensure` never installs when PG_BIN_DIR is set.
set -euo pipefail

bin_dir() {
  # Set, it is the only place looked at (PG_BIN_DIR=none: behave as if PostgreSQL were not installed).
  if [ -n "${PG_BIN_DIR:-}" ]; then
    if [ -x "$PG_BIN_DIR/initdb" ]; then echo "$PG_BIN_DIR"; return 0; fi
    return 1
  fi
  local newest
  newest="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [ -n "$newest" ] && [ -x "$newest/initdb" ]; then echo "$newest"; return 0; fi
  local on_path
  on_path="$(command -v initdb 2>/dev/null || true)"
  if [ -n "$on_path" ]; then dirname "$(readlink -f "$on_path")"; return 0; fi
  return 1
}

# Runs a command as the server's user: ourselves, or `postgres` when we are root.
as_pg() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

available() {
  bin_dir >/dev/null || return 1
  if [ "$(id -u)" = "0" ]; then id postgres >/dev/null 2>&1 || return 1; fi
  return 0
}

case "${1:-}" in
  ensure)
    if available; then exit 0; fi
    if [ -z "${PG_BIN_DIR:-}" ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
      echo "PostgreSQL 설치 중 (apt-get install postgresql)…" >&2
      { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; } >/dev/null 2>&1 || true
    fi
    available
    ;;
  available)
    available
    ;;
  start)
    available || { echo "PostgreSQL을 시작할 수 없습니다 (initdb 또는 postgres 사용자가 없음)" >&2; exit 1; }
    bin="$(bin_dir)"
    dir="$(mktemp -d "${TMPDIR:-/tmp}/rar-pg.XXXXXX")"
    chmod 0755 "$dir"
    if [ "$(id -u)" = "0" ]; then chown postgres: "$dir"; fi
    cd "$dir"
    as_pg "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
      || as_pg "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    # A free port: ask the kernel for one, then try it (another process may take it meanwhile).
    for _ in 1 2 3 4 5; do
      port="$(node -e 's=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
      if as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start \
        -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300 -c shared_buffers=64MB" \
        >/dev/null 2>&1; then
        echo "postgresql://postgres@127.0.0.1:$port/postgres $dir"
        exit 0
      fi
    done
    cat "$dir/server.log" >&2 || true
    exit 1
    ;;
  stop)
    dir="${2:?usage: pg-test-server.sh stop <dir>}"
    case "$dir" in "${TMPDIR:-/tmp}"/rar-pg.*) ;; *) echo "not a test server directory: $dir" >&2; exit 2 ;; esac
    if [ -d "$dir/data" ]; then
      bin="$(bin_dir)"
      (cd "$dir" && as_pg "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1) || true
    fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: pg-test-server.sh ensure|available|start|stop <dir>" >&2
    exit 2
    ;;
esac
