package com.cascade4arm.rules.accuracy;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Route and category accuracy of a rulebook on labelled prompts, overall and broken down by category, by language
 * and for trap prompts, with every route miss listed. The two kinds of route miss cost differently, so each row counts
 * them apart: a hard prompt sent small risks a poor answer (quality), an easy prompt sent large wastes the large model
 * (cost).
 *
 * @param all        every prompt
 * @param byCategory one row per labelled category, in the labelled set's category order
 * @param byLanguage one row per language, sorted
 * @param traps      the trap prompts only
 * @param misses     one line per wrong route: expected, got, deciding rule, prompt
 */
public record AccuracyReport(Row all, Map<String, Row> byCategory, Map<String, Row> byLanguage, Row traps,
                             List<String> misses) {

    /**
     * @param count           prompts in the row
     * @param routeCorrect    prompts routed to the labelled model
     * @param categoryCorrect prompts given the labelled category
     * @param scoreCorrect    prompts whose learned score ranks the labelled category first
     * @param hard            prompts labelled large
     * @param hardSentSmall   prompts labelled large but routed small (quality risk)
     * @param easySentLarge   prompts labelled small but routed large (cost)
     */
    public record Row(int count, int routeCorrect, int categoryCorrect, int scoreCorrect, int hard, int hardSentSmall,
                      int easySentLarge) {

        static final Row NONE = new Row(0, 0, 0, 0, 0, 0, 0);

        public double routeAccuracy() {
            return count == 0 ? 0 : (double) routeCorrect / count;
        }

        public double categoryAccuracy() {
            return count == 0 ? 0 : (double) categoryCorrect / count;
        }

        public double scoreAccuracy() {
            return count == 0 ? 0 : (double) scoreCorrect / count;
        }

        /** Prompts labelled small. */
        public int easy() {
            return count - hard;
        }

        /** Share of the hard prompts that went small: the quality risk. */
        public double hardSentSmallRate() {
            return hard == 0 ? 0 : (double) hardSentSmall / hard;
        }

        /** Share of the easy prompts that went large: the cost. */
        public double easySentLargeRate() {
            return easy() == 0 ? 0 : (double) easySentLarge / easy();
        }

        Row plus(boolean labelledLarge, boolean route, boolean category, boolean score) {
            return new Row(count + 1, routeCorrect + (route ? 1 : 0), categoryCorrect + (category ? 1 : 0),
                    scoreCorrect + (score ? 1 : 0), hard + (labelledLarge ? 1 : 0),
                    hardSentSmall + (labelledLarge && !route ? 1 : 0), easySentLarge + (!labelledLarge && !route ? 1 : 0));
        }
    }

    /**
     * A plain-text table: rows by category, by language, traps and all; route, category and score accuracy, then the
     * misses by kind — hard sent small (of the hard prompts) and easy sent large (of the easy ones).
     */
    public String table(String title) {
        StringBuilder out = new StringBuilder(title).append(System.lineSeparator());
        out.append(String.format(Locale.ROOT, "%-12s %6s %8s %8s %8s %16s %16s%n", "", "count", "route", "category",
                "score", "hard sent small", "easy sent large"));
        byCategory.forEach((name, row) -> line(out, name, row));
        byLanguage.forEach((name, row) -> line(out, "lang " + name, row));
        if (traps.count() > 0) {
            line(out, "traps", traps);
        }
        line(out, "all", all);
        return out.toString();
    }

    private static void line(StringBuilder out, String name, Row row) {
        out.append(String.format(Locale.ROOT, "%-12s %6d %7.1f%% %7.1f%% %7.1f%% %16s %16s%n", name, row.count(),
                100 * row.routeAccuracy(), 100 * row.categoryAccuracy(), 100 * row.scoreAccuracy(),
                share(row.hardSentSmall(), row.hard()), share(row.easySentLarge(), row.easy())));
    }

    private static String share(int part, int whole) {
        return whole == 0 ? "-" : String.format(Locale.ROOT, "%d/%d %5.1f%%", part, whole, 100.0 * part / whole);
    }
}
