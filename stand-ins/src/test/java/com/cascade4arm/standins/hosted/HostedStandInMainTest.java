package com.cascade4arm.standins.hosted;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HostedStandInMainTest {

    @Test
    void readsThePortAndTheOptionsIntoTheStandInConfig() {
        HostedStandInMain main = parse("--api-key", "k", "--chunks", "Hello, world", "--rate-limit-every", "3",
                "--retry-after", "5", "9000");
        assertThat(main.port).isEqualTo(9000);
        assertThat(main.config()).isEqualTo(StandInConfig.DEFAULTS.withApiKey("k")
                .withContentChunks(List.of("Hello", " world")).withRateLimitEvery(3, "5"));
    }

    @Test
    void keepsTheDefaultsWhenNoOptionIsGiven() {
        HostedStandInMain main = parse();
        assertThat(main.port).isEqualTo(HostedApiStandIn.DEFAULT_PORT);
        assertThat(main.host).isEqualTo("127.0.0.1");
        assertThat(main.config()).isEqualTo(StandInConfig.DEFAULTS.withRateLimitEvery(0, null));
    }

    @Test
    void namesABadNumber() {
        assertThatThrownBy(() -> parse("--keep-alives", "two"))
                .hasMessage("Invalid value for option '--keep-alives': 'two' is not an int");
    }

    private static HostedStandInMain parse(String... args) {
        HostedStandInMain main = new HostedStandInMain();
        new CommandLine(main).parseArgs(args);
        return main;
    }
}
