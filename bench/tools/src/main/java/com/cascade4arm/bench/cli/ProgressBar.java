package com.cascade4arm.bench.cli;

import com.cascade4arm.bench.runner.Progress;
import com.cascade4arm.bench.runner.ProgressListener;

import java.io.PrintStream;

/**
 * Redraws {@code [#####.....] 42/100 level 4} (a multi-turn run: {@code 12/24 turns, 2 conversations at a time}) in place
 * on a terminal stream whenever the run makes progress.
 */
final class ProgressBar implements ProgressListener {

    static final int WIDTH = 30;

    private final PrintStream out;
    private final boolean multiTurn;
    private String last = "";

    ProgressBar(PrintStream out, boolean multiTurn) {
        this.out = out;
        this.multiTurn = multiTurn;
    }

    static String render(int done, int total, int level) {
        return bar(done, total) + " level " + level;
    }

    static String renderTurns(int done, int total, int concurrency) {
        return bar(done, total) + " turns, " + concurrency + " conversations at a time";
    }

    private static String bar(int done, int total) {
        int filled = total <= 0 ? 0 : (int) Math.min(WIDTH, (long) done * WIDTH / total);
        return "[" + "#".repeat(filled) + ".".repeat(WIDTH - filled) + "] " + done + "/" + total;
    }

    @Override
    public synchronized void onProgress(Progress progress) {
        String line = multiTurn ? renderTurns(progress.done(), progress.total(), progress.level())
                : render(progress.done(), progress.total(), progress.level());
        if (!line.equals(last)) {
            out.print("\r" + line);
            out.flush();
            last = line;
        }
    }

    synchronized void finish() {
        if (!last.isEmpty()) {
            out.println();
        }
    }
}
