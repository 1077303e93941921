package com.cascade4arm.host.inference;

import com.cascade4arm.openai.ApiError;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A conversion that fails or overruns its time cap is a 400 for its request; the next one is converted as usual. */
class GrammarConverterTest {

    @Test
    void answersAnOverdueConversionWith400AndConvertsTheNextOne() throws InterruptedException {
        CountDownLatch stuck = new CountDownLatch(1);
        GrammarConverter converter = new GrammarConverter(50, schema -> {
            if (schema.equals("stuck")) {
                try {
                    stuck.await(); // stands for native code that runs on
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return "root ::= " + schema;
        });

        assertThatThrownBy(() -> converter.grammar("stuck")).isInstanceOfSatisfying(ApiError.class,
                error -> assertThat(error.status()).isEqualTo(400))
                .hasMessage("response_format.json_schema.schema: it took longer than 50 ms to turn into a grammar");
        assertThat(converter.grammar("\"ok\"")).as("the next conversion, on a fresh thread").isEqualTo("root ::= \"ok\"");
        stuck.countDown();
    }

    @Test
    void answersAFailedConversionWith400() {
        GrammarConverter converter = new GrammarConverter(1_000, schema -> {
            throw new IllegalStateException("unrecognized schema");
        });

        assertThatThrownBy(() -> converter.grammar("{}")).isInstanceOfSatisfying(ApiError.class,
                error -> assertThat(error.status()).isEqualTo(400))
                .hasMessageContaining("cannot be turned into a grammar: IllegalStateException: unrecognized schema");
    }
}
