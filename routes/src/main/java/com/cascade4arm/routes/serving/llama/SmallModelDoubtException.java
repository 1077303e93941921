package com.cascade4arm.routes.serving.llama;

import com.cascade4arm.routes.serving.chat.RoutedChat;

/**
 * The small model's first tokens on a tentative route were less confident than the threshold; nothing reached the
 * client, so the chat route answers from the large tier instead.
 */
public final class SmallModelDoubtException extends RuntimeException {
    private final RoutedChat.Escalation escalation;

    public SmallModelDoubtException(RoutedChat.Escalation escalation) {
        super("the small model's confidence " + escalation.confidence() + " is below " + escalation.threshold(), null,
                false, false);
        this.escalation = escalation;
    }

    public RoutedChat.Escalation escalation() {
        return escalation;
    }
}
