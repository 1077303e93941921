package com.cascade4arm.rules.facts;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether a message hands over a text and asks for a transformation of it — summarize, translate, rewrite, extract or
 * list — which is easy however long the text: the answer is in the text (issue 32, "task, not vocabulary"). The shape,
 * not the topic: a short instruction, then a colon, a question mark, a line break or an opening quote, then at least
 * {@value #MIN_BODY_WORDS} words ("Summarize in one sentence: The city council met..."); or the text first and the
 * instruction on its own last line ("...\n\nTranslate this into German."). Instruction verbs in English, German,
 * Spanish, French, Italian, Portuguese, Dutch and Polish (stems catch inflections: riassumi, riassumere; tradúceme,
 * traduis, traduza); a question to answer from the text ("Based on this email, what time is the meeting? ...") is an
 * extraction. One forward pass over the head and the last line.
 */
final class GivenTextTasks {

    /** The text handed over is at least this many words: "Translate: hello" is a lookup, not a text to work on. */
    static final int MIN_BODY_WORDS = 12;
    /** The instruction before the text is short... */
    private static final int MAX_INSTRUCTION_WORDS = 20;
    /** ...and starts within this many characters. */
    private static final int MAX_INSTRUCTION_CHARS = 200;

    /** Stems by task, in match order. */
    private static final Map<String, List<String>> STEMS = Map.of(
            "summarize", List.of("summar", "tldr", "zusammenfass", "zusammen", "resum", "résum", "riassum", "riassunt",
                    "sintetiz", "samenvat", "samen", "podsumuj", "streść", "streszcz", "condense",
                    // sv, da, cs, ro, fi, tr: sammanfatta, opsummér, shrň, rezumă, tiivistä, özetle
                    "sammanfatt", "opsummer", "shrň", "shrn", "rezum", "tiivist", "özet"),
            "translate", List.of("translat", "übersetz", "tradu", "tradú", "vertaal", "przetłumacz", "tłumacz", "översätt",
                    "přelož", "çevir"),
            "rewrite", List.of("rewrite", "rephrase", "reword", "paraphras", "proofread", "polish", "shorten",
                    "simplif", "grammar", "umschreib", "umformulier", "formulier", "kürz", "vereinfach", "korrigier",
                    "grammatik", "reescrib", "reescrev", "reformul", "corrig", "simplific", "gramátic", "gramatic",
                    "grammaire", "riscriv", "riformul", "correggi", "semplific", "grammatic", "herschrijf", "herformul",
                    "verbeter", "vereenvoudig", "przepisz", "przeredaguj", "popraw", "uprość", "gramaty", "formal",
                    "formel", "formeel", "formuler", "inkort", "polite", "höflich", "educad", "cortes",
                    "beleefd", "uprzejm",
                    // cs and fr, fresh set 7: přepiš to zdvořileji, rends ce message plus poli
                    "přepiš", "přepsat", "zdvořil", "poli",
                    // shorter, in every language the rulebook reads: korter maken, kürzer, plus court, más corto, ...
                    "shorter", "korter", "kürzer", "court", "corto", "breve", "curto", "krócej", "krótsz", "kortare",
                    "kortere", "kratš", "scurt", "lyhye", "kısalt"),
            "extract", List.of("extract", "extrahier", "extrae", "extrai", "estrai", "pull", "haal", "wyodrębnij",
                    "wypisz", "bullet", "puces", "stichpunkt", "aufzählung", "viñeta", "elenco", "tópicos", "opsomming",
                    "punktach", "wypunktuj", "list", "liste", "lista", "lijst", "listę", "table", "tabelle", "tabla",
                    "tabella", "tabela", "tabel", "tabelę",
                    // a question answered from the text: "Based on this email, what time is the meeting?"
                    "according", "based", "laut", "según", "secondo", "volgens", "według"));
    private static final List<String> ORDER = List.of("summarize", "translate", "rewrite", "extract");
    /** Words a stem would catch by mistake. */
    private static final Set<String> NOT_INSTRUCTIONS = Set.of("listen", "listening", "pulled", "tableau", "polished",
            "samenwerking");
    /**
     * A CV: "here is my resume:" hands over a CV to judge, not a text to shorten. After a determiner these are nouns;
     * elsewhere "resume"/"résumé" is the Spanish, Portuguese or French imperative ("resume esto en una frase: ...").
     */
    private static final Set<String> CV_NOUNS = Set.of("resume", "resumes", "résumé", "résumés", "resumé", "cv");
    private static final Set<String> DETERMINERS = Set.of("my", "your", "his", "her", "our", "their", "the", "a", "this",
            "that", "mein", "meinen", "meinem", "mon", "ton", "son", "votre", "notre", "le", "un", "mi", "tu", "su",
            "el", "il", "mio", "meu", "o", "mijn", "het", "mój", "moje");

    /**
     * Who, when, where, which — and what time — in the 14 languages: a short question opening with one of them, then a
     * pasted text (in quotes or on its own lines) several times longer, asks for something the text says ("o której jest to spotkanie? \"Cześć, ...\"",
     * "Who is the sender angry with? \"...\""). What, why and how are left out: they ask for a judgement or an
     * explanation as often.
     */
    private static final Set<String> LOOKUP_OPENERS = Set.of("who", "whom", "when", "where", "which", "wer", "wen",
            "wem", "wann", "wo", "welche", "welcher", "welches", "quién", "quiénes", "cuándo", "dónde", "cuál", "qui",
            "quand", "où", "quel", "quelle", "quels", "quelles", "chi", "quando", "dove", "quale", "quali", "quem",
            "onde", "qual", "quais", "wie", "wanneer", "waar", "welke", "kto", "kiedy", "gdzie", "który", "która",
            "które", "której", "którym", "vem", "när", "vilken", "vilket", "vilka", "hvem", "hvornår", "hvilken",
            "hvilket", "kdo", "kdy", "kde", "který", "která", "cine", "când", "unde", "kuka", "milloin", "missä", "kim",
            "hangi", "nerede", "ne");
    /** Words that open a time question: "what time", "a qué hora", "à quelle heure", "o której", "hoe laat". */
    private static final Set<String> TIME_OPENERS = Set.of("what", "a", "à", "um", "o", "hoe", "em", "at", "in");
    /** The question is at most this many words... */
    private static final int MAX_QUESTION_WORDS = 12;
    /** ...and the text after it at least this many times longer. */
    private static final int QUESTION_TO_TEXT = 3;

    private GivenTextTasks() {
    }

    /** "summarize", "translate", "rewrite", "extract" — or "" when the message hands over no text to transform. */
    static String of(String text) {
        int bodyStart = bodyStart(text);
        if (bodyStart > 0) {
            String[] instruction = words(text.substring(0, bodyStart));
            if (instruction.length <= MAX_INSTRUCTION_WORDS
                    && words(text.substring(bodyStart + 1)).length >= MIN_BODY_WORDS) {
                String task = taskIn(instruction);
                if (!task.isEmpty()) {
                    return task;
                }
                if (text.charAt(bodyStart) == '?' && pastedAfter(text, bodyStart + 1) && asksWhatTheTextSays(instruction,
                        words(text.substring(bodyStart + 1)).length)) {
                    return "extract";
                }
            }
        }
        int lastLine = text.lastIndexOf('\n');
        if (lastLine > 0) {
            String[] instruction = words(text.substring(lastLine + 1));
            if (instruction.length <= MAX_INSTRUCTION_WORDS
                    && words(text.substring(0, lastLine)).length >= MIN_BODY_WORDS) {
                return taskIn(instruction);
            }
        }
        return "";
    }

    /** Where the handed-over text starts: the first ':' (not in 9:40), '?', line break or opening quote near the start. */
    private static int bodyStart(String text) {
        int limit = Math.min(text.length() - 1, MAX_INSTRUCTION_CHARS);
        for (int i = 1; i < limit; i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '"' || c == '“' || c == '«' || c == '„' || c == '?'
                    || c == '\'' && Character.isWhitespace(text.charAt(i - 1))
                    || c == ':' && !(Character.isDigit(text.charAt(i - 1)) && Character.isDigit(text.charAt(i + 1)))) {
                return i;
            }
        }
        return -1;
    }

    /** The text after the question is pasted: it opens with a quote or on a new line ("Who is lying? Amy says" is not). */
    private static boolean pastedAfter(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '"' || c == '“' || c == '«' || c == '„' || c == '\'') {
                return true;
            }
            if (!Character.isWhitespace(c)) {
                return false;
            }
        }
        return false;
    }

    /** A short who/when/where/which or what-time question, then a text {@value #QUESTION_TO_TEXT} times longer. */
    private static boolean asksWhatTheTextSays(String[] question, int textWords) {
        if (question.length == 0 || question.length > MAX_QUESTION_WORDS
                || textWords < QUESTION_TO_TEXT * question.length) {
            return false;
        }
        return LOOKUP_OPENERS.contains(question[0]) || question.length > 1 && TIME_OPENERS.contains(question[0])
                && (LOOKUP_OPENERS.contains(question[1]) || question[1].equals("time") || question[1].equals("hora")
                    || question[1].equals("heure") || question[1].equals("laat") || question[1].equals("ora")
                    || question[1].equals("wie") || question[1].equals("que") || question[1].equals("che"));
    }

    private static String[] words(String text) {
        return PromptFactsExtractor.wordSequence(Scan.lowerCase(text));
    }

    private static String taskIn(String[] instruction) {
        for (String task : ORDER) {
            for (int i = 0; i < instruction.length; i++) {
                String word = instruction[i];
                if (NOT_INSTRUCTIONS.contains(word)
                        || CV_NOUNS.contains(word) && (i == instruction.length - 1 || i > 0
                            && DETERMINERS.contains(instruction[i - 1]))) {
                    continue;
                }
                for (String stem : STEMS.get(task)) {
                    if (word.startsWith(stem)) {
                        return task;
                    }
                }
            }
        }
        return "";
    }
}
