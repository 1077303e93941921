package com.cascade4arm.host.inference;

import com.cascade4arm.openai.ChatRequest;
import de.kherud.llama.InferenceParameters;

import java.lang.reflect.Field;
import java.util.Map;

/**
 * llama-server's per-request draft length ({@code speculative.n_max}; 0 turns the draft off for one request) for the
 * in-process engine. The llama.cpp server inside de.kherud:llama 4.2.0 reads this key from each request's JSON, but
 * its {@link InferenceParameters} has no setter for it, so the key goes into the parameter map the JSON is built from.
 */
final class RequestDraft {
    private static final Field PARAMETERS = parametersField();

    private RequestDraft() {
    }

    /** Sets {@code speculative.n_max} on {@code parameters}. */
    @SuppressWarnings("unchecked")
    static void apply(InferenceParameters parameters, int draftMax) {
        try {
            ((Map<String, String>) PARAMETERS.get(parameters)).put(ChatRequest.DRAFT_MAX_FIELD, String.valueOf(draftMax));
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("de.kherud:llama's parameter map is not accessible", e);
        }
    }

    private static Field parametersField() {
        try {
            Field field = InferenceParameters.class.getSuperclass().getDeclaredField("parameters");
            field.setAccessible(true);
            return field;
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException("de.kherud:llama changed: InferenceParameters has no parameter map", e);
        }
    }
}
