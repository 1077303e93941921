package com.cascade4arm.routes.serving.edge;

import io.vertx.core.http.HttpMethod;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class KnownRoutesTest {
    @ParameterizedTest(name = "{0} -> [{1}]")
    @CsvSource(delimiter = '|', value = {
            "/v1/chat/completions         | POST",
            "/v1/chat/completions/        | POST",
            "/api/bench/runs              | GET,POST",
            "/api/bench/runs/abc          | DELETE,GET",
            "/api/bench/runs/abc/rows.csv | GET",
            "/api/bench/runs//rows.csv    | ''",
            "/v1/nothing                  | ''",
            "/                            | ''",
    })
    void listsTheMethodsOfAKnownPath(String path, String methods) {
        KnownRoutes routes = new KnownRoutes();
        routes.register(HttpMethod.POST, "/v1/chat/completions");
        routes.register(HttpMethod.GET, "/api/bench/runs");
        routes.register(HttpMethod.POST, "/api/bench/runs");
        routes.register(HttpMethod.GET, "/api/bench/runs/:id");
        routes.register(HttpMethod.DELETE, "/api/bench/runs/:id");
        routes.register(HttpMethod.GET, "/api/bench/runs/:id/rows.csv");

        assertThat(String.join(",", routes.allowedMethods(path))).isEqualTo(methods);
    }
}
