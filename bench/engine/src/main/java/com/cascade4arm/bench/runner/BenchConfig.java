package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.suite.ConversationSuite;
import com.cascade4arm.bench.suite.Prompt;
import com.cascade4arm.bench.suite.PromptSuite;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What a benchmark run does: which prompts, which concurrency levels, how many requests per level and target,
 * against which targets, with which sampling, at fixed length or not, after how many warm-up requests, and whether a
 * judge compares the first target's answers with the second's afterwards ({@code judge}), and whether a draft pass
 * measures what speculative decoding buys the first target's large route afterwards ({@code draftPass}); and which
 * suite: the prompt suite swept over levels ({@link #SUITE_PROMPTS}, the default) or the multi-turn conversations
 * ({@link #SUITE_CONVERSATIONS}: {@code conversations} of the suite, {@code levels} one value, the concurrency). Null
 * components take the defaults below (so a JSON body may omit them); {@link #validate}
 * checks bounds and names each bad value.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record BenchConfig(
        PromptSelection prompts,
        List<Integer> levels,
        Integer requestsPerLevel,
        Integer maxTokens,
        List<TargetConfig> targets,
        Long requestTimeoutMs,
        Long deadlineSeconds,
        Sampling sampling,
        Boolean fixedLength,
        Integer warmupRequests,
        Boolean judge,
        Boolean draftPass,
        String suite,
        Integer conversations) {

    public static final int DEFAULT_PROMPT_COUNT = 10;
    public static final List<Integer> DEFAULT_LEVELS = List.of(1, 2, 4, 8, 16);
    public static final int DEFAULT_REQUESTS_PER_LEVEL = 20;
    public static final int DEFAULT_MAX_TOKENS = 64;
    public static final long DEFAULT_REQUEST_TIMEOUT_MS = 120_000;
    public static final long DEFAULT_DEADLINE_SECONDS = 3_600;
    public static final int MAX_LEVEL = 64;
    public static final int MAX_LEVEL_COUNT = 10;
    public static final int MAX_REQUESTS_PER_LEVEL = 500;
    public static final int MAX_TOKENS_LIMIT = 4_096;
    public static final int MAX_TARGETS = 4;
    public static final long MIN_REQUEST_TIMEOUT_MS = 100;
    public static final long MAX_REQUEST_TIMEOUT_MS = 600_000;
    public static final long MAX_DEADLINE_SECONDS = 86_400;
    /** Requests each target answers before the first level, not measured: loads caches, connections and the JIT. */
    public static final int DEFAULT_WARMUP_REQUESTS = 2;
    public static final int MAX_WARMUP_REQUESTS = 50;
    /** The fixed 50-prompt suite, swept over concurrency levels (the default). */
    public static final String SUITE_PROMPTS = "prompts";
    /** The multi-turn suite ({@link ConversationSuite}): conversations in parallel at one concurrency. */
    public static final String SUITE_CONVERSATIONS = "conversations";
    public static final List<String> SUITES = List.of(SUITE_PROMPTS, SUITE_CONVERSATIONS);
    /** Conversations running at once when a multi-turn run does not say. */
    public static final int DEFAULT_CONVERSATION_CONCURRENCY = 2;
    /**
     * Answers are carried into the next turn: six turns of a conversation must fit a slot's context (2,048 tokens on
     * the embedded hosts) next to its ~1,300-token system prompt.
     */
    public static final int MAX_CONVERSATION_TOKENS = 64;

    public BenchConfig {
        prompts = prompts != null ? prompts : PromptSelection.first(DEFAULT_PROMPT_COUNT);
        levels = levels != null ? List.copyOf(levels) : null;
        requestsPerLevel = requestsPerLevel != null ? requestsPerLevel : DEFAULT_REQUESTS_PER_LEVEL;
        maxTokens = maxTokens != null ? maxTokens : DEFAULT_MAX_TOKENS;
        targets = targets != null ? List.copyOf(targets) : List.of();
        requestTimeoutMs = requestTimeoutMs != null ? requestTimeoutMs : DEFAULT_REQUEST_TIMEOUT_MS;
        deadlineSeconds = deadlineSeconds != null ? deadlineSeconds : DEFAULT_DEADLINE_SECONDS;
        sampling = sampling != null ? sampling : Sampling.SERVER_DEFAULTS;
        fixedLength = fixedLength != null && fixedLength;
        warmupRequests = warmupRequests != null ? warmupRequests : DEFAULT_WARMUP_REQUESTS;
        judge = judge != null && judge;
        draftPass = draftPass != null && draftPass;
        suite = suite != null ? suite : SUITE_PROMPTS;
        conversations = conversations != null ? conversations : ConversationSuite.SIZE;
        levels = levels != null ? levels
                : SUITE_CONVERSATIONS.equals(suite) ? List.of(DEFAULT_CONVERSATION_CONCURRENCY) : DEFAULT_LEVELS;
    }

    /** Everything but the suite (the 50-prompt suite): the shape callers used before the multi-turn suite existed. */
    public BenchConfig(PromptSelection prompts, List<Integer> levels, Integer requestsPerLevel, Integer maxTokens,
                       List<TargetConfig> targets, Long requestTimeoutMs, Long deadlineSeconds, Sampling sampling,
                       Boolean fixedLength, Integer warmupRequests, Boolean judge, Boolean draftPass) {
        this(prompts, levels, requestsPerLevel, maxTokens, targets, requestTimeoutMs, deadlineSeconds, sampling,
                fixedLength, warmupRequests, judge, draftPass, null, null);
    }

    /** Everything but the draft pass (which stays off): the shape callers used before the draft pass existed. */
    public BenchConfig(PromptSelection prompts, List<Integer> levels, Integer requestsPerLevel, Integer maxTokens,
                       List<TargetConfig> targets, Long requestTimeoutMs, Long deadlineSeconds, Sampling sampling,
                       Boolean fixedLength, Integer warmupRequests, Boolean judge) {
        this(prompts, levels, requestsPerLevel, maxTokens, targets, requestTimeoutMs, deadlineSeconds, sampling,
                fixedLength, warmupRequests, judge, false);
    }

    /** Everything but the judge choice (which stays off): the shape callers used before judging existed. */
    public BenchConfig(PromptSelection prompts, List<Integer> levels, Integer requestsPerLevel, Integer maxTokens,
                       List<TargetConfig> targets, Long requestTimeoutMs, Long deadlineSeconds, Sampling sampling,
                       Boolean fixedLength, Integer warmupRequests) {
        this(prompts, levels, requestsPerLevel, maxTokens, targets, requestTimeoutMs, deadlineSeconds, sampling,
                fixedLength, warmupRequests, false);
    }

    /** Defaults for everything but the targets. */
    public static BenchConfig of(List<TargetConfig> targets) {
        return new BenchConfig(null, null, null, null, targets, null, null, null, null, null);
    }

    public BenchConfig withPrompts(PromptSelection value) {
        return new BenchConfig(value, levels, requestsPerLevel, maxTokens, targets, requestTimeoutMs, deadlineSeconds, sampling, fixedLength, warmupRequests, judge, draftPass, suite, conversations);
    }

    public BenchConfig withLevels(List<Integer> value) {
        return new BenchConfig(prompts, value, requestsPerLevel, maxTokens, targets, requestTimeoutMs, deadlineSeconds, sampling, fixedLength, warmupRequests, judge, draftPass, suite, conversations);
    }

    public BenchConfig withRequestsPerLevel(int value) {
        return new BenchConfig(prompts, levels, value, maxTokens, targets, requestTimeoutMs, deadlineSeconds, sampling, fixedLength, warmupRequests, judge, draftPass, suite, conversations);
    }

    public BenchConfig withMaxTokens(int value) {
        return new BenchConfig(prompts, levels, requestsPerLevel, value, targets, requestTimeoutMs, deadlineSeconds, sampling, fixedLength, warmupRequests, judge, draftPass, suite, conversations);
    }

    public BenchConfig withTargets(List<TargetConfig> value) {
        return new BenchConfig(prompts, levels, requestsPerLevel, maxTokens, value, requestTimeoutMs, deadlineSeconds, sampling, fixedLength, warmupRequests, judge, draftPass, suite, conversations);
    }

    public BenchConfig withRequestTimeoutMs(long value) {
        return new BenchConfig(prompts, levels, requestsPerLevel, maxTokens, targets, value, deadlineSeconds, sampling, fixedLength, warmupRequests, judge, draftPass, suite, conversations);
    }

    public BenchConfig withDeadlineSeconds(long value) {
        return new BenchConfig(prompts, levels, requestsPerLevel, maxTokens, targets, requestTimeoutMs, value, sampling, fixedLength, warmupRequests, judge, draftPass, suite, conversations);
    }

    public BenchConfig withSampling(Sampling value) {
        return new BenchConfig(prompts, levels, requestsPerLevel, maxTokens, targets, requestTimeoutMs, deadlineSeconds, value, fixedLength, warmupRequests, judge, draftPass, suite, conversations);
    }

    public BenchConfig withFixedLength(boolean value) {
        return new BenchConfig(prompts, levels, requestsPerLevel, maxTokens, targets, requestTimeoutMs, deadlineSeconds, sampling, value, warmupRequests, judge, draftPass, suite, conversations);
    }

    public BenchConfig withWarmupRequests(int value) {
        return new BenchConfig(prompts, levels, requestsPerLevel, maxTokens, targets, requestTimeoutMs, deadlineSeconds, sampling, fixedLength, value, judge, draftPass, suite, conversations);
    }

    /** The same run, its answers judged (cascade against baseline, after the measured requests) or not. */
    public BenchConfig withJudge(boolean value) {
        return new BenchConfig(prompts, levels, requestsPerLevel, maxTokens, targets, requestTimeoutMs, deadlineSeconds, sampling, fixedLength, warmupRequests, value, draftPass, suite, conversations);
    }

    /** The same run, followed by the draft on/off pass over its large-route prompts ({@link DraftPass}) or not. */
    public BenchConfig withDraftPass(boolean value) {
        return new BenchConfig(prompts, levels, requestsPerLevel, maxTokens, targets, requestTimeoutMs, deadlineSeconds, sampling, fixedLength, warmupRequests, judge, value, suite, conversations);
    }

    /** The same run on another suite ({@link #SUITE_PROMPTS} or {@link #SUITE_CONVERSATIONS}). */
    public BenchConfig withSuite(String value) {
        return new BenchConfig(prompts, levels, requestsPerLevel, maxTokens, targets, requestTimeoutMs, deadlineSeconds, sampling, fixedLength, warmupRequests, judge, draftPass, value, conversations);
    }

    /** The same multi-turn run over the first {@code value} conversations of the suite. */
    public BenchConfig withConversations(int value) {
        return new BenchConfig(prompts, levels, requestsPerLevel, maxTokens, targets, requestTimeoutMs, deadlineSeconds, sampling, fixedLength, warmupRequests, judge, draftPass, suite, value);
    }

    /** True for a run of the multi-turn suite. */
    @JsonIgnore
    public boolean multiTurn() {
        return SUITE_CONVERSATIONS.equals(suite);
    }

    /**
     * Requests the whole run sends: levels x requests per level x targets; for the multi-turn suite, conversations x
     * turns x targets.
     */
    @JsonIgnore
    public int totalRequests() {
        if (multiTurn()) {
            return conversations * ConversationSuite.TURNS * targets.size();
        }
        return levels.size() * requestsPerLevel * targets.size();
    }

    /** Throws {@link InvalidBenchConfigException} listing every problem, e.g. "levels[2] must be between 1 and 64, but was 100". */
    public BenchConfig validate(PromptSuite suite) {
        if (!SUITES.contains(this.suite)) {
            throw new InvalidBenchConfigException("suite must be one of " + String.join(", ", SUITES) + ", but was '"
                    + this.suite + "'");
        }
        if (multiTurn()) {
            return validateMultiTurn();
        }
        List<String> problems = new ArrayList<>(prompts.problems(suite));
        checkRange(problems, "requests_per_level", requestsPerLevel, 1, MAX_REQUESTS_PER_LEVEL);
        checkRange(problems, "max_tokens", maxTokens, 1, MAX_TOKENS_LIMIT);
        checkRange(problems, "request_timeout_ms", requestTimeoutMs, MIN_REQUEST_TIMEOUT_MS, MAX_REQUEST_TIMEOUT_MS);
        checkRange(problems, "deadline_seconds", deadlineSeconds, 1, MAX_DEADLINE_SECONDS);
        checkRange(problems, "warmup_requests", warmupRequests, 0, MAX_WARMUP_REQUESTS);
        sampling.addProblems(problems);
        checkEveryCategoryRuns(problems, suite);
        checkLevels(problems);
        checkTargets(problems);
        if (judge && targets.size() < 2) {
            problems.add("judge needs two targets (the cascade first, the baseline second), but had " + targets.size());
        }
        if (!problems.isEmpty()) {
            throw new InvalidBenchConfigException(String.join("; ", problems.stream().distinct().toList()));
        }
        return this;
    }

    /**
     * The multi-turn suite's bounds: one concurrency (conversations in parallel) no higher than the conversations run,
     * answers short enough that six turns fit a slot; no judge or draft pass (they compare single prompts).
     */
    private BenchConfig validateMultiTurn() {
        List<String> problems = new ArrayList<>();
        checkRange(problems, "conversations", conversations, 1, ConversationSuite.SIZE);
        if (levels.size() != 1) {
            problems.add("the conversations suite runs at one concurrency: levels must have one value, but had "
                    + levels.size());
        } else if (levels.get(0) == null || levels.get(0) < 1 || levels.get(0) > Math.max(1, conversations)) {
            problems.add("concurrency (levels[0]) must be between 1 and " + Math.max(1, conversations)
                    + " (the conversations run), but was " + levels.get(0));
        }
        checkRange(problems, "max_tokens", maxTokens, 1, MAX_CONVERSATION_TOKENS);
        checkRange(problems, "request_timeout_ms", requestTimeoutMs, MIN_REQUEST_TIMEOUT_MS, MAX_REQUEST_TIMEOUT_MS);
        checkRange(problems, "deadline_seconds", deadlineSeconds, 1, MAX_DEADLINE_SECONDS);
        checkRange(problems, "warmup_requests", warmupRequests, 0, MAX_WARMUP_REQUESTS);
        sampling.addProblems(problems);
        checkTargets(problems);
        if (judge) {
            problems.add("judge compares single prompts: it is not available with the conversations suite");
        }
        if (draftPass) {
            problems.add("draft_pass measures single prompts: it is not available with the conversations suite");
        }
        if (!problems.isEmpty()) {
            throw new InvalidBenchConfigException(String.join("; ", problems.stream().distinct().toList()));
        }
        return this;
    }

    /** The prompts this run cycles through, in order (after {@link #validate}). */
    public List<Prompt> resolvePrompts(PromptSuite suite) {
        return prompts.resolve(suite);
    }

    /** What every level sends, in order: {@link StratifiedOrder} over the selected prompts (after {@link #validate}). */
    public List<Prompt> levelOrder(PromptSuite suite) {
        return StratifiedOrder.of(resolvePrompts(suite), requestsPerLevel);
    }

    /** Each level sends every selected category at least once, or its figures would silently leave one out. */
    private void checkEveryCategoryRuns(List<String> problems, PromptSuite suite) {
        if (!prompts.problems(suite).isEmpty()) {
            return;
        }
        int categories = StratifiedOrder.categories(prompts.resolve(suite)).size();
        if (requestsPerLevel >= 1 && requestsPerLevel < categories) {
            problems.add("requests_per_level must be at least " + categories + " (the categories among the selected "
                    + "prompts) so every category runs at every level, but was " + requestsPerLevel);
        }
    }

    private void checkLevels(List<String> problems) {
        if (levels.isEmpty() || levels.size() > MAX_LEVEL_COUNT) {
            problems.add("levels must have 1 to " + MAX_LEVEL_COUNT + " values, but had " + levels.size());
        }
        for (int i = 0; i < levels.size(); i++) {
            Integer level = levels.get(i);
            if (level == null || level < 1 || level > MAX_LEVEL) {
                problems.add("levels[" + i + "] must be between 1 and " + MAX_LEVEL + ", but was " + level);
            } else if (i > 0 && levels.get(i - 1) != null && level <= levels.get(i - 1)) {
                problems.add("levels must be strictly increasing, but was " + levels);
            }
        }
    }

    private void checkTargets(List<String> problems) {
        if (targets.isEmpty() || targets.size() > MAX_TARGETS) {
            problems.add("targets must list 1 to " + MAX_TARGETS + " targets, but had " + targets.size());
        }
        Set<String> names = new HashSet<>();
        for (int i = 0; i < targets.size(); i++) {
            TargetConfig target = targets.get(i);
            String at = "targets[" + i + "]";
            if (target == null) {
                problems.add(at + " must not be null");
                continue;
            }
            if (target.name() == null || !target.name().matches("[A-Za-z0-9._-]{1,40}")) {
                problems.add(at + ".name must be 1-40 letters, digits, '.', '_' or '-', but was '" + target.name() + "'");
            } else if (!names.add(target.name())) {
                problems.add(at + ".name '" + target.name() + "' is used by another target");
            }
            String url = target.baseUrl();
            if (url == null || !url.matches("https?://[^\\s/]+(/\\S*)?")) {
                problems.add(at + ".base_url must be an http(s) URL, but was '" + url + "'");
            }
            if (target.model() == null || target.model().isBlank()) {
                problems.add(at + ".model must not be blank, but was '" + target.model() + "'");
            }
        }
    }

    private static void checkRange(List<String> problems, String name, long value, long min, long max) {
        if (value < min || value > max) {
            problems.add(name + " must be between " + min + " and " + max + ", but was " + value);
        }
    }
}
