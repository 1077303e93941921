package com.cascade4arm.bench.hosts;

import com.cascade4arm.host.HostConfig;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BenchArgumentsTest {

    private static <T> T parse(T options, String... args) {
        new CommandLine(options).parseArgs(args);
        return options;
    }

    @Test
    void hostBenchKeepsItsDefaultsAndRefusesAZeroCount() {
        HostBenchOptions defaults = parse(new HostBenchOptions());
        assertThat(defaults.runs).isEqualTo(1);
        assertThat(defaults.tokens).isEqualTo(64);
        assertThat(defaults.draftMax).isEqualTo(HostConfig.DEFAULT_DRAFT_MAX_TOKENS);
        assertThat(defaults.llamaServer).isNull();
        HostBenchOptions zero = parse(new HostBenchOptions(), "--runs", "0", "--draft-p-min", "0.6");
        assertThat(zero.draftPMin).isEqualTo(0.6f);
        assertThatThrownBy(zero::check).hasMessage("--runs must be at least 1, but was 0");
    }

    @Test
    void engineBenchReadsItsSwitchesListsAndRaceEngines() {
        EngineBench.Options options = parse(new EngineBench.Options(), "--race-only", "--levels", "1,2",
                "--race-engines", "jni,llama-server", "--race-seconds", "3");
        assertThat(options.models).isEmpty();
        assertThat(options.levels).containsExactly(1, 2);
        assertThat(options.raceEngines).extracting(RaceBench.Placement::label).containsExactly("jni", "llama-server");
        assertThat(options.race).isTrue();
        assertThat(options.raceSeconds).isEqualTo(3);
        EngineBench.Options noRace = parse(new EngineBench.Options(), "--no-race", "--models", "3b");
        assertThat(noRace.race).isFalse();
        assertThat(noRace.models).containsExactly("3b");
        assertThat(parse(new EngineBench.Options()).models).containsExactly("0.5b", "1.5b", "1.5b+draft", "3b");
        assertThatThrownBy(() -> parse(new EngineBench.Options(), "--race-engines", "gpu"))
                .hasMessageContaining("race engine must be jni-process, jni or llama-server, but was 'gpu'");
    }

    @Test
    void draftTuningReadsItsSettingsAndReceiveBenchItsPositionalArguments() {
        DraftTuningBench.Options tuning = parse(new DraftTuningBench.Options(), "--settings", "8:0.5,4:0.7:2",
                "--threads", "2");
        assertThat(tuning.settings).containsExactly(new DraftTuningBench.Setting(8, 0.5f),
                new DraftTuningBench.Setting(4, 0.7f, 2));
        assertThat(tuning.threads).isEqualTo(2);
        assertThat(parse(new DraftTuningBench.Options()).settings).as("the default sweep").hasSize(6)
                .startsWith(new DraftTuningBench.Setting(8, 0.5f)).endsWith(new DraftTuningBench.Setting(3, 0.9f));
        ReceiveBench.Options receive = parse(new ReceiveBench.Options(), "3", "2");
        assertThat(List.of(receive.rounds, receive.threads)).containsExactly(3, 2);
        assertThat(parse(new ReceiveBench.Options()).rounds).isEqualTo(5);
        assertThatThrownBy(() -> parse(new ReceiveBench.Options(), "three"))
                .hasMessageContaining("'three' is not an int");
    }
}
