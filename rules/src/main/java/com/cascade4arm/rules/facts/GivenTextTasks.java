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
    /** In quotes, where the quote marks say what the text is, it may be this short: a sentence to rephrase. */
    static final int MIN_QUOTED_BODY_WORDS = 5;
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
    /** {@link #STEMS} in {@link #ORDER}, by first letter. */
    private static final List<Stems> STEMS_IN_ORDER = ORDER.stream().map(task -> Stems.of(STEMS.get(task))).toList();
    /** Words a stem would catch by mistake. */
    private static final Set<String> NOT_INSTRUCTIONS = WordSet.of("listen", "listening", "pulled", "tableau", "polished",
            "samenwerking");
    /**
     * A CV: "here is my resume:" hands over a CV to judge, not a text to shorten. After a determiner these are nouns;
     * elsewhere "resume"/"résumé" is the Spanish, Portuguese or French imperative ("resume esto en una frase: ...").
     */
    private static final Set<String> CV_NOUNS = WordSet.of("resume", "resumes", "résumé", "résumés", "resumé", "cv");
    private static final Set<String> DETERMINERS = WordSet.of("my", "your", "his", "her", "our", "their", "the", "a", "this",
            "that", "mein", "meinen", "meinem", "mon", "ton", "son", "votre", "notre", "le", "un", "mi", "tu", "su",
            "el", "il", "mio", "meu", "o", "mijn", "het", "mój", "moje");

    /**
     * Who, when, where, which — and what time — in the 14 languages: a short question opening with one of them, then a
     * pasted text (in quotes or on its own lines) several times longer, asks for something the text says ("o której jest to spotkanie? \"Cześć, ...\"",
     * "Who is the sender angry with? \"...\""). What, why and how are left out: they ask for a judgement or an
     * explanation as often.
     */
    private static final Set<String> LOOKUP_OPENERS = WordSet.of("who", "whom", "when", "where", "which", "wer", "wen",
            "wem", "wann", "wo", "welche", "welcher", "welches", "quién", "quiénes", "cuándo", "dónde", "cuál", "qui",
            "quand", "où", "quel", "quelle", "quels", "quelles", "chi", "quando", "dove", "quale", "quali", "quem",
            "onde", "qual", "quais", "wie", "wanneer", "waar", "welke", "kto", "kiedy", "gdzie", "który", "która",
            "które", "której", "którym", "vem", "när", "vilken", "vilket", "vilka", "hvem", "hvornår", "hvilken",
            "hvilket", "kdo", "kdy", "kde", "který", "která", "cine", "când", "unde", "kuka", "milloin", "missä", "kim",
            "hangi", "nerede", "ne");
    /** Words that open a time question: "what time", "a qué hora", "à quelle heure", "o której", "hoe laat". */
    private static final Set<String> TIME_OPENERS = WordSet.of("what", "a", "à", "um", "o", "hoe", "em", "at", "in");
    /** Words a question may open with before its question word: "so by when ...", "and which ...". */
    private static final Set<String> FILLERS = WordSet.of("so", "and", "ok", "okay", "but", "also", "then", "und",
            "dann", "y", "entonces", "pues", "et", "alors", "donc", "e", "allora", "então", "en", "dus", "i", "więc",
            "och", "så", "og", "a", "și", "ja", "ve");
    /** How much, how many, how long — the amount asked of a text ("ile dni mam na zwrot?", "how much was the croissant"). */
    private static final Set<String> AMOUNT_OPENERS = WordSet.of("cuánto", "cuánta", "cuántos", "cuántas", "combien",
            "quanto", "quanta", "quanti", "quante", "quantos", "quantas", "hoeveel", "ile", "kolik", "câte", "cât",
            "kaç");
    /** The same in two words: hur mycket, hvor mange, kuinka paljon. */
    private static final Set<String> AMOUNT_PAIRS = WordSet.of("hur mycket", "hur många", "hur länge", "hvor mange",
            "hvor meget", "hvor længe", "kuinka paljon", "kuinka monta", "kuinka kauan");
    private static final Set<String> TIME_WORDS = WordSet.of("time", "hora", "heure", "laat", "ora", "której", "uhr");
    private static final Set<String> AMOUNT_AFTER_HOW = WordSet.of("much", "many", "long", "late", "often");
    /**
     * Words that turn a question about a text into a judgement, a fix or a sum: why, a flaw, legal or fair, right or
     * wrong, should, worth, if, total, in eight languages.
     */
    private static final Set<String> NOT_LOOKUPS = WordSet.of("why", "fix", "wrong", "flaw", "legal", "fair", "right",
            "should", "worth", "if", "total", "together", "altogether", "average", "think", "mistake", "bug",
            "warum", "wieso", "fehler", "falsch", "rechtens", "sollte", "wenn", "falls", "insgesamt", "zusammen",
            "justo", "debería", "si", "pourquoi", "erreur", "juste", "devrais", "perché", "errore", "giusto", "dovrei",
            "se", "totale", "porque", "erro", "deveria", "waarom", "fout", "eerlijk", "als", "totaal", "dlaczego",
            "błąd", "powinienem", "jeśli", "razem", "varför", "hvorfor", "proč", "miksi", "neden");
    /**
     * A speaker's verb or a document's name in the lead that hands the text over ("receipt says:", "o email do TI
     * diz:", "From the station website:", "Na podstawie tego regulaminu:"), in the 14 languages: a riddle's lead
     * ("Three friends:", "zagadka:") names neither.
     */
    private static final Set<String> DOCUMENT_LEADS = WordSet.of("says", "said", "wrote", "writes", "reads", "sent",
            "forwarded", "receipt", "email", "mail", "message", "letter", "notice", "sign", "timetable", "schedule",
            "log", "website", "contract", "invoice", "menu", "ticket", "announcement", "post", "chat", "sagt", "schreibt",
            "steht", "kam", "nachricht", "brief", "aushang", "quittung", "rechnung", "fahrplan", "vertrag", "dice",
            "dicen", "dijo", "escribe", "correo", "mensaje", "horario", "aviso", "factura", "contrato", "carta", "dit",
            "écrit", "horaire", "avis", "reçu", "facture", "contrat", "lettre", "scrive", "messaggio", "orario",
            "avviso", "scontrino", "fattura", "contratto", "lettera", "diz", "disse", "escreveu", "mensagem", "horário",
            "recibo", "fatura", "zegt", "schreef", "staat", "bericht", "dienstregeling", "rooster", "bon", "factuur",
            "mówi", "napisał", "napisała", "pisze", "wiadomość", "rozkład", "paragon", "faktura", "umowa",
            "umowy", "regulamin", "regulaminu", "ogłoszenie", "säger", "skrev", "står", "mejl", "meddelande",
            "tidtabell", "kvitto", "siger", "říká", "píše", "spune", "scrie", "sanoo", "diyor");
    /** "Yes or no" asked outright, in the 14 languages. */
    private static final List<String> YES_OR_NO = List.of("yes or no", "ja oder nein", "sí o no", "si o no",
            "oui ou non", "sì o no", "sim ou não", "ja of nee", "tak czy nie", "tak lub nie", "ja eller nej",
            "ja eller nei", "ano nebo ne", "ano či ne", "da sau nu", "kyllä vai ei", "kyllä tai ei", "evet mi hayır mı",
            "evet veya hayır");
    /** Days of the week and the weekend, in the 14 languages (the forms a question about a day uses). */
    private static final Set<String> DAYS = WordSet.of("monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
            "sunday", "weekend", "montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag",
            "wochenende", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo", "lundi", "mardi",
            "mercredi", "jeudi", "vendredi", "samedi", "dimanche", "lunedì", "martedì", "mercoledì", "giovedì",
            "venerdì", "sabato", "domenica", "segunda", "terça", "quarta", "quinta", "sexta", "maandag", "dinsdag",
            "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag", "poniedziałek", "wtorek", "środę", "czwartek",
            "piątek", "sobotę", "niedzielę", "sobota", "niedziela", "måndag", "tisdag", "onsdag", "torsdag", "fredag",
            "lördag", "söndag", "mandag", "tirsdag", "lørdag", "søndag", "pondělí", "úterý", "středu", "čtvrtek",
            "pátek", "sobotu", "neděli", "luni", "marți", "miercuri", "joi", "vineri", "sâmbătă", "duminică",
            "maanantaina", "tiistaina", "keskiviikkona", "torstaina", "perjantaina", "lauantaina", "sunnuntaina",
            "pazartesi", "salı", "çarşamba", "perşembe", "cuma", "cumartesi", "pazar");
    /** How-questions ask for a way, not a yes or no. */
    private static final Set<String> HOW = WordSet.of("how", "wie", "cómo", "como", "comment", "come", "hoe", "jak",
            "hur", "hvordan", "cum", "miten", "nasıl");
    /** The lead before a text introduced with a colon or a quote is at most this many words. */
    private static final int MAX_LEAD_WORDS = 8;
    /** The text between that lead and the question at the end is at least this many words. */
    private static final int MIN_TEXT_BEFORE_QUESTION = 6;
    /** The question is at most this many words... */
    private static final int MAX_QUESTION_WORDS = 12;
    /** ...and the text after it at least this many times longer. */
    private static final int QUESTION_TO_TEXT = 3;

    private GivenTextTasks() {
    }

    /**
     * "summarize", "translate", "rewrite", "extract", "define" (what a word in it means: {@link WordMeanings}) — or ""
     * when the message hands over no text to transform. {@code puzzle} says the message has a logic-puzzle shape: then
     * a question after the text asks to solve it ("Alice dit : « Bruno ment. » ... Qui dit la vérité ?"), not to read
     * something off it.
     *
     * @param words the lower-case words of {@code text} in order
     * @param roles their {@link WordRoles}
     */
    static String of(String text, boolean puzzle, String[] words, int[] roles) {
        return WordMeanings.asked(text, words, roles) ? "define" : handedOverTask(text, puzzle, words.length);
    }

    /**
     * @param textWords the number of words in {@code text}: a stretch's words are counted by taking the rest's from
     *                  it, since the character between them (a colon, a quote, '?', a line break) is in no word
     */
    private static String handedOverTask(String text, boolean puzzle, int textWords) {
        int bodyStart = bodyStart(text);
        if (bodyStart > 0) {
            String[] instruction = words(text.substring(0, bodyStart));
            int bodyWords = textWords - instruction.length;
            if (instruction.length <= MAX_INSTRUCTION_WORDS && bodyWords >= MIN_QUOTED_BODY_WORDS
                    && quotedBody(text, bodyStart)) {
                String task = taskIn(instruction);
                if (!task.isEmpty() && !task.equals("extract")) {
                    return task; // round seven: "rephrase to sound less harsh: 'the deployment failed again ...'"
                }
            }
            if (instruction.length <= MAX_INSTRUCTION_WORDS && bodyWords >= MIN_BODY_WORDS) {
                String task = taskIn(instruction);
                if (!task.isEmpty()) {
                    return task;
                }
                if (text.charAt(bodyStart) == '?' && pastedAfter(text, bodyStart + 1) && asksWhatTheTextSays(
                        lastClause(text.substring(0, bodyStart)), bodyWords)) {
                    return "extract";
                }
            }
        }
        int lastLine = text.indexOf('\n') < 0 ? -1 : text.lastIndexOf('\n'); // indexOf is the fast one: most have none
        if (lastLine > 0) {
            String[] instruction = words(text.substring(lastLine + 1));
            if (instruction.length <= MAX_INSTRUCTION_WORDS && textWords - instruction.length >= MIN_BODY_WORDS) {
                String task = taskIn(instruction);
                if (!task.isEmpty()) {
                    return task;
                }
                if (!puzzle && handedOver(text, bodyStart, lastLine)
                        && (asksWhatTheTextSaysAfter(questionIn(text.substring(lastLine + 1)),
                                text.substring(0, lastLine))
                            || asksYesOrNoOfTheText(questionIn(afterColon(text.substring(lastLine + 1))),
                                text.substring(0, lastLine)))) {
                    return "extract";
                }
                return "";
            }
        }
        return !puzzle && bodyStart > 0 && introducesText(text, bodyStart) && questionAfterText(text, bodyStart)
                ? "extract" : "";
    }

    /**
     * Round seven: the text before a last-line question is handed over when it is quoted, on lines of its own (a log,
     * a timetable: three or more), or introduced by a lead that names a document or a speaker (see
     * {@link #introducesText}).
     */
    private static boolean handedOver(String text, int bodyStart, int lastLine) {
        int lines = 0;
        for (int i = 0; i < lastLine; i++) {
            lines += text.charAt(i) == '\n' ? 1 : 0;
        }
        return lines >= 2 || bodyStart > 0 && bodyStart < lastLine && introducesText(text, bodyStart)
                || quoted(text, 0, lastLine);
    }

    /** A quote mark opens the stretch within its first few characters after a line break or a colon. */
    private static boolean quoted(String text, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '“' || c == '«' || c == '„') {
                return i > 0 && (text.charAt(i - 1) == '\n' || text.charAt(i - 1) == ' ' || text.charAt(i - 1) == ':');
            }
        }
        return false;
    }

    /**
     * Round seven: a lead of at most {@value #MAX_LEAD_WORDS} words ending in a colon or an opening quote ("receipt
     * says:", "o email do TI diz: '", "el horario dice '") hands over the text that follows.
     */
    private static boolean introducesText(String text, int bodyStart) {
        char c = text.charAt(bodyStart);
        if (c != ':' && c != '"' && c != '“' && c != '«' && c != '„' && c != '\'' && c != '\n') {
            return false;
        }
        String[] lead = words(text.substring(0, bodyStart));
        if (lead.length > MAX_LEAD_WORDS) {
            return false;
        }
        for (String word : lead) {
            if (DOCUMENT_LEADS.contains(word)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The handed-over text, then its question as the last sentence: "...total 5.70, paid card. how much was the
     * croissant", "...vale até 31/12'. qual é a nova senha?". The text is at least {@value #MIN_TEXT_BEFORE_QUESTION}
     * words.
     */
    private static boolean questionAfterText(String text, int bodyStart) {
        int end = text.length();
        while (end > bodyStart && (Character.isWhitespace(text.charAt(end - 1)) || text.charAt(end - 1) == '?')) {
            end--;
        }
        int start = end;
        while (start > bodyStart && !endsSentence(text, start - 1)) {
            start--;
        }
        return start > bodyStart && words(text.substring(bodyStart + 1, start)).length >= MIN_TEXT_BEFORE_QUESTION
                && asksWhatTheTextSaysAfter(words(text.substring(start, end)),
                        text.substring(bodyStart + 1, start));
    }

    /** A full stop, question or exclamation mark, closing quote or line break followed by a space. */
    private static boolean endsSentence(String text, int i) {
        char c = text.charAt(i);
        boolean mark = c == '.' || c == '?' || c == '!' || c == '\n' || c == '"' || c == '”' || c == '»' || c == '“'
                || c == '\'';
        return mark && (c == '\n' || i + 1 < text.length() && Character.isWhitespace(text.charAt(i + 1)));
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

    /** The text opens with a quote, at the body's start or right after its colon, and closes with one at the end. */
    private static boolean quotedBody(String text, int bodyStart) {
        int open = bodyStart;
        if (text.charAt(open) == ':') {
            open++;
            while (open < text.length() && Character.isWhitespace(text.charAt(open))) {
                open++;
            }
        }
        int close = text.length() - 1;
        while (close > open && (Character.isWhitespace(text.charAt(close)) || text.charAt(close) == '.')) {
            close--;
        }
        if (open >= close) {
            return false;
        }
        char o = text.charAt(open);
        char c = text.charAt(close);
        return (o == '"' || o == '\'' || o == '“' || o == '«' || o == '„')
                && (c == '"' || c == '\'' || c == '”' || c == '»' || c == '“');
    }

    /** The text after the question is pasted: it opens with a quote or on a new line ("Who is lying? Amy says" is not). */
    private static boolean pastedAfter(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '"' || c == '“' || c == '«' || c == '„' || c == '\'') {
                return true;
            }
            if (!Character.isWhitespace(c) && c != '?') {
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

    /**
     * Round seven: a short question after the text it asks about ("...paid card. how much was the croissant", "...\n
     * Bis wann muss ich mein Passwort ändern?", "...\nwhat does 429 mean?"): who, when, where, which, what time, how
     * much or how many, what is (the new password), what a word means — in the 14 languages, after a filler ("so by
     * when ..."); not why, a fix, a flaw, a judgement or a sum, and no number of its own unless it asks what one means.
     */
    private static boolean asksWhatTheTextSaysAfter(String[] question, String handedOver) {
        return asksWhatTheTextSaysAfter(question) || asksYesOrNoOfTheText(question, handedOver);
    }

    /**
     * Round eight (fresh set 9): a yes-no question about the text is a lookup too when it asks for yes or no outright
     * ("LOG ... backup finished ...\nmy boss just wants to know: did the backup finish yes or no") or asks about a day
     * of a timetable (clock times in the text: "Horario de la piscina: lunes a viernes 7:00–21:00, ...\n¿puedo ir el
     * domingo por la mañana?"), in the 14 languages; not why or how, a judgement or a sum, nor a number of its own.
     */
    private static boolean asksYesOrNoOfTheText(String[] question, String handedOver) {
        if (question.length == 0 || question.length > MAX_QUESTION_WORDS || asksAJudgementOrACalculation(question)
                || HOW.contains(question[0])) {
            return false;
        }
        String asked = " " + String.join(" ", question) + " ";
        for (String yesOrNo : YES_OR_NO) {
            if (asked.contains(" " + yesOrNo + " ")) {
                return true;
            }
        }
        boolean day = false;
        for (String word : question) {
            day |= DAYS.contains(word);
        }
        return day && hasClockTime(handedOver);
    }

    /** A clock time (7:00, 21.30): the text is a timetable or opening hours. One pass. */
    private static boolean hasClockTime(String text) {
        for (int i = 1; i + 2 < text.length(); i++) {
            char c = text.charAt(i);
            if ((c == ':' || c == '.') && Character.isDigit(text.charAt(i - 1)) && Character.isDigit(text.charAt(i + 1))
                    && Character.isDigit(text.charAt(i + 2))
                    && (i + 3 == text.length() || !Character.isDigit(text.charAt(i + 3)))) {
                return true;
            }
        }
        return false;
    }

    private static boolean asksWhatTheTextSaysAfter(String[] question) {
        if (question.length == 0 || question.length > MAX_QUESTION_WORDS || asksAJudgementOrACalculation(question)) {
            return false;
        }
        int lead = 0;
        while (lead < question.length - 1 && FILLERS.contains(question[lead])) {
            lead++; // "so by when exactly ...?", "and which ...?"
        }
        String first = question[lead];
        String second = lead + 1 < question.length ? question[lead + 1] : "";
        return LOOKUP_OPENERS.contains(first) && !first.equals("wie") && !first.equals("ne")
                || TIME_OPENERS.contains(first) && TIME_WORDS.contains(second)
                || AMOUNT_OPENERS.contains(first) || first.equals("how") && AMOUNT_AFTER_HOW.contains(second)
                || AMOUNT_PAIRS.contains(first + " " + second)
                || first.equals("wie") && (second.equals("viel") || second.equals("viele") || second.equals("lange"))
                || first.equals("bis") && second.equals("wann")
                || first.equals("what") && (second.equals("s") || second.equals("is") || second.equals("was")
                    || second.equals("does") && asksAMeaning(question));
    }

    private static boolean asksAMeaning(String[] question) {
        for (String word : question) {
            if (word.startsWith("mean")) {
                return true;
            }
        }
        return false;
    }

    /** Why, fixing, a flaw, a judgement or a number worked out: not a lookup in the text, whatever the opener. */
    private static boolean asksAJudgementOrACalculation(String[] question) {
        boolean meaning = asksAMeaning(question);
        for (String word : question) {
            if (NOT_LOOKUPS.contains(word) || !meaning && Character.isDigit(word.charAt(0))) {
                return true;
            }
        }
        return false;
    }

    /** A last line's question, up to its last question mark: "what does 429 mean? just the name of the code". */
    private static String[] questionIn(String line) {
        int mark = line.lastIndexOf('?');
        return words(mark > 0 ? line.substring(0, mark) : line);
    }

    /** The question after a lead and a colon: "my boss just wants to know: did the backup finish yes or no". */
    private static String afterColon(String line) {
        int colon = line.lastIndexOf(": ");
        return colon >= 0 ? line.substring(colon + 2) : line;
    }

    /** The words after the last comma: "my neighbour sent this in the group chat, when is the water off?". */
    private static String[] lastClause(String instruction) {
        return words(instruction.substring(instruction.lastIndexOf(',') + 1));
    }

    private static String[] words(String text) {
        return PromptFactsExtractor.wordSequence(Scan.lowerCase(text));
    }

    private static String taskIn(String[] instruction) {
        for (int t = 0; t < ORDER.size(); t++) {
            for (int i = 0; i < instruction.length; i++) {
                String word = instruction[i];
                if (NOT_INSTRUCTIONS.contains(word)
                        || CV_NOUNS.contains(word) && (i == instruction.length - 1 || i > 0
                            && DETERMINERS.contains(instruction[i - 1]))) {
                    continue;
                }
                if (STEMS_IN_ORDER.get(t).startWord(word)) {
                    return ORDER.get(t);
                }
            }
        }
        return "";
    }
}
