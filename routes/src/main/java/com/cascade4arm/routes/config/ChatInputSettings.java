package com.cascade4arm.routes.config;

import com.cascade4arm.openai.SchemaLimits;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * What client input may ask of a model server, checked at the gateway before any upstream sees it: the bounds of a
 * response_format schema ({@code cascade.chat.schema.*}) and, per tier, the message roles its pool serves
 * ({@code cascade.<tier>.roles}).
 */
public final class ChatInputSettings {
    private ChatInputSettings() {
    }

    public static SchemaLimits schema(CascadeConfig config) {
        CascadeConfig.Schema s = config.chat().schema();
        return new SchemaLimits(s.maxChars(), s.maxDepth(), s.maxProperties(), s.maxNumberMagnitude(),
                s.maxStringLength(), s.maxItems(), s.maxPatternChars(), s.maxRepetition(), s.maxRepetitionTotal());
    }

    /** {@code cascade.<tier>.roles}: the roles a tier's pool serves; user among them. */
    public static Set<String> roles(String text, String tier) {
        Set<String> roles = new LinkedHashSet<>();
        Arrays.stream(text.split(",")).map(String::trim).filter(r -> !r.isEmpty()).forEach(roles::add);
        if (!roles.contains("user")) {
            throw new IllegalArgumentException("cascade." + tier + ".roles must include user, but was " + text);
        }
        return Set.copyOf(roles);
    }
}
