-- The request log shared by every replica (issue 34): one row per finished request of chat, Compare and route
-- explain. Replicas append in batches; any replica deletes rows past cascade.request-log.retention and
-- cascade.request-log.max-rows (one at a time: an advisory lock). Prompt and answer text only with
-- cascade.request-log.content=true.
CREATE TABLE request_log (
    id                BIGSERIAL PRIMARY KEY,
    time              TIMESTAMPTZ NOT NULL,   -- when the request arrived, by the serving replica's clock
    replica           TEXT NOT NULL,
    request_id        TEXT,
    kind              TEXT NOT NULL,          -- chat, compare, explain
    key_alias         TEXT,
    key_prefix        TEXT,
    status            INTEGER NOT NULL,
    route             TEXT,
    rule              TEXT,
    endpoint          TEXT,
    ttft_ms           DOUBLE PRECISION,
    total_ms          DOUBLE PRECISION,
    prompt_tokens     BIGINT,
    completion_tokens BIGINT,
    cost_usd          DOUBLE PRECISION,
    escalated         BOOLEAN NOT NULL,
    fallback          BOOLEAN NOT NULL,
    overflow          TEXT,                   -- why it went to the hosted API (queue, unavailable), else null
    reason            TEXT,                   -- the explanation: the rule's reason, the rules version, the facts
    rules_version     BIGINT,
    facts             TEXT,                   -- JSON, at most 4,000 characters
    prompt            TEXT,
    answer            TEXT
);

-- Newest first, overall and per key (the log's filters).
CREATE INDEX request_log_time ON request_log (time DESC, id DESC);
CREATE INDEX request_log_key_alias ON request_log (key_alias, time DESC);
CREATE INDEX request_log_key_prefix ON request_log (key_prefix, time DESC);
