#!/bin/sh
# The streaming replica: on first start a copy of the primary by pg_basebackup (-R writes
# standby.signal and primary_conninfo), then a hot standby that answers reads.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_isready -h postgres -p 5432 -q; do sleep 1; done
  PGPASSWORD="$REPLICATION_PASSWORD" pg_basebackup -h postgres -p 5432 -U replicator -D "$PGDATA" -R -X stream --checkpoint=fast
  chmod 700 "$PGDATA"
fi
exec postgres -c hot_standby=on -c max_connections=200 -c shared_preload_libraries=pg_stat_statements
