package com.cascade4arm.bench.jmh;

import com.cascade4arm.openai.ChatMessage;
import picocli.CommandLine.Option;

import java.util.List;

/** {@code --kind}: one of {@link RuleDecisionBenchmark}'s prompt kinds, for the decision tools outside JMH. */
final class PromptKindOption {
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
    boolean help;
    @Option(names = "--kind", description = "a prompt kind of RuleDecisionBenchmark (default factual)")
    String kind = "factual";

    /** The kind's conversation; an unknown kind throws IllegalArgumentException (a usage error, as the mains report it). */
    List<ChatMessage> conversation() {
        return RuleDecisionBenchmark.conversation(kind);
    }
}
