package com.cascade4arm.host.inference;

import com.cascade4arm.openai.ApiError;
import de.kherud.llama.LlamaModel;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.UnaryOperator;

/**
 * Turns a response_format schema into llama.cpp's grammar off the request's thread, within a time cap: the schema
 * already passed the shared bounds ({@code SchemaLimits}) so the native converter cannot abort or swell, and a
 * conversion that still runs too long is answered with a 400 while the request thread moves on. Native code cannot be
 * stopped, so an overdue conversion is left to finish on its own thread and later ones get a fresh one.
 */
final class GrammarConverter {
    /** How long a conversion may take; bounded schemas convert in well under a millisecond. */
    static final long DEFAULT_TIMEOUT_MS = 2_000;

    /** The converter recurses per nesting level of the schema (bounded, but native frames are large). */
    static final long NATIVE_STACK_BYTES = 16L * 1024 * 1024;

    private final long timeoutMs;
    private final UnaryOperator<String> convert;
    private ExecutorService thread = newThread();

    GrammarConverter(long timeoutMs, UnaryOperator<String> convert) {
        this.timeoutMs = timeoutMs;
        this.convert = convert;
    }

    static GrammarConverter llamaCpp() {
        return new GrammarConverter(DEFAULT_TIMEOUT_MS, LlamaModel::jsonSchemaToGrammar);
    }

    /** The grammar, or a 400 when the schema cannot be converted (in time). */
    String grammar(String schema) {
        Future<String> conversion;
        synchronized (this) {
            conversion = thread.submit(() -> convert.apply(schema));
        }
        try {
            return conversion.get(timeoutMs, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            conversion.cancel(true);
            synchronized (this) {
                thread.shutdown();
                thread = newThread(); // the overdue one finishes (or not) on its own
            }
            throw refused("it took longer than " + timeoutMs + " ms to turn into a grammar");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw refused("it cannot be turned into a grammar: " + cause.getClass().getSimpleName()
                    + (cause.getMessage() == null ? "" : ": " + cause.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw refused("the conversion was interrupted");
        }
    }

    private static ApiError refused(String why) {
        return ApiError.invalidParam("response_format", "unsupported_schema", "response_format.json_schema.schema: " + why);
    }

    private static ExecutorService newThread() {
        return Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(null, runnable, "llama-grammar", NATIVE_STACK_BYTES);
            thread.setDaemon(true);
            return thread;
        });
    }
}
