package com.cascade4arm.host.child;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Copies a child's output (stdout and stderr merged) into our log — logger named after its kind
 * ({@code llama-server}, {@code llama-host-process}): error lines at WARN, warnings at INFO, everything else at DEBUG
 * (llama-server logs every request) — and remembers the last lines, which tell why the process stopped.
 */
final class ChildOutput {

    static final int REMEMBERED_LINES = 20;
    /** Current builds prefix lines with a time and a level letter: "0.00.010.190 E srv ...". */
    private static final Pattern LEVEL = Pattern.compile("^\\d+\\.\\d+\\.\\d+\\.\\d+ ([EWID]) .*");
    /** Our hosts in their own JVM log "12:00:00.000 ERROR [thread] logger - ..." (logback-standalone.xml). */
    private static final Pattern JVM_LEVEL = Pattern.compile("^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} ([EWID])[A-Z]* .*");
    /** Older builds print no level: a line that says error is taken for one. */
    private static final Pattern ERROR_WORD = Pattern.compile(".*\\berror\\b.*", Pattern.CASE_INSENSITIVE);

    private final Deque<String> last = new ArrayDeque<>();
    private final String alias;
    private final Logger log;
    private Thread reader;

    private ChildOutput(String alias, String kind) {
        this.alias = alias;
        this.log = LoggerFactory.getLogger(kind.replace(' ', '-'));
    }

    /** Starts a daemon thread copying {@code output} line by line until it ends. */
    static ChildOutput follow(InputStream output, String alias, String kind) {
        ChildOutput lines = new ChildOutput(alias, kind);
        lines.reader = new Thread(() -> lines.copy(output), "child-output-" + alias);
        lines.reader.setDaemon(true);
        lines.reader.start();
        return lines;
    }

    /** Waits up to {@code timeoutMs} for the output to end (after the process exited), so its last lines are in. */
    void awaitEnd(long timeoutMs) {
        try {
            reader.join(timeoutMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The last lines seen (at most {@link #REMEMBERED_LINES}). */
    synchronized List<String> lastLines() {
        return List.copyOf(last);
    }

    /** The last line that looks like an error, else the last line, else an empty string: the likely reason. */
    synchronized String reason() {
        String reason = "";
        for (String line : last) {
            if (level(line) == 'E') {
                reason = line;
            }
        }
        return reason.isEmpty() && !last.isEmpty() ? last.peekLast() : reason;
    }

    private void copy(InputStream output) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(output, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                remember(line);
                char level = level(line);
                if (level == 'E') {
                    log.warn("[{}] {}", alias, line);
                } else if (level == 'W') {
                    log.info("[{}] {}", alias, line);
                } else if (log.isDebugEnabled()) {
                    log.debug("[{}] {}", alias, line);
                }
            }
        } catch (IOException e) {
            log.debug("[{}] output closed: {}", alias, e.toString());
        }
    }

    /** E, W, I or D; for unprefixed lines E when they mention an error, else D. */
    static char level(String line) {
        for (Pattern pattern : new Pattern[] {LEVEL, JVM_LEVEL}) {
            Matcher prefixed = pattern.matcher(line);
            if (prefixed.matches()) {
                return prefixed.group(1).charAt(0);
            }
        }
        return ERROR_WORD.matcher(line).matches() ? 'E' : 'D';
    }

    private synchronized void remember(String line) {
        if (last.size() == REMEMBERED_LINES) {
            last.removeFirst();
        }
        last.addLast(line);
    }
}
