package com.cascade4arm.routes.operator.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/** Finds the git commit of the working directory (recorded with each run) — best effort: null when git can't tell. */
final class GitCommit {
    private static final long TIMEOUT_MS = 2_000;
    private static final Pattern SHA = Pattern.compile("[0-9a-f]{40}");

    private GitCommit() {
    }

    static String detect() {
        try {
            Process git = new ProcessBuilder("git", "rev-parse", "HEAD").redirectErrorStream(true).start();
            git.getOutputStream().close();
            if (!git.waitFor(TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
                git.destroyForcibly();
                return null;
            }
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return git.exitValue() == 0 && SHA.matcher(out).matches() ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
