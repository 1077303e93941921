package com.cascade4arm.bench.judge;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/**
 * The cascade's result against the baseline on one prompt, combined from the two orders a judge was asked in
 * (cascade as A, then cascade as B), so a judge that favours a position cannot decide it. The rule: the cascade
 * <b>wins</b> when it wins both orders, or wins one and ties the other; it <b>loses</b> symmetrically; any other
 * pair — ties in both, or one win and one loss (the judge followed the position, not the answer) — is a <b>tie</b>.
 * Either order unanswered or unparseable: <b>unjudged</b>.
 */
public enum Outcome {
    WIN, TIE, LOSS, UNJUDGED;

    /**
     * @param cascadeFirst  the verdict when the cascade's answer was shown as A (null: none)
     * @param baselineFirst the verdict when the baseline's answer was shown as A (null: none)
     */
    public static Outcome combine(Verdict cascadeFirst, Verdict baselineFirst) {
        if (cascadeFirst == null || baselineFirst == null) {
            return UNJUDGED;
        }
        // Sums to +2/+1 only from win+win or win+tie, to -2/-1 only from loss+loss or loss+tie; 0 is a tie.
        int score = forCascade(cascadeFirst, Verdict.A) + forCascade(baselineFirst, Verdict.B);
        return score > 0 ? WIN : score < 0 ? LOSS : TIE;
    }

    /** +1 when the verdict picked the cascade's position, -1 the baseline's, 0 a tie. */
    private static int forCascade(Verdict verdict, Verdict cascadePosition) {
        return verdict == Verdict.TIE ? 0 : verdict == cascadePosition ? 1 : -1;
    }

    /** Lower-case name for JSON and CSV ("win", "tie", "loss", "unjudged"). */
    @JsonValue
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
