package com.cascade4arm.host.inference;

/** Draft tokens proposed and accepted during one generation. */
public record DraftCounts(int drafted, int accepted) {

    public static final DraftCounts NONE = new DraftCounts(0, 0);

    DraftCounts plus(int moreDrafted, int moreAccepted) {
        return new DraftCounts(drafted + moreDrafted, accepted + moreAccepted);
    }
}
