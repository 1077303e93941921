package com.cascade4arm.host.llamaserver;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The command-line flags a particular llama-server build understands, read from its {@code --help}. Speculative
 * decoding changed names: current builds need {@code --spec-type draft-simple} next to {@code -md} (without it the
 * draft model is loaded and never used) and call the settings {@code --spec-draft-n-max/-n-min/-p-min} (the old
 * {@code --draft-max/--draft-min} make them exit); older builds use {@code --draft-max/--draft-min/--draft-p-min} and
 * have no {@code --spec-type}.
 *
 * @param specType  true when the build has {@code --spec-type} (then {@code draft-simple} must be asked for)
 * @param draftMax  the flag for the most drafted tokens per step, or null when the build has none
 * @param draftMin  the flag for the fewest drafted tokens worth verifying, or null
 * @param draftPMin the flag for the minimum draft-token probability, or null
 */
public record LlamaServerFlags(boolean specType, String draftMax, String draftMin, String draftPMin) {

    /** The speculative-decoding type of the classic "small draft model" kind in current builds. */
    static final String DRAFT_SIMPLE = "draft-simple";

    /** Reads the flags from a build's {@code --help} output. */
    public static LlamaServerFlags fromHelp(String help) {
        return new LlamaServerFlags(mentions(help, "--spec-type"),
                first(help, "--spec-draft-n-max", "--draft-max", "--draft"),
                first(help, "--spec-draft-n-min", "--draft-min", "--draft-n-min"),
                first(help, "--spec-draft-p-min", "--draft-p-min"));
    }

    /** True when this build can run speculative decoding with a draft model. */
    public boolean supportsDraft() {
        return draftMax != null;
    }

    /** The arguments that turn speculative decoding on with {@code draft} and the given settings. */
    public List<String> draftArguments(String draft, int max, int min, float pMin) {
        if (!supportsDraft()) {
            throw new IllegalStateException("this llama-server build has no speculative decoding flags (neither "
                    + "--spec-draft-n-max nor --draft-max in its --help)");
        }
        List<String> args = new ArrayList<>(List.of("-md", draft));
        if (specType) {
            args.addAll(List.of("--spec-type", DRAFT_SIMPLE));
        }
        args.addAll(List.of(draftMax, String.valueOf(max)));
        if (draftMin != null) {
            args.addAll(List.of(draftMin, String.valueOf(min)));
        }
        if (draftPMin != null) {
            args.addAll(List.of(draftPMin, String.format(Locale.ROOT, "%.2f", pMin)));
        }
        return args;
    }

    /** "current" (--spec-type) or "older" (--draft-max) flag names, for the log. */
    public String generation() {
        return specType ? "current (--spec-type draft-simple, " + draftMax + ")" : "older (" + draftMax + ")";
    }

    private static String first(String help, String... flags) {
        for (String flag : flags) {
            if (mentions(help, flag)) {
                return flag;
            }
        }
        return null;
    }

    private static boolean mentions(String help, String flag) {
        return Pattern.compile("(?<![\\w-])" + Pattern.quote(flag) + "(?![\\w-])").matcher(help).find();
    }
}
