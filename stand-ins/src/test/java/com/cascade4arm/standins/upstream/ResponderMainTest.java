package com.cascade4arm.standins.upstream;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

class ResponderMainTest {

    @Test
    void readsThePortHostAndBehaviourAnywhereOnTheLine() {
        ResponderMain main = parse("--status", "503", "18907", "--chunk-delay-ms", "5", "--host", "0.0.0.0");
        assertThat(main.port).isEqualTo(18907);
        assertThat(main.host).isEqualTo("0.0.0.0");
        assertThat(main.behaviour()).isEqualTo(ResponderBehaviour.INSTANT.withStatus(503).withChunkDelayMs(5));
    }

    @Test
    void answersAtOnceOnTheDefaultPortWithoutOptions() {
        ResponderMain main = parse();
        assertThat(main.port).isEqualTo(InstantResponder.DEFAULT_PORT);
        assertThat(main.threads).isEqualTo(InstantResponder.DEFAULT_THREADS);
        assertThat(main.behaviour()).isEqualTo(ResponderBehaviour.INSTANT);
    }

    private static ResponderMain parse(String... args) {
        ResponderMain main = new ResponderMain();
        new CommandLine(main).parseArgs(args);
        return main;
    }
}
