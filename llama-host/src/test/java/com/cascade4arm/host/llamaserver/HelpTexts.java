package com.cascade4arm.host.llamaserver;

/** Excerpts of real llama-server --help outputs of both flag generations, for the flag detection tests. */
public final class HelpTexts {

    /** Excerpt of a current build's --help (b10587): --spec-type, --spec-draft-*, and --draft-p-min as an alias. */
    public static final String CURRENT = """
            --port PORT                             port to listen (default: 8080)
            --spec-draft-model, -md, --model-draft FNAME
            --spec-draft-n-max N                    number of tokens to draft for speculative decoding (default: 3)
            --spec-draft-n-min N                    minimum number of draft tokens to use for speculative decoding
            --spec-draft-p-min, --draft-p-min P     minimum speculative decoding probability (greedy) (default: 0.00)
            --spec-type none,draft-simple,draft-eagle3,ngram-simple
            """;
    /** Excerpt of an older build's --help (early 2025). */
    public static final String OLDER = """
            --port PORT                             port to listen (default: 8080)
            -md,   --model-draft FNAME              draft model for speculative decoding (default: unused)
            --draft-max, --draft, --draft-n N       number of tokens to draft for speculative decoding (default: 16)
            --draft-min, --draft-n-min N            minimum number of draft tokens to use for speculative decoding
            --draft-p-min P                         minimum speculative decoding probability (greedy) (default: 0.8)
            """;

    private HelpTexts() {
    }
}
