package com.cascade4arm.routes.config;

import com.cascade4arm.openai.SchemaLimits;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Function;

/**
 * What client input may ask of a model server, checked at the gateway before any upstream sees it: the bounds of a
 * response_format schema ({@code cascade.chat.schema.*}) and, per tier, the message roles its pool serves
 * ({@code cascade.<tier>.roles}).
 */
public final class ChatInputSettings {
    /** What llama.cpp servers without tool support (our hosts, llama-server without --jinja tools) template. */
    public static final String DEFAULT_ROLES = "system,developer,user,assistant";

    private ChatInputSettings() {
    }

    public static SchemaLimits schema(Function<String, String> property) {
        PropertyReader p = new PropertyReader(property);
        return new SchemaLimits(
                (int) p.integer("cascade.chat.schema.max-chars", SchemaLimits.DEFAULT_MAX_SCHEMA_CHARS, 1, 1_000_000),
                (int) p.integer("cascade.chat.schema.max-depth", SchemaLimits.DEFAULT_MAX_DEPTH, 1, 256),
                (int) p.integer("cascade.chat.schema.max-properties", SchemaLimits.DEFAULT_MAX_PROPERTIES, 1, 100_000),
                p.decimal("cascade.chat.schema.max-number-magnitude", SchemaLimits.DEFAULT_MAX_NUMBER_MAGNITUDE, 1,
                        SchemaLimits.NUMBER_MAGNITUDE_CEILING),
                (int) p.integer("cascade.chat.schema.max-string-length", SchemaLimits.DEFAULT_MAX_STRING_LENGTH, 1, 1_000_000),
                (int) p.integer("cascade.chat.schema.max-items", SchemaLimits.DEFAULT_MAX_ITEMS, 1, 1_000_000),
                (int) p.integer("cascade.chat.schema.max-pattern-chars", SchemaLimits.DEFAULT_MAX_PATTERN_CHARS, 1, 100_000),
                (int) p.integer("cascade.chat.schema.max-repetition", SchemaLimits.DEFAULT_MAX_REPETITION, 1, 100_000),
                (int) p.integer("cascade.chat.schema.max-repetition-total", SchemaLimits.DEFAULT_MAX_REPETITION_TOTAL, 1,
                        10_000_000));
    }

    /** {@code cascade.<tier>.roles}: the roles a tier's pool serves. */
    public static Set<String> roles(Function<String, String> property, String tier) {
        String key = "cascade." + tier + ".roles";
        String text = new PropertyReader(property).text(key, DEFAULT_ROLES);
        Set<String> roles = new LinkedHashSet<>();
        Arrays.stream(text.split(",")).map(String::trim).filter(r -> !r.isEmpty()).forEach(roles::add);
        if (!roles.contains("user")) {
            throw new IllegalArgumentException(key + " must include user, but was " + text);
        }
        return Set.copyOf(roles);
    }
}
