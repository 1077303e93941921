package com.cascade4arm.rules.facts;

import java.util.Map;
import java.util.Set;

/**
 * What a message's question asks for, in English, German, Spanish or French: who, when, where, which, what, how,
 * how-many, why, why-not (a suggestion), yes-no, stands-for (an abbreviation), or "" when it asks nothing. Read from
 * the question sentence — the one before the last '?', else the last one — by its lead word after fillers ("quick
 * one:", "and") and prepositions ("In which year" is "when"). A lookup is a who/when/where/stands-for question not
 * built on a modal or "do" ("Who invented radio?", not "When should I use it?"), or a which/what-question about a
 * company, person, country, city or language: it asks for a name, a date, a place or an expansion.
 */
final class QuestionShapes {

    /** The question is read from at most this many words of its sentence. */
    private static final int MAX_SENTENCE_WORDS = 60;

    private static final Map<String, String> LEAD_WORDS = WordMap.copyOf(Map.ofEntries(
            Map.entry("who", "who"), Map.entry("whom", "who"), Map.entry("whose", "who"), Map.entry("wer", "who"),
            Map.entry("wem", "who"), Map.entry("wen", "who"), Map.entry("wessen", "who"), Map.entry("quién", "who"),
            Map.entry("quiénes", "who"), Map.entry("qui", "who"),
            Map.entry("when", "when"), Map.entry("wann", "when"), Map.entry("cuándo", "when"), Map.entry("quand", "when"),
            Map.entry("where", "where"), Map.entry("wo", "where"), Map.entry("wohin", "where"), Map.entry("woher", "where"),
            Map.entry("dónde", "where"), Map.entry("adónde", "where"), Map.entry("où", "where"),
            Map.entry("which", "which"), Map.entry("welche", "which"), Map.entry("welcher", "which"),
            Map.entry("welches", "which"), Map.entry("welchem", "which"), Map.entry("welchen", "which"),
            Map.entry("cuál", "which"), Map.entry("cuáles", "which"), Map.entry("quel", "which"),
            Map.entry("quelle", "which"), Map.entry("quels", "which"), Map.entry("quelles", "which"),
            Map.entry("what", "what"), Map.entry("qué", "what"), Map.entry("quoi", "what"), Map.entry("qu", "what"),
            Map.entry("que", "what"), Map.entry("wofür", "what"), Map.entry("wozu", "what"),
            Map.entry("how", "how"), Map.entry("wie", "how"), Map.entry("cómo", "how"), Map.entry("comment", "how"),
            Map.entry("combien", "how-many"), Map.entry("cuánto", "how-many"), Map.entry("cuántos", "how-many"),
            Map.entry("cuánta", "how-many"), Map.entry("cuántas", "how-many"), Map.entry("wieviel", "how-many"),
            Map.entry("wieviele", "how-many"),
            Map.entry("why", "why"), Map.entry("warum", "why"), Map.entry("wieso", "why"), Map.entry("weshalb", "why"),
            Map.entry("pourquoi", "why"), Map.entry("porqué", "why"),
            // Italian, Portuguese, Dutch, Polish ("wie" stays German "how"; Dutch "wie" is "who")
            Map.entry("chi", "who"), Map.entry("quem", "who"), Map.entry("kto", "who"),
            Map.entry("quando", "when"), Map.entry("wanneer", "when"), Map.entry("kiedy", "when"),
            Map.entry("dove", "where"), Map.entry("onde", "where"), Map.entry("waar", "where"), Map.entry("gdzie", "where"),
            Map.entry("quale", "which"), Map.entry("quali", "which"), Map.entry("qual", "which"),
            Map.entry("quais", "which"), Map.entry("welke", "which"), Map.entry("welk", "which"),
            Map.entry("który", "which"), Map.entry("która", "which"), Map.entry("które", "which"),
            Map.entry("jaki", "which"), Map.entry("jaka", "which"), Map.entry("jakie", "which"),
            Map.entry("cosa", "what"), Map.entry("wat", "what"), Map.entry("co", "what"),
            Map.entry("hoe", "how"), Map.entry("jak", "how"), Map.entry("como", "how"),
            Map.entry("quanti", "how-many"), Map.entry("quante", "how-many"), Map.entry("quanto", "how-many"),
            Map.entry("quanta", "how-many"), Map.entry("quantos", "how-many"), Map.entry("quantas", "how-many"),
            Map.entry("hoeveel", "how-many"), Map.entry("ile", "how-many"),
            Map.entry("perché", "why"), Map.entry("perchè", "why"), Map.entry("porque", "why"),
            Map.entry("waarom", "why"), Map.entry("dlaczego", "why"), Map.entry("czemu", "why"),
            // Czech, Danish, Swedish, Finnish, Turkish ("de ce", Romanian, is read like "por qué")
            Map.entry("proč", "why"), Map.entry("hvorfor", "why"), Map.entry("varför", "why"), Map.entry("miksi", "why"),
            Map.entry("neden", "why"), Map.entry("niçin", "why")));

    /** German "was" is "what"; English "was" opens a yes-no question. */
    private static final Set<String> YES_NO_LEADS = WordSet.of("is", "are", "was", "were", "do", "does", "did", "can",
            "could", "has", "have", "had", "will", "would", "should", "shall", "may", "might", "must", "am", "ist", "sind",
            "war", "waren", "hat", "haben", "hatte", "kann", "können", "könnte", "gibt", "wird", "werden", "sollte",
            "soll", "muss", "darf", "lohnt", "stimmt", "bin", "bist", "es", "son", "está", "están", "hay", "fue", "era",
            "puede", "tiene", "vale", "existe", "est", "sont", "peut", "faut");
    private static final Set<String> FILLERS = WordSet.of("and", "so", "but", "ok", "okay", "also", "quick", "question",
            "und", "y", "pero", "pues", "bueno", "et", "mais", "alors", "bon");
    private static final Set<String> PREPOSITIONS = WordSet.of("in", "at", "on", "from", "to", "for", "by", "of", "im",
            "seit", "bis", "für", "von", "en", "desde", "hasta", "para", "de", "a", "à", "depuis", "pour", "dans");
    private static final Set<String> YEAR_WORDS = WordSet.of("year", "jahr", "año", "année", "date", "datum", "fecha",
            "century", "jahrhundert", "siglo", "siècle");
    /** After a lead word these make advice or a present-tense mechanism, not a lookup: "When should I...". */
    private static final Set<String> NOT_LOOKUP = WordSet.of("do", "does", "should", "could", "would", "can", "will",
            "shall", "must", "might", "may", "soll", "sollte", "sollen", "kann", "können", "muss", "müssen", "darf",
            "man", "debo", "debería", "conviene", "puedo", "puede", "faut", "dois", "doit", "devrais", "peut", "peux",
            "on");
    /** "Which company ...", "¿Qué empresa ...?": a which- or what-question about one of these looks a name up. */
    private static final Set<String> LOOKUP_NOUNS = WordSet.of("company", "firm", "person", "country", "city", "language",
            "firma", "unternehmen", "land", "stadt", "sprache", "empresa", "persona", "país", "ciudad",
            "lenguaje", "entreprise", "société", "personne", "pays", "ville", "langage", "langue");
    /** "Why not plan a movie night!": a suggestion, not a question about causes. */
    private static final Set<String> NOT = WordSet.of("not", "nicht", "no", "pas", "ikke", "inte");
    private static final Set<String> STANDS_FOR_WORDS = WordSet.of("abbreviation", "acronym", "abkürzung", "akronym",
            "sigla", "siglas", "acrónimo", "abreviatura", "acronyme", "sigle", "abréviation", "acronimo", "abbreviazione",
            "acrônimo", "abreviação", "afkorting", "acroniem", "skrót", "skrótu", "skrótowiec", "akronim");
    private static final Set<String> MEANING_WORDS = WordSet.of("mean", "means", "bedeutet", "heißt", "significa",
            "signifie", "dire", "significano", "significam", "betekent", "betekenen", "oznacza", "znaczy");

    /** A question's shape and whether it is a lookup. */
    record Shape(String kind, boolean lookup) {
        static final Shape NONE = new Shape("", false);
    }

    private QuestionShapes() {
    }

    static Shape of(String text, String language) {
        int question = text.indexOf('?') < 0 ? -1 : text.lastIndexOf('?'); // indexOf is the fast one: many have none
        int end = question >= 0 ? question : text.length();
        while (end > 0 && (Character.isWhitespace(text.charAt(end - 1)) || isSentenceBreak(text, end - 1))) {
            end--; // "Name the longest river." is read without its full stop
        }
        String[] words = PromptFactsExtractor.wordSequence(Scan.lowerCase(sentenceEndingAt(text, end)));
        if (words.length == 0) {
            return Shape.NONE;
        }
        int lead = 0;
        while (lead < words.length - 1 && (FILLERS.contains(words[lead]) || PREPOSITIONS.contains(words[lead]))) {
            lead++;
        }
        String kind = kind(words, lead, language, text);
        if (kind.isEmpty() && question < 0) {
            return Shape.NONE;
        }
        String next = lead + 1 < words.length ? words[lead + 1] : "";
        String afterNext = lead + 2 < words.length ? words[lead + 2] : "";
        boolean lookup = kind.equals("stands-for")
                || (kind.equals("who") || kind.equals("when") || kind.equals("where")) && !NOT_LOOKUP.contains(next)
                || (kind.equals("which") || kind.equals("what"))
                && (LOOKUP_NOUNS.contains(next) || LOOKUP_NOUNS.contains(afterNext));
        return new Shape(kind.isEmpty() ? "yes-no" : kind, lookup);
    }

    private static String kind(String[] words, int lead, String language, String text) {
        if (standsFor(words, text)) {
            return "stands-for";
        }
        String word = words[lead];
        String next = lead + 1 < words.length ? words[lead + 1] : "";
        // Dutch "wie" is "who" ("wie was de eerste man op de maan"): read by the language, German keeps "how"
        if (word.equals("wie") && language.equals("nl")) {
            return "who";
        }
        if ((word.equals("was") && language.equals("de")) || (word.equals("que") && !language.equals("en"))
                || word.equals("wie") && (next.equals("heißt") || next.equals("heißen"))) {
            return "what";
        }
        // "de" is skipped as a preposition, so Romanian "de ce" (why) arrives as "ce" after it
        if (word.equals("por") && (next.equals("qué") || next.equals("que"))
                || word.equals("ce") && lead > 0 && words[lead - 1].equals("de")) {
            return lead + 2 < words.length && words[lead + 2].equals("no") ? "why-not" : "why";
        }
        if (LEAD_WORDS.getOrDefault(word, "").equals("why") && NOT.contains(next)) {
            return "why-not";
        }
        if ((word.equals("how") && (next.equals("many") || next.equals("much")))
                || (word.equals("wie") && (next.equals("viel") || next.equals("viele")))) {
            return "how-many";
        }
        String kind = LEAD_WORDS.getOrDefault(word, "");
        if ((kind.equals("which") || kind.equals("what")) && YEAR_WORDS.contains(next)) {
            return "when";
        }
        if (!kind.isEmpty()) {
            return kind;
        }
        return YES_NO_LEADS.contains(word) || frenchInversion(text) ? "yes-no" : "";
    }

    /** "What does SQL stand for?", "Wofür steht die Abkürzung HTML?", "Que signifie SQL ?": an abbreviation to expand. */
    private static boolean standsFor(String[] words, String text) {
        boolean meaning = false;
        for (int i = 0; i < words.length; i++) {
            if (STANDS_FOR_WORDS.contains(words[i]) || i + 1 < words.length && words[i + 1].equals("for")
                    && (words[i].equals("stand") || words[i].equals("stands") || words[i].equals("short"))
                    || i + 1 < words.length && words[i + 1].equals("für") && (words[i].equals("steht")
                    || words[i].equals("stehen"))) {
                return true;
            }
            meaning |= MEANING_WORDS.contains(words[i]);
        }
        return meaning && Acronyms.containsAcronym(text);
    }

    /** French yes-no questions invert subject and verb: "Le dauphin est-il un mammifère ?", "Est-ce que ...". */
    private static boolean frenchInversion(String text) {
        return text.indexOf('-') >= 0 // every form below has a hyphen: one scan instead of seven without one
                && text.contains("-il ") || text.contains("-elle ") || text.contains("-ils ") || text.contains("-elles ")
                || text.contains("-on ") || text.contains("Est-ce") || text.contains("est-ce");
    }

    /** The sentence that ends at {@code end}: back to the previous '.', '!', '?', ';', line break, or ':' not in 9:40. */
    private static String sentenceEndingAt(String text, int end) {
        int start = end;
        int words = 0;
        while (start > 0 && !isSentenceBreak(text, start - 1) && words < MAX_SENTENCE_WORDS) {
            start--;
            if (text.charAt(start) == ' ') {
                words++;
            }
        }
        return text.substring(start, end);
    }

    private static boolean isSentenceBreak(String text, int i) {
        char c = text.charAt(i);
        if (c == '.' || c == ':') {
            return !(i > 0 && i + 1 < text.length() && Character.isDigit(text.charAt(i - 1))
                    && Character.isDigit(text.charAt(i + 1)));
        }
        return c == '!' || c == '?' || c == ';' || c == '\n' || c == '¿' || c == '¡';
    }
}
