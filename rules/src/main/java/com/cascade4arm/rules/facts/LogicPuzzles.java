package com.cascade4arm.rules.facts;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Recognises the shapes of logic puzzles, in English, German, Spanish, French, Italian, Portuguese, Dutch and Polish,
 * and names the one found:
 * a syllogism ("All cats are animals and some animals are black. Does it follow...?"), a comparison chain ("Anna is
 * older than Ben, and Ben is older than Carla. Who is the youngest?"), truth and lies (knights and knaves, "who is
 * lying?"), a calendar puzzle ("If today is Tuesday, ...") or a number sequence ("2, 6, 12, 20, 30"). One pass over
 * the words with one look-up each; the sequence check scans the text once.
 */
final class LogicPuzzles {

    static final String SYLLOGISM = "syllogism";
    static final String COMPARISON_CHAIN = "comparison chain";
    static final String TRUTH_AND_LIES = "truth and lies";
    static final String NUMBER_SEQUENCE = "number sequence";
    static final String CALENDAR = "calendar";
    /** Several named people or things, each named again under negated constraints: a puzzle in any language. */
    static final String CONSTRAINT_PUZZLE = "constraint puzzle";
    /** A quoted claim with its conclusion, handed over to judge: analysis, not a puzzle to solve (question-shape.drl). */
    static final String ARGUMENT_TO_JUDGE = "argument to judge";

    /** A constraint puzzle names at least this many people or things, each at least twice... */
    private static final int PUZZLE_NAMES = 3;
    /** ...under at least this many negations ("Lucía no tiene el loro", "Bram komt niet met de auto")... */
    private static final int PUZZLE_NEGATIONS = 2;
    /** ...and fits in this many words: a longer text with names in it is a story or an e-mail. */
    private static final int PUZZLE_MAX_WORDS = 100;
    /** ...or at least this many negations and places in a row together. */
    private static final int PUZZLE_CONSTRAINTS = 3;
    /** Places in a row, a line or a schedule, in the 14 languages: first, third, behind, directly after, next to. */
    static final Set<String> POSITIONS = WordSet.of("first", "second", "third", "fourth", "last", "behind",
            "directly", "between", "erste", "erster", "zweiter", "dritter", "letzter", "hinter", "direkt", "zwischen",
            "primero", "primera", "segundo", "segunda", "tercero", "tercera", "último", "última", "detrás",
            "directamente", "premier", "première", "deuxième", "troisième", "dernier", "dernière", "derrière",
            "directement", "primo", "terzo", "ultimo", "ultima", "dietro", "direttamente", "primeiro", "terceiro",
            "atrás", "diretamente", "eerste", "tweede", "derde", "laatste", "achter", "direct", "tussen", "pierwszy",
            "pierwsza", "drugi", "druga", "trzeci", "trzecia", "ostatni", "ostatnia", "bezpośrednio", "första",
            "tredje", "sista", "bakom", "mellan", "første", "sidste", "bagved", "první", "třetí",
            "poslední", "hned", "primul", "ultimul", "ensimmäinen", "viimeinen", "birinci", "üçüncü");
    /** Who or which in the 14 languages. */
    static final Set<String> WHO_OR_WHICH = WordSet.of("who", "which", "wer", "welcher", "welche", "quién",
            "cuál", "qui", "quel", "quelle", "chi", "quale", "quem", "qual", "wie", "welke", "kto", "który", "która",
            "vem", "vilken", "hvem", "hvilken", "kdo", "který", "která", "cine", "kuka", "kim", "hangi");
    /** A quoted argument has a premise before its conclusion word: at least this many words in the quote... */
    private static final int ARGUMENT_MIN_WORDS = 8;
    /** ...and at most this many: a longer quote is a letter or a notice, not a claim. */
    private static final int ARGUMENT_MAX_WORDS = 60;
    /** ...and the message around it is a short question or request ("klopt deze redenering?"). */
    private static final int ARGUMENT_MAX_FRAME_WORDS = 25;

    /** Numbers in a comma-separated run that make a sequence to continue. */
    private static final int SEQUENCE_LENGTH = 4;

    static final Set<String> QUANTIFIERS = WordSet.of("all", "some", "every", "none", "alle", "manche", "einige",
            "kein", "keine", "todos", "todas", "algunos", "algunas", "ningún", "ninguna", "tous", "toutes", "certains",
            "certaines", "aucun", "aucune", "tutti", "tutte", "alcuni", "alcune", "nessun", "nessuno", "alguns",
            "algumas", "nenhum", "nenhuma", "sommige", "geen", "wszystkie", "wszyscy", "niektóre", "niektórzy", "żaden",
            "żadne");
    static final Set<String> CONCLUSIONS = WordSet.of("follow", "follows", "must", "therefore", "conclude",
            "conclusion", "necessarily", "definitely", "folgt", "folgern", "daraus", "zwingend", "deduce", "deducir",
            "concluir", "necesariamente", "conclure", "donc", "nécessairement", "quindi", "dunque", "segue",
            "necessariamente", "portanto", "logo", "dus", "volgt", "noodzakelijk", "więc", "wynika", "zatem");
    static final Set<String> LIE_WORDS = WordSet.of("lie", "lies", "lying", "liar", "liars", "knave", "knaves",
            "lügt", "lügen", "lügner", "lügnerin", "miente", "mienten", "mentiroso", "mentirosa", "mentirosos", "ment",
            "mentent", "menteur", "menteuse", "menteurs", "mente", "mentono", "bugiardo", "bugiarda", "bugiardi",
            "mentem", "liegt", "liegen", "leugenaar", "leugenaars", "kłamie", "kłamią", "kłamca", "kłamcy");
    static final Set<String> TRUTH_WORDS = WordSet.of("truth", "true", "truthful", "knight", "knights", "wahrheit",
            "wahr", "verdad", "verdadero", "vérité", "vrai", "verità", "vero", "verdade", "waarheid", "prawdę", "prawda");
    /** Words that open the comparison in "older than", "größer als", "más alta que", "plus rapide que". */
    static final Set<String> MORE_OR_LESS = WordSet.of("más", "menos", "plus", "moins", "più", "meno", "mais");
    static final Set<String> THAN = WordSet.of("than", "que", "qu", "di");
    static final Set<String> WEEKDAYS = WordSet.of("monday", "tuesday", "wednesday", "thursday", "friday",
            "saturday", "sunday", "montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag", "lunes",
            "martes", "miércoles", "jueves", "viernes", "sábado", "domingo", "lundi", "mardi", "mercredi", "jeudi",
            "vendredi", "samedi", "dimanche", "lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato",
            "segunda", "terça", "quarta", "quinta", "sexta", "maandag", "dinsdag", "woensdag", "donderdag", "vrijdag",
            "zaterdag", "zondag", "poniedziałek", "wtorek", "środa", "czwartek", "piątek", "sobota", "niedziela");
    /** Negations in the 14 languages the rulebook reads (English contractions split at the apostrophe: doesn, isn). */
    static final Set<String> NEGATIONS = WordSet.of("not", "never", "doesn", "isn", "don", "didn", "aren", "won",
            "nicht", "kein", "keine", "keinen", "nie", "niemals", "no", "nunca", "ni", "ne", "pas", "jamais", "non",
            "mai", "não", "nem", "niet", "geen", "nooit", "inte", "aldrig", "ikke", "nikdy", "nu", "niciodată", "ei",
            "eikä", "koskaan", "değil", "hiç");
    /** Conclusion words that make a quoted claim an argument: "..., so ...", "..., donc ...", "..., więc ...". */
    private static final Set<String> THEREFORE = WordSet.of("so", "therefore", "thus", "hence", "daher", "deshalb",
            "darum", "folglich", "tanto", "así", "entonces", "luego", "donc", "quindi", "dunque", "perciò", "pertanto",
            "portanto", "logo", "então", "dus", "daarom", "więc", "dlatego", "zatem", "därför", "derfor", "proto",
            "takže", "deci", "așadar", "joten", "siksi", "yüzden", "dolayısıyla");
    static final Set<String> MONTHS = WordSet.of("january", "february", "march", "april", "june", "july", "august",
            "september", "october", "november", "december", "januar", "februar", "märz", "juni", "juli", "oktober",
            "dezember", "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
            "octubre", "noviembre", "diciembre", "janvier", "février", "mars", "avril", "juin", "juillet", "août",
            "septembre", "octobre", "novembre", "décembre", "gennaio", "febbraio", "aprile", "maggio", "giugno",
            "luglio", "settembre", "ottobre", "dicembre", "janeiro", "fevereiro", "março", "maio", "junho", "julho",
            "setembro", "outubro", "dezembro", "januari", "februari", "maart", "mei", "augustus",
            "styczeń", "stycznia", "luty", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia",
            "września", "października", "listopada", "grudnia");
    static final Set<String> CONDITIONS = WordSet.of("if", "wenn", "falls", "si", "se", "als", "jeśli", "jeżeli");
    static final Set<String> RELATIVE_DAYS = WordSet.of("today", "tomorrow", "yesterday", "heute", "morgen", "gestern",
            "übermorgen", "vorgestern", "hoy", "mañana", "ayer", "anteayer", "aujourd", "demain", "hier", "oggi",
            "domani", "ieri", "dopodomani", "hoje", "amanhã", "ontem", "vandaag", "gisteren", "overmorgen", "dzisiaj",
            "dziś", "jutro", "wczoraj", "pojutrze");

    /** "than" and Polish "niż" always compare; so do Swedish "än", Czech "než", Romanian "decât", Finnish "kuin"... */
    static final Set<String> ALWAYS_THAN = WordSet.of("than", "niż", "än", "než", "decât", "kuin");
    /** ...German "als" and Dutch "dan" after a comparative ("älter als"), Danish "end" likewise ("ældre end"). */
    static final Set<String> THAN_AFTER_COMPARATIVE = WordSet.of("als", "dan", "end");

    private LogicPuzzles() {
    }

    /**
     * The puzzle pattern found, or "" when none.
     *
     * @param roles     the {@link WordRoles} of {@code words}
     * @param textWords the number of words in {@code text} (more than {@code words} when those are a window)
     */
    static String pattern(String text, String[] words, int[] roles, int textWords, String questionShape) {
        int quantifiers = 0;
        int lies = 0;
        int comparisons = 0;
        int openComparison = -1;
        int seen = 0;
        for (int i = 0; i < words.length; i++) {
            int role = roles[i];
            seen |= role;
            quantifiers += (role & WordRoles.QUANTIFIER) != 0 ? 1 : 0;
            lies += (role & WordRoles.LIE) != 0 ? 1 : 0;
            if ((role & WordRoles.THAN) != 0 || (role & WordRoles.THAN_AFTER_COMPARATIVE) != 0 && i > 0
                    && words[i - 1].endsWith(words[i].equals("end") ? "re" : "er")) {
                comparisons++;
            } else if ((role & WordRoles.OPEN_COMPARISON) != 0) {
                openComparison = i;
            } else if ((role & WordRoles.CLOSE_COMPARISON) != 0 && openComparison >= 0 && i - openComparison <= 3) {
                comparisons++;
                openComparison = -1;
            }
        }
        if (quantifiers >= 2 && (seen & WordRoles.CONCLUSION) != 0) {
            return SYLLOGISM;
        }
        // who or which, in the 14 languages, anywhere: "Vem är näst yngst?" is read as German, where "vem" is no question
        if (comparisons >= 2 && (questionShape.equals("who") || questionShape.equals("which")
                || (seen & WordRoles.WHO_OR_WHICH) != 0)) {
            return COMPARISON_CHAIN;
        }
        if (lies >= 2 || lies >= 1 && (seen & WordRoles.TRUTH) != 0) {
            return TRUTH_AND_LIES;
        }
        if ((seen & WordRoles.WEEKDAY) != 0 && (seen & WordRoles.CONDITION) != 0
                && (seen & (WordRoles.RELATIVE_DAY | WordRoles.MONTH)) != 0) {
            return CALENDAR; // "If the day after tomorrow is Saturday, ...?", "if march 1st is a tuesday, ...?"
        }
        if (hasNumberSequence(text)) {
            return NUMBER_SEQUENCE;
        }
        if (isArgumentToJudge(text, textWords)) {
            return ARGUMENT_TO_JUDGE;
        }
        return words.length <= PUZZLE_MAX_WORDS && isConstraintPuzzle(text, roles) ? CONSTRAINT_PUZZLE : "";
    }

    /**
     * Structure, not vocabulary: at least {@value #PUZZLE_NAMES} capitalised names (or nouns), two of which come back —
     * named twice or more, matched on their first four letters so that Polish "Celina"/"Celiną" is one name — and at
     * least {@value #PUZZLE_NEGATIONS} negations. "Ania, Bartek i Celina stoją w kolejce. Ania nie stoi pierwsza.
     * Bartek stoi za Celiną, ale nie ..." is one in any language.
     */
    static boolean isConstraintPuzzle(String text, int[] roles) {
        int negations = 0;
        int positions = 0;
        for (int role : roles) {
            negations += (role & WordRoles.NEGATION) != 0 ? 1 : 0;
            positions += (role & WordRoles.POSITION) != 0 ? 1 : 0;
        }
        // round seven: places in a row or a line count as constraints too ("Eva is third, Finn is first, and Dan stands
        // directly behind Eva")
        if (negations < PUZZLE_NEGATIONS && negations + positions < PUZZLE_CONSTRAINTS) {
            return false;
        }
        Map<String, Integer> names = new HashMap<>();
        int i = 0;
        while (i < text.length()) {
            if (!Character.isLetter(text.charAt(i))) {
                i++;
                continue;
            }
            int start = i;
            while (i < text.length() && Character.isLetter(text.charAt(i))) {
                i++;
            }
            if (i - start >= 3 && Character.isUpperCase(text.charAt(start))
                    && Character.isLowerCase(text.charAt(start + 1))) {
                names.merge(Scan.lowerCase(text.substring(start, start + Math.min(4, i - start))), 1, Integer::sum);
            }
        }
        // three names, two of them named again: "Tres amigas, Lucía, Marta y Paula, ... Lucía no ... Marta ni Lucía"
        return names.size() >= PUZZLE_NAMES && names.values().stream().filter(count -> count >= 2).count() >= 2;
    }

    /**
     * A quoted claim of {@value #ARGUMENT_MIN_WORDS} to {@value #ARGUMENT_MAX_WORDS} words with a conclusion word after its premise ("« Les
     * élèves qui ... Donc si on impose ... »", "\"Sinds we ... , dus ...\""), framed by at most
     * {@value #ARGUMENT_MAX_FRAME_WORDS} words of question or request: an argument handed over to be judged.
     *
     * @param textWords the number of words in {@code text}: the quote's words and the frame's add up to it (quote
     *                  marks are no letters, so no word runs across one)
     */
    static boolean isArgumentToJudge(String text, int textWords) {
        if (textWords > ARGUMENT_MAX_WORDS + ARGUMENT_MAX_FRAME_WORDS) {
            return false; // too long to be a quote and its frame: a letter, a story, an essay
        }
        int open = -1;
        char close = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (open < 0 && c < 0x80 && c != '"' && c != '\'') {
                continue; // most characters: no quote opens here
            }
            if (open < 0) {
                close = closingQuote(c, i == 0 ? ' ' : text.charAt(i - 1));
                if (close != 0) {
                    open = i;
                }
            } else if (c == close && (close != '\'' || i + 1 == text.length()
                    || !Character.isLetter(text.charAt(i + 1)))) {
                String[] quoted = PromptFactsExtractor.wordSequence(Scan.lowerCase(text.substring(open + 1, i)));
                int frame = textWords - quoted.length;
                if (quoted.length >= ARGUMENT_MIN_WORDS && quoted.length <= ARGUMENT_MAX_WORDS && frame <= ARGUMENT_MAX_FRAME_WORDS
                        && concludes(quoted)) {
                    return true;
                }
                open = -1;
            }
        }
        return false;
    }

    private static char closingQuote(char c, char before) {
        return switch (c) {
            case '"' -> '"';
            case '“' -> '”';
            case '„' -> '“';
            case '«' -> '»';
            case '\'' -> Character.isLetter(before) ? 0 : '\''; // "don't" is no quote
            default -> 0;
        };
    }

    /** A conclusion word after at least three words of premise. */
    private static boolean concludes(String[] quoted) {
        for (int i = 3; i < quoted.length; i++) {
            if (THEREFORE.contains(quoted[i])) {
                return true;
            }
        }
        return false;
    }

    /** At least {@value #SEQUENCE_LENGTH} numbers in a row separated by ", ": "1, 1, 2, 3, 5, 8". */
    static boolean hasNumberSequence(String text) {
        if (!hasNumberBeforeComma(text)) {
            return false; // no list of numbers at all: prose is not read character by character
        }
        int run = 0;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (isDigit(c)) {
                while (i < text.length() && isDigit(text.charAt(i))) {
                    i++;
                }
                run++;
                if (run >= SEQUENCE_LENGTH) {
                    return true;
                }
                if (!text.startsWith(", ", i)) {
                    run = 0; // a list goes on with ", " — "1,000" is one number, not two
                }
            } else if (c != ',' && c != ' ') {
                run = 0;
                i++;
            } else {
                i++;
            }
        }
        return false;
    }

    /** A digit right before ", ": the run of numbers below cannot pass 1 without one. */
    private static boolean hasNumberBeforeComma(String text) {
        for (int comma = text.indexOf(", ", 1); comma > 0; comma = text.indexOf(", ", comma + 2)) {
            if (isDigit(text.charAt(comma - 1))) {
                return true;
            }
        }
        return false;
    }

    /** {@link Character#isDigit(char)}, ASCII answered without its tables. */
    private static boolean isDigit(char c) {
        return c < 0x80 ? c >= '0' && c <= '9' : Character.isDigit(c);
    }
}
