package com.cascade4arm.demomodels.internal.design;

import com.cascade4arm.demomodels.internal.corpus.Answer;
import com.cascade4arm.demomodels.internal.corpus.Corpus;
import com.cascade4arm.demomodels.internal.tokenizer.BpeTrainer;
import com.cascade4arm.demomodels.internal.tokenizer.BpeVocabulary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Everything the three demo models share, derived from the corpus once per JVM: the BPE vocabulary, every answer's
 * token paths and steps, which tokens name which topic, the token codes, and the neurons of the target (all wordings)
 * and of the draft (main wordings, a few branch points taken the other way).
 */
public final class DemoDesign {
    /** Merges of the BPE vocabulary (vocabulary = 256 bytes + merges + 3 specials). */
    static final int MAX_MERGES = 3_700;
    /** Share of main-path tokens that also get a split variant (same text, two tokens), where free. */
    static final double SPLIT_DENSITY = 0.45;
    /** Share of branch points where the draft prefers the variant the target ranks second. */
    static final double DRAFT_DISAGREEMENT = 0.25;
    static final long SEED = 0x0DE5_16A5_CA5C_ADE4L;
    /** What the chat template puts right before every answer: "...<|im_end|>\n<|im_start|>assistant\n". */
    static final String ANSWER_ROLE = "assistant\n";

    private final Corpus corpus;
    private final BpeVocabulary vocabulary;
    private final int[] start;
    private final List<AnswerPaths> paths = new ArrayList<>();
    private final List<AnswerTransitions> transitions = new ArrayList<>();
    private final TopicKeys keys;
    private final List<Neuron> targetNeurons;
    private final List<Neuron> draftNeurons;
    private final TokenCodes codes;

    DemoDesign(Corpus corpus) {
        this.corpus = corpus;
        vocabulary = new BpeVocabulary(BpeTrainer.train(corpus.tokenizerTexts(), MAX_MERGES));
        start = answerStart(vocabulary);
        List<Set<Integer>> texts = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (Answer answer : corpus.answers()) {
            AnswerPaths answerPaths = AnswerPaths.of(answer, vocabulary, SPLIT_DENSITY, SEED);
            paths.add(answerPaths);
            try {
                transitions.add(new AnswerTransitions(answerPaths, start, vocabulary.imEndId(), DRAFT_DISAGREEMENT, SEED,
                        vocabulary));
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
                continue;
            }
            List<Transition> said = transitions.get(transitions.size() - 1).target();
            texts.add(said.stream().map(Transition::next).collect(Collectors.toSet()));
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("the corpus has " + problems.size() + " problem(s):\n" + String.join("\n", problems));
        }
        if (corpus.answers().size() > Layout.TOPIC_WIDTH) {
            throw new IllegalStateException("the corpus has " + corpus.answers().size() + " answers, but the model has room for "
                    + Layout.TOPIC_WIDTH + " topics");
        }
        keys = new TopicKeys(corpus.answers(), texts, vocabulary);
        targetNeurons = NeuronTable.build(transitions, AnswerTransitions::target);
        draftNeurons = NeuronTable.build(transitions, AnswerTransitions::draft);
        List<Neuron> all = new ArrayList<>(targetNeurons);
        all.addAll(draftNeurons);
        codes = new TokenCodes(vocabulary.size(), all, start);
    }

    /** The design of the bundled corpus, built once per JVM (about a second), on first use. */
    public static DemoDesign shared() {
        return Shared.DESIGN;
    }

    /** The JVM initializes this class, once, when shared() first reads it. */
    private static final class Shared {
        static final DemoDesign DESIGN = new DemoDesign(Corpus.load());
    }

    public Corpus corpus() {
        return corpus;
    }

    public BpeVocabulary vocabulary() {
        return vocabulary;
    }

    /** The tokens before every answer's first token (the last Transition.CONTEXT of the chat template). */
    public int[] start() {
        return start.clone();
    }

    public List<AnswerPaths> paths() {
        return paths;
    }

    public TopicKeys keys() {
        return keys;
    }

    public TokenCodes codes() {
        return codes;
    }

    public List<Neuron> neurons(boolean draft) {
        return draft ? draftNeurons : targetNeurons;
    }

    /**
     * What a model says greedily for answer {@code topic} when the prompt selects it alone: follow the strongest step
     * from the answer's start, up to {@code maxTokens} tokens or {@code <|im_end|>} (included).
     */
    public int[] greedyAnswer(int topic, boolean draft, int maxTokens) {
        int[] sequence = Arrays.copyOf(start, start.length + maxTokens);
        int length = start.length;
        while (length < sequence.length) {
            int next = greedyStep(topic, draft, sequence, length);
            if (next < 0) {
                break;
            }
            sequence[length++] = next;
            if (next == vocabulary.imEndId()) {
                break;
            }
        }
        return Arrays.copyOfRange(sequence, start.length, length);
    }

    /** The token a model says greedily after {@code sequence[0, length)} on topic {@code topic}, or -1 if it is lost. */
    public int greedyStep(int topic, boolean draft, int[] sequence, int length) {
        long context = Transition.pack(sequence, length);
        Neuron best = null;
        for (Neuron neuron : neurons(draft)) {
            if (neuron.step().context() == context && neuron.topics().get(topic)
                    && (best == null || best.variant() && !neuron.variant())) {
                best = neuron;
            }
        }
        return best == null ? -1 : best.next();
    }

    private static int[] answerStart(BpeVocabulary vocabulary) {
        int[] template = Stream.of(vocabulary.encode("\n"), new int[] {vocabulary.imStartId()},
                vocabulary.encode(ANSWER_ROLE)).flatMapToInt(IntStream::of).toArray();
        return Arrays.copyOfRange(template, template.length - Transition.CONTEXT, template.length);
    }

    public int answerIndex(String id) {
        List<Answer> answers = corpus.answers();
        return IntStream.range(0, answers.size()).filter(i -> answers.get(i).id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no answer with id '" + id + "'"));
    }
}
