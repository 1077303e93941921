package com.cascade4arm.routes.operator.rulesadmin;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.openai.ChatRequestParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Candidate bodies: both accepted forms, and 400s that name the bad field. */
class RuleCandidateParserTest {

    private static RuleCandidate parse(String json) {
        return RuleCandidateParser.parse(ChatRequestParser.readObject(json.getBytes(StandardCharsets.UTF_8)), true);
    }

    @Test
    void readsFilesWithAuthorCommentBaseVersionAndPrompts() {
        RuleCandidate candidate = parse("""
                {"files": [{"name": "a.drl", "content": "A"}, {"name": "b.drl", "content": "B"}],
                 "author": " alice ", "comment": "why", "base_version": 7, "prompts": ["extra"]}""");

        assertThat(candidate.files()).containsEntry("a.drl", "A").containsEntry("b.drl", "B").hasSize(2);
        assertThat(candidate.author()).isEqualTo("alice");
        assertThat(candidate.comment()).isEqualTo("why");
        assertThat(candidate.baseVersion()).isEqualTo(7L);
        assertThat(candidate.prompts()).containsExactly("extra");
    }

    @Test
    void readsASingleDrlStringAsOneFile() {
        RuleCandidate candidate = parse("{\"drl\": \"rule...\"}");

        assertThat(candidate.files()).containsOnlyKeys(RuleCandidateParser.DEFAULT_FILE_NAME);
        assertThat(candidate.author()).isEqualTo(RuleCandidateParser.DEFAULT_AUTHOR);
        assertThat(candidate.baseVersion()).isNull();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{}                                                           | files or drl is required",
            "{\"files\": [], \"drl\": \"x\"}                              | either files or drl",
            "{\"files\": \"x\"}                                           | files must be a list",
            "{\"files\": [{\"name\": \"a.drl\"}]}                         | files[0] needs a string name and a string content",
            "{\"files\": [{\"name\": \"a.drl\", \"content\": \"\"}, {\"name\": \"a.drl\", \"content\": \"\"}]} | appears twice",
            "{\"drl\": \"x\", \"base_version\": 0}                        | base_version must be a positive integer, but was 0",
            "{\"drl\": \"x\", \"base_version\": \"3\"}                    | base_version must be a positive integer",
            "{\"drl\": \"x\", \"prompts\": [\"\"]}                        | prompts[0] must be a non-blank string",
            "{\"drl\": \"x\", \"owner\": \"me\"}                          | unknown field 'owner'",
            "[1]                                                          | must be a JSON object"})
    void rejectsMalformedBodiesNamingTheField(String body, String message) {
        assertThatThrownBy(() -> parse(body)).isInstanceOfSatisfying(ApiError.class, e -> {
            assertThat(e.status()).isEqualTo(400);
            assertThat(e.code()).isEqualTo("invalid_rules_request");
            assertThat(e.getMessage()).contains(message);
        });
    }

    @Test
    void allowsAnEmptyBodyForARollback() {
        RuleCandidate meta = RuleCandidateParser.parse(null, false);

        assertThat(meta.files()).isEmpty();
        assertThat(meta.author()).isEqualTo(RuleCandidateParser.DEFAULT_AUTHOR);
    }
}
