package com.cascade4arm.rules.engine;

import com.cascade4arm.rules.facts.Phrases;
import com.cascade4arm.rules.facts.PromptFacts;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/**
 * A {@link PromptFacts} constraint in the shape of the keyword and phrase lists — {@code words contains "why" ||
 * phrases contains "step by step" || (numberCount >= 2 && (words contains "each" || ...))} — evaluated in plain Java.
 * Drools' MVEL jitter turns such a list of a few hundred checks into one method over HotSpot's 8,000-byte limit for
 * compiled methods, so it ran in the bytecode interpreter: issue 33 measured that as the largest part of a decision.
 * The grammar: {@code contains} / {@code !( … )} / {@code ==}, {@code !=} against a string, a boolean or (for int
 * properties, with {@code <}, {@code <=}, {@code >}, {@code >=} too) an integer, {@code startsWith("…")} on a text
 * property, {@code &&}, {@code ||}, parentheses. Same order, same short-circuits and the same answers as the jitted
 * code (a String's {@link String#contains}, a collection's own {@link Collection#contains}, {@link Objects#equals}).
 * {@code words contains} and {@code phrases contains} read the message's word bits ({@link WordIds}: its words looked
 * up once per decision), and a run of adjacent such disjuncts is answered at once ({@link AnyLiteral}): those checks
 * have no effect besides their answer, so their order within a run cannot matter — save a phrase scan timed against
 * the decision's deadline, for which the run keeps the DRL's order.
 */
abstract class KeywordCondition {

    /** Properties a contains check may read: the getters of the DRL contract (rules/design.md) returning text or sets. */
    private static final Map<String, Function<PromptFacts, Object>> CONTAINERS = Map.of(
            "words", PromptFacts::getWords,
            "phrases", PromptFacts::getPhrases,
            "lowerText", PromptFacts::getLowerText,
            "text", PromptFacts::getText,
            "codeKeywords", PromptFacts::getCodeKeywords,
            "codeSyntax", PromptFacts::getCodeSyntax,
            "matchedPatterns", PromptFacts::getMatchedPatterns,
            "firstWord", PromptFacts::getFirstWord);
    private static final Map<String, Function<PromptFacts, String>> TEXTS = Map.of(
            "firstWord", PromptFacts::getFirstWord,
            "questionShape", PromptFacts::getQuestionShape,
            "givenTextTask", PromptFacts::getGivenTextTask,
            "puzzlePattern", PromptFacts::getPuzzlePattern,
            "topScoreCategory", PromptFacts::getTopScoreCategory,
            "language", PromptFacts::getLanguage,
            "lowerText", PromptFacts::getLowerText,
            "text", PromptFacts::getText);
    private static final Map<String, Predicate<PromptFacts>> BOOLEANS = Map.ofEntries(
            Map.entry("question", PromptFacts::isQuestion),
            Map.entry("personal", PromptFacts::isPersonal),
            Map.entry("arithmetic", PromptFacts::isArithmetic),
            Map.entry("codeFence", PromptFacts::isCodeFence),
            Map.entry("stackTrace", PromptFacts::isStackTrace),
            Map.entry("sql", PromptFacts::isSql),
            Map.entry("namedError", PromptFacts::isNamedError),
            Map.entry("historyHasCode", PromptFacts::isHistoryHasCode),
            Map.entry("lookupQuestion", PromptFacts::isLookupQuestion),
            Map.entry("explainRequest", PromptFacts::isExplainRequest));
    private static final Map<String, ToIntFunction<PromptFacts>> INTS = Map.ofEntries(
            Map.entry("charCount", PromptFacts::getCharCount),
            Map.entry("wordCount", PromptFacts::getWordCount),
            Map.entry("approxTokens", PromptFacts::getApproxTokens),
            Map.entry("lineCount", PromptFacts::getLineCount),
            Map.entry("numberCount", PromptFacts::getNumberCount),
            Map.entry("codeKeywordCount", PromptFacts::getCodeKeywordCount),
            Map.entry("codeSymbolCount", PromptFacts::getCodeSymbolCount),
            Map.entry("codeSyntaxCount", PromptFacts::getCodeSyntaxCount),
            Map.entry("quantityCount", PromptFacts::getQuantityCount),
            Map.entry("userTurns", PromptFacts::getUserTurns),
            Map.entry("totalTurns", PromptFacts::getTotalTurns),
            Map.entry("conversationTokens", PromptFacts::getConversationTokens));

    /** The properties whose checks are answered from the message's word bits ({@link WordIds}). */
    private static final String WORDS = "words";
    private static final String PHRASES = "phrases";

    abstract boolean test(PromptFacts facts);

    /** The condition for {@code expression}, or empty when it holds anything outside the grammar. */
    static Optional<KeywordCondition> parse(String expression, WordIds ids) {
        try {
            Parser parser = new Parser(expression, ids);
            KeywordCondition condition = parser.or();
            parser.skipSpace();
            return parser.atEnd() ? Optional.of(condition) : Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Whether {@code condition} is worth taking from Drools: it holds a contains check (the lists), not a lone comparison. */
    static boolean hasContainsCheck(String expression) {
        return expression.contains(" contains ") || expression.contains(".startsWith(");
    }

    /** {@code property contains "literal"}. */
    static final class Contains extends KeywordCondition {
        final String property;
        final Function<PromptFacts, Object> getter;
        final String literal;

        Contains(String property, String literal) {
            this.property = property;
            this.getter = CONTAINERS.get(property);
            this.literal = literal;
        }

        @Override
        boolean test(PromptFacts facts) {
            Object container = getter.apply(facts);
            if (container instanceof String text) {
                return text.contains(literal);
            }
            return container instanceof Collection<?> collection && collection.contains(literal);
        }
    }

    /** {@code words contains "…"}: the word's bit among the message's ({@link WordIds}), the word set's answer. */
    static final class HasWord extends KeywordCondition {
        final WordIds ids;
        final String literal;
        final int id;

        HasWord(WordIds ids, String literal) {
            this.ids = ids;
            this.literal = literal;
            this.id = ids.id(literal);
        }

        @Override
        boolean test(PromptFacts facts) {
            return ids.present(facts).has(id);
        }
    }

    /**
     * {@code phrases contains "…"}: the phrase split once here; {@link Phrases#containsPhrase(Phrases.Split)} runs only when
     * the message holds all of its words (what that method checks first, so the answer is the same).
     */
    static final class HasPhrase extends KeywordCondition {
        final WordIds ids;
        final Phrases.Split phrase;
        final int[] wordIds;

        HasPhrase(WordIds ids, String literal) {
            this.ids = ids;
            this.phrase = Phrases.split(literal);
            this.wordIds = phrase.words().stream().mapToInt(ids::id).toArray();
        }

        boolean scans() {
            return wordIds.length > 1;
        }

        @Override
        boolean test(PromptFacts facts) {
            return test(facts, ids.present(facts));
        }

        boolean test(PromptFacts facts, WordIds.Present present) {
            for (int id : wordIds) {
                if (!present.has(id)) {
                    return false;
                }
            }
            return wordIds.length == 1 || facts.getPhrases().containsPhrase(phrase);
        }
    }

    /**
     * A run of adjacent {@code words contains} and {@code phrases contains} disjuncts. Its words (and one-word phrases)
     * are a bit set over the rulebook's words, met with the message's by the smaller side: the message's words one by
     * one, or the run's non-zero longs; its longer phrases are checked in their order, each only when the message holds
     * all its words. Word and phrase checks have no effect besides their answer — except a phrase scan long enough to be
     * timed against the decision's deadline ({@link Phrases#mayTimeScan}), so when one could be, and a word matched,
     * the run is evaluated strictly in its order instead.
     */
    static final class AnyLiteral extends KeywordCondition {
        final WordIds ids;
        final KeywordCondition[] parts;
        /** The run's words as bits over the rulebook's words, up to its highest (a higher word is not in the run). */
        final long[] wordBits;
        final int[] maskIndex;
        final long[] masks;
        final HasPhrase[] scanned;
        final Phrases.Split longest;

        AnyLiteral(WordIds ids, List<KeywordCondition> parts) {
            this.ids = ids;
            this.parts = parts.toArray(KeywordCondition[]::new);
            Map<Integer, Long> maskByIndex = new TreeMap<>();
            List<HasPhrase> phrases = new ArrayList<>();
            for (KeywordCondition part : parts) {
                int id;
                if (part instanceof HasWord word) {
                    id = word.id;
                } else if (part instanceof HasPhrase phrase && !phrase.scans()) {
                    if (phrase.wordIds.length == 0) {
                        continue; // never contained
                    }
                    id = phrase.wordIds[0];
                } else if (part instanceof HasPhrase phrase) {
                    phrases.add(phrase);
                    continue;
                } else {
                    throw new IllegalArgumentException("a run holds word and phrase checks only");
                }
                maskByIndex.merge(id >>> 6, 1L << id, (a, b) -> a | b);
            }
            this.maskIndex = maskByIndex.keySet().stream().mapToInt(Integer::intValue).toArray();
            this.masks = maskByIndex.values().stream().mapToLong(Long::longValue).toArray();
            this.wordBits = new long[maskIndex.length == 0 ? 0 : maskIndex[maskIndex.length - 1] + 1];
            for (int i = 0; i < masks.length; i++) {
                wordBits[maskIndex[i]] = masks[i];
            }
            this.scanned = phrases.toArray(HasPhrase[]::new);
            this.longest = phrases.stream().map(phrase -> phrase.phrase)
                    .max(Comparator.comparingInt(split -> split.words().size())).orElse(null);
        }

        @Override
        boolean test(PromptFacts facts) {
            WordIds.Present present = ids.present(facts);
            if (anyWord(present)) {
                return longest == null || !facts.getPhrases().mayTimeScan(longest) || inOrder(facts);
            }
            for (HasPhrase phrase : scanned) {
                if (phrase.test(facts, present)) {
                    return true;
                }
            }
            return false;
        }

        private boolean anyWord(WordIds.Present present) {
            if (present.setCount < masks.length) {
                for (int i = 0; i < present.setCount; i++) {
                    int id = present.set[i];
                    if ((id >>> 6) < wordBits.length && WordIds.isSet(wordBits, id)) {
                        return true;
                    }
                }
                return false;
            }
            long[] messageBits = present.bits;
            for (int i = 0; i < masks.length; i++) {
                if ((messageBits[maskIndex[i]] & masks[i]) != 0) {
                    return true;
                }
            }
            return false;
        }

        /** Every part in the DRL's order, as Drools' own evaluator would: for a message long enough to time scans. */
        private boolean inOrder(PromptFacts facts) {
            for (KeywordCondition part : parts) {
                if (part.test(facts)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** Any other single check: a comparison or {@code startsWith}. */
    static final class Check extends KeywordCondition {
        final Predicate<PromptFacts> check;

        Check(Predicate<PromptFacts> check) {
            this.check = check;
        }

        @Override
        boolean test(PromptFacts facts) {
            return check.test(facts);
        }
    }

    static final class Not extends KeywordCondition {
        final KeywordCondition inner;

        Not(KeywordCondition inner) {
            this.inner = inner;
        }

        @Override
        boolean test(PromptFacts facts) {
            return !inner.test(facts);
        }
    }

    static final class Or extends KeywordCondition {
        final KeywordCondition[] parts;

        Or(List<KeywordCondition> parts) {
            this.parts = parts.toArray(KeywordCondition[]::new);
        }

        @Override
        boolean test(PromptFacts facts) {
            for (KeywordCondition part : parts) {
                if (part.test(facts)) {
                    return true;
                }
            }
            return false;
        }
    }

    static final class And extends KeywordCondition {
        final KeywordCondition[] parts;

        And(List<KeywordCondition> parts) {
            this.parts = parts.toArray(KeywordCondition[]::new);
        }

        @Override
        boolean test(PromptFacts facts) {
            for (KeywordCondition part : parts) {
                if (!part.test(facts)) {
                    return false;
                }
            }
            return true;
        }
    }

    /** Recursive descent over the constraint's text; anything outside the grammar throws IllegalArgumentException. */
    private static final class Parser {
        private static final List<String> COMPARISONS = List.of("==", "!=", "<=", ">=", "<", ">");

        private final String text;
        private final WordIds ids;
        private int at;

        Parser(String text, WordIds ids) {
            this.text = text;
            this.ids = ids;
        }

        KeywordCondition or() {
            List<KeywordCondition> parts = new ArrayList<>();
            List<KeywordCondition> run = new ArrayList<>();
            do {
                KeywordCondition part = and();
                if (part instanceof HasWord || part instanceof HasPhrase) {
                    run.add(part);
                    continue;
                }
                flush(run, parts);
                parts.add(part);
            } while (consume("||"));
            flush(run, parts);
            return parts.size() == 1 ? parts.get(0) : new Or(parts);
        }

        private void flush(List<KeywordCondition> run, List<KeywordCondition> parts) {
            if (run.size() == 1) {
                parts.add(run.get(0));
            } else if (!run.isEmpty()) {
                parts.add(new AnyLiteral(ids, run));
            }
            run.clear();
        }

        private KeywordCondition and() {
            List<KeywordCondition> parts = new ArrayList<>();
            do {
                parts.add(primary());
            } while (consume("&&"));
            return parts.size() == 1 ? parts.get(0) : new And(parts);
        }

        private KeywordCondition primary() {
            if (consume("!")) {
                expect("(");
                KeywordCondition inner = or();
                expect(")");
                return new Not(inner);
            }
            if (consume("(")) {
                KeywordCondition inner = or();
                expect(")");
                return inner;
            }
            String property = identifier();
            if (consume(".")) {
                return startsWith(property);
            }
            int before = at;
            String word = peekIdentifier();
            if ("not".equals(word)) {
                identifier();
                expectWord("contains");
                return new Not(contains(property));
            }
            if ("contains".equals(word)) {
                identifier();
                return contains(property);
            }
            at = before;
            return comparison(property);
        }

        private KeywordCondition contains(String property) {
            if (!CONTAINERS.containsKey(property)) {
                throw new IllegalArgumentException("not a text or set property: " + property);
            }
            String literal = literal();
            return switch (property) {
                case WORDS -> new HasWord(ids, literal);
                case PHRASES -> new HasPhrase(ids, literal);
                default -> new Contains(property, literal);
            };
        }

        private KeywordCondition startsWith(String property) {
            Function<PromptFacts, String> getter = TEXTS.get(property);
            if (getter == null || !identifier().equals("startsWith")) {
                throw new IllegalArgumentException("only startsWith on a text property is read, at " + at);
            }
            expect("(");
            String prefix = literal();
            expect(")");
            return new Check(facts -> getter.apply(facts).startsWith(prefix));
        }

        private KeywordCondition comparison(String property) {
            String operator = COMPARISONS.stream().filter(this::consume).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("operator expected at " + at));
            boolean equality = operator.equals("==") || operator.equals("!=");
            boolean negated = operator.equals("!=");
            if (TEXTS.containsKey(property) && equality) {
                Function<PromptFacts, String> getter = TEXTS.get(property);
                String value = literal();
                return new Check(facts -> Objects.equals(getter.apply(facts), value) != negated);
            }
            if (BOOLEANS.containsKey(property) && equality) {
                Predicate<PromptFacts> getter = BOOLEANS.get(property);
                boolean value = switch (identifier()) {
                    case "true" -> true;
                    case "false" -> false;
                    default -> throw new IllegalArgumentException("true or false expected at " + at);
                };
                return new Check(facts -> (getter.test(facts) == value) != negated);
            }
            ToIntFunction<PromptFacts> getter = INTS.get(property);
            if (getter == null) {
                throw new IllegalArgumentException("not a property this reads: " + property);
            }
            int value = integer();
            return new Check(switch (operator) {
                case "==" -> facts -> getter.applyAsInt(facts) == value;
                case "!=" -> facts -> getter.applyAsInt(facts) != value;
                case "<=" -> facts -> getter.applyAsInt(facts) <= value;
                case ">=" -> facts -> getter.applyAsInt(facts) >= value;
                case "<" -> facts -> getter.applyAsInt(facts) < value;
                default -> facts -> getter.applyAsInt(facts) > value;
            });
        }

        /** A plain decimal int (no sign, no suffix, no fraction: anything else stays with Drools' coercions). */
        private int integer() {
            skipSpace();
            int start = at;
            while (at < text.length() && Character.isDigit(text.charAt(at)) && at - start < 9) {
                at++;
            }
            if (start == at || (at < text.length() && Character.isJavaIdentifierPart(text.charAt(at)))
                    || (at < text.length() && text.charAt(at) == '.')) {
                throw new IllegalArgumentException("integer expected at " + start);
            }
            return Integer.parseInt(text.substring(start, at));
        }

        private String peekIdentifier() {
            int before = at;
            try {
                return identifier();
            } catch (IllegalArgumentException e) {
                return null;
            } finally {
                at = before;
            }
        }

        private String identifier() {
            skipSpace();
            int start = at;
            while (at < text.length() && Character.isJavaIdentifierPart(text.charAt(at))) {
                at++;
            }
            if (start == at || !Character.isJavaIdentifierStart(text.charAt(start))) {
                throw new IllegalArgumentException("identifier expected at " + start);
            }
            return text.substring(start, at);
        }

        private void expectWord(String word) {
            if (!identifier().equals(word)) {
                throw new IllegalArgumentException(word + " expected before " + at);
            }
        }

        /** A double-quoted literal without escapes (one with a backslash stays with Drools, which knows MVEL's rules). */
        private String literal() {
            skipSpace();
            if (at >= text.length() || text.charAt(at) != '"') {
                throw new IllegalArgumentException("string literal expected at " + at);
            }
            int end = text.indexOf('"', at + 1);
            if (end < 0 || text.substring(at + 1, end).indexOf('\\') >= 0) {
                throw new IllegalArgumentException("plain string literal expected at " + at);
            }
            String literal = text.substring(at + 1, end);
            at = end + 1;
            return literal;
        }

        private boolean consume(String token) {
            skipSpace();
            if (text.startsWith(token, at)) {
                at += token.length();
                return true;
            }
            return false;
        }

        private void expect(String token) {
            if (!consume(token)) {
                throw new IllegalArgumentException(token + " expected at " + at);
            }
        }

        void skipSpace() {
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
                at++;
            }
        }

        boolean atEnd() {
            return at == text.length();
        }
    }
}
