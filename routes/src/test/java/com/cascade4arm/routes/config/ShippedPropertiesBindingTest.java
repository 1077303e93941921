package com.cascade4arm.routes.config;

import io.smallrye.config.ConfigMappingInterface;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The shipped application.properties and the bindings agree: every cascade.* key it sets is bound, with the same
 * default (the literal value, or the default inside {{env:NAME:default}}; empty = no default), so a default lives in
 * one place and the file only documents it.
 */
class ShippedPropertiesBindingTest {
    private static final Pattern ENV_DEFAULT = Pattern.compile("\\{\\{env:[A-Za-z0-9_]+:(.*)}}");

    @Test
    void everyShippedKeyIsBoundWithTheDefaultTheFileShows() throws IOException {
        Properties shipped = shipped();
        Map<String, ConfigMappingInterface.Property> bound =
                ConfigBinding.keys(List.of(ConfigBinding.DEFAULT_TIERS.split(",")));
        List<String> disagreements = new ArrayList<>();
        int checked = 0;
        for (String key : shipped.stringPropertyNames()) {
            if (!key.startsWith("cascade.")) {
                continue;
            }
            checked++;
            String expected = defaultIn(shipped.getProperty(key));
            ConfigMappingInterface.Property property = bound.get(key);
            if (property == null) {
                disagreements.add(key + ": no binding");
                continue;
            }
            String actual = property.hasDefaultValue() ? property.getDefaultValue() : null;
            if (expected == null ? actual != null : !expected.equals(actual)) {
                disagreements.add(key + ": the file says " + expected + ", the binding " + actual);
            }
        }
        assertThat(checked).as("cascade.* keys in application.properties").isGreaterThan(100);
        assertThat(disagreements).as("keys whose binding is missing or has another default").isEmpty();
    }

    @Test
    void theShippedFileBindsAsIs() throws IOException {
        Properties shipped = shipped();
        GatewaySettings settings = GatewaySettings.from(ConfigBinding.bind(key -> {
            String value = shipped.getProperty(key);
            return value == null ? null : defaultIn(value);
        }));
        assertThat(settings.tierNames()).containsExactly("small", "large");
        assertThat(settings.config().limits().maxTokens()).isEqualTo(1_024);
        assertThat(settings.config().edge().maxConcurrentRequests()).isEqualTo(128);
    }

    @Test
    void aValueOutOfBoundsOrOfTheWrongTypeFailsNamingKeyAndValue() {
        assertThatThrownBy(() -> TestConfig.of(Map.of("cascade.limits.max-tokens", "0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cascade.limits.max-tokens must be between 1 and 131072, but was 0");
        assertThatThrownBy(() -> TestConfig.of(Map.of("cascade.upstream.connect-timeout-ms", "2s")))
                .hasMessage("cascade.upstream.connect-timeout-ms must be an integer, but was 2s");
        assertThatThrownBy(() -> TestConfig.of(Map.of("cascade.cost.cascade.usd-per-hour", "Infinity")))
                .hasMessage("cascade.cost.cascade.usd-per-hour must be a number, but was Infinity");
        assertThatThrownBy(() -> TestConfig.of(Map.of("cascade.expose-endpoints", "yes")))
                .hasMessage("cascade.expose-endpoints must be true or false, but was yes");
        assertThatThrownBy(() -> TestConfig.of(Map.of("cascade.limits.max-tokens", "0", "cascade.breaker.window", "0")))
                .as("every bad value at once").hasMessageContaining("cascade.limits.max-tokens")
                .hasMessageContaining("cascade.breaker.window must be between 1 and 10000, but was 0");
    }

    @Test
    void aTierMoreIsConfigurationOnly() {
        GatewaySettings settings = GatewaySettings.from(TestConfig.bind(Map.of("cascade.tiers", "small, medium,large",
                "cascade.medium.urls", "http://medium-0:8080/, http://medium-1:8080", "cascade.medium.api-key", " k ",
                "cascade.large.fallback", "none")));
        assertThat(settings.tierNames()).containsExactly("small", "medium", "large");
        TierSettings medium = settings.tiers().get(1);
        assertThat(medium.urls()).containsExactly(URI.create("http://medium-0:8080"), URI.create("http://medium-1:8080"));
        assertThat(medium.apiKey()).isEqualTo("k");
        assertThat(medium.fallback()).as("the next tier").isEqualTo("large");
        assertThat(medium.roles()).as("the default roles").contains("system", "user", "assistant");
        assertThat(settings.tiers().get(2).fallback()).isNull();
        assertThatThrownBy(() -> GatewaySettings.from(TestConfig.bind(Map.of("cascade.tiers", "small,Large"))))
                .hasMessage("cascade.tiers must list distinct lower-case names other than auto, but was small,Large");
        assertThatThrownBy(() -> GatewaySettings.from(TestConfig.bind(Map.of("cascade.tiers", "small,medium",
                "cascade.medium.roles", "system"))))
                .hasMessage("cascade.medium.roles must include user, but was system");
        assertThatThrownBy(() -> GatewaySettings.from(TestConfig.bind(Map.of("cascade.small.urls", "ftp://x"))))
                .hasMessage("cascade.small.urls must list http(s) URLs, but had ftp://x");
    }

    /** What a shipped value means when nothing overrides it: the literal, or the default of its {{env:…}}. */
    private static String defaultIn(String value) {
        Matcher env = ENV_DEFAULT.matcher(value.trim());
        String text = env.matches() ? env.group(1) : value.trim();
        return text.isEmpty() ? null : text;
    }

    private static Properties shipped() throws IOException {
        Properties properties = new Properties();
        try (InputStream in = ShippedPropertiesBindingTest.class.getClassLoader().getResourceAsStream("application.properties")) {
            assertThat(in).as("application.properties on the test class path").isNotNull();
            properties.load(in);
        }
        return properties;
    }
}
