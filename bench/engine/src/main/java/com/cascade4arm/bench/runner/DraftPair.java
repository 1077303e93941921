package com.cascade4arm.bench.runner;

/** The same prompt sent twice in the draft pass, draft on and draft off ({@code speculative.n_max: 0}). */
record DraftPair(DraftPassRow on, DraftPassRow off) {
}
