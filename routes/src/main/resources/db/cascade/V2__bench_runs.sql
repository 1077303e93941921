-- Benchmark runs as every replica sees them: the replica running one writes its summary (live progress included)
-- and its rows here; any replica lists, reads, and asks for a cancel (cancel_requested), which the owner carries out.
CREATE TABLE bench_runs (
    id               TEXT PRIMARY KEY,
    replica          TEXT NOT NULL,           -- the gateway running it (cascade.store.replica-name)
    started_at       TEXT,                    -- ISO-8601, as in the summary (sorts as time)
    status           TEXT NOT NULL,
    summary          JSONB NOT NULL,          -- the run's summary.json
    rows_csv         TEXT NOT NULL DEFAULT '',
    cancel_requested BOOLEAN NOT NULL DEFAULT FALSE,
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX bench_runs_started ON bench_runs (started_at DESC);
