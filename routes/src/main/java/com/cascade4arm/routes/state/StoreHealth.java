package com.cascade4arm.routes.state;

import com.cascade4arm.openai.ApiError;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;

/**
 * Whether the shared database answers, as the last call that touched it found out; what /health reports and what an
 * edit is refused with (503) while it is down. Logs each change once, not each failing call.
 */
public final class StoreHealth {
    private static final Logger LOG = LoggerFactory.getLogger(StoreHealth.class);
    /** Retry-After of an edit refused while the database is down, seconds. */
    static final int RETRY_AFTER_S = 5;

    private volatile String problem;
    private volatile Instant since = Instant.now();
    private volatile String servingNote;

    /** A call reached the database. */
    public void up() {
        if (problem != null) {
            LOG.info("shared database reachable again (was down since {})", since);
            problem = null;
            since = Instant.now();
        }
    }

    /** A call could not reach the database. */
    public void down(String why) {
        if (problem == null) {
            LOG.warn("shared database unreachable: {}; routing continues on the active rules, edits answer 503", why);
            since = Instant.now();
        }
        problem = why;
    }

    public boolean isUp() {
        return problem == null;
    }

    public String problem() {
        return problem;
    }

    public Instant since() {
        return since;
    }

    /** Where the serving rules came from while degraded ("the local cache of version 4"). */
    public void servingNote(String note) {
        this.servingNote = note;
    }

    public String servingNote() {
        return servingNote;
    }

    /** The 503 an operation that needs the database gets while it is down. */
    public ApiError unavailable(String what, Exception cause) {
        down(Database.rootMessage(cause));
        return new ApiError(503, ApiError.UNAVAILABLE, "store_unavailable", "the shared database is unreachable ("
                + Database.rootMessage(cause) + "): " + what + " is refused until it is back; routing continues on the"
                + " active rules", RETRY_AFTER_S);
    }
}
