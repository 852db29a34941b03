-- hand-written: keep when renumbering
-- The sequencer sets each log entry's leaf_index once after its insert; leaf_index is indexed, so that
-- update is never HOT and leaves a dead version of every entry in the table and in each of its indexes
-- (the waiting queue's partial index included) until a vacuum (docs/performance/petitions.md, run 2 of
-- the signing benches: 52 450 live and 52 450 dead rows, sustained p99 26.9 ms -> 3.9 s). The default
-- (vacuum at 20 % dead) waits far too long on a table that only grows: vacuum it after 1 % + 1 000
-- dead rows, and let inserts alone trigger a vacuum (visibility map, index cleanup) at the same rate.
ALTER TABLE "petition_log_entries" SET (
  autovacuum_vacuum_scale_factor = 0.01,
  autovacuum_vacuum_threshold = 1000,
  autovacuum_vacuum_insert_scale_factor = 0.01,
  autovacuum_vacuum_insert_threshold = 1000,
  autovacuum_analyze_scale_factor = 0.02
);
