package com.cascade4arm.routes.serving.llama;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class PlainChunkTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            llama-server's token chunk | {"choices":[{"finish_reason":null,"index":0,"delta":{"content":" world"}}],"created":1,"id":"c","model":"m","system_fingerprint":"b1","object":"chat.completion.chunk"} | 1
            the role chunk | {"choices":[{"finish_reason":null,"index":0,"delta":{"role":"assistant","content":null}}],"object":"chat.completion.chunk"} | 0
            an empty text | {"choices":[{"index":0,"delta":{"content":""}}]} | 0
            text that quotes the keys | {"choices":[{"index":0,"delta":{"content":"\\"usage\\": {\\"error\\": 1}, \\"timings\\""}}]} | 1
            a tool call's delta | {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\\"city\\""}}]}}]} | 0
            null log-probabilities, no gate | {"choices":[{"index":0,"logprobs":null,"delta":{"content":"a"}}]} | 1
            log-probabilities, no gate | {"choices":[{"index":0,"logprobs":{"content":[{"token":"a","logprob":-0.1}]},"delta":{"content":"a"}}]} | 1
            two choices: the first one counts | {"choices":[{"index":0,"delta":{"content":""}},{"index":1,"delta":{"content":"b"}}]} | 0
            the finish chunk | {"choices":[{"finish_reason":"stop","index":0,"delta":{}}]} | -1
            the finish chunk with text | {"choices":[{"finish_reason":"length","index":0,"delta":{"content":"x"}}]} | -1
            a usage chunk | {"choices":[],"usage":{"prompt_tokens":3,"completion_tokens":2,"total_tokens":5}} | -1
            usage null | {"choices":[{"index":0,"delta":{"content":"a"}}],"usage":null} | -1
            timings | {"choices":[{"index":0,"delta":{"content":"a"}}],"timings":{"prompt_n":3}} | -1
            an error event | {"error":{"message":"boom"}} | -1
            no choices | {"object":"chat.completion.chunk"} | -1
            empty choices | {"choices":[]} | -1
            no delta | {"choices":[{"index":0}]} | -1
            content not a string | {"choices":[{"index":0,"delta":{"content":42}}]} | -1
            choices twice | {"choices":[{"index":0,"delta":{"content":"a"}}],"choices":[]} | -1
            content twice | {"choices":[{"index":0,"delta":{"content":"a","content":""}}]} | -1
            not an object | [1,2] | -1
            malformed | {"choices":[{"index":0,"delta":{"content":"a"} | -1
            not JSON | hello | -1
            """)
    void tellsOrdinaryChunksFromTheOnesTheRelayReads(String what, String chunk, int expected) {
        assertThat(PlainChunk.scan(chunk, false)).as(what).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            log-probabilities | {"choices":[{"index":0,"logprobs":{"content":[]},"delta":{"content":"a"}}]} | -1
            null log-probabilities | {"choices":[{"index":0,"logprobs":null,"delta":{"content":"a"}}]} | -1
            none | {"choices":[{"index":0,"delta":{"content":"a"}}]} | 1
            """)
    void aTrialsGateReadsEveryChunkWithLogProbabilities(String what, String chunk, int expected) {
        assertThat(PlainChunk.scan(chunk, true)).as(what).isEqualTo(expected);
    }
}
