package org.mprt.ctk.verdict.rule;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mprt.ctk.verdict.Verdict;

/**
 * A frame kind's rule sequence shows each frame to every rule once, in the order given, however many
 * rules there are (fewer than the call sites, as many, or more, where the rest share a loop); and
 * each kind runs in a class of its own, so that the JIT compiler's view of one kind's call sites is
 * not mixed with another's.
 */
class RuleSequencesTest {

    /** Writes its number into the shared record each time it is shown a frame. */
    private static final class Numbered extends Rule {
        private final int number;
        private final List<Integer> record;

        Numbered(final int number, final List<Integer> record) {
            this.number = number;
            this.record = record;
        }

        @Override
        public String requirementId() {
            return "TEST-" + number;
        }

        @Override
        public void observe(final Observation observation) {
            record.add(number);
        }

        @Override
        public Verdict verdict() {
            throw new UnsupportedOperationException();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 5, UnrolledRuleSequence.BLOCK - 1, UnrolledRuleSequence.BLOCK,
        UnrolledRuleSequence.BLOCK + 1, 3 * UnrolledRuleSequence.BLOCK, 3 * UnrolledRuleSequence.BLOCK + 1,
        UnrolledRuleSequence.SITES - UnrolledRuleSequence.BLOCK + 1, UnrolledRuleSequence.SITES - 1, UnrolledRuleSequence.SITES,
        UnrolledRuleSequence.SITES + 1, 2 * UnrolledRuleSequence.SITES + 3})
    void shouldShowAFrameToEveryRuleOnceInOrder(final int count) {
        for (final FrameKind kind : FrameKind.values()) {
            final List<Integer> record = new ArrayList<>();
            final Rule[] rules = new Rule[count];
            for (int i = 0; i < count; i++) {
                rules[i] = new Numbered(i, record);
            }
            final RuleSequence sequence = RuleSequences.of(kind, rules);
            sequence.observe(null);
            sequence.observe(null);
            final List<Integer> once = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                once.add(i);
            }
            final List<Integer> twice = new ArrayList<>(once);
            twice.addAll(once);
            assertThat(record).as("%s, %d rules", kind, count).isEqualTo(twice);
        }
    }

    @Test
    void shouldKeepTheRulesGivenWhenTheCallersArrayChangesAfterwards() {
        final List<Integer> record = new ArrayList<>();
        final Rule[] rules = {new Numbered(1, record)};
        final RuleSequence sequence = RuleSequences.of(FrameKind.MPRT_DATA, rules);
        rules[0] = new Numbered(2, record);
        sequence.observe(null);
        assertThat(record).containsExactly(1);
    }

    @Test
    void shouldRunEachFrameKindInAClassOfItsOwn() {
        assertThat(RuleSequences.copiesPerKind()).as("hidden copies could be defined").isTrue();
        final Set<Class<?>> classes = new HashSet<>();
        for (final FrameKind kind : FrameKind.values()) {
            final RuleSequence sequence = RuleSequences.of(kind, new Rule[0]);
            assertThat(sequence.getClass()).isNotEqualTo(UnrolledRuleSequence.class);
            assertThat(RuleSequences.of(kind, new Rule[0]).getClass()).as("%s again", kind).isEqualTo(sequence.getClass());
            classes.add(sequence.getClass());
        }
        assertThat(classes).hasSize(FrameKind.values().length);
    }

    @Test
    void shouldFallBackToThePlainClassInTheSameOrderWhenNoCopyCanBeDefined() {
        final byte[] refused = RuleSequences.classFile().clone();
        refused[0] = 0; // no longer a class file's magic number
        for (final byte[] form : new byte[][] {null, refused}) {
            final MethodHandle[] copies = RuleSequences.copies(form);
            assertThat(copies).containsOnlyNulls().hasSize(FrameKind.values().length);
            for (final FrameKind kind : FrameKind.values()) {
                final List<Integer> record = new ArrayList<>();
                final Rule[] rules = new Rule[UnrolledRuleSequence.SITES + 2];
                for (int i = 0; i < rules.length; i++) {
                    rules[i] = new Numbered(i, record);
                }
                final RuleSequence sequence = RuleSequences.of(kind, rules, copies);
                assertThat(sequence.getClass()).isEqualTo(UnrolledRuleSequence.class);
                sequence.observe(null);
                assertThat(record).as("%s", kind).hasSize(rules.length).isSorted().doesNotHaveDuplicates();
            }
        }
    }
}
