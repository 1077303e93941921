package com.cascade4arm.routes.serving.chat;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.openai.ChatRequestParser;
import com.cascade4arm.routes.operator.compare.CompareRequestParser;
import com.cascade4arm.routes.serving.http.ApiErrors;
import com.cascade4arm.routes.serving.http.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The request parsers of every prompt-taking endpoint (chat, compare, /api/route) on hostile bodies: random JSON-ish
 * text, deeply nested arrays and objects, huge numbers, very long strings up to and past the caps. Each body is either
 * parsed or refused with a 4xx OpenAI error — never another exception, never a stack overflow — and quickly.
 */
class RequestParsersPropertiesTest {
    static final long BOUND_MS = 200;
    static final ChatRequestParser CHAT = new ChatRequestParser(new ChatRequestParser.Limits(
            List.of("auto", "small", "large"), "auto", Set.of("cascade"), 1024, 256, 32_000, 4));
    static final CompareRequestParser COMPARE = new CompareRequestParser(CHAT);

    @Provide
    Arbitrary<String> jsonish() {
        Arbitrary<String> value = Arbitraries.oneOf(
                Arbitraries.of("0", "-1", "1e999", "2147483648", "9999999999999999999999", "null", "true", "[]", "{}",
                        "\"user\"", "\"system\"", "\"wizard\"", "\"\"", "[{\"type\":\"text\",\"text\":\"x\"}]"),
                Arbitraries.strings().ofMaxLength(20).map(RequestParsersPropertiesTest::quote),
                Arbitraries.integers().between(1, 40_000).map(n -> quote("if(=".repeat(n / 4 + 1))));
        Arbitrary<String> message = Combinators.combine(value, value).as((role, content) ->
                "{\"role\":" + role + ",\"content\":" + content + "}");
        Arbitrary<String> messages = message.list().ofMaxSize(300).map(list -> "[" + String.join(",", list) + "]");
        Arbitrary<String> field = Combinators.combine(Arbitraries.of("messages", "prompt", "max_tokens",
                "max_completion_tokens", "stream", "stream_options", "temperature", "top_p", "seed", "stop", "n", "model",
                "systems", "x"), Arbitraries.oneOf(value, messages)).as((name, v) -> quote(name) + ":" + v);
        return field.list().ofMaxSize(8).map(fields -> "{" + String.join(",", fields) + "}");
    }

    @Provide
    Arbitrary<String> nested() {
        return Combinators.combine(Arbitraries.of("[", "{\"a\":", "{\"messages\":["), Arbitraries.integers().between(1, 60_000))
                .as((open, depth) -> open.repeat(depth));
    }

    @Provide
    Arbitrary<String> garbage() {
        return Arbitraries.strings().withChars("{}[]\":,0123456789.-eEtrufalsn \\u").ofMaxLength(2_000);
    }

    @Property(tries = 300)
    void jsonishBodiesAreParsedOrRefusedWith4xx(@ForAll("jsonish") String body) {
        assertParsedOrRefused(body);
    }

    @Property(tries = 40)
    void deeplyNestedBodiesAreRefusedWithoutOverflow(@ForAll("nested") String body) {
        assertParsedOrRefused(body);
    }

    @Property(tries = 300)
    void garbageIsRefusedWith4xx(@ForAll("garbage") String body) {
        assertParsedOrRefused(body);
    }

    static void assertParsedOrRefused(String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        // Chat parses the bytes itself; compare and /api/route get the tree camel-jackson read (Json.tree()).
        List<Runnable> parsers = List.of(() -> CHAT.parse(bytes), () -> COMPARE.parse(tree(bytes)), () -> {
            if (tree(bytes) instanceof ObjectNode object) {
                CHAT.parsePromptOrMessages(object, Set.of("model"));
            }
        });
        for (Runnable parser : parsers) {
            long best = Long.MAX_VALUE;
            for (int attempt = 0; attempt < 2 && best > BOUND_MS * 1_000_000; attempt++) {
                long start = System.nanoTime();
                try {
                    parser.run();
                } catch (ApiError e) {
                    assertThat(e.status()).as(e.getMessage()).isBetween(400, 499);
                }
                best = Math.min(best, System.nanoTime() - start);
            }
            assertThat(best / 1_000_000).as("ms to parse %d bytes", bytes.length).isLessThan(BOUND_MS);
        }
    }

    /** The body as the routes' camel-jackson unmarshal reads it; its failures as the routes answer them. */
    static JsonNode tree(byte[] bytes) {
        try {
            return Json.MAPPER.readTree(bytes);
        } catch (java.io.IOException e) {
            throw ApiErrors.of(e);
        }
    }

    static String quote(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
