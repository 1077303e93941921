package com.cascade4arm.demomodels;

/** The three generated stand-ins for the Qwen2.5 family; ids mirror the real sizes they imitate. */
public enum DemoModel {
    SMALL("demo-0.5b"),
    LARGE("demo-1.5b"),
    BASELINE("demo-3b");

    private final String id;

    DemoModel(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }
}
