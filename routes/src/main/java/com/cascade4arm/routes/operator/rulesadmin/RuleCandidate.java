package com.cascade4arm.routes.operator.rulesadmin;

import java.util.List;
import java.util.Map;

/**
 * A rulebook a client proposes: the DRL files by name, who and why, the version it was edited from (null = no check),
 * and for a dry run extra prompts besides the benchmark suite.
 */
public record RuleCandidate(Map<String, String> files, String author, String comment, Long baseVersion,
                            List<String> prompts) {
    public RuleCandidate {
        files = files == null ? Map.of() : Map.copyOf(files);
        prompts = prompts == null ? List.of() : List.copyOf(prompts);
    }
}
