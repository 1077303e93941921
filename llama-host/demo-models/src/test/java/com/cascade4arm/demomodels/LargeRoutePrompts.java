package com.cascade4arm.demomodels;

import com.cascade4arm.demomodels.internal.corpus.Category;
import com.cascade4arm.demomodels.internal.design.DemoDesign;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Test helper: the large-route prompts on which the speculative-decoding tests measure draft acceptance, shared by
 * this module's llama-server test and llama-host's test of its shipped draft settings.
 */
public final class LargeRoutePrompts {
    public static final int MAX_TOKENS = 64;
    static final int PROMPT_COUNT = 12;
    static final Set<Category> LARGE_ROUTE = Set.of(Category.REASONING, Category.CODE, Category.ANALYSIS);
    /** Large-route example prompts, taken in turn from each category. */
    public static final List<String> PROMPTS = DemoDesign.shared().corpus().answers().stream()
            .filter(answer -> LARGE_ROUTE.contains(answer.category()) && !answer.keys().isEmpty())
            .sorted(Comparator.comparingInt(answer -> DemoDesign.shared().corpus().answers().stream()
                    .filter(other -> other.category() == answer.category()).toList().indexOf(answer)))
            .map(answer -> answer.prompts().get(0)).limit(PROMPT_COUNT).toList();

    private LargeRoutePrompts() {
    }
}
