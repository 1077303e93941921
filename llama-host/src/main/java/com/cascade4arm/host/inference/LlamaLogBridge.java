package com.cascade4arm.host.inference;

import de.kherud.llama.LlamaModel;
import de.kherud.llama.ModelParameters;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Locale;

/**
 * Routes llama.cpp's log output to SLF4J (logger {@code llama.cpp}, debug level) and feeds slot lines to
 * {@link DraftTracker}s. JVM-wide: llama.cpp's logger is global, so every host in the process shares this bridge.
 * Disable with {@code -Dcascade4arm.llama.captureStderr=false} (e.g. to see a native crash message on the console).
 */
final class LlamaLogBridge {

    public static final String CAPTURE_PROPERTY = "cascade4arm.llama.captureStderr";
    /** llama.cpp verbosity that includes the per-step "accepted N/M draft tokens" debug line. */
    static final int DRAFT_LOG_VERBOSITY = 1;

    private static final Logger LLAMA = LoggerFactory.getLogger("llama.cpp");
    private static final Logger STDERR = LoggerFactory.getLogger("stderr");
    private static boolean previousLineFromLlama;
    private static boolean installed;
    private static volatile boolean capturing;

    private LlamaLogBridge() {
    }

    /** Starts the capture once per JVM (before the first model loads). */
    static synchronized void install() {
        if (installed) {
            return;
        }
        installed = true;
        if (Boolean.parseBoolean(System.getProperty(CAPTURE_PROPERTY, "true"))) {
            capturing = NativeStderrCapture.start(LlamaLogBridge::onLine);
        }
    }

    /** True when llama.cpp's log lines reach us, i.e. draft statistics can be collected. */
    static boolean capturing() {
        return capturing;
    }

    /** Adds the llama.cpp log flags this bridge relies on: level prefixes, and debug lines for drafted models. */
    static void configure(ModelParameters parameters, boolean hasDraft) {
        if (!capturing) {
            return;
        }
        loadNativeLibrary();
        if (hasDraft) {
            LlamaNativeLog.keepDraftLoggingOn(DRAFT_LOG_VERBOSITY);
        } else {
            LlamaNativeLog.keepLoggingOn();
        }
        parameters.enableLogPrefix();
        if (hasDraft) {
            parameters.setLogVerbosity(DRAFT_LOG_VERBOSITY);
        }
    }

    /** Before each generation of a drafted host: undo whatever another model load did to llama.cpp's logger. */
    static void beforeDraftedGeneration() {
        if (capturing) {
            LlamaNativeLog.keepDraftLoggingOn(DRAFT_LOG_VERBOSITY);
        }
    }

    /** LlamaModel's static initializer extracts and loads libjllama. */
    private static void loadNativeLibrary() {
        try {
            Class.forName(LlamaModel.class.getName(), true, LlamaLogBridge.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("de.kherud.llama.LlamaModel missing", e);
        }
    }

    /**
     * llama.cpp prefixes every log entry with its level once prefixes are on, and writes each message in one go; an
     * unprefixed line read together with the end of a llama.cpp line continues that entry (timings, token dumps,
     * template examples). Other unprefixed lines are someone else's stderr, e.g. a Java stack trace printed to
     * System.err, and stay visible at info. Called only from the capture's reader thread.
     */
    static void onLine(String raw, boolean sameChunk) {
        LogLine line = LogLine.parse(raw);
        boolean fromLlama = line.level() != '?' || (sameChunk && previousLineFromLlama);
        previousLineFromLlama = fromLlama;
        if (!fromLlama) {
            if (looksLikeProblem(line.text())) {
                STDERR.warn(line.text());
            } else {
                STDERR.info(line.text());
            }
            return;
        }
        if (line.level() == 'E') {
            LLAMA.warn(line.text());
        } else if (LLAMA.isDebugEnabled()) {
            LLAMA.debug(line.text());
        }
        DraftTracker.onLogLine(line.text());
    }

    private static boolean looksLikeProblem(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        return lower.contains("error") || lower.contains("exception") || lower.contains("failed");
    }

    /** A log line split into llama.cpp's level letter (I, W, E, D; '?' when unprefixed) and its text. */
    record LogLine(char level, String text) {
        static LogLine parse(String raw) {
            if (raw.length() >= 2 && raw.charAt(1) == ' ' && "IWED".indexOf(raw.charAt(0)) >= 0) {
                return new LogLine(raw.charAt(0), raw.substring(2));
            }
            return new LogLine('?', raw);
        }
    }
}
