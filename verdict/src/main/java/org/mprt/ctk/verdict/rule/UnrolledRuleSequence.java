package org.mprt.ctk.verdict.rule;

import java.util.Arrays;

/**
 * A rule sequence with a call site of its own for each of its first {@link #SITES} rules: the form
 * that {@link RuleSequences} copies once per frame kind.
 *
 * <p>Why written out: the JIT compiler keeps the receiver classes it has seen per call site. One
 * loop over all rules makes its single site see some fifty classes, so that every call goes through
 * the virtual-method table; here each site sees the one rule at its position and is called directly
 * or inlined. Fifty-two rules that do nothing cost 0.16 to 0.26 s per million frames of the verdict
 * benchmark's capture through one loop, 0.04 s through sites of their own; the pass with every rule
 * took 7 to 10 % less time (benchmarks/README.md, "Rounds").
 *
 * <p>Why in blocks of {@link #BLOCK} sites, each a method of its own: the compiler inlines into one
 * compiled method at most a fixed amount of bytecode (HotSpot's DesiredMethodLimit), which a whole
 * sequence in one method spends on its first ten or so rules; each block is compiled on its own
 * budget, so more rules are inlined. And a sequence stops after the block that holds its last rule,
 * so that at most {@code BLOCK - 1} sites call {@link RuleSequence#NOTHING}: calls the compiler
 * does not inline past its budget either. Rules past the last site are called in a loop.
 */
final class UnrolledRuleSequence extends RuleSequence {

    /** Call sites per block. */
    static final int BLOCK = 8;
    /** Rules with a call site of their own; the rest share the loop's. */
    static final int SITES = 8 * BLOCK;

    private final Rule[] r;
    /** The blocks that hold a rule. */
    private final int blocks;

    UnrolledRuleSequence(final Rule[] rules) {
        this.r = Arrays.copyOf(rules, Math.max(SITES, rules.length));
        Arrays.fill(r, rules.length, r.length, NOTHING);
        this.blocks = (Math.min(rules.length, SITES) + BLOCK - 1) / BLOCK;
    }

    @Override
    void observe(final Observation o) {
        final int n = blocks;
        if (n == 0) {
            return;
        }
        block0(o);
        if (n == 1) {
            return;
        }
        block1(o);
        if (n == 2) {
            return;
        }
        block2(o);
        if (n == 3) {
            return;
        }
        block3(o);
        if (n == 4) {
            return;
        }
        block4(o);
        if (n == 5) {
            return;
        }
        block5(o);
        if (n == 6) {
            return;
        }
        block6(o);
        if (n == 7) {
            return;
        }
        block7(o);
        for (int k = SITES; k < r.length; k++) {
            r[k].observe(o);
        }
    }

    private void block0(final Observation o) {
        final Rule[] r = this.r;
        r[0].observe(o); r[1].observe(o); r[2].observe(o); r[3].observe(o);
        r[4].observe(o); r[5].observe(o); r[6].observe(o); r[7].observe(o);
    }

    private void block1(final Observation o) {
        final Rule[] r = this.r;
        r[8].observe(o); r[9].observe(o); r[10].observe(o); r[11].observe(o);
        r[12].observe(o); r[13].observe(o); r[14].observe(o); r[15].observe(o);
    }

    private void block2(final Observation o) {
        final Rule[] r = this.r;
        r[16].observe(o); r[17].observe(o); r[18].observe(o); r[19].observe(o);
        r[20].observe(o); r[21].observe(o); r[22].observe(o); r[23].observe(o);
    }

    private void block3(final Observation o) {
        final Rule[] r = this.r;
        r[24].observe(o); r[25].observe(o); r[26].observe(o); r[27].observe(o);
        r[28].observe(o); r[29].observe(o); r[30].observe(o); r[31].observe(o);
    }

    private void block4(final Observation o) {
        final Rule[] r = this.r;
        r[32].observe(o); r[33].observe(o); r[34].observe(o); r[35].observe(o);
        r[36].observe(o); r[37].observe(o); r[38].observe(o); r[39].observe(o);
    }

    private void block5(final Observation o) {
        final Rule[] r = this.r;
        r[40].observe(o); r[41].observe(o); r[42].observe(o); r[43].observe(o);
        r[44].observe(o); r[45].observe(o); r[46].observe(o); r[47].observe(o);
    }

    private void block6(final Observation o) {
        final Rule[] r = this.r;
        r[48].observe(o); r[49].observe(o); r[50].observe(o); r[51].observe(o);
        r[52].observe(o); r[53].observe(o); r[54].observe(o); r[55].observe(o);
    }

    private void block7(final Observation o) {
        final Rule[] r = this.r;
        r[56].observe(o); r[57].observe(o); r[58].observe(o); r[59].observe(o);
        r[60].observe(o); r[61].observe(o); r[62].observe(o); r[63].observe(o);
    }
}
