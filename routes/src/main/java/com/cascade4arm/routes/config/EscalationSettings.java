package com.cascade4arm.routes.config;

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
    /** Every default: plain small routes are judged on their first 4 tokens with each rule's threshold. */
    public static final EscalationSettings DEFAULTS = from(ConfigBinding.defaults().cascade());

    public static EscalationSettings from(CascadeConfig config) {
        CascadeConfig.Escalation e = config.escalation();
        return new EscalationSettings(e.enabled(), e.tokens(), e.minConfidence().orElse(null));
    }

    /** The threshold a trial uses: the configured override, else the rule's. */
    public double threshold(double rulesThreshold) {
        return minConfidence != null ? minConfidence : rulesThreshold;
    }
}
