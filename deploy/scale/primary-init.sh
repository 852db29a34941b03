#!/bin/sh
# First start of the primary (docker-entrypoint-initdb.d): a role the replica streams with, the
# replication line of pg_hba.conf, and the statement timeout the API would set per connection if
# PgBouncer passed it on (it does not: ignore_startup_parameters).
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<SQL
create role replicator with replication login password '${REPLICATION_PASSWORD}';
alter role ${POSTGRES_USER} set statement_timeout = '15s';
create extension if not exists pg_stat_statements;
SQL
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
