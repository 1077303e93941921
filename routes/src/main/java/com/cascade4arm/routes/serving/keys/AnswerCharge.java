package com.cascade4arm.routes.serving.keys;

/**
 * One part of a request's answer charged to its key: the tier or system that answered ({@code small}, {@code large},
 * {@code hosted}), its tokens and the cost model's figure. A chat answer is one part; a Compare up to two (its
 * cascade and hosted legs).
 */
public record AnswerCharge(String tier, long promptTokens, long completionTokens, double costUsd) {
}
