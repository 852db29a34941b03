#!/usr/bin/env bash
# Builds a bench database from the bulk generators in seed/dist/bulk (build seed first:
# `npx turbo run build --filter=@legenett/seed...`). Usage, from the project root:
#   bash bench/make-data.sh [database] [size]
# size: bench (default: the issue 13 data set), small (10 000 rows per list) or large (1 000 000 rows
# per list). Does nothing when the database already exists (drop it to rebuild). The generator
# arguments per size are listed below and in bench/README.md.
set -eu
db=${1:-${PERF_DB_NAME:-perf_bench}}
size=${2:-bench}
host=${PGHOST:-127.0.0.1}
root=$(cd "$(dirname "$0")/.." && pwd)
case "$size" in
  # script and arguments: jobs [count], products [count], posts [users posts], courses [courses
  # subscriptions views], petitions [petitions signatures], media [videos audio]
  bench) steps=("jobs 100000" "products 100000" "posts 30000 1000000" "courses 100000 100000 100000" "petitions 100000 20000" "media 100000 10000") ;;
  small) steps=("jobs 10000" "products 10000" "posts 3000 10000" "courses 10000 10000 10000" "petitions 10000 5000" "media 10000 1000") ;;
  # large: the feed is not among the compared lists (few posts); one course viewing only (the
  # viewing generator spills an array per row to disk at this size: tens of GB of temporary files).
  large) steps=("jobs 1000000" "products 1000000" "posts 1000 1000" "courses 1000000 10000 1" "petitions 1000000 20000" "media 1000000 10000") ;;
  *) echo "size must be bench, small or large" >&2; exit 2 ;;
esac
if psql -h "$host" -U postgres -tAc "select 1 from pg_database where datname='$db'" | grep -q 1; then
  echo "bench: database $db exists (drop it to rebuild)"; exit 0
fi
[ -f "$root/seed/dist/bulk/media.js" ] || { echo "bench: build seed first (npx turbo run build --filter=@legenett/seed...)" >&2; exit 1; }
# The demo seed hashes national ids with the API's key; a bench database needs no fixed one.
export NATIONAL_ID_HASH_KEY=${NATIONAL_ID_HASH_KEY:-$(node -e "process.stdout.write(require('crypto').randomBytes(48).toString('base64url'))")}
createdb -h "$host" -U postgres "$db"
trap 'echo "bench: failed; dropping $db"; dropdb -h "$host" -U postgres --if-exists "$db"' ERR
for s in "${steps[@]}"; do
  set -- $s
  script=$1; shift
  echo "bench: $db: $script $*"
  DATABASE_URL="postgres://postgres@$host:5432/$db" node "$root/seed/dist/bulk/$script.js" "$@"
done
psql -h "$host" -U postgres -d "$db" -qc 'vacuum analyze'
echo "bench: $db ready ($size)"
