package com.cascade4arm.rules.facts;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether a message asks for an explanation, a justification or the steps, in English, German, Spanish or French
 * ("explain", "Erkläre es Schritt für Schritt", "Explícalo paso a paso", "Justifie", "étape par étape"). Word stems
 * catch the inflections (erkläre, erklär mal; explica, explícame; explique, expliquez). Explaining something to a third
 * person is a message, not a request for an explanation: "Explain to my landlord...", "Erkläre meinem Chef...",
 * "Explícale a mi vecino...", "Explique à mon colocataire..." do not count.
 */
final class ExplainRequests {

    private static final List<String> STEMS = List.of("explain", "justif", "erklär", "begründ", "explic", "explíc",
            "expliqu", "démontr", "spieg", "dimostr", "demonstr", "verklaar", "uitleg", "wyjaśn", "wytłumacz",
            "uzasadn", "udowodn", "vysvětl", "forklar", "förklar", "selit", "açıkla");
    /** Whole words where a stem would catch "reasonable" (razonable, raisonnable). */
    static final Set<String> WORDS = WordSet.of("prove", "derive", "beweise", "demuestra", "demostrar", "razona",
            "razonar", "razonamiento", "raisonne", "raisonnez", "raisonnement");
    static final Map<String, List<List<String>>> PHRASES_BY_FIRST_WORD = byFirstWord(List.of(
            List.of("step", "by", "step"),
            List.of("walk", "me", "through"), List.of("show", "your", "working"), List.of("show", "your", "reasoning"),
            List.of("show", "the", "working"), List.of("reason", "it", "out"), List.of("think", "it", "through"),
            List.of("schritt", "für", "schritt"), List.of("paso", "a", "paso"), List.of("étape", "par", "étape"),
            List.of("pas", "à", "pas"), List.of("passo", "dopo", "passo"), List.of("passo", "a", "passo"),
            List.of("stap", "voor", "stap"), List.of("krok", "po", "kroku"), List.of("leg", "uit"), List.of("zeige", "dass"), List.of("zeig", "dass"), List.of("montre", "que")));
    /** After an explain word, a third person receiving the message: "to my landlord", "meinem Chef", "à mon voisin". */
    private static final Set<String> TO_SOMEONE = WordSet.of("to", "meinem", "meiner", "deinem", "deiner", "unserem",
            "unserer", "dem", "ihm", "ihr", "ihnen", "a", "al", "à", "au", "aux");
    private static final Set<String> TO_THE_WRITER = WordSet.of("me", "us", "mir", "uns", "moi", "nous");

    /** The stems by first letter: a word is compared with the few that start like it, or with none. */
    private static final Stems STEMS_BY_INITIAL = Stems.of(STEMS);

    private ExplainRequests() {
    }

    private static Map<String, List<List<String>>> byFirstWord(List<List<String>> phrases) {
        Map<String, List<List<String>>> index = new HashMap<>();
        phrases.forEach(phrase -> index.computeIfAbsent(phrase.get(0), first -> new ArrayList<>()).add(phrase));
        return WordMap.copyOf(index);
    }

    /** @param roles the {@link WordRoles} of {@code words} */
    static boolean asks(String[] words, int[] roles) {
        for (int i = 0; i < words.length; i++) {
            if ((roles[i] & WordRoles.EXPLAIN_WORD) != 0
                    || (roles[i] & WordRoles.EXPLAIN_PHRASE_START) != 0 && phraseAt(words, i)) {
                return true;
            }
            if (hasStem(words[i]) && !toSomeoneElse(words, i)) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasStem(String word) {
        return STEMS_BY_INITIAL.startWord(word);
    }

    /** "explain to my boss" or Spanish "explícale" (le: to him or her) — but "explain to me" asks the model itself. */
    private static boolean toSomeoneElse(String[] words, int i) {
        if (words[i].endsWith("le") || words[i].endsWith("les")) {
            return words[i].startsWith("explíc") || words[i].startsWith("explic");
        }
        return i + 1 < words.length && TO_SOMEONE.contains(words[i + 1])
                && !(i + 2 < words.length && TO_THE_WRITER.contains(words[i + 2]));
    }

    private static boolean phraseAt(String[] words, int i) {
        for (List<String> phrase : PHRASES_BY_FIRST_WORD.getOrDefault(words[i], List.of())) {
            if (i + phrase.size() <= words.length && matches(words, i, phrase)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matches(String[] words, int start, List<String> phrase) {
        for (int j = 0; j < phrase.size(); j++) {
            if (!words[start + j].equals(phrase.get(j))) {
                return false;
            }
        }
        return true;
    }
}
