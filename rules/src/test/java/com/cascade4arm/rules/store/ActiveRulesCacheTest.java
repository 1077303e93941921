package com.cascade4arm.rules.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ActiveRulesCacheTest {
    private static final Map<String, String> FILES = Map.of("a.drl", "package x;\n");

    private static RuleVersion version(long number) {
        return new RuleVersion(number, "tester", "cached", Instant.parse("2026-12-03T12:00:00Z"), number - 1, null,
                ContentHash.sha256(FILES), FILES);
    }

    @Test
    void keepsTheLastSavedVersionAcrossInstances(@TempDir Path dir) {
        new ActiveRulesCache(dir).save(version(3));
        new ActiveRulesCache(dir).save(version(4));

        assertThat(new ActiveRulesCache(dir).load()).contains(version(4));
    }

    @Test
    void isEmptyWithoutACacheOrWithADamagedOne(@TempDir Path dir) throws Exception {
        ActiveRulesCache cache = new ActiveRulesCache(dir);
        assertThat(cache.load()).isEmpty();

        cache.save(version(2));
        Files.writeString(cache.file(), Files.readString(cache.file()).replace("package x;", "package y;"));

        assertThat(cache.load()).as("content no longer matching its sha256").isEmpty();
    }
}
