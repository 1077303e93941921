package com.cascade4arm.rules.decision;

import org.kie.api.definition.type.Modifies;

/**
 * The one object rule consequences change: rules call {@link #assignCategory}, {@link #routeLarge}, {@link #routeSmall}
 * and {@link #routeTo} inside {@code modify($d) { ... }} and read {@code category} and {@code route} in conditions. One
 * instance per decision.
 *
 * <p>Policy kept here, not in DRL, so that no rule order can break it: the first category assigned stays; the large model
 * overrides the small one (a cascade escalates, it never de-escalates); the first rule to choose the final route gives the
 * reason. {@code @Modifies} tells Drools' property reactivity which properties each method changes.
 */
public final class Decision {

    public static final String SMALL = "small";
    public static final String LARGE = "large";

    private String route;
    private String reason;
    private String category;
    private String categoryReason;

    /** "small", "large" (or a tier named by {@link #routeTo}), or null while no rule has decided. */
    public String getRoute() {
        return route;
    }

    public String getReason() {
        return reason;
    }

    /** The category a rule assigned (factual, everyday, reasoning, code, analysis, or an operator's own), or null. */
    public String getCategory() {
        return category;
    }

    public String getCategoryReason() {
        return categoryReason;
    }

    /** Sends the prompt to the large model; overrides an earlier small route. */
    @Modifies({"route", "reason"})
    public void routeLarge(String reason) {
        requireText("reason", reason);
        if (!LARGE.equals(route)) {
            this.route = LARGE;
            this.reason = reason;
        }
    }

    /** Sends the prompt to the small model unless a rule already chose a route. */
    @Modifies({"route", "reason"})
    public void routeSmall(String reason) {
        requireText("reason", reason);
        if (route == null) {
            this.route = SMALL;
            this.reason = reason;
        }
    }

    /**
     * Sends the prompt to a tier of the operator's own (one more entry in the gateway's {@code cascade.tiers}) unless a
     * rule already chose a route; like any other choice, {@link #routeLarge} still overrides it.
     */
    @Modifies({"route", "reason"})
    public void routeTo(String tier, String reason) {
        requireText("tier", tier);
        requireText("reason", reason);
        if (route == null) {
            this.route = tier;
            this.reason = reason;
        }
    }

    /** Records the prompt's category unless one is already assigned (the first, highest-salience rule wins). */
    @Modifies({"category", "categoryReason"})
    public void assignCategory(String category, String reason) {
        requireText("category", category);
        requireText("reason", reason);
        if (this.category == null) {
            this.category = category;
            this.categoryReason = reason;
        }
    }

    private static void requireText(String name, String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(name + " must not be blank, but was " + (value == null ? "null" : "'" + value + "'"));
        }
    }
}
