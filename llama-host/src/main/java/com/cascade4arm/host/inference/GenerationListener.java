package com.cascade4arm.host.inference;

/** Receives one generation's events on the generation thread, in order: started, tokens, then completed or failed. */
public interface GenerationListener {

    /** The request got a slot and llama.cpp starts processing the prompt. */
    void onStarted();

    /** A piece of generated text (one token's worth, never empty). */
    void onText(String text);

    void onCompleted(GenerationResult result);

    /** Generation failed or was cancelled before completing. */
    void onFailed(Throwable error);
}
