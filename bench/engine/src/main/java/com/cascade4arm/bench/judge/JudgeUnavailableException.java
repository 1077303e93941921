package com.cascade4arm.bench.judge;

/** The judge gave no reply for a comparison; the message says why (it becomes the prompt's "unjudged" reason). */
public class JudgeUnavailableException extends Exception {
    public JudgeUnavailableException(String reason) {
        super(reason);
    }
}
