package com.cascade4arm.rules.safety;

import org.drools.drl.ast.descr.AccumulateDescr;
import org.drools.drl.ast.descr.BaseDescr;
import org.drools.drl.ast.descr.CollectDescr;
import org.drools.drl.ast.descr.ConditionalBranchDescr;
import org.drools.drl.ast.descr.EntryPointDescr;
import org.drools.drl.ast.descr.EvalDescr;
import org.drools.drl.ast.descr.ForallDescr;
import org.drools.drl.ast.descr.FromDescr;
import org.drools.drl.ast.descr.GroupByDescr;
import org.drools.drl.ast.descr.NamedConsequenceDescr;
import org.drools.drl.ast.descr.WindowReferenceDescr;

/** Names the condition elements the allow-list rejects, saying why the dangerous ones are dangerous. */
final class Conditions {

    private Conditions() {
    }

    static String describe(BaseDescr element) {
        if (element instanceof EvalDescr eval) {
            return "eval(" + eval.getContent() + ") (it runs arbitrary Java)";
        } else if (element instanceof FromDescr from) {
            return "'from " + from.getExpression() + "' (it evaluates an expression)";
        } else if (element instanceof GroupByDescr) {
            return "groupby";
        } else if (element instanceof AccumulateDescr) {
            return "accumulate (it can call functions)";
        } else if (element instanceof CollectDescr) {
            return "collect";
        } else if (element instanceof ForallDescr) {
            return "forall";
        } else if (element instanceof EntryPointDescr entryPoint) {
            return "the entry point '" + entryPoint.getEntryId() + "'";
        } else if (element instanceof WindowReferenceDescr) {
            return "a window";
        } else if (element instanceof ConditionalBranchDescr) {
            return "a conditional branch (if … do[…])";
        } else if (element instanceof NamedConsequenceDescr) {
            return "a named consequence (do[…] / break[…])";
        }
        return "the element '" + element.getClass().getSimpleName().replace("Descr", "") + "'";
    }
}
