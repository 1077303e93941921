package com.cascade4arm.host.testing;

import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.demomodels.DemoModels;

import java.nio.file.Path;

/** Where tests get their GGUF files: the generated demo models from the shared cache. */
public final class DemoModelFiles {

    private DemoModelFiles() {
    }

    public static Path path(DemoModel model) {
        return DemoModels.ensure(model);
    }
}
