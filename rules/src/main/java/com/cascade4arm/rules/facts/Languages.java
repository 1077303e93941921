package com.cascade4arm.rules.facts;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which of English, German, Spanish and French a message is written in, by counting each language's function words
 * and its letters (ß, ñ, ç, ...), and whether it speaks about the writer or the reader (personal pronouns of that
 * language). Words that two languages share ("die", "la", "que") count for neither. Linear: one look-up per word.
 */
final class Languages {

    static final String UNKNOWN = "unknown";
    /** Enough words to tell the language; the rest of a long prompt changes nothing. */
    static final int MAX_WORDS = 400;
    /** Enough characters to count accented letters. */
    static final int MAX_CHARS = 2_000;

    /** The languages in the order of their index (votes, {@link WordRoles} bits). */
    static final List<String> ORDER = List.of("en", "de", "es", "fr");

    /** Function word → index of its language in {@link #ORDER}; read through {@link WordRoles}. */
    static final Map<String, Integer> FUNCTION_WORDS = byLanguageIndex(Map.of(
            "en", WordSet.of("the", "is", "are", "was", "were", "be", "been", "what", "who", "when", "where", "which", "why",
                    "how", "and", "or", "of", "to", "on", "for", "with", "do", "does", "did", "you", "i", "my", "it",
                    "this", "that", "these", "those", "can", "could", "would", "should", "please", "there", "have", "has",
                    "had", "if", "not", "from", "about", "your", "we", "our", "at", "by", "but", "than", "then", "hi",
                    "hello", "hey", "thanks", "thank", "good", "any", "some", "write", "give", "tell", "make", "help"),
            "de", WordSet.of("der", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "und", "oder",
                    "ist", "sind", "war", "waren", "wird", "wurde", "wurden", "nicht", "ich", "du", "er", "sie", "wir",
                    "mich", "mir", "mein", "meine", "meinem", "meinen", "dein", "dich", "dir", "uns", "wer", "wie", "wo",
                    "wann", "warum", "wieso", "welche", "welcher", "welches", "mit", "für", "auf", "zu", "zum", "zur",
                    "im", "vom", "beim", "aus", "von", "über", "bei", "nach", "auch", "noch", "schon", "bitte", "danke",
                    "hallo", "kann", "können", "soll", "sollte", "muss", "gibt", "haben", "mal", "diese", "dieser",
                    "kein", "keine", "sich", "wenn", "dass", "weil", "aber", "sehr", "viel", "viele", "heute", "ja",
                    "nein", "schreib", "gib", "sag", "mach", "erkläre", "gute", "guten"),
            "es", WordSet.of("el", "los", "las", "es", "son", "está", "están", "fue", "era", "una", "unos", "unas", "y",
                    "del", "al", "por", "para", "con", "sin", "qué", "quién", "quiénes", "cuál", "cuáles", "cuándo",
                    "cuánto", "cuántos", "cuántas", "dónde", "cómo", "porque", "pero", "mi", "mis", "yo", "nos", "lo",
                    "le", "les", "muy", "más", "hay", "este", "esta", "esto", "ese", "esa", "hola", "gracias", "buenos",
                    "buenas", "también", "cuando", "donde", "como", "dime", "puedes", "quiero", "tengo", "hace", "sobre",
                    "entre", "desde", "hasta", "todos", "algunos", "escribe", "dame", "haz"),
            "fr", WordSet.of("le", "les", "l", "une", "des", "du", "au", "aux", "et", "ou", "est", "sont", "était", "être",
                    "avec", "pour", "dans", "sur", "par", "pas", "ne", "n", "qui", "quoi", "qu", "quel", "quelle",
                    "quels", "quelles", "pourquoi", "comment", "quand", "où", "combien", "je", "j", "il", "elle", "ils",
                    "elles", "nous", "vous", "mon", "ma", "ton", "ta", "ce", "cette", "ces", "c", "d", "bonjour", "salut",
                    "merci", "bonsoir", "très", "plus", "aussi", "faut", "peux", "peut", "veux", "moi", "toi", "chez",
                    "sans", "sous", "depuis", "écris", "donne", "fais")));

    /**
     * First- and second-person words ("I", "my", "you"; "ich", "mein"; "puedo", "mi"; "je", "mon", "vous"); read
     * through {@link WordRoles}.
     */
    static final Map<String, Set<String>> PERSONAL = WordMap.copyOf(Map.of(
            "en", WordSet.of("i", "me", "my", "mine", "myself", "you", "your", "yours", "yourself", "we", "us", "our", "ours"),
            "de", WordSet.of("ich", "mich", "mir", "mein", "meine", "meinem", "meinen", "meiner", "meines", "du", "dich",
                    "dir", "dein", "deine", "deinem", "deinen", "deiner", "wir", "uns", "unser", "unsere", "unserem",
                    "unseren", "unserer", "euch", "euer", "eure"),
            "es", WordSet.of("yo", "me", "mi", "mis", "mío", "mía", "conmigo", "tú", "tu", "tus", "te", "ti", "contigo",
                    "nosotros", "nosotras", "nos", "nuestro", "nuestra", "nuestros", "nuestras", "vosotros", "os",
                    "usted", "ustedes", "puedo", "tengo", "quiero", "necesito", "debo", "estoy", "soy", "puedes",
                    "tienes", "quieres"),
            "fr", WordSet.of("je", "j", "me", "m", "moi", "mon", "ma", "mes", "tu", "te", "toi", "ton", "ta", "tes", "nous",
                    "notre", "nos", "vous", "votre", "vos")));

    private Languages() {
    }

    /**
     * "en", "de", "es", "fr", or "unknown" when no word or letter points to any of them.
     *
     * @param roles  the {@link WordRoles} of the message's words
     * @param traits the {@link TextTraits} of {@code text}
     */
    static String detect(String text, int[] roles, int traits) {
        int[] votes = new int[ORDER.size()];
        for (int i = 0; i < Math.min(roles.length, MAX_WORDS); i++) {
            int functionWord = roles[i] & WordRoles.FUNCTION_WORDS; // one language's bit at most
            if (functionWord != 0) {
                votes[Integer.numberOfTrailingZeros(functionWord)]++;
            }
        }
        int letters = (traits & TextTraits.NON_ASCII) != 0 ? Math.min(text.length(), MAX_CHARS) : 0;
        for (int i = 0; i < letters; i++) {
            char c = text.charAt(i);
            int language = c < 0x80 ? -1 : letterLanguage(c); // no ASCII letter is a language's own
            if (language >= 0) {
                votes[language]++;
            }
        }
        int best = 0;
        for (int language = 1; language < votes.length; language++) {
            if (votes[language] > votes[best]) {
                best = language;
            }
        }
        return votes[best] == 0 ? UNKNOWN : ORDER.get(best);
    }

    /** Whether a word speaks of the writer or the reader, in the message's language (English when unknown). */
    static boolean personal(String language, int[] roles) {
        int pronoun = WordRoles.PERSONAL << Math.max(0, ORDER.indexOf(language));
        for (int role : roles) {
            if ((role & pronoun) != 0) {
                return true;
            }
        }
        return false;
    }

    /** Index in {@link #ORDER} of the language a letter belongs to, or -1 (é is Spanish and French alike). */
    private static int letterLanguage(char c) {
        return switch (Character.toLowerCase(c)) {
            case 'ß', 'ä', 'ö', 'ü' -> 1;
            case 'ñ', '¿', '¡', 'á', 'í', 'ó', 'ú' -> 2;
            case 'è', 'ê', 'à', 'ç', 'ù', 'â', 'î', 'ô', 'û', 'œ', 'ë', 'ï' -> 3;
            default -> -1;
        };
    }

    /** Word → index of its language in {@link #ORDER}; a word two languages share votes for neither, so is left out. */
    private static Map<String, Integer> byLanguageIndex(Map<String, Set<String>> byLanguage) {
        Map<String, Integer> languagesPerWord = new HashMap<>();
        byLanguage.values().forEach(words -> words.forEach(word -> languagesPerWord.merge(word, 1, Integer::sum)));
        Map<String, Integer> index = new HashMap<>();
        byLanguage.forEach((language, words) -> words.stream().filter(word -> languagesPerWord.get(word) == 1)
                .forEach(word -> index.put(word, ORDER.indexOf(language))));
        return WordMap.copyOf(index);
    }
}
