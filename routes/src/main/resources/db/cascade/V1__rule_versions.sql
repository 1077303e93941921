-- Rulebook versions shared by every gateway replica: append-only, like the file store's versions/ folder.
CREATE TABLE rule_versions (
    version       BIGINT PRIMARY KEY CHECK (version >= 1),
    author        TEXT,
    comment       TEXT,
    created_at    TIMESTAMPTZ NOT NULL,
    base_version  BIGINT,
    restored_from BIGINT,
    sha256        TEXT NOT NULL,
    files         JSONB NOT NULL  -- {"file-name.drl": "DRL text", ...}
);

-- The active pointer: one row, changed in the same transaction that appends the version it names.
CREATE TABLE rules_active (
    id         SMALLINT PRIMARY KEY CHECK (id = 1),
    version    BIGINT NOT NULL REFERENCES rule_versions (version),
    updated_at TIMESTAMPTZ NOT NULL
);
