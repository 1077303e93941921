package com.cascade4arm.rules.facts;

import static com.cascade4arm.rules.facts.Scan.anyKeyword;
import static com.cascade4arm.rules.facts.Scan.boundaryAfter;
import static com.cascade4arm.rules.facts.Scan.boundaryBefore;
import static com.cascade4arm.rules.facts.Scan.charAt;
import static com.cascade4arm.rules.facts.Scan.isWord;
import static com.cascade4arm.rules.facts.Scan.spaces;
import static com.cascade4arm.rules.facts.Scan.word;

import java.util.Arrays;
import java.util.List;

/**
 * SQL statements. Upper-case SQL is unambiguous; lower-case SQL needs more structure, so "select a gift from the shop"
 * does not count. "SELECT … FROM" within {@value #SELECT_TO_FROM_CHARS} characters is found with a sorted list of the
 * FROM positions (one pass to build, a binary search per SELECT): linear, where {@code [\s\S]{1,300}?} backtracked.
 */
final class SqlSyntax {

    /** Most characters between the end of SELECT's column list and FROM. */
    static final int SELECT_TO_FROM_CHARS = 300;
    private static final String[] JOIN_KINDS = {"INNER", "LEFT", "RIGHT", "FULL", "OUTER"};
    private static final List<String> LOWER_TRIGGERS = List.of("select ", "insert ", "update ", "delete ", "create ");

    private SqlSyntax() {
    }

    /** @param lower the text in lower case, for the case-insensitive forms */
    static boolean hasSql(String text, String lower) {
        if ((text.contains("SELECT") || text.contains("JOIN")) && upperCase(text)) {
            return true;
        }
        for (String trigger : LOWER_TRIGGERS) {
            if (lower.contains(trigger)) {
                return lowerCase(lower);
            }
        }
        return false;
    }

    /** {@code \bSELECT\b[\s\S]{1,300}?\bFROM\b|\b(?:INNER|LEFT|RIGHT|FULL|OUTER)\s+JOIN\b}. */
    static boolean upperCase(String t) {
        int[] froms = wordPositions(t, "FROM", false);
        boolean select = anyKeyword(t, "SELECT", end -> boundaryAfter(t, end) && fromWithin(froms, end + 1, end + SELECT_TO_FROM_CHARS));
        return select || anyKeyword(t, JOIN_KINDS, end -> {
            int join = spaces(t, end);
            return join > end && t.startsWith("JOIN", join) && boundaryAfter(t, join + 4);
        });
    }

    /**
     * {@code \bselect\s+(?:\*|distinct\b|count\s*\(|[\w.]+\s*,)[\s\S]{0,300}?\bfrom\s+\w+}, and
     * {@code \binsert\s+into\s+\w+\s*[(]|\binsert\s+into\s+\w+\s+values\b|\bupdate\s+\w+\s+set\s+\w+\s*=
     * |\bdelete\s+from\s+\w+\s+where\b|\bcreate\s+(?:table|index|view|unique\s+index)\s+\w+}.
     */
    static boolean lowerCase(String t) {
        int[] froms = wordPositions(t, "from", true);
        return anyKeyword(t, "select", end -> selectList(t, froms, end))
                || anyKeyword(t, "insert", end -> {
                    int table = afterWords(t, end, "into");
                    int tableEnd = table < 0 ? table : word(t, table);
                    if (table < 0 || tableEnd == table) {
                        return false;
                    }
                    int next = spaces(t, tableEnd);
                    return charAt(t, next, '(') || next > tableEnd && t.startsWith("values", next) && boundaryAfter(t, next + 6);
                })
                || anyKeyword(t, "update", end -> {
                    int table = spaces(t, end);
                    int tableEnd = word(t, table);
                    int set = spaces(t, tableEnd);
                    int column = afterWord(t, set, "set");
                    int columnEnd = word(t, Math.max(column, 0));
                    return table > end && tableEnd > table && set > tableEnd && column > 0 && columnEnd > column
                            && charAt(t, spaces(t, columnEnd), '=');
                })
                || anyKeyword(t, "delete", end -> {
                    int table = afterWords(t, end, "from");
                    int tableEnd = word(t, Math.max(table, 0));
                    int where = spaces(t, tableEnd);
                    return table > 0 && tableEnd > table && where > tableEnd && t.startsWith("where", where)
                            && boundaryAfter(t, where + 5);
                })
                || anyKeyword(t, "create", end -> {
                    int kind = spaces(t, end);
                    int unique = afterWord(t, kind, "unique");
                    int[] names = {afterWord(t, kind, "table"), afterWord(t, kind, "index"), afterWord(t, kind, "view"),
                            unique > 0 ? afterWord(t, unique, "index") : -1};
                    for (int name : names) {
                        if (kind > end && name > 0 && word(t, name) > name) {
                            return true;
                        }
                    }
                    return false;
                });
    }

    /** After "select": {@code \s+(?:\*|distinct\b|count\s*\(|[\w.]+\s*,)}, then FROM within the distance. */
    private static boolean selectList(String t, int[] froms, int end) {
        int list = spaces(t, end);
        if (list == end) {
            return false;
        }
        if (charAt(t, list, '*') && fromWithin(froms, list + 1, list + 1 + SELECT_TO_FROM_CHARS)) {
            return true;
        }
        if (t.startsWith("distinct", list) && boundaryAfter(t, list + 8)
                && fromWithin(froms, list + 8, list + 8 + SELECT_TO_FROM_CHARS)) {
            return true;
        }
        int paren = spaces(t, list + 5);
        if (t.startsWith("count", list) && charAt(t, paren, '(') && fromWithin(froms, paren + 1, paren + 1 + SELECT_TO_FROM_CHARS)) {
            return true;
        }
        int column = list;
        while (column < t.length() && (isWord(t.charAt(column)) || t.charAt(column) == '.')) {
            column++;
        }
        int comma = spaces(t, column);
        return column > list && charAt(t, comma, ',') && fromWithin(froms, comma + 1, comma + 1 + SELECT_TO_FROM_CHARS);
    }

    /** {@code \s+word\s+} after {@code end}: the index after it, or -1. */
    private static int afterWords(String t, int end, String word) {
        int at = spaces(t, end);
        return at > end ? afterWord(t, at, word) : -1;
    }

    /** {@code word\s+} at {@code at}: the index after the white space, or -1. */
    private static int afterWord(String t, int at, String word) {
        if (at < 0 || !t.startsWith(word, at)) {
            return -1;
        }
        int next = spaces(t, at + word.length());
        return next > at + word.length() ? next : -1;
    }

    /** Positions of {@code word} with a word boundary before it and, after it, a boundary or ({@code followedByName}) {@code \s+\w}. */
    private static int[] wordPositions(String t, String word, boolean followedByName) {
        int[] positions = new int[8];
        int count = 0;
        for (int i = t.indexOf(word); i >= 0; i = t.indexOf(word, i + 1)) {
            int end = i + word.length();
            int name = spaces(t, end);
            boolean after = followedByName ? name > end && name < t.length() && isWord(t.charAt(name)) : boundaryAfter(t, end);
            if (boundaryBefore(t, i) && after) {
                if (count == positions.length) {
                    positions = Arrays.copyOf(positions, count * 2);
                }
                positions[count++] = i;
            }
        }
        return Arrays.copyOf(positions, count);
    }

    /** Is there a position in [from, to] in the sorted {@code positions}? */
    private static boolean fromWithin(int[] positions, int from, int to) {
        int index = Arrays.binarySearch(positions, from);
        int next = index >= 0 ? index : -index - 1;
        return next < positions.length && positions[next] <= to;
    }
}
