package com.cascade4arm.bench.cli;

import com.cascade4arm.standins.upstream.InstantResponder;
import com.cascade4arm.standins.upstream.ResponderBehaviour;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

class BenchCliIT {

    @TempDir
    Path out;

    /** What the CLI printed: its exit code, the report (stdout) and the progress (stderr). */
    private record Printed(int exit, String report, String progress) {
    }

    /** The CLI against a gateway stand-in whose every answer says "large" and a baseline stand-in, with {@code args}. */
    private Printed runAgainstStandIns(String... args) throws Exception {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int exit;
        try (InstantResponder gateway = InstantResponder.start(0, ResponderBehaviour.INSTANT.withRouter(p -> "large"));
             InstantResponder baseline = InstantResponder.start(0, ResponderBehaviour.INSTANT.withChunkDelayMs(5))) {
            List<String> all = new ArrayList<>(List.of("--url", gateway.baseUrl(),
                    "--baseline-url", baseline.baseUrl(), "--out", out.toString()));
            all.addAll(List.of(args));
            exit = BenchCli.run(all.toArray(String[]::new), print(stdout), print(stderr));
        }
        return new Printed(exit, stdout.toString(StandardCharsets.UTF_8), stderr.toString(StandardCharsets.UTF_8));
    }

    @Test
    void runsCascadeAgainstBaselineAndPrintsTheReportAndFiles() throws Exception {
        Printed printed = runAgainstStandIns("--baseline-model", "base", "--prompts", "5", "--levels", "1,2",
                "--requests", "5", "--max-tokens", "16", "--fixed-length", "--temperature", "0.5", "--seed", "9",
                "--warmup", "1");
        int exit = printed.exit();
        String report = printed.report();
        String progress = printed.progress();

        assertThat(exit).as("exit code; report:%n%s%nstderr:%n%s", report, progress).isZero();
        assertThat(progress).contains("[" + "#".repeat(ProgressBar.WIDTH) + "] 20/20 level 2");
        assertThat(report).containsPattern("\\| System +\\| Conc\\. \\| Req/s +\\| tok/s +\\| +p50 \\(ms\\) \\[95% CI\\] "
                + "\\| +p95 \\(ms\\) \\[95% CI\\] \\| median TTFT \\(ms\\) \\| Err \\|");
        assertThat(report).contains("Method: every category at every level (stratified order), fixed length (ignore_eos, "
                + "exactly 16 tokens), temperature 0.50, top_p server default, seed 9, 1 warm-up requests per target");
        assertThat(report).containsPattern("all +cascade over baseline: [\\d.]+x \\[[\\d.]+-[\\d.]+\\]");
        assertThat(report).containsPattern("\\| cascade +\\| +1 \\|").containsPattern("\\| baseline +\\| +2 \\|");
        assertThat(report).contains("Saturation").contains("c_max/c_min").contains("Speed-up")
                .contains("cascade    all        ").as("every cascade answer says large; factual/everyday expect small")
                .contains("60.0 % (6/10)");
        Matcher rows = Pattern.compile("rows: +(\\S+)").matcher(report);
        assertThat(rows.find()).isTrue();
        assertThat(Files.readAllLines(Path.of(rows.group(1)))).hasSize(1 + 2 * 5 * 2);
    }

    @Test
    void runsTheMultiTurnSuiteAndPrintsTheFiguresPerTurn() throws Exception {
        Printed printed = runAgainstStandIns("--suite", "conversations", "--conversations", "2", "--levels", "2",
                "--max-tokens", "8", "--warmup", "0");
        String report = printed.report();

        assertThat(printed.exit()).as("exit code; report:%n%s%nstderr:%n%s", report, printed.progress()).isZero();
        assertThat(printed.progress())
                .contains("[" + "#".repeat(ProgressBar.WIDTH) + "] 24/24 turns, 2 conversations at a time");
        assertThat(report).contains("Run ").contains(": done, 24/24 requests")
                .contains("Method: the multi-turn suite, 2 conversations of 6 turns, 2 at a time per target");
        assertThat(report).containsPattern("\\| System +\\| Turn \\| Req \\| Err \\| TTFT p50 \\(ms\\) \\| TTFT p95 \\(ms\\) "
                + "\\| prompt tok \\| cached \\| evaluated \\| +routes \\|");
        for (String target : List.of("cascade", "baseline")) {
            for (int turn = 1; turn <= 6; turn++) {
                assertThat(report).as("%s turn %d", target, turn)
                        .containsPattern("\\| " + target + " +\\| +" + turn + " \\| +2 \\| +0 \\| +[\\d.]+ \\|");
            }
        }
        assertThat(report).as("the gateway's routes per turn").containsPattern("\\| cascade +\\| +6 \\|.*\\| large 2 \\|");
        assertThat(report).as("the baseline names no route").containsPattern("\\| baseline +\\| +1 \\|.*\\| +- \\|");
        assertThat(report).containsPattern("cascade: TTFT p50 turn 1 [\\d.]+ ms, turns 2\\+ [\\d.]+ ms \\(p95 [\\d.]+\\), "
                + "turn 1 / turns 2\\+ [\\d.]+x")
                .contains("0 of 12 failed");
        Matcher turns = Pattern.compile("turns: +(\\S+)").matcher(report);
        assertThat(turns.find()).isTrue();
        assertThat(Files.exists(Path.of(turns.group(1)))).as("turns.csv").isTrue();
    }

    @Test
    void refusesSeveralLevelsForTheMultiTurnSuite() throws Exception {
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int exit = BenchCli.run(new String[]{"--url", "http://127.0.0.1:1", "--suite", "conversations", "--levels", "1,2"},
                print(new ByteArrayOutputStream()), print(stderr));
        assertThat(exit).isEqualTo(BenchCli.EXIT_USAGE);
        assertThat(stderr.toString(StandardCharsets.UTF_8))
                .contains("error: the conversations suite runs at one concurrency: levels must have one value, but had 2");
    }

    @Test
    void exitsWithUsageOnBadArguments() throws Exception {
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int exit = BenchCli.run(new String[]{"--url", "http://127.0.0.1:1", "--levels", "4,2"},
                print(new ByteArrayOutputStream()), print(stderr));
        assertThat(exit).isEqualTo(BenchCli.EXIT_USAGE);
        assertThat(stderr.toString(StandardCharsets.UTF_8))
                .contains("error: levels must be strictly increasing, but was [4, 2]");
    }

    private static PrintStream print(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }
}
