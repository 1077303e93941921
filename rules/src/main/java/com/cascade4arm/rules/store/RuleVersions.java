package com.cascade4arm.rules.store;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Where rulebook versions and the active pointer live — local files ({@link RuleStore}) or a database shared by
 * several gateways — so the rule editor and startup do not care which.
 */
public interface RuleVersions {

    /** The version that serves. */
    RuleVersion active();

    /** Every version, newest first; damaged ones carry their damage instead of content. */
    List<HistoryEntry> history();

    Optional<HistoryEntry> find(long version);

    /**
     * Appends a version and makes it active in one step, checking {@code expectedActive} (null = no check), then calls
     * {@code onCommitted} so the caller can route with it.
     *
     * @throws StaleVersionException when {@code expectedActive} is not the active version
     */
    RuleVersion commit(NewVersion candidate, Long expectedActive, Consumer<RuleVersion> onCommitted);

    /**
     * Why reads answer from a copy right now (a shared store whose database is unreachable serves what it last read);
     * empty when reads are live.
     */
    default Optional<String> cachedReadsNote() {
        return Optional.empty();
    }

    /** Where the versions live, for logs ("/var/lib/cascade4arm/rules", "postgres jdbc:postgresql://db/cascade"). */
    String location();
}
