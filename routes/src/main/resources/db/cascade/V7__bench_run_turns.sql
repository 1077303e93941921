-- A multi-turn run's turns.csv beside its rows, written by the replica running it with the same publish, so any
-- replica serves GET /api/bench/runs/{id}/turns.csv; NULL for runs of the prompt suite (they have no turns).
ALTER TABLE bench_runs ADD COLUMN turns_csv TEXT;
