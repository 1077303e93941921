package com.cascade4arm.rules.engine;

import com.cascade4arm.rules.decision.Decision;
import java.util.Deque;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;
import org.drools.kiesession.session.StatefulKnowledgeSessionImpl;
import org.kie.api.KieBase;
import org.kie.api.runtime.KieSession;
import org.kie.api.runtime.rule.FactHandle;

/**
 * Sessions of one KieBase kept between decisions, each with its {@link FiringRecorder} attached once. A decision inserts
 * its facts, fires, and deletes what it inserted: that retracts only what the facts reached in the network, where
 * disposing a pooled session (Drools' {@code KieSessionsPool}) resets every node memory of the rulebook and detaches
 * its listeners — 12–15 % of a decision's time on the bundled rules (issue 33). A session whose decision
 * failed is disposed, never reused; one that has served {@link #RENEW_AFTER} decisions is reset (see there).
 * Thread-safe: a session serves one decision at a time.
 */
public final class ReusableSessions {

    /** Idle sessions kept at most; more at once (a burst of deciding threads) are disposed when they finish. */
    static final int MAX_IDLE = 64;

    /**
     * Decisions a session serves before it is reset to the state of a new one. Drools (10.1 and 10.2) keeps every fired
     * match of a single-pattern rule whose consequence modifies its own fact (an alpha terminal node, such as "anything
     * unmatched is everyday") in the rule's dormant matches after the fact is deleted: two such matches, the decision
     * and its handle, about 470 bytes per decision for as long as the session lives, and through the handle the decision's
     * facts. Renewing bounds that to what 100 decisions leave. At 1,000 the matches and the facts they held were about
     * a fifth of what every young collection copied under load. Renewal resets the session in place (its node
     * memories and agenda, as Drools' own session pool does: 3–4 µs once per 100 decisions). Disposing it and creating
     * a new one cost as much, and the new session's first decision then took 10–12 µs longer (bench's
     * SessionRenewalBench): every hundredth decision was twice as slow as the rest.
     */
    static final int RENEW_AFTER = 100;

    private final KieBase kieBase;
    /**
     * Last in, first out: the session given back last is leased next, its node memories still in the CPU's caches.
     * First in, first out, a burst's sessions took turns afterwards even one decision at a time: with 16 of them idle,
     * a decision took 3–5 % longer on average, with 64 of them 12–22 % (bench's SessionPoolBench).
     */
    private final Deque<Lease> idle = new ConcurrentLinkedDeque<>();
    private final AtomicInteger idleCount = new AtomicInteger();
    private final AtomicInteger leased = new AtomicInteger();
    private final AtomicInteger created = new AtomicInteger();

    public ReusableSessions(KieBase kieBase) {
        this.kieBase = kieBase;
    }

    /** An idle session, or a new one; give it back with {@link Lease#close()} once the decision is read. */
    public Lease lease(Decision decision) {
        Lease lease = idle.pollFirst();
        if (lease == null) {
            lease = new Lease(kieBase.newKieSession());
            created.incrementAndGet();
        } else {
            idleCount.decrementAndGet();
        }
        leased.incrementAndGet();
        lease.recorder.restart(decision);
        return lease;
    }

    /** Sessions handed out and not yet given back: 0 between decisions. */
    public int leasedCount() {
        return leased.get();
    }

    /** Sessions created so far (renewal resets a session in place: it creates none). */
    int createdCount() {
        return created.get();
    }

    /** One decision's session: insert, fire, then close (which clears and returns it, or disposes it after a failure). */
    public final class Lease implements AutoCloseable {
        private final KieSession session;
        private final FiringRecorder recorder = new FiringRecorder(null);
        private FactHandle[] inserted = new FactHandle[0];
        private boolean failed;
        private int decisions;

        private Lease(KieSession session) {
            this.session = session;
            session.addEventListener(recorder);
        }

        public FiringRecorder recorder() {
            return recorder;
        }

        /** Inserts the decision's facts and fires at most {@code limit} rules; the number fired. */
        public int fire(int limit, Object... facts) {
            failed = true; // until fireAllRules returns: a consequence that threw leaves the session in an unknown state
            decisions++;
            WordIds.forget(); // each decision looks its message's words up afresh (facts may be decided again)
            inserted = new FactHandle[facts.length];
            for (int i = 0; i < facts.length; i++) {
                inserted[i] = session.insert(facts[i]);
            }
            int fired = session.fireAllRules(limit);
            failed = false;
            return fired;
        }

        @Override
        public void close() {
            leased.decrementAndGet();
            boolean reusable = !failed && clear() && (decisions < RENEW_AFTER || renew());
            WordIds.forget(); // the thread keeps no reference to the facts
            if (reusable && idleCount.incrementAndGet() <= MAX_IDLE) {
                idle.offerFirst(this);
                return;
            }
            if (reusable) {
                idleCount.decrementAndGet();
            }
            session.dispose();
        }

        /** Resets the session to the state of a new one (which also drops its listeners: the recorder is added again). */
        private boolean renew() {
            if (!(session instanceof StatefulKnowledgeSessionImpl impl)) {
                return false;
            }
            try {
                impl.reset();
                session.addEventListener(recorder);
                decisions = 0;
                return session.getFactCount() == 0;
            } catch (RuntimeException e) {
                return false;
            }
        }

        /** Deletes what the decision inserted (and with it any activation still pending at the fire limit). */
        private boolean clear() {
            try {
                for (FactHandle handle : inserted) {
                    session.delete(handle);
                }
                recorder.restart(null);
                return session.getFactCount() == 0;
            } catch (RuntimeException e) {
                return false;
            }
        }
    }
}
