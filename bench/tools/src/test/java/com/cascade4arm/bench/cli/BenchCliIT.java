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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

class BenchCliIT {

    @TempDir
    Path out;

    @Test
    void runsCascadeAgainstBaselineAndPrintsTheReportAndFiles() throws Exception {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int exit;
        try (InstantResponder gateway = InstantResponder.start(0, ResponderBehaviour.INSTANT.withRouter(p -> "large"));
             InstantResponder baseline = InstantResponder.start(0, ResponderBehaviour.INSTANT.withChunkDelayMs(5))) {
            exit = BenchCli.run(new String[]{"--url", gateway.baseUrl(), "--baseline-url", baseline.baseUrl(),
                    "--baseline-model", "base", "--prompts", "5", "--levels", "1,2", "--requests", "5",
                    "--max-tokens", "16", "--fixed-length", "--temperature", "0.5", "--seed", "9", "--warmup", "1",
                    "--out", out.toString()}, print(stdout), print(stderr));
        }
        String report = stdout.toString(StandardCharsets.UTF_8);
        String progress = stderr.toString(StandardCharsets.UTF_8);

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
