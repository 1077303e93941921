package com.cascade4arm.rules.facts;

import static com.cascade4arm.rules.facts.Scan.anyLineStart;
import static com.cascade4arm.rules.facts.Scan.blanks;
import static com.cascade4arm.rules.facts.Scan.charAt;
import static com.cascade4arm.rules.facts.Scan.isBlank;
import static com.cascade4arm.rules.facts.Scan.isSpace;
import static com.cascade4arm.rules.facts.Scan.isWord;
import static com.cascade4arm.rules.facts.Scan.lineEnd;
import static com.cascade4arm.rules.facts.Scan.oneOf;
import static com.cascade4arm.rules.facts.Scan.spaces;
import static com.cascade4arm.rules.facts.Scan.trimEnd;
import static com.cascade4arm.rules.facts.Scan.word;

/**
 * Markers that hold for a whole line: an import statement, or a Python block header ({@code for x in xs:},
 * {@code else:}). Each line is read once from its first non-blank character (so its cost is linear in the text); the
 * parts a multi-line regex let span several lines are read within the line, a deliberate simplification.
 */
final class LineSyntax {

    private LineSyntax() {
    }

    /**
     * {@code ^\s*(?:import\s+(?:static\s+)?\w+(?:\.[\w*]+)+|import\s+\w+(?:\s+as\s+\w+)?\s*$|import\s+.+\s+from\s+['"]
     * |from\s+[\w.]+\s+import\s+\w)} (multi-line): Java/Python/JavaScript imports.
     */
    static boolean importStatement(String t) {
        return anyLineStart(t, first -> t.startsWith("import", first) ? importTail(t, first + "import".length())
                : t.startsWith("from", first) && fromImport(t, first + "from".length()));
    }

    private static boolean importTail(String t, int end) {
        int name = spaces(t, end);
        if (name == end) {
            return false;
        }
        if (t.startsWith("static", name) && dottedName(t, spaces(t, name + "static".length()))) {
            return true;
        }
        if (dottedName(t, name)) {
            return true;
        }
        int nameEnd = word(t, name);
        if (nameEnd > name && (restIsBlank(t, nameEnd) || aliasThenEnd(t, nameEnd))) {
            return true;
        }
        return fromOnSameLine(t, name);
    }

    /** {@code \w+\.[\w*]}: a qualified name (the rest of it does not change the answer). */
    private static boolean dottedName(String t, int i) {
        int end = word(t, i);
        return end > i && charAt(t, end, '.') && end + 1 < t.length()
                && (isWord(t.charAt(end + 1)) || t.charAt(end + 1) == '*');
    }

    /** {@code \s+as\s+\w+} then the end of the line. */
    private static boolean aliasThenEnd(String t, int i) {
        int as = spaces(t, i);
        if (as == i || !t.startsWith("as", as)) {
            return false;
        }
        int alias = spaces(t, as + 2);
        int aliasEnd = word(t, alias);
        return alias > as + 2 && aliasEnd > alias && restIsBlank(t, aliasEnd);
    }

    /** {@code \s*$} (multi-line): only white space until a line break or the end. */
    private static boolean restIsBlank(String t, int i) {
        for (int j = i; j < t.length(); j++) {
            char c = t.charAt(j);
            if (c == '\n' || c == '\r') {
                return true;
            }
            if (!isSpace(c)) {
                return false;
            }
        }
        return true;
    }

    /** {@code .+\s+from\s+['"]} with "from" on the line where the imported names start. */
    private static boolean fromOnSameLine(String t, int names) {
        int end = lineEnd(t, names);
        for (int from = t.indexOf("from", names + 2); from >= 0 && from < end; from = t.indexOf("from", from + 1)) {
            if (isSpace(t.charAt(from - 1))) {
                int quote = spaces(t, from + 4);
                if (quote > from + 4 && oneOf(t, quote, "'\"")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** After "from": {@code \s+[\w.]+\s+import\s+\w}. */
    private static boolean fromImport(String t, int end) {
        int module = spaces(t, end);
        int moduleEnd = module;
        while (moduleEnd < t.length() && (isWord(t.charAt(moduleEnd)) || t.charAt(moduleEnd) == '.')) {
            moduleEnd++;
        }
        int keyword = spaces(t, moduleEnd);
        if (module == end || moduleEnd == module || keyword == moduleEnd || !t.startsWith("import", keyword)) {
            return false;
        }
        int name = spaces(t, keyword + "import".length());
        return name > keyword + "import".length() && name < t.length() && isWord(t.charAt(name));
    }

    /**
     * {@code ^\s*(?:for\s+\w+(?:\s*,\s*\w+)*\s+in\s+[^\n]+|while\s+[^\n]+|(?:el)?if\s+[^\n]+|else|try|except[^\n]*
     * |with\s+[^\n]+\s+as\s+\w+)\s*:\s*$} (multi-line): a Python block header, a line ending in ':'.
     */
    static boolean pythonBlockHeader(String t) {
        return anyLineStart(t, first -> {
            int colon = trimEnd(t, first, lineEnd(t, first)) - 1;
            if (colon <= first || t.charAt(colon) != ':') {
                return false;
            }
            String head = t.substring(first, trimEnd(t, first, colon));
            return head.equals("else") || head.equals("try") || head.startsWith("except")
                    || conditionHeader(t, first, colon, "while") || conditionHeader(t, first, colon, "if")
                    || conditionHeader(t, first, colon, "elif") || forHeader(t, first, colon) || withHeader(t, first, colon);
        });
    }

    /** {@code keyword\s+[^\n]+\s*:}: the keyword, a blank, and at least one more character before the colon. */
    private static boolean conditionHeader(String t, int first, int colon, String keyword) {
        int end = first + keyword.length();
        return t.startsWith(keyword, first) && end < colon && isBlank(t.charAt(end)) && colon - end >= 2;
    }

    /** {@code for\s+\w+(?:\s*,\s*\w+)*\s+in\s+[^\n]+\s*:}. */
    private static boolean forHeader(String t, int first, int colon) {
        if (!t.startsWith("for", first)) {
            return false;
        }
        int name = blanks(t, first + 3);
        int nameEnd = word(t, name);
        if (name == first + 3 || nameEnd == name) {
            return false;
        }
        int next = blanks(t, nameEnd);
        while (charAt(t, next, ',')) {
            int more = blanks(t, next + 1);
            int moreEnd = word(t, more);
            if (moreEnd == more) {
                return false;
            }
            nameEnd = moreEnd;
            next = blanks(t, moreEnd);
        }
        int in = next;
        return in > nameEnd && t.startsWith("in", in) && in + 2 < colon && isBlank(t.charAt(in + 2))
                && colon - (in + 2) >= 2;
    }

    /** {@code with\s+[^\n]+\s+as\s+\w+\s*:}, read backwards from the colon. */
    private static boolean withHeader(String t, int first, int colon) {
        if (!t.startsWith("with", first) || first + 4 >= colon || !isBlank(t.charAt(first + 4))) {
            return false;
        }
        int aliasEnd = trimEnd(t, first, colon);
        int alias = aliasEnd;
        while (alias > first && isWord(t.charAt(alias - 1))) {
            alias--;
        }
        int asEnd = alias;
        while (asEnd > first && isBlank(t.charAt(asEnd - 1))) {
            asEnd--;
        }
        int as = asEnd - 2;
        return alias < aliasEnd && asEnd < alias && as >= first && t.startsWith("as", as)
                && isBlank(t.charAt(as - 1)) && as >= first + 7;
    }
}
