package com.cascade4arm.routes.serving.upstream;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * What one endpoint served lately, allocation-free: which affinity keys (a direct-mapped table: a colliding key
 * evicts the older one, as the server's own cache would have by then) and, where the endpoint has slots, which key
 * each slot last held and whether this gateway has a request on it now.
 */
public final class PrefixMemory {
    /** Power of two; a slot's KV cache holds one conversation, so a few hundred keys outlast any server's caches. */
    private static final int KEYS = 512;
    private static final long EMPTY = 0;

    private final AtomicLongArray keys = new AtomicLongArray(KEYS);
    private final AtomicLongArray slotKeys;
    /** Per slot: requests of this gateway on it now (0 or 1 unless the server queues). */
    private final AtomicIntegerArray slotBusy;
    /** Per slot: when it was last handed out (a counter), to reuse the one idle longest. */
    private final AtomicLongArray slotUsed;
    private final AtomicLong ticks = new AtomicLong();

    /** {@code slots}: the endpoint's slots to name in requests ({@code id_slot}), 0 to let the server choose. */
    public PrefixMemory(int slots) {
        this.slotKeys = new AtomicLongArray(slots);
        this.slotBusy = new AtomicIntegerArray(slots);
        this.slotUsed = new AtomicLongArray(slots);
    }

    /** The slots named in requests (0: none). */
    public int slots() {
        return slotKeys.length();
    }

    /** True when this endpoint served {@code key} lately. */
    public boolean served(long key) {
        return keys.get(index(key)) == nonEmpty(key);
    }

    /** Notes that this endpoint serves {@code key}. */
    public void remember(long key) {
        keys.set(index(key), nonEmpty(key));
    }

    /**
     * The slot for {@code key}, marked busy: the idle slot that last held it, else the slot idle longest; -1 when the
     * endpoint has no slots configured or all of them are busy (the server then queues and chooses itself).
     */
    public int claimSlot(long key) {
        int slots = slotKeys.length();
        long wanted = nonEmpty(key);
        for (int i = 0; i < slots; i++) {
            if (slotKeys.get(i) == wanted && slotBusy.compareAndSet(i, 0, 1)) {
                slotUsed.set(i, ticks.incrementAndGet());
                return i;
            }
        }
        int best = -1;
        long oldest = Long.MAX_VALUE;
        for (int i = 0; i < slots; i++) {
            if (slotBusy.get(i) == 0 && slotUsed.get(i) < oldest) {
                oldest = slotUsed.get(i);
                best = i;
            }
        }
        if (best >= 0 && slotBusy.compareAndSet(best, 0, 1)) {
            slotKeys.set(best, wanted);
            slotUsed.set(best, ticks.incrementAndGet());
            return best;
        }
        return -1; // raced or all busy: the server picks
    }

    /** The request on {@code slot} ended (-1: none was claimed). */
    public void releaseSlot(int slot) {
        if (slot >= 0) {
            slotBusy.set(slot, 0);
        }
    }

    private static int index(long key) {
        return (int) (key ^ (key >>> 32)) & (KEYS - 1);
    }

    /** 0 marks an empty entry: a key that hashes to 0 is stored as 1 (a collision the table tolerates). */
    private static long nonEmpty(long key) {
        return key == EMPTY ? 1 : key;
    }
}
