package com.cascade4arm.rules.facts;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The backtracking regular expressions the scanners replaced, kept as the reference answer for short text (where they
 * are fast): the scanners must agree with them there. Test code only — never run on a prompt.
 */
final class RegexOracle {

    /** Marker name → the old regex's answer. */
    static final Map<String, Predicate<String>> MARKERS = new LinkedHashMap<>();

    static {
        find("def", "\\bdef\\s+\\w+\\s*\\(", 0);
        find("class", "\\bclass\\s+[A-Z]\\w*\\s*(?:[:({<]|extends\\b|implements\\b)", 0);
        find("function", "\\bfunction\\s*\\w*\\s*\\(", 0);
        find("fn", "\\b(?:fn|func|fun)\\s+\\w+\\s*[(<]", 0);
        find("return", "\\breturn\\b[^\\n.?!]*;|^[ \\t]+return\\b", Pattern.MULTILINE);
        find("#include", "#include\\s*[<\"]", 0);
        find("public static", "\\b(?:public|private|protected)\\s+(?:static\\s+|final\\s+)*"
                + "(?:void|int|long|boolean|String|class|record|interface)\\b", 0);
        find("declaration", "\\b(?:const|let|var|auto)\\s+\\w+\\s*(?::\\s*\\w+\\s*)?=", 0);
        find("print", "\\b(?:console\\.log|System\\.out\\.print\\w*|printf|println|print|puts)\\s*\\(", 0);
        find("condition", "\\b(?:for|while|if|switch|catch)\\s*\\([^)]*[=<>!;:][^)]*\\)", 0);
        find("goroutine", "\\bgoroutine \\d+ \\[\\w+\\]:", 0);
        find("SQL upper", "\\bSELECT\\b[\\s\\S]{1,300}?\\bFROM\\b|\\b(?:INNER|LEFT|RIGHT|FULL|OUTER)\\s+JOIN\\b", 0);
        find("SQL lower", "\\bselect\\s+(?:\\*|distinct\\b|count\\s*\\(|[\\w.]+\\s*,)[\\s\\S]{0,300}?\\bfrom\\s+\\w+"
                + "|\\binsert\\s+into\\s+\\w+\\s*[(]|\\binsert\\s+into\\s+\\w+\\s+values\\b"
                + "|\\bupdate\\s+\\w+\\s+set\\s+\\w+\\s*=|\\bdelete\\s+from\\s+\\w+\\s+where\\b"
                + "|\\bcreate\\s+(?:table|index|view|unique\\s+index)\\s+\\w+", 0);
        find("named error", "\\b[A-Z][A-Za-z0-9]*(?:Exception|Error)\\b", 0);
        find("arithmetic", "\\d\\s*[+*/^×÷=]\\s*[(\\d]|\\d\\s+-\\s+\\d|\\d\\s*[a-z]\\s*[+\\-*/^=]\\s*\\d|\\d\\s*%\\s*of\\b", 0);
        Pattern frame = Pattern.compile("\\s*(?:at [\\w$.<>/]+\\((?:[\\w$-]+\\.\\w+:\\d+|Native Method|Unknown Source)\\)"
                + "|at .+:\\d+:\\d+\\)?|File \"[^\"]+\", line \\d+.*)\\s*");
        MARKERS.put("frame line", text -> text.lines().anyMatch(line -> frame.matcher(line).matches()));
    }

    private RegexOracle() {
    }

    private static void find(String name, String regex, int flags) {
        Pattern pattern = Pattern.compile(regex, flags);
        MARKERS.put(name, text -> pattern.matcher(text).find());
    }

    /** The scanner for each marker the oracle knows. */
    static final Map<String, Predicate<String>> SCANNERS = Map.ofEntries(
            Map.entry("def", KeywordSyntax::def),
            Map.entry("class", KeywordSyntax::classDeclaration),
            Map.entry("function", KeywordSyntax::function),
            Map.entry("fn", KeywordSyntax::fn),
            Map.entry("return", KeywordSyntax::returnStatement),
            Map.entry("#include", KeywordSyntax::include),
            Map.entry("public static", KeywordSyntax::visibilityDeclaration),
            Map.entry("declaration", KeywordSyntax::declaration),
            Map.entry("print", KeywordSyntax::print),
            Map.entry("condition", ConditionSyntax::parenthesisedCondition),
            Map.entry("goroutine", StackTraces::goroutine),
            Map.entry("SQL upper", SqlSyntax::upperCase),
            Map.entry("SQL lower", SqlSyntax::lowerCase),
            Map.entry("named error", CodeMarkers::hasNamedError),
            Map.entry("arithmetic", Arithmetic::in),
            Map.entry("frame line", StackTraces::hasFrameLine));
}
