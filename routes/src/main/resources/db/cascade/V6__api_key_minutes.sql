-- Requests/min and tokens/min across replicas (issue 34): each replica's count of a key's current minute, overwritten
-- by its sync every 250 ms; every replica admits against its own count plus the other replicas' rows of the minute.
-- Rows of past minutes are deleted by the syncs.
CREATE TABLE api_key_minutes (
    key_id   TEXT NOT NULL,
    minute   BIGINT NOT NULL,                 -- the minute's start, epoch ms (UTC wall clock)
    replica  TEXT NOT NULL,                   -- a random id per gateway process
    requests BIGINT NOT NULL,
    tokens   BIGINT NOT NULL,
    PRIMARY KEY (key_id, minute, replica)
);
CREATE INDEX api_key_minutes_minute ON api_key_minutes (minute);
