package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.client.StreamResult;
import com.cascade4arm.bench.suite.Prompt;

import java.util.ArrayList;
import java.util.List;

/**
 * One request of the draft pass, as written to {@code draft-pass.csv}: a {@code rows.csv} row (level 1, {@code seq}
 * the pair's number) plus whether the draft was on and what the answer reported of drafting. Kept apart from the
 * level rows so no level aggregate, speed-up or scorecard ever counts it.
 */
record DraftPassRow(RequestRow row, boolean draftOn, Long draftTokens, Double draftAcceptance) {

    static final List<String> HEADER = header();

    static DraftPassRow of(String runId, String target, int pair, Prompt prompt, boolean draftOn, StreamResult result,
                           String startedAt) {
        return new DraftPassRow(RequestRow.of(runId, target, 1, pair, prompt, result, startedAt), draftOn,
                result.draftTokens(), result.draftAcceptance());
    }

    /** The answer said it drafted tokens (a drafted-token count above 0, or an acceptance rate). */
    boolean drafted() {
        return (draftTokens != null && draftTokens > 0) || draftAcceptance != null;
    }

    List<String> csvFields() {
        List<String> fields = new ArrayList<>(row.csvFields());
        fields.add(draftOn ? "on" : "off");
        fields.add(draftTokens == null ? null : Long.toString(draftTokens));
        fields.add(draftAcceptance == null ? null : RequestRow.plain(RequestRow.round(draftAcceptance, 3)));
        return fields;
    }

    private static List<String> header() {
        List<String> header = new ArrayList<>(RequestRow.HEADER);
        header.addAll(List.of("draft", "draft_tokens", "draft_acceptance"));
        return List.copyOf(header);
    }
}
