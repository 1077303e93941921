package com.cascade4arm.standins.hosted;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the hosted stand-in does with one chat request. Faults are scripted per request sequence (first request gets
 * the first fault, …), so a test can say "429, then success" and get exactly that — nothing is random.
 *
 * @param kind          what happens
 * @param retryAfter    {@code Retry-After} for 429/503: seconds ("1"), an HTTP date, or {@code date+N} = the HTTP date
 *                      N seconds after the moment of answering; null = none
 * @param rateLimitResetEpochMs {@code X-RateLimit-Reset} for 429, epoch milliseconds, sent as OpenRouter does: in the
 *                      error body's {@code metadata.headers}; null = none
 * @param afterTokens   content tokens sent before an SSE error event or a dropped connection
 * @param delayMs       how long a slow first byte takes, ms
 */
public record Fault(Kind kind, String retryAfter, Long rateLimitResetEpochMs, int afterTokens, long delayMs) {

    /** The answer kinds the stand-in can give. */
    public enum Kind {
        /** A normal, successful answer. */
        OK,
        /** HTTP 429 with OpenRouter's rate-limit body (optional X-RateLimit-Reset inside), optional Retry-After header. */
        RATE_LIMITED,
        /** HTTP 503 (provider overloaded), optional Retry-After. */
        UNAVAILABLE,
        /** HTTP 500. */
        SERVER_ERROR,
        /** HTTP 200 whose JSON body is an error (OpenRouter does this when the provider fails early). */
        ERROR_IN_200,
        /** A 200 event stream that sends {@code afterTokens} tokens and then a {@code data:} error event. */
        SSE_ERROR,
        /** Nothing at all (no status line) for {@code delayMs}, then a normal answer. */
        SLOW_FIRST_BYTE,
        /** A 200 event stream that sends {@code afterTokens} tokens and then drops the TCP connection. */
        DROP_MID_STREAM
    }

    public static final Fault OK = new Fault(Kind.OK, null, null, 0, 0);
    /** Retry-After written as {@code date+N}: an HTTP date N seconds after the answer. */
    public static final String DATE_PREFIX = "date+";

    public Fault {
        if (kind == null) {
            throw new IllegalArgumentException("kind is required");
        }
        if (afterTokens < 0 || delayMs < 0) {
            throw new IllegalArgumentException("afterTokens and delayMs must be >= 0, but were " + afterTokens
                    + " and " + delayMs);
        }
    }

    /** 429 with {@code Retry-After: retryAfter} (null for none). */
    public static Fault rateLimited(String retryAfter) {
        return new Fault(Kind.RATE_LIMITED, retryAfter, null, 0, 0);
    }

    /** 429 without Retry-After whose body's {@code error.metadata.headers} says {@code X-RateLimit-Reset: epochMs}. */
    public static Fault rateLimitedUntil(long epochMs) {
        return new Fault(Kind.RATE_LIMITED, null, epochMs, 0, 0);
    }

    /** {@code count} 429s in a row. */
    public static List<Fault> rateLimitStorm(int count, String retryAfter) {
        List<Fault> storm = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            storm.add(rateLimited(retryAfter));
        }
        return storm;
    }

    public static Fault unavailable(String retryAfter) {
        return new Fault(Kind.UNAVAILABLE, retryAfter, null, 0, 0);
    }

    public static Fault serverError() {
        return new Fault(Kind.SERVER_ERROR, null, null, 0, 0);
    }

    public static Fault errorIn200() {
        return new Fault(Kind.ERROR_IN_200, null, null, 0, 0);
    }

    public static Fault sseError(int afterTokens) {
        return new Fault(Kind.SSE_ERROR, null, null, afterTokens, 0);
    }

    public static Fault slowFirstByte(long delayMs) {
        return new Fault(Kind.SLOW_FIRST_BYTE, null, null, 0, delayMs);
    }

    public static Fault dropMidStream(int afterTokens) {
        return new Fault(Kind.DROP_MID_STREAM, null, null, afterTokens, 0);
    }

    /**
     * Parses a script such as {@code 429:1,429:date+2,429x3:0,503,500,error-in-200,sse-error:2,slow:3000,drop:2,ok} (the
     * command line's {@code --script}): {@code 429[:retryAfter]}, {@code 429xN[:retryAfter]} (a storm),
     * {@code 503[:retryAfter]}, {@code 500}, {@code error-in-200}, {@code sse-error[:afterTokens]},
     * {@code slow[:ms]}, {@code drop[:afterTokens]}, {@code ok}.
     */
    public static List<Fault> parseScript(String script) {
        List<Fault> faults = new ArrayList<>();
        if (script == null || script.isBlank()) {
            return faults;
        }
        for (String raw : script.split(",")) {
            String spec = raw.trim();
            String name = (spec.contains(":") ? spec.substring(0, spec.indexOf(':')) : spec).toLowerCase(Locale.ROOT);
            String arg = spec.contains(":") ? spec.substring(spec.indexOf(':') + 1).trim() : null;
            if (name.startsWith("429x")) {
                faults.addAll(rateLimitStorm(parseInt(name.substring(4), spec), arg));
                continue;
            }
            faults.add(switch (name) {
                case "ok" -> OK;
                case "429" -> rateLimited(arg);
                case "503" -> unavailable(arg);
                case "500" -> serverError();
                case "error-in-200" -> errorIn200();
                case "sse-error" -> sseError(arg == null ? 1 : parseInt(arg, spec));
                case "slow" -> slowFirstByte(arg == null ? 5_000 : parseInt(arg, spec));
                case "drop" -> dropMidStream(arg == null ? 1 : parseInt(arg, spec));
                default -> throw new IllegalArgumentException("unknown fault '" + raw.trim()
                        + "'; use ok, 429[:s], 429xN[:s], 503[:s], 500, error-in-200, sse-error[:n], slow[:ms], drop[:n]");
            });
        }
        return faults;
    }

    /** The header value to send for {@code retryAfter} at {@code now}: {@code date+N} becomes an HTTP date. */
    public static String retryAfterHeader(String retryAfter, Instant now) {
        if (retryAfter == null || !retryAfter.startsWith(DATE_PREFIX)) {
            return retryAfter;
        }
        long seconds = parseInt(retryAfter.substring(DATE_PREFIX.length()), retryAfter);
        return DateTimeFormatter.RFC_1123_DATE_TIME.format(now.plusSeconds(seconds).atZone(ZoneOffset.UTC));
    }

    private static int parseInt(String value, String spec) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("fault '" + spec + "' needs a whole number, but had '" + value + "'");
        }
    }
}
