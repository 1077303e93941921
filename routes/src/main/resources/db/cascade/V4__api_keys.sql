-- Virtual API keys (issue 34): one row per key, its secret only as a salted hash inside doc (KeyJson's stored form).
CREATE TABLE api_keys (
    id         TEXT PRIMARY KEY,
    prefix     TEXT NOT NULL UNIQUE,          -- the public part of the secret: names the key in logs
    alias      TEXT NOT NULL,
    doc        JSONB NOT NULL,                -- every field, salt and hash included; never the secret
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Spend per key, UTC day and tier. Replicas only ever add to a row (UPDATE ... SET x = x + ?), so concurrent charges
-- from several replicas sum exactly.
CREATE TABLE api_key_usage (
    key_id            TEXT NOT NULL REFERENCES api_keys (id),
    day               DATE NOT NULL,
    tier              TEXT NOT NULL,
    requests          BIGINT NOT NULL DEFAULT 0,
    prompt_tokens     BIGINT NOT NULL DEFAULT 0,
    completion_tokens BIGINT NOT NULL DEFAULT 0,
    cost_usd          DOUBLE PRECISION NOT NULL DEFAULT 0,
    PRIMARY KEY (key_id, day, tier)
);
