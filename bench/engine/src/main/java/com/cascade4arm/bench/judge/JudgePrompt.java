package com.cascade4arm.bench.judge;

/**
 * One ordered comparison as chat messages: a system instruction asking for a single token (A, B or TIE) and the user's
 * prompt with the two answers labelled A and B. The same wording for every judge, so verdicts compare across runs.
 */
public record JudgePrompt(String system, String user) {

    static final String SYSTEM = "You are an impartial judge of AI assistant answers. Compare answer A and answer B to "
            + "the user's prompt for correctness, helpfulness and relevance. Do not let the order of the answers or their "
            + "length decide. Reply with exactly one token and nothing else: A if answer A is better, B if answer B is "
            + "better, TIE if they are equally good or equally bad.";

    public static JudgePrompt of(String prompt, String answerA, String answerB) {
        String user = "[User prompt]\n" + prompt + "\n\n[Answer A]\n" + answerA + "\n\n[Answer B]\n" + answerB
                + "\n\nVerdict (A, B or TIE):";
        return new JudgePrompt(SYSTEM, user);
    }
}
