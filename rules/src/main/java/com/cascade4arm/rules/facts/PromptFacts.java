package com.cascade4arm.rules.facts;

import com.cascade4arm.rules.score.CategoryModel;
import com.cascade4arm.rules.score.CategoryScores;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What the rules may know about a chat request: features of the last user message (the one being routed), its code markers,
 * how it is put (language, question shape, quantities, puzzles, code syntax), the learned category score, the
 * conversation around it and the request's limits. Immutable, getters only — the DRL contract in rules/design.md lists
 * them. Built by {@link PromptFactsExtractor}; serialized as JSON by the gateway's {@code POST /api/route}.
 */
@JsonPropertyOrder({"text", "charCount", "wordCount", "approxTokens", "lineCount", "firstWord", "question", "numberCount",
        "arithmetic", "codeFence", "codeKeywords", "codeKeywordCount", "codeSymbolCount", "stackTrace", "sql", "namedError",
        "codeSyntax", "codeSyntaxCount", "language", "personal", "questionShape", "lookupQuestion", "explainRequest",
        "quantityCount", "puzzlePattern", "givenTextTask", "topScoreCategory", "topScore", "factualScore", "everydayScore",
        "reasoningScore", "codeScore", "analysisScore", "largeScore", "scoreFeatures", "semanticLargeScore", "semanticNote",
        "userTurns", "totalTurns", "historyHasCode", "conversationTokens", "requestedMaxTokens", "words"})
public final class PromptFacts {

    /** Token estimate: one token per {@value} characters, rounded up (close for English BPE vocabularies such as Qwen's). */
    public static final int CHARS_PER_TOKEN = 4;
    /** Features listed in {@link #scoreFeatures()}. */
    public static final int EXPLAINED_FEATURES = 5;
    /** Scores are rounded to thousandths, so a rule compares the value /api/route shows. */
    private static final double SCORE_SCALE = 1_000;

    private final String text;
    private final String lowerText;
    private final Set<String> words;
    private final Phrases phrases;
    private final PatternMatches matchedPatterns;
    private final String firstWord;
    private final int charCount;
    private final int wordCount;
    private final int lineCount;
    private final boolean question;
    private final int numberCount;
    private final boolean arithmetic;
    private final boolean codeFence;
    private final Set<String> codeKeywords;
    private final int codeSymbolCount;
    private final boolean stackTrace;
    private final boolean sql;
    private final boolean namedError;
    private final int userTurns;
    private final int totalTurns;
    private final boolean historyHasCode;
    private final int conversationTokens;
    private final Integer requestedMaxTokens;
    private final MessageShape shape;
    private final CategoryScores scores;
    private final CategoryModel model;
    private final double semanticLargeScore;
    private final String semanticNote;
    /** The request offers tools or carries a tool-calling turn (set by the gateway from the whole request). */
    private final boolean hasTools;
    /** The request asks for a JSON answer ({@code response_format} json_object or json_schema). */
    private final boolean wantsJson;
    private volatile List<String> scoreFeatures;

    PromptFacts(Builder b) {
        this.text = b.text;
        this.lowerText = b.lowerText;
        this.words = Collections.unmodifiableSet(b.words);
        this.phrases = new Phrases(b.sequence, b.words);
        this.matchedPatterns = new PatternMatches(b.text);
        this.firstWord = b.firstWord;
        this.charCount = b.text.length();
        this.wordCount = b.wordCount;
        this.lineCount = b.lineCount;
        this.question = b.question;
        this.numberCount = b.numberCount;
        this.arithmetic = b.arithmetic;
        this.codeFence = b.codeFence;
        this.codeKeywords = Collections.unmodifiableSet(b.codeKeywords);
        this.codeSymbolCount = b.codeSymbolCount;
        this.stackTrace = b.stackTrace;
        this.sql = b.sql;
        this.namedError = b.namedError;
        this.userTurns = b.userTurns;
        this.totalTurns = b.totalTurns;
        this.historyHasCode = b.historyHasCode;
        this.conversationTokens = b.conversationTokens;
        this.requestedMaxTokens = b.requestedMaxTokens;
        this.shape = b.shape;
        this.scores = b.scores;
        this.model = b.model;
        this.semanticLargeScore = -1;
        this.semanticNote = "not computed";
        this.hasTools = false;
        this.wantsJson = false;
    }

    /**
     * A copy of {@code facts} with the semantic fact set (every other fact is shared: they are immutable); without
     * {@code indexes}, also without what only conditions read (lower-case text, word set, phrases, pattern matches).
     */
    private PromptFacts(PromptFacts facts, double semanticLargeScore, String semanticNote, boolean hasTools,
                        boolean wantsJson, boolean indexes) {
        this.hasTools = hasTools;
        this.wantsJson = wantsJson;
        this.text = facts.text;
        this.lowerText = indexes ? facts.lowerText : null;
        this.words = indexes ? facts.words : Set.of();
        this.phrases = indexes ? facts.phrases : null;
        this.matchedPatterns = indexes ? facts.matchedPatterns : null;
        this.firstWord = facts.firstWord;
        this.charCount = facts.charCount;
        this.wordCount = facts.wordCount;
        this.lineCount = facts.lineCount;
        this.question = facts.question;
        this.numberCount = facts.numberCount;
        this.arithmetic = facts.arithmetic;
        this.codeFence = facts.codeFence;
        this.codeKeywords = facts.codeKeywords;
        this.codeSymbolCount = facts.codeSymbolCount;
        this.stackTrace = facts.stackTrace;
        this.sql = facts.sql;
        this.namedError = facts.namedError;
        this.userTurns = facts.userTurns;
        this.totalTurns = facts.totalTurns;
        this.historyHasCode = facts.historyHasCode;
        this.conversationTokens = facts.conversationTokens;
        this.requestedMaxTokens = facts.requestedMaxTokens;
        this.shape = facts.shape;
        this.scores = facts.scores;
        this.model = facts.model;
        this.scoreFeatures = facts.scoreFeatures;
        this.semanticLargeScore = semanticLargeScore < 0 ? -1 : rounded(semanticLargeScore);
        this.semanticNote = semanticNote;
    }

    /**
     * These facts with the semantic fact (rules.semantic.SemanticFact computes it): {@code largeScore} in 0..1, or
     * negative when it was not computed, and a note saying how it was found or why not (for /api/route).
     */
    public PromptFacts withSemantic(double largeScore, String note) {
        if (largeScore > 1 || Double.isNaN(largeScore)) {
            throw new IllegalArgumentException("largeScore must be at most 1 (negative: not computed), but was "
                    + largeScore);
        }
        return new PromptFacts(this, largeScore, java.util.Objects.requireNonNull(note), hasTools, wantsJson, true);
    }

    /** These facts with what the whole request asks for beyond its text: tools, a JSON answer. */
    public PromptFacts withRequest(boolean requestHasTools, boolean requestWantsJson) {
        return new PromptFacts(this, semanticLargeScore, semanticNote, requestHasTools, requestWantsJson, true);
    }

    /**
     * These facts as an explanation keeps them until it is shown (the request log holds one per row, rendered only if
     * read): every fact JSON shows, without the lower-case text, the word set (empty), the phrases and the pattern
     * matches, which only conditions read. A row held the whole word index before: most of what young collections copied.
     */
    public PromptFacts forExplanation() {
        return new PromptFacts(this, semanticLargeScore, semanticNote, hasTools, wantsJson, false);
    }

    /** Rules read it as {@code hasTools}: the request offers tools or continues a tool-calling exchange. */
    public boolean isHasTools() {
        return hasTools;
    }

    /** Rules read it as {@code wantsJson}: the answer must be JSON (response_format). */
    public boolean isWantsJson() {
        return wantsJson;
    }

    static int approxTokens(int chars) {
        return (chars + CHARS_PER_TOKEN - 1) / CHARS_PER_TOKEN;
    }

    /** The last user message, trimmed: the message being routed. */
    public String getText() {
        return text;
    }

    /** {@link #getText()} in lower case with runs of white space collapsed to one space: for {@code contains "step by step"}. */
    @JsonIgnore
    public String getLowerText() {
        return lowerText;
    }

    /** Distinct lower-case words (runs of letters and digits) of the message: for {@code words contains "why"}. */
    public Set<String> getWords() {
        return words;
    }

    /**
     * The words in order, for phrases: {@code phrases contains "step by step"} when those words follow one another
     * (punctuation between them does not matter). Cheaper than {@code lowerText contains} on long prompts; not in JSON.
     */
    @JsonIgnore
    public Phrases getPhrases() {
        return phrases;
    }

    /**
     * Regular expressions found in {@link #getText()}: {@code matchedPatterns contains "(?i)^how (do|can) i\\b"} when
     * the pattern (RE2 syntax: linear time on any text) occurs in the message. The DRL replacement for {@code matches},
     * which java.util.regex evaluates by backtracking; not in JSON.
     */
    @JsonIgnore
    public PatternMatches getMatchedPatterns() {
        return matchedPatterns;
    }

    /** The first word in lower case, "" for a message without words: for {@code firstWord in ("hi", "hello")}. */
    public String getFirstWord() {
        return firstWord;
    }

    public int getCharCount() {
        return charCount;
    }

    public int getWordCount() {
        return wordCount;
    }

    /** Approximate tokens: characters / {@value #CHARS_PER_TOKEN}, rounded up. */
    public int getApproxTokens() {
        return approxTokens(charCount);
    }

    public int getLineCount() {
        return lineCount;
    }

    /**
     * Question form: the message contains '?', or opens with an interrogative or auxiliary verb (what, how, is, can, ...)
     * and does not end with '.' or '!'.
     */
    public boolean isQuestion() {
        return question;
    }

    /** Numbers: runs of digits (12, 3.5 and 1,000 count once each) and number words (three, twenty, hundred, dozen). */
    public int getNumberCount() {
        return numberCount;
    }

    /** An arithmetic expression: digits around an operator, such as {@code 12 * 7} or {@code 3x + 5 = 20}. */
    public boolean isArithmetic() {
        return arithmetic;
    }

    /** A fenced code block (``` or ~~~). */
    public boolean isCodeFence() {
        return codeFence;
    }

    /** Language keywords found in their syntactic place, by marker name: def, class, function, fn, return, #include, ... */
    public Set<String> getCodeKeywords() {
        return codeKeywords;
    }

    public int getCodeKeywordCount() {
        return codeKeywords.size();
    }

    /** Count of code symbols: { } ; and two-character operators such as => == != -> :: &amp;&amp; ||. */
    public int getCodeSymbolCount() {
        return codeSymbolCount;
    }

    /** A stack trace or traceback (Java, Python, JavaScript, Go, Rust). */
    public boolean isStackTrace() {
        return stackTrace;
    }

    /** SQL such as SELECT ... FROM, INSERT INTO, UPDATE ... SET, CREATE TABLE, JOIN. */
    public boolean isSql() {
        return sql;
    }

    /** Names an exception or error type, such as NullPointerException or TypeError. */
    public boolean isNamedError() {
        return namedError;
    }

    /** User messages in the conversation, the routed one included. */
    public int getUserTurns() {
        return userTurns;
    }

    /** All messages except system messages, the routed one included. */
    public int getTotalTurns() {
        return totalTurns;
    }

    /** Whether a message before the routed one (user or assistant) contains code. */
    public boolean isHistoryHasCode() {
        return historyHasCode;
    }

    /** Approximate tokens of all messages, system messages included: the context the model must read. */
    public int getConversationTokens() {
        return conversationTokens;
    }

    /** The request's max_tokens, or null when the client did not ask for a limit. */
    public Integer getRequestedMaxTokens() {
        return requestedMaxTokens;
    }

    /** Kinds of code syntax outside a fence: bare condition, update, assignment, call, index, identifier. */
    public Set<String> getCodeSyntax() {
        return shape.codeSyntax();
    }

    public int getCodeSyntaxCount() {
        return shape.codeSyntax().size();
    }

    /** The message's language: "en", "de", "es", "fr", or "unknown". */
    public String getLanguage() {
        return shape.language();
    }

    /** First- or second-person words (I, my, you; ich, du; yo, mi; je, vous): about the writer, not the world. */
    public boolean isPersonal() {
        return shape.personal();
    }

    /** who, when, where, which, what, how, how-many, why, yes-no, stands-for — or "" when the message asks nothing. */
    public String getQuestionShape() {
        return shape.questionShape();
    }

    /** A who/when/where/stands-for question not built on a modal or "do": it looks up a name, date, place or expansion. */
    public boolean isLookupQuestion() {
        return shape.lookupQuestion();
    }

    /** Asks for an explanation, a justification or the steps, in any of the four languages (not "explain to my boss"). */
    public boolean isExplainRequest() {
        return shape.explainRequest();
    }

    /** Numbers with a unit or currency ("2 h", "340 km", "$3"), and clock times ("9:40"). */
    public int getQuantityCount() {
        return shape.quantityCount();
    }

    /** syllogism, comparison chain, truth and lies, number sequence — or "" when no puzzle shape is found. */
    public String getPuzzlePattern() {
        return shape.puzzlePattern();
    }

    /**
     * summarize, translate, rewrite or extract — when the message hands over a text (after a short instruction and a
     * colon, a line break or a quote, or before an instruction on the last line) and asks to transform it; "" otherwise.
     */
    public String getGivenTextTask() {
        return shape.givenTextTask();
    }

    /** The category the learned score finds most likely. */
    public String getTopScoreCategory() {
        return scores.top();
    }

    /** The learned score's probability for {@link #getTopScoreCategory()}. */
    public double getTopScore() {
        return rounded(scores.topProbability());
    }

    /** The learned score's probability (0..1) that the message is a factual question; the five scores sum to 1. */
    public double getFactualScore() {
        return rounded(scores.probability("factual"));
    }

    public double getEverydayScore() {
        return rounded(scores.probability("everyday"));
    }

    public double getReasoningScore() {
        return rounded(scores.probability("reasoning"));
    }

    public double getCodeScore() {
        return rounded(scores.probability("code"));
    }

    public double getAnalysisScore() {
        return rounded(scores.probability("analysis"));
    }

    /**
     * The learned score's probability (0..1) that the message needs the large model: its reasoning, code and analysis
     * scores together. The top category can be a small one at 0.35 while the three large ones share 0.65.
     */
    public double getLargeScore() {
        return rounded(scores.probability("reasoning") + scores.probability("code") + scores.probability("analysis"));
    }

    /**
     * The features that pulled the score most towards {@link #getTopScoreCategory()}, strongest first, each as
     * {@code "word:warum +0.138"}: the score's explanation, for /api/route. Computed on first call (a second pass over
     * the message), so routing alone never pays for it. Not a rule property (no getter name).
     */
    @JsonProperty("scoreFeatures")
    public List<String> scoreFeatures() {
        List<String> features = scoreFeatures;
        if (features == null) {
            features = model.explain(text, scores.top(), EXPLAINED_FEATURES).stream()
                    .map(f -> String.format(Locale.ROOT, "%s %+.3f", f.feature(), f.weight())).toList();
            scoreFeatures = features;
        }
        return features;
    }

    /**
     * The semantic head's probability (0..1) that the message needs the large model, from its sentence embedding; -1
     * when it was not computed (the fact is off, the learned score was confident, or the embedding missed its time
     * budget), so a rule reading {@code semanticLargeScore >= 0.8} stays silent then.
     */
    public double getSemanticLargeScore() {
        return semanticLargeScore;
    }

    /**
     * How the semantic fact was found ("embedded in 9.4 ms") or why it is -1 ("off", "not needed: the learned score
     * is confident (0.912)", "left out: not ready within its 50 ms budget"): for /api/route. Not a rule property.
     */
    @JsonProperty("semanticNote")
    public String semanticNote() {
        return semanticNote;
    }

    private static double rounded(double probability) {
        return Math.round(probability * SCORE_SCALE) / SCORE_SCALE;
    }

    @Override
    public String toString() {
        return "PromptFacts{approxTokens=" + getApproxTokens() + ", words=" + wordCount + ", question=" + question
                + ", codeFence=" + codeFence + ", codeKeywords=" + codeKeywords + ", codeSymbols=" + codeSymbolCount
                + ", stackTrace=" + stackTrace + ", sql=" + sql + ", namedError=" + namedError + ", userTurns=" + userTurns
                + ", historyHasCode=" + historyHasCode + ", requestedMaxTokens=" + requestedMaxTokens + ", " + shape
                + ", " + scores + ", semanticLargeScore=" + semanticLargeScore + "}";
    }

    /** Mutable collector used by the extractor; the facts themselves stay immutable. */
    static final class Builder {
        String text = "";
        String lowerText = "";
        Set<String> words = Set.of();
        String[] sequence = new String[0];
        String firstWord = "";
        int wordCount;
        int lineCount;
        boolean question;
        int numberCount;
        boolean arithmetic;
        boolean codeFence;
        Set<String> codeKeywords = Set.of();
        int codeSymbolCount;
        boolean stackTrace;
        boolean sql;
        boolean namedError;
        int userTurns;
        int totalTurns;
        boolean historyHasCode;
        int conversationTokens;
        Integer requestedMaxTokens;
        MessageShape shape = MessageShape.EMPTY;
        CategoryScores scores;
        CategoryModel model;

        PromptFacts build() {
            return new PromptFacts(this);
        }
    }
}
