package com.cascade4arm.routes.operator.rulesadmin;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.rules.RuleProblem;
import com.cascade4arm.rules.store.HistoryEntry;
import com.cascade4arm.rules.store.RuleVersion;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;

/** The JSON shapes of the rules API (documented in routes/README.md, "Rules API"), in one place. */
final class RulesJson {
    private RulesJson() {
    }

    /** A version's metadata; with {@code withFiles} also its files as [{name, content}]. */
    static ObjectNode version(RuleVersion version, long activeVersion, boolean withFiles) {
        ObjectNode node = Json.object();
        node.put("version", version.version());
        node.put("author", version.author());
        node.put("comment", version.comment());
        node.put("created_at", version.createdAt().toString());
        node.put("sha256", version.sha256());
        node.put("base_version", version.baseVersion());
        node.put("restored_from", version.restoredFrom());
        node.put("active", version.version() == activeVersion);
        node.put("damaged", false);
        if (withFiles) {
            ArrayNode files = node.putArray("files");
            version.files().forEach((name, content) -> files.addObject().put("name", name).put("content", content));
        }
        return node;
    }

    static ObjectNode historyEntry(HistoryEntry entry, long activeVersion, boolean withFiles) {
        if (!entry.isDamaged()) {
            return version(entry.content(), activeVersion, withFiles);
        }
        ObjectNode node = Json.object();
        node.put("version", entry.version());
        node.put("active", false);
        node.put("damaged", true);
        node.put("damage", entry.damage());
        return node;
    }

    static ObjectNode history(List<HistoryEntry> entries, long activeVersion) {
        ObjectNode body = Json.object().put("object", "list").put("active_version", activeVersion);
        ArrayNode data = body.putArray("data");
        entries.forEach(entry -> data.add(historyEntry(entry, activeVersion, false)));
        return body;
    }

    static ArrayNode problems(List<RuleProblem> problems) {
        ArrayNode list = Json.MAPPER.createArrayNode();
        for (RuleProblem problem : problems) {
            list.addObject().put("file", problem.file()).put("line", problem.line()).put("column", problem.column())
                    .put("message", problem.message());
        }
        return list;
    }

    /** 400 body for a candidate with problems: the OpenAI error plus every problem. */
    static ObjectNode invalidRules(List<RuleProblem> problems) {
        RuleProblem first = problems.get(0);
        ObjectNode body = ApiError.body("the rules have " + problems.size() + " problem(s); first: " + first.file()
                + ":" + first.line() + ": " + first.message(), "invalid_request_error", "invalid_rules");
        body.set("problems", problems(problems));
        return body;
    }

    static ObjectNode dryRun(DryRun.Report report) {
        ObjectNode body = Json.object().put("active_version", report.activeVersion());
        List<DryRun.PromptResult> results = report.results();
        ObjectNode summary = body.putObject("summary");
        summary.put("prompts", results.size());
        summary.put("changed", results.stream().filter(DryRun.PromptResult::changed).count());
        summary.put("to_large", results.stream().filter(r -> r.changed() && "large".equals(r.candidate().route())).count());
        summary.put("to_small", results.stream().filter(r -> r.changed() && "small".equals(r.candidate().route())).count());
        summary.put("rule_changed", results.stream().filter(DryRun.PromptResult::ruleChanged).count());
        summary.put("with_expected_route", results.stream().filter(r -> r.expectedRoute() != null).count());
        summary.put("active_matches_expected", results.stream().filter(r -> r.expectedRoute() != null
                && r.expectedRoute().equals(r.active().route())).count());
        summary.put("candidate_matches_expected", results.stream().filter(r -> r.expectedRoute() != null
                && r.expectedRoute().equals(r.candidate().route())).count());
        summary.put("errors", results.stream().filter(r -> r.candidate().error() != null).count());
        summary.put("fire_limit_reached", report.fireLimitReached().size());
        summary.put("candidate_rules", report.candidateRules().size());
        summary.put("never_fired", report.neverFired().size());
        summary.put("shadowed", report.shadowed().size());
        summary.put("over_budget", report.overBudget().size());
        ArrayNode list = body.putArray("results");
        for (DryRun.PromptResult result : results) {
            ObjectNode row = list.addObject().put("id", result.id()).put("prompt", result.prompt())
                    .put("category", result.category()).put("expected_route", result.expectedRoute());
            row.set("active", outcome(result.active()));
            row.set("candidate", outcome(result.candidate()));
            row.put("changed", result.changed()).put("rule_changed", result.ruleChanged());
        }
        report.neverFired().forEach(body.putArray("never_fired")::add);
        report.shadowed().forEach(body.putArray("shadowed")::add);
        report.fireLimitReached().forEach(body.putArray("fire_limit_reached")::add);
        report.overBudget().forEach(body.putArray("over_budget")::add);
        body.set("labelled", labelled(report.labelled()));
        return body;
    }

    private static ObjectNode labelled(LabelledSetShift.Shift shift) {
        ObjectNode node = Json.object().put("prompts", shift.prompts()).put("measured", shift.measured())
                .put("active_matches_expected", shift.activeCorrect())
                .put("candidate_matches_expected", shift.candidateCorrect()).put("changed", shift.changed());
        ArrayNode list = node.putArray("changes");
        for (LabelledSetShift.Change change : shift.changes()) {
            list.addObject().put("prompt", change.prompt()).put("category", change.category())
                    .put("language", change.language()).put("expected_route", change.expectedRoute())
                    .put("active_route", change.activeRoute()).put("candidate_route", change.candidateRoute());
        }
        return node;
    }

    private static ObjectNode outcome(DryRun.Outcome outcome) {
        ObjectNode node = Json.object().put("route", outcome.route()).put("rule", outcome.rule())
                .put("category", outcome.category()).put("fire_limit_reached", outcome.fireLimitReached());
        if (outcome.error() != null) {
            node.put("error", outcome.error());
        }
        return node;
    }
}
