package com.cascade4arm.routes;

/** Route ids: each equals its direct: name and is the metrics tag, so they live in one place. */
public final class RouteIds {
    public static final String CHAT_COMPLETIONS = "chat-completions";
    public static final String SELECT_ENDPOINT = "select-endpoint";
    public static final String CALL_SMALL = "call-small";
    public static final String CALL_LARGE = "call-large";
    public static final String EXPLAIN_ROUTE = "explain-route";
    public static final String HEALTH = "health";
    public static final String LIST_MODELS = "list-models";

    private RouteIds() {
    }

    /** The direct: endpoint URI of a route id. */
    public static String direct(String routeId) {
        return "direct:" + routeId;
    }
}
