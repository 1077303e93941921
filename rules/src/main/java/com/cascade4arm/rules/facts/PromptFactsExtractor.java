package com.cascade4arm.rules.facts;

import com.cascade4arm.openai.ChatMessage;
import com.cascade4arm.rules.score.CategoryModel;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Turns a chat request (messages + optional max_tokens) into {@link PromptFacts}: plain Java, no rules, no I/O. Every
 * step is a forward scan (no regular expressions): linear time and constant stack in the length of the messages.
 */
public final class PromptFactsExtractor {

    /** Opening words that make a message a question even without '?'. Grammar, not routing policy: that lives in DRL. */
    private static final Set<String> QUESTION_OPENERS = WordSet.of(
            "what", "who", "whom", "whose", "when", "where", "which", "why", "how",
            "is", "are", "was", "were", "do", "does", "did", "can", "could", "should", "would", "will", "shall", "may",
            "might", "has", "have", "had",
            // the same in the other languages the rulebook reads (round five: "hur många invånare har sverige" asks)
            "wer", "wann", "wo", "wie", "warum", "welche", "welcher", "welches", "wieviel", "wieviele", "qué", "quién",
            "cuándo", "dónde", "cuál", "cómo", "cuánto", "cuántos", "cuántas", "quand", "où", "quel", "quelle",
            "comment", "combien", "pourquoi", "chi", "cosa", "quando", "dove", "quale", "quanto", "quanti", "quante",
            "perché", "quem", "onde", "qual", "quantos", "quantas", "wat", "wanneer", "waar", "welke", "hoe",
            "hoeveel", "waarom", "kto", "kiedy", "gdzie", "który", "ile", "dlaczego", "czy", "vem", "vad", "när",
            "vilken", "hur", "varför", "hvem", "hvad", "hvornår", "hvor", "hvilken", "hvordan", "hvorfor", "kdo", "kdy",
            "kde", "kolik", "proč", "cine", "când", "unde", "cum", "câte", "câți", "kuka", "mikä", "milloin", "missä",
            "miten", "kuinka", "paljonko", "miksi", "kim", "nerede", "hangi", "nasıl", "kaç", "neden");

    /**
     * Spelled-out numbers count as numbers too: "three friends split 96 dollars" is a word problem with two numbers.
     * German, Spanish and French from two upwards (their "one" is also the indefinite article), leaving out the ones
     * that are English words (elf, once, sept, cent, mil).
     */
    private static final Set<String> NUMBER_WORDS = WordSet.of(
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
            "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty", "thirty", "forty",
            "fifty", "sixty", "seventy", "eighty", "ninety", "hundred", "thousand", "million", "billion", "dozen",
            "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "zwölf", "zwanzig", "hundert",
            "tausend", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "doce", "veinte",
            "cien", "deux", "trois", "quatre", "cinq", "huit", "neuf", "dix", "onze", "douze", "vingt", "mille",
            // Italian, Portuguese, Dutch, Polish (not "due" or "sei", which are English and German words)
            "tre", "quattro", "cinque", "sette", "otto", "dieci", "cento", "dois", "duas", "três", "quatro", "nove",
            "dez", "twee", "drie", "vijf", "zes", "zeven", "negen", "tien", "honderd", "dwa", "dwie", "trzy", "cztery",
            "pięć", "sześć", "siedem", "osiem", "dziewięć", "dziesięć");

    private PromptFactsExtractor() {
    }

    /** Facts for a single-message request: the prompt is the only user turn and no max_tokens was asked for. */
    public static PromptFacts fromPrompt(String prompt) {
        return extract(List.of(ChatMessage.user(prompt)), null);
    }

    /** {@link #fromPrompt(String)} scored by another category model (cross-validation trains one per fold). */
    public static PromptFacts fromPrompt(String prompt, CategoryModel model) {
        return extract(List.of(ChatMessage.user(prompt)), null, model);
    }

    /**
     * Facts for a chat request.
     *
     * @param messages           the conversation in order; the last user message is the one being routed
     * @param requestedMaxTokens the request's max_tokens, or null when absent
     * @throws IllegalArgumentException when there is no user message or max_tokens is not positive
     */
    public static PromptFacts extract(List<ChatMessage> messages, Integer requestedMaxTokens) {
        return extract(messages, requestedMaxTokens, CategoryModel.bundled());
    }

    /** {@link #extract(List, Integer)} with the category score of {@code model} instead of the bundled one. */
    public static PromptFacts extract(List<ChatMessage> messages, Integer requestedMaxTokens, CategoryModel model) {
        int routed = lastUserIndex(messages);
        if (requestedMaxTokens != null && requestedMaxTokens < 1) {
            throw new IllegalArgumentException("max_tokens must be at least 1, but was " + requestedMaxTokens);
        }
        PromptFacts.Builder facts = new PromptFacts.Builder();
        describeMessage(messages.get(routed).content().strip(), facts);
        describeShapeAndScore(facts, model);
        describeConversation(messages, routed, facts);
        facts.requestedMaxTokens = requestedMaxTokens;
        return facts.build();
    }

    private static int lastUserIndex(List<ChatMessage> messages) {
        if (messages == null || messages.isEmpty()) {
            throw new IllegalArgumentException("messages must contain at least one user message, but was empty");
        }
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (ChatMessage.USER.equals(messages.get(i).role())) {
                return i;
            }
        }
        throw new IllegalArgumentException("messages must contain at least one user message, but roles were "
                + messages.stream().map(ChatMessage::role).toList());
    }

    private static void describeMessage(String text, PromptFacts.Builder facts) {
        facts.text = text;
        char[] lower = lowerCaseCollapsed(text);
        facts.lowerText = new String(lower);
        scanWords(lower, facts);
        facts.lineCount = lineCount(text);
        facts.question = isQuestion(text, facts.firstWord);
        facts.arithmetic = facts.numberCount > 0 && Arithmetic.in(facts.lowerText);
        facts.codeFence = CodeMarkers.hasFence(text);
        facts.codeKeywords = CodeKeywords.find(text);
        facts.codeSymbolCount = CodeMarkers.symbolCount(text);
        facts.stackTrace = CodeMarkers.hasStackTrace(text);
        facts.sql = CodeMarkers.hasSql(text, facts.lowerText);
        facts.namedError = CodeMarkers.hasNamedError(text);
    }

    /** How the message is put (language, question shape, quantities, ...) and the learned category score. */
    private static void describeShapeAndScore(PromptFacts.Builder facts, CategoryModel model) {
        facts.shape = MessageShape.describe(facts.text, facts.sequence);
        facts.scores = model.score(facts.text);
        facts.model = model;
    }

    /**
     * Lower case with every run of white space collapsed to one space, in one pass. A character outside the Basic
     * Multilingual Plane (a surrogate) hands the whole text to {@link #lowerCaseThenCollapsed}, which lower-cases by
     * code point first: the same result, in two passes.
     */
    private static char[] lowerCaseCollapsed(String text) {
        char[] collapsed = new char[text.length()];
        int n = 0;
        boolean inSpace = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Scan.isWhitespace(c)) {
                if (!inSpace) {
                    collapsed[n++] = ' ';
                }
                inSpace = true;
                continue;
            }
            if (c < 0x80) {
                collapsed[n++] = c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
            } else if (Character.isSurrogate(c) || Character.toLowerCase((int) c) > Character.MAX_VALUE) {
                return lowerCaseThenCollapsed(text).toCharArray();
            } else {
                collapsed[n++] = (char) Character.toLowerCase((int) c);
            }
            inSpace = false;
        }
        return n == collapsed.length ? collapsed : Arrays.copyOf(collapsed, n);
    }

    /** {@link Scan#lowerCase}, then runs of white space collapsed: two linear passes (a regex costs more per character). */
    private static String lowerCaseThenCollapsed(String text) {
        String lower = Scan.lowerCase(text);
        StringBuilder collapsed = new StringBuilder(lower.length());
        boolean inSpace = false;
        for (int i = 0; i < lower.length(); i++) {
            char c = lower.charAt(i);
            if (Character.isWhitespace(c)) {
                if (!inSpace) {
                    collapsed.append(' ');
                }
                inSpace = true;
            } else {
                collapsed.append(c);
                inSpace = false;
            }
        }
        return collapsed.toString();
    }

    /**
     * What {@code text.lines().count()} says (\n, \r and \r\n end a line; no empty last line), without a stream; a
     * text without '\r' is read by {@link String#indexOf(int, int)}, which skips along far faster than a loop.
     */
    static int lineCount(String text) {
        if (text.indexOf('\r') >= 0) {
            return lineCountWithReturns(text);
        }
        int lines = 0;
        int lineStart = 0;
        for (int feed = text.indexOf('\n'); feed >= 0; feed = text.indexOf('\n', feed + 1)) {
            lines++;
            lineStart = feed + 1;
        }
        return lineStart < text.length() ? lines + 1 : lines;
    }

    private static int lineCountWithReturns(String text) {
        int lines = 0;
        int lineStart = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    i++;
                }
                lines++;
                lineStart = i + 1;
            }
        }
        return lineStart < text.length() ? lines + 1 : lines;
    }

    /** "Who invented radio" is a question; "Have a nice weekend!" opens like one but ends as an exclamation. */
    private static boolean isQuestion(String text, String firstWord) {
        if (text.indexOf('?') >= 0) {
            return true;
        }
        return QUESTION_OPENERS.contains(firstWord) && !text.endsWith("!") && !text.endsWith(".");
    }

    /**
     * Words, their count and the numbers among them: digits (with . or ,) or a number word count as a number. Each
     * distinct word is asked once whether it is a number, and counts as often as it occurs.
     */
    private static void scanWords(char[] lower, PromptFacts.Builder facts) {
        MessageWords words = MessageWords.split(lower);
        String[] sequence = words.sequence();
        int numberCount = 0;
        for (int i = 0; i < words.size(); i++) {
            String word = words.word(i);
            if (!hasLetter(word) || NUMBER_WORDS.contains(word)) {
                numberCount += words.occurrences(i);
            }
        }
        facts.firstWord = sequence.length == 0 ? "" : sequence[0];
        facts.words = words;
        facts.sequence = sequence;
        facts.wordCount = sequence.length;
        facts.numberCount = numberCount;
    }

    /** The words of lower-case text in order: runs of letters or digits, where 3.5 and 1,000 are one word each. */
    static String[] wordSequence(String lower) {
        return MessageWords.split(lower).sequence();
    }

    private static boolean hasLetter(String word) {
        for (int i = 0; i < word.length(); i++) {
            if (MessageWords.isLetter(word.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    private static void describeConversation(List<ChatMessage> messages, int routed, PromptFacts.Builder facts) {
        int chars = 0;
        for (int i = 0; i < messages.size(); i++) {
            ChatMessage message = messages.get(i);
            chars += message.content().length();
            if (ChatMessage.USER.equals(message.role())) {
                facts.userTurns++;
            }
            if (!ChatMessage.SYSTEM.equals(message.role())) {
                facts.totalTurns++;
                if (i < routed && !facts.historyHasCode) {
                    facts.historyHasCode = CodeMarkers.looksLikeCode(message.content());
                }
            }
        }
        facts.conversationTokens = PromptFacts.approxTokens(chars);
    }
}
