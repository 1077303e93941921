package com.cascade4arm.bench.judge;

/**
 * Where the benchmark sends a comparison to be judged: any OpenAI-compatible chat endpoint (the gateway sends it
 * through Camel with its retries and circuit breaker). Implementations answer with the judge's raw reply text and
 * throw {@link JudgeUnavailableException} when none came (HTTP error, timeout, open breaker), saying why.
 */
public interface AnswerJudge {

    /** The judge model's name, recorded with the results. */
    String model();

    /** Comparisons sent at once (the engine never exceeds it). */
    int concurrency();

    /** The judge's reply to {@code question}, unparsed. */
    String ask(JudgePrompt question) throws JudgeUnavailableException;
}
