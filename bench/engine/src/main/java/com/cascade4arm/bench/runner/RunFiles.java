package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.judge.AnswerPair;
import com.cascade4arm.bench.judge.PromptJudgement;

import java.io.Closeable;
import java.io.IOException;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * The files of one run directory: {@code rows.csv} appended and flushed per request; {@code aggregates.csv},
 * {@code scorecard.csv}, {@code categories.csv}, {@code answers.json}, {@code judge.csv}, {@code draft-pass.csv} and {@code summary.json}; a multi-turn run's {@code turns.csv} appended per turn as rows.csv replaced atomically (temp file, fsync, rename) so a crash never leaves half a file.
 */
final class RunFiles implements Closeable {

    static final String ROWS = "rows.csv";
    static final String AGGREGATES = "aggregates.csv";
    static final String SUMMARY = "summary.json";
    static final String SCORECARD = "scorecard.csv";
    static final String JUDGE = "judge.csv";
    static final String ANSWERS = "answers.json";
    static final String CATEGORIES = "categories.csv";
    static final String DRAFT_PASS = "draft-pass.csv";
    static final String TURNS = "turns.csv";

    private final Path dir;
    private final Writer rows;
    /** turns.csv, opened by the first turn of a multi-turn run (other runs have none). */
    private Writer turns;

    /** Opens a new run directory; its rows.csv must not exist yet (nothing is ever overwritten). */
    RunFiles(Path dir) throws IOException {
        this.dir = dir;
        this.rows = Files.newBufferedWriter(dir.resolve(ROWS), StandardCharsets.UTF_8,
                StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        rows.write(Csv.line(RequestRow.HEADER));
        rows.flush();
    }

    Path dir() {
        return dir;
    }

    synchronized void appendRow(RequestRow row) throws IOException {
        rows.write(Csv.line(row.csvFields()));
        rows.flush();
    }

    /** One turn of a multi-turn run, with the prompt tokens, cached tokens and endpoint rows.csv has no room for. */
    synchronized void appendTurn(TurnRow row) throws IOException {
        if (turns == null) {
            turns = Files.newBufferedWriter(dir.resolve(TURNS), StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            turns.write(Csv.line(TurnRow.HEADER));
        }
        turns.write(Csv.line(row.csvFields()));
        turns.flush();
    }

    void writeAggregates(List<LevelAggregate> aggregates) throws IOException {
        StringBuilder csv = new StringBuilder(Csv.line(LevelAggregate.HEADER));
        aggregates.forEach(a -> csv.append(Csv.line(a.csvFields())));
        writeAtomically(dir.resolve(AGGREGATES), csv.toString().getBytes(StandardCharsets.UTF_8));
    }

    void writeScorecard(List<RouterScorecard> scorecard) throws IOException {
        StringBuilder csv = new StringBuilder(Csv.line(RouterScorecard.HEADER));
        scorecard.forEach(card -> csv.append(Csv.line(card.csvFields())));
        writeAtomically(dir.resolve(SCORECARD), csv.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** One line per prompt: its label and the rulebook's category (the confusion table's rows). */
    void writeCategories(CategoryConfusion confusion) throws IOException {
        StringBuilder csv = new StringBuilder(Csv.line(CategoryConfusion.HEADER));
        confusion.predictions().forEach(p -> csv.append(Csv.line(p.csvFields())));
        writeAtomically(dir.resolve(CATEGORIES), csv.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** One line per judged prompt: both orders' verdicts, the combined outcome, the reason when unjudged. */
    void writeJudgements(List<PromptJudgement> judgements) throws IOException {
        StringBuilder csv = new StringBuilder(Csv.line(PromptJudgement.HEADER));
        judgements.forEach(j -> csv.append(Csv.line(j.csvFields())));
        writeAtomically(dir.resolve(JUDGE), csv.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** The answer pairs the judge compares (or could compare): cascade and baseline text per prompt. */
    void writeAnswers(List<AnswerPair> pairs) throws IOException {
        writeAtomically(dir.resolve(ANSWERS), Json.MAPPER.writeValueAsBytes(pairs));
    }

    /** The draft pass's requests so far (draft on and off), apart from rows.csv so no level aggregate counts them. */
    void writeDraftPass(List<DraftPassRow> draftRows) throws IOException {
        StringBuilder csv = new StringBuilder(Csv.line(DraftPassRow.HEADER));
        draftRows.forEach(row -> csv.append(Csv.line(row.csvFields())));
        writeAtomically(dir.resolve(DRAFT_PASS), csv.toString().getBytes(StandardCharsets.UTF_8));
    }

    void writeSummary(RunSummary summary) throws IOException {
        writeAtomically(dir.resolve(SUMMARY), Json.MAPPER.writeValueAsBytes(summary));
    }

    @Override
    public synchronized void close() throws IOException {
        rows.close();
        if (turns != null) {
            turns.close();
        }
    }

    /** Writes to a temp file in the same directory, forces it to disk, then renames it over {@code file}. */
    static synchronized void writeAtomically(Path file, byte[] content) throws IOException {
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buffer = ByteBuffer.wrap(content);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(true);
        }
        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        forceDirectory(file.getParent());
    }

    private static void forceDirectory(Path dir) {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException ignored) {
            // not every platform can fsync a directory; the rename itself is still atomic
        }
    }
}
