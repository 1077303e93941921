package com.cascade4arm.bench.cli;

import com.cascade4arm.bench.runner.Progress;
import com.cascade4arm.bench.runner.ProgressListener;

import java.io.PrintStream;

/** Redraws {@code [#####.....] 42/100 level 4} in place on a terminal stream whenever the run makes progress. */
final class ProgressBar implements ProgressListener {

    static final int WIDTH = 30;

    private final PrintStream out;
    private String last = "";

    ProgressBar(PrintStream out) {
        this.out = out;
    }

    static String render(int done, int total, int level) {
        int filled = total <= 0 ? 0 : (int) Math.min(WIDTH, (long) done * WIDTH / total);
        return "[" + "#".repeat(filled) + ".".repeat(WIDTH - filled) + "] " + done + "/" + total + " level " + level;
    }

    @Override
    public synchronized void onProgress(Progress progress) {
        String line = render(progress.done(), progress.total(), progress.level());
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
