package com.cascade4arm.demomodels.internal.design;

/**
 * An alternative wording of an answer: tokens {@code [from, to)} of the main path replaced by {@code tokens}.
 *
 * @param split true for an automatic variant that spells one token as the two tokens it was merged from (same text)
 */
public record Variant(int from, int to, int[] tokens, boolean split) {
}
