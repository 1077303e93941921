package com.cascade4arm.rules.score;

/**
 * One feature's pull towards a category in an explanation: how much it raised that category's log-odds against the
 * average category ({@code word:warum +0.41}).
 *
 * @param feature the feature's readable name (word:..., words:..., first word:..., chars:...)
 * @param weight  its contribution to the category's logit, minus its mean contribution over all categories
 */
public record ScoreFeature(String feature, double weight) {
}
