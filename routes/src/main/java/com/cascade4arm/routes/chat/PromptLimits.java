package com.cascade4arm.routes.chat;

import com.cascade4arm.routes.http.ApiException;

import java.util.Set;

/**
 * The limits every endpoint that takes a prompt applies — chat, {@code /api/route}, compare and the benchmark — so
 * each refuses the same input with the same error: {@code max_tokens} within 1..cap, at most {@value #MAX_MESSAGES}
 * messages, known roles, at most {@code maxPromptChars} characters of content in total.
 */
public record PromptLimits(int maxTokensCap, int defaultMaxTokens, int maxPromptChars) {
    public static final int MAX_MESSAGES = 256;
    public static final Set<String> ROLES = Set.of("system", "user", "assistant", "developer", "tool");

    public PromptLimits {
        if (maxTokensCap < 1 || maxPromptChars < 1) {
            throw new IllegalArgumentException("limits must be at least 1, but were maxTokensCap=" + maxTokensCap
                    + ", maxPromptChars=" + maxPromptChars);
        }
        defaultMaxTokens = Math.min(defaultMaxTokens, maxTokensCap);
    }

    /** 400 unless {@code maxTokens} (when given) is within 1..cap. */
    public void checkMaxTokens(Integer maxTokens) {
        if (maxTokens != null && (maxTokens < 1 || maxTokens > maxTokensCap)) {
            throw ApiException.badRequest("invalid_value",
                    "max_tokens must be between 1 and " + maxTokensCap + ", but was " + maxTokens);
        }
    }

    /** 400 above {@value #MAX_MESSAGES} messages. */
    public void checkMessageCount(int messages) {
        if (messages > MAX_MESSAGES) {
            throw ApiException.badRequest("invalid_value",
                    "messages may hold at most " + MAX_MESSAGES + " entries, but had " + messages);
        }
    }

    /** 413 above the prompt cap (all messages' content together). */
    public void checkPromptChars(int chars) {
        if (chars > maxPromptChars) {
            throw ApiException.tooLarge("prompt is " + chars + " characters; the limit is " + maxPromptChars);
        }
    }
}
