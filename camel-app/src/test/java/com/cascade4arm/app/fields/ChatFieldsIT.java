package com.cascade4arm.app.fields;

import com.cascade4arm.app.TestGateway;
import com.cascade4arm.testing.http.HttpTestClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The chat fields beyond sampling through the gateway to its embedded llama.cpp hosts. */
public class ChatFieldsIT {
    /** A byte token of the demo vocabulary. */
    public static final int FAVOURED_TOKEN = 64;
    private static HttpTestClient http;

    @BeforeAll
    static void boot() {
        http = new HttpTestClient(TestGateway.start().baseUrl());
    }

    @Test
    void answersFollowTheJsonSchema() throws Exception {
        ChatFieldChecks.answersFollowTheJsonSchema(http);
    }

    @Test
    void logitBiasSteersTokens() throws Exception {
        ChatFieldChecks.logitBiasSteersTokens(http, FAVOURED_TOKEN);
    }

    @Test
    void acceptsPenaltiesAndRefusesTools() throws Exception {
        ChatFieldChecks.acceptsPenaltiesAndRefusesTools(http);
    }
}
