package com.cascade4arm.host.inference;

/** The templated prompt does not fit into a slot's context. */
public final class PromptTooLongException extends RuntimeException {
    private final int promptTokens;
    private final int contextTokens;

    public PromptTooLongException(int promptTokens, int contextTokens) {
        super("the prompt has " + promptTokens + " tokens but the context of a slot holds " + contextTokens
                + " tokens (prompt plus at least one generated token must fit)");
        this.promptTokens = promptTokens;
        this.contextTokens = contextTokens;
    }

    public int promptTokens() {
        return promptTokens;
    }

    public int contextTokens() {
        return contextTokens;
    }
}
