package com.cascade4arm.host.inference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Draft counts from llama.cpp's slot log lines (copied from real b4916 output), tied to hosts by task id. */
class DraftTrackerTest {

    private final List<DraftTracker> trackers = new ArrayList<>();

    @AfterEach
    void unregister() {
        trackers.forEach(DraftTracker::unregister);
    }

    @Test
    void sumsAcceptedAndDraftedTokensOfItsTask() {
        DraftTracker tracker = tracker(true);
        DraftTask task = tracker.begin(7);

        DraftTracker.onLogLine("slot update_slots: id  0 | task 7 | accepted 1/1 draft tokens, new n_past = 52");
        DraftTracker.onLogLine("slot update_slots: id  0 | task 7 | accepted 5/8 draft tokens, new n_past = 59");
        DraftTracker.onLogLine("slot update_slots: id  0 | task 8 | accepted 8/8 draft tokens, new n_past = 69");
        DraftTracker.onLogLine("slot      release: id  0 | task 7 | stop processing: n_past = 63, truncated = 0");
        DraftTracker.onLogLine("slot update_slots: id  0 | task 7 | accepted 3/4 draft tokens, new n_past = 63");

        assertThat(tracker.finish(task, 20, 10)).isEqualTo(new DraftCounts(13, 9));
    }

    @Test
    void claimsLinesThatArrivedBeforeItsTaskRegistered() {
        DraftTracker tracker = tracker(true);
        DraftTracker.onLogLine("slot update_slots: id  1 | task 42 | accepted 2/3 draft tokens, new n_past = 30");

        DraftTask task = tracker.begin(42);

        assertThat(tracker.finish(task, 5, 10)).isEqualTo(new DraftCounts(3, 2));
    }

    @Test
    void dropsLinesWhoseTaskIdRunsOnTwoDraftedHosts() {
        DraftTracker first = tracker(true);
        DraftTracker second = tracker(true);
        DraftTask a = first.begin(3);
        DraftTask b = second.begin(3);

        DraftTracker.onLogLine("slot update_slots: id  0 | task 3 | accepted 4/4 draft tokens, new n_past = 40");

        assertThat(first.finish(a, 5, 10)).as("ambiguous line counted nowhere").isEqualTo(DraftCounts.NONE);
        assertThat(second.finish(b, 5, 10)).isEqualTo(DraftCounts.NONE);
    }

    @Test
    void hostWithoutDraftModelTracksNothing() {
        DraftTracker plain = tracker(false);
        DraftTask task = plain.begin(1);

        DraftTracker.onLogLine("slot update_slots: id  0 | task 1 | accepted 4/4 draft tokens, new n_past = 40");

        assertThat(plain.enabled()).isFalse();
        assertThat(plain.finish(task, 5, 10)).isEqualTo(DraftCounts.NONE);
    }

    @Test
    void ignoresOtherLogLines() {
        DraftTracker tracker = tracker(true);
        DraftTask task = tracker.begin(2);

        DraftTracker.onLogLine("slot launch_slot_: id  0 | task 2 | processing task");
        DraftTracker.onLogLine("srv  update_slots: all slots are idle");
        DraftTracker.onLogLine("       eval time =     267.96 ms /    64 tokens");

        assertThat(tracker.finish(task, 1, 10)).isEqualTo(DraftCounts.NONE);
    }

    private DraftTracker tracker(boolean hasDraft) {
        DraftTracker tracker = DraftTracker.forHost(hasDraft);
        trackers.add(tracker);
        return tracker;
    }
}
