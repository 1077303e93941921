package com.cascade4arm.rules.safety;

import com.cascade4arm.rules.RuleProblem;
import java.util.ArrayList;
import java.util.List;

/**
 * One DRL file under check: its text, offset ↔ line/column arithmetic, and the problems found in it — so every
 * rejection names the file and the line an editor should jump to.
 */
final class SourceFile {

    private final String name;
    private final String text;
    private final List<Integer> lineStarts = new ArrayList<>();
    private final List<RuleProblem> problems = new ArrayList<>();

    SourceFile(String name, String text) {
        this.name = name;
        this.text = text;
        lineStarts.add(0);
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                lineStarts.add(i + 1);
            }
        }
    }

    String name() {
        return name;
    }

    String text() {
        return text;
    }

    /** 1-based line of a character offset. */
    int lineOf(int offset) {
        int line = 0;
        while (line + 1 < lineStarts.size() && lineStarts.get(line + 1) <= offset) {
            line++;
        }
        return line + 1;
    }

    /** 1-based column of a character offset. */
    int columnOf(int offset) {
        return offset - lineStarts.get(lineOf(offset) - 1) + 1;
    }

    /** Offset of the start of a 1-based line (the end of the text for lines past it). */
    int offsetOfLine(int line) {
        return line >= 1 && line <= lineStarts.size() ? lineStarts.get(line - 1) : text.length();
    }

    /** Records a problem; line and column are 1-based, 0 when unknown. */
    void reject(int line, int column, String message) {
        problems.add(new RuleProblem(name, Math.max(line, 0), Math.max(column, 0), message));
    }

    void rejectAt(int offset, String message) {
        reject(lineOf(offset), columnOf(offset), message);
    }

    List<RuleProblem> problems() {
        return problems;
    }

    boolean hasProblems() {
        return !problems.isEmpty();
    }
}
