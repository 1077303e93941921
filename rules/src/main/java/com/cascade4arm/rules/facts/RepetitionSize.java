package com.cascade4arm.rules.facts;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A conservative estimate of how large a regular expression becomes once counted repetition ({@code x{n}},
 * {@code x{n,m}}) is unrolled, as RE2/J's compiler does: each atom counts 1, a repeated atom or group counts its size
 * times the largest count plus one, alternatives add up. One pass, an explicit stack, saturating at the limit.
 */
final class RepetitionSize {

    private RepetitionSize() {
    }

    /** The estimate, or a value above {@code limit} as soon as it passes it. */
    static long estimate(String regex, long limit) {
        Deque<long[]> groups = new ArrayDeque<>(); // per open group: {total so far, size of its last atom}
        long total = 0;
        long last = 0;
        for (int i = 0; i < regex.length(); i++) {
            char c = regex.charAt(i);
            long atom = 1;
            if (c == '\\') {
                i = escapeEnd(regex, i);
            } else if (c == '[') {
                i = classEnd(regex, i);
            } else if (c == '(') {
                groups.push(new long[]{total, last});
                total = 0;
                last = 0;
                continue;
            } else if (c == ')' && !groups.isEmpty()) {
                atom = Math.max(total, 1);
                long[] outer = groups.pop();
                total = outer[0];
            } else if (c == '|') {
                continue;
            } else if (c == '{' && countEnd(regex, i) > 0) {
                int end = countEnd(regex, i);
                long times = largestCount(regex.substring(i + 1, end)) + 1;
                total = saturate(total + saturate(last * (times - 1), limit), limit);
                last = saturate(last * times, limit);
                i = end;
                continue;
            }
            total = saturate(total + atom, limit);
            last = atom;
        }
        return total;
    }

    /** Index of the last character of the escape starting at {@code i} (\Q…\E, \p{…} and \x{…} included). */
    private static int escapeEnd(String regex, int i) {
        if (regex.startsWith("\\Q", i)) {
            int end = regex.indexOf("\\E", i + 2);
            return end < 0 ? regex.length() - 1 : end + 1;
        }
        if (i + 2 < regex.length() && "pPx".indexOf(regex.charAt(i + 1)) >= 0 && regex.charAt(i + 2) == '{') {
            int end = regex.indexOf('}', i + 3);
            return end < 0 ? regex.length() - 1 : end;
        }
        return Math.min(i + 1, regex.length() - 1);
    }

    /** Index of the ']' closing the class opened at {@code i} (a ']' first in the class is a member). */
    private static int classEnd(String regex, int i) {
        int j = i + 1;
        if (j < regex.length() && regex.charAt(j) == '^') {
            j++;
        }
        if (j < regex.length() && regex.charAt(j) == ']') {
            j++;
        }
        for (; j < regex.length(); j++) {
            if (regex.charAt(j) == '\\') {
                j++;
            } else if (regex.charAt(j) == ']') {
                return j;
            }
        }
        return regex.length() - 1;
    }

    /** Index of the '}' of a repetition count {@code {n}}, {@code {n,}} or {@code {n,m}} at {@code i}; -1 if none. */
    private static int countEnd(String regex, int i) {
        int j = i + 1;
        int digits = 0;
        while (j < regex.length() && (Character.isDigit(regex.charAt(j)) || regex.charAt(j) == ',')) {
            digits += Character.isDigit(regex.charAt(j)) ? 1 : 0;
            j++;
        }
        return digits > 0 && j < regex.length() && regex.charAt(j) == '}' && Character.isDigit(regex.charAt(i + 1)) ? j : -1;
    }

    private static long largestCount(String counts) {
        long largest = 0;
        for (String count : counts.split(",")) {
            if (!count.isEmpty()) {
                largest = Math.max(largest, count.length() > 9 ? Long.MAX_VALUE / 4 : Long.parseLong(count));
            }
        }
        return largest;
    }

    private static long saturate(long value, long limit) {
        return value < 0 || value > limit ? limit + 1 : value;
    }
}
