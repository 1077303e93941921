package com.cascade4arm.rules.facts;

import java.util.Arrays;
import java.util.Set;

/**
 * Counts measured quantities: a number with a unit ("2 h", "50 min", "340 km", "7 Liter", "3 %", "2.000 Euro", "trois
 * ans"), a currency sign before a number ("$3.30") or a clock time ("9:40"). Two or more in one message are a
 * calculation to do, in any language; a bare year or version number ("in 2014", "Java 8") is not a quantity. One pass
 * over the characters and one over the words, no regex.
 */
final class Quantities {

    /** Unit words of English, German, Spanish and French, lower case. */
    static final Set<String> UNITS = WordSet.copyOf(Arrays.asList((
            "h hr hrs hour hours min mins minute minutes sec secs second seconds ms day days week weeks month months "
            + "year years yr yrs km m cm mm kg g mg lb lbs oz ft feet foot inch inches mi mile miles mph kph kmh l ml "
            + "litre litres liter liters gallon gallons metre metres meter meters kilometre kilometres kilometer "
            + "kilometers gram grams kilogram kilograms gb mb kb tb percent euro euros eur dollar dollars usd cent cents "
            + "pound pounds degree degrees people persons "
            + "std stunde stunden minuten sekunde sekunden tag tage tagen woche wochen monat monate monaten jahr jahre "
            + "jahren litern metern kilometern gramm kilo prozent grad personen "
            + "hora horas minuto minutos segundo segundos día días semana semanas mes meses año años litro litros metro "
            + "metros kilómetro kilómetros gramo gramos kilos grados personas "
            + "heure heures seconde secondes jour jours semaine semaines mois an ans année années mètre mètres "
            + "kilomètre kilomètres gramme grammes degrés personnes").split(" ")));
    /** The longest unit word (kilómetros) is 10 letters; longer words are not units. */
    private static final int MAX_UNIT_LETTERS = 12;
    /** Spelled-out numbers of the four languages; "one"/"un" too, since "one hour" is a quantity. */
    static final Set<String> NUMBER_WORDS = WordSet.copyOf(Arrays.asList((
            "one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred thousand "
            + "dozen ein eine zwei drei vier fünf sechs sieben acht neun zehn elf zwölf zwanzig dreißig hundert tausend "
            + "uno una dos tres cuatro cinco seis siete ocho nueve diez once doce veinte treinta cien mil "
            + "un une deux trois quatre cinq six sept huit neuf dix onze douze vingt trente cent mille").split(" ")));
    private static final String UNIT_SIGNS = "%€$£¥°";
    private static final String CURRENCY_SIGNS = "€$£¥";

    private Quantities() {
    }

    /**
     * @param text  the message
     * @param roles  the {@link WordRoles} of its lower-case words in order
     * @param traits the {@link TextTraits} of {@code text}
     */
    static int count(String text, int[] roles, int traits) {
        int count = spelledOut(roles);
        int i = (traits & TextTraits.DIGIT) != 0 ? 0 : text.length(); // every number below starts at a digit
        while (i < text.length()) {
            if (!isDigit(text.charAt(i)) || i > 0 && Character.isLetterOrDigit(text.charAt(i - 1))) {
                i++;
                continue; // a number starts at a word boundary: not the 3 of "mp3"
            }
            int start = i;
            while (i < text.length() && (Character.isDigit(text.charAt(i)) || isNumberJoint(text, i))) {
                i++;
            }
            if (isClockTime(text, start, i)) {
                count++;
                i += 3;
            } else if (precededByCurrency(text, start) || followedByUnit(text, i)) {
                count++;
            }
        }
        return count;
    }

    /** "three hours", "zwei Stunden", "trois ans": a number word right before a unit word. */
    private static int spelledOut(int[] roles) {
        int count = 0;
        for (int i = 0; i + 1 < roles.length; i++) {
            if ((roles[i] & WordRoles.NUMBER_WORD) != 0 && (roles[i + 1] & WordRoles.UNIT) != 0) {
                count++;
            }
        }
        return count;
    }

    /** '.' or ',' with a digit after it: 3.5, 1,000, 2.000. */
    private static boolean isNumberJoint(String text, int i) {
        char c = text.charAt(i);
        return (c == '.' || c == ',') && i + 1 < text.length() && Character.isDigit(text.charAt(i + 1));
    }

    /** One or two digits, ':' and exactly two digits: 9:40, 23:50 (not 3:1 or a ratio like 16:9). */
    private static boolean isClockTime(String text, int start, int end) {
        return end - start <= 2 && end + 2 < text.length() && text.charAt(end) == ':'
                && Character.isDigit(text.charAt(end + 1)) && Character.isDigit(text.charAt(end + 2))
                && (end + 3 == text.length() || !Character.isDigit(text.charAt(end + 3)));
    }

    private static boolean precededByCurrency(String text, int start) {
        int i = start - 1;
        if (i >= 0 && text.charAt(i) == ' ') {
            i--;
        }
        return i >= 0 && CURRENCY_SIGNS.indexOf(text.charAt(i)) >= 0;
    }

    /** A unit sign or unit word right after the number, with at most one space between: "2 h", "50min", "3 %". */
    private static boolean followedByUnit(String text, int end) {
        int i = end;
        if (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == '\u00a0')) {
            i++;
        }
        if (i >= text.length()) {
            return false;
        }
        if (UNIT_SIGNS.indexOf(text.charAt(i)) >= 0) {
            return true;
        }
        int wordEnd = i;
        while (wordEnd < text.length() && wordEnd - i <= MAX_UNIT_LETTERS && Character.isLetter(text.charAt(wordEnd))) {
            wordEnd++;
        }
        return wordEnd > i && wordEnd - i <= MAX_UNIT_LETTERS
                && UNITS.contains(Scan.lowerCase(text.substring(i, wordEnd)));
    }

    /** {@link Character#isDigit(char)}, ASCII (most of any message) answered without its tables. */
    private static boolean isDigit(char c) {
        return c < 0x80 ? c >= '0' && c <= '9' : Character.isDigit(c);
    }
}
