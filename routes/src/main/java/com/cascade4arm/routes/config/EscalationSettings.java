package com.cascade4arm.routes.config;

import java.util.function.Function;

/**
 * Confidence escalation: a prompt a rule sent to the small model on trial ({@code routeSmallTentatively(threshold, …)})
 * is answered from the large model when the small model's first {@code tokens} tokens have a confidence (geometric
 * mean of their probabilities) below the rule's threshold, before the client sees anything.
 *
 * @param enabled           false serves tentative routes as plain small ones
 * @param tokens            how many first tokens are buffered and judged
 * @param minConfidence     {@code cascade.escalation.min-confidence}: one threshold for every trial, overriding the
 *                          rules' own; null keeps each rule's
 */
public record EscalationSettings(boolean enabled, int tokens, Double minConfidence) {
    public static final int DEFAULT_TOKENS = 4;
    public static final int MAX_TOKENS = 64;
    public static final EscalationSettings DEFAULTS = new EscalationSettings(true, DEFAULT_TOKENS, null);

    public static EscalationSettings read(Function<String, String> property) {
        PropertyReader values = new PropertyReader(property);
        String enabledText = values.text("cascade.escalation.enabled", "true");
        if (!enabledText.equals("true") && !enabledText.equals("false")) {
            throw new IllegalArgumentException("cascade.escalation.enabled must be true or false, but was " + enabledText);
        }
        boolean enabled = enabledText.equals("true");
        int tokens = (int) values.integer("cascade.escalation.tokens", DEFAULT_TOKENS, 1, MAX_TOKENS);
        Double override = values.text("cascade.escalation.min-confidence") == null ? null
                : values.decimal("cascade.escalation.min-confidence", 0.5, 0.000001, 0.999999);
        return new EscalationSettings(enabled, tokens, override);
    }

    /** The threshold a trial uses: the configured override, else the rule's. */
    public double threshold(double rulesThreshold) {
        return minConfidence != null ? minConfidence : rulesThreshold;
    }
}
