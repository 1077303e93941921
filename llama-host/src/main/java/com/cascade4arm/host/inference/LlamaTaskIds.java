package com.cascade4arm.host.inference;

import de.kherud.llama.LlamaIterator;

import java.lang.reflect.Field;

/**
 * Reads the llama.cpp task id of a streaming generation. de.kherud:llama 4.2.0 keeps it in the private field
 * {@code LlamaIterator.taskId}; llama.cpp prints the same id in its slot log prefix ("id 0 | task 7 |"), which is how
 * log lines (draft acceptance) are tied back to a request. Checked once at class load so a library upgrade that
 * renames the field fails loudly instead of silently losing draft statistics.
 */
final class LlamaTaskIds {

    private static final Field TASK_ID = taskIdField();

    private LlamaTaskIds() {
    }

    static int of(LlamaIterator iterator) {
        try {
            return TASK_ID.getInt(iterator);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read LlamaIterator.taskId", e);
        }
    }

    private static Field taskIdField() {
        try {
            Field field = LlamaIterator.class.getDeclaredField("taskId");
            field.setAccessible(true);
            return field;
        } catch (NoSuchFieldException e) {
            throw new ExceptionInInitializerError("de.kherud.llama.LlamaIterator has no field taskId: " + e);
        }
    }
}
