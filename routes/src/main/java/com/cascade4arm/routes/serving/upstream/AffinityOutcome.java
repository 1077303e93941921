package com.cascade4arm.routes.serving.upstream;

/** How prefix-affinity selection went for one request (metric tag and the cascade object's {@code prefix_affinity}). */
public enum AffinityOutcome {
    /** The conversation's preferred endpoint served it and had served this prefix before. */
    HIT("hit"),
    /** The preferred endpoint served it, without a record of the prefix there (a first turn, or evicted). */
    MISS("miss"),
    /** The preferred endpoint was above its load bound (or unavailable): another one served it. */
    OVERFLOW("overflow");

    private final String tag;

    AffinityOutcome(String tag) {
        this.tag = tag;
    }

    public String tag() {
        return tag;
    }
}
