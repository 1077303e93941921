package com.cascade4arm.routes.chat;

/** One turn of the conversation, content normalized to plain text. */
public record ChatMessage(String role, String content) {
}
