package org.mprt.ctk.verdict.rule;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Makes the judge's rule sequence of each frame kind from a copy of {@link UnrolledRuleSequence} of
 * its own: the same class file, defined once per kind as a hidden class.
 *
 * <p>Why copies: the JIT compiler keeps what it has seen per call site of a class's code. With one
 * class for every kind, a site would see the rule at its position in each kind's sequence (up to
 * eight classes, not one) and would go through the virtual-method table again; a copy per kind
 * keeps each site to its one rule. When no copy can be defined (the class file cannot be read, or
 * the JVM refuses), every kind uses {@link UnrolledRuleSequence} itself: the same calls in the same
 * order, only slower.
 */
final class RuleSequences {

    /** Per frame kind, the constructor {@code (Rule[])} of its copy; all null when no copy could be made. */
    private static final MethodHandle[] COPIES = copies(classFile());

    private RuleSequences() {
    }

    /** The sequence of {@code rules}, in that order, for frames of {@code kind}. */
    static RuleSequence of(final FrameKind kind, final Rule[] rules) {
        return of(kind, rules, COPIES);
    }

    /** As {@link #of(FrameKind, Rule[])}, from the copies given (all null: none could be made). */
    static RuleSequence of(final FrameKind kind, final Rule[] rules, final MethodHandle[] copies) {
        final MethodHandle copy = copies[kind.ordinal()];
        if (copy == null) {
            return new UnrolledRuleSequence(rules);
        }
        try {
            return (RuleSequence) copy.invoke(rules);
        } catch (final RuntimeException | Error e) {
            throw e;
        } catch (final Throwable t) {
            throw new IllegalStateException("the rule sequence for " + kind + " could not be made", t);
        }
    }

    /** True when each kind has a class of its own (else they share {@link UnrolledRuleSequence}). */
    static boolean copiesPerKind() {
        return COPIES[0] != null;
    }

    /** Per frame kind, a copy defined from the class file {@code form}; all null when it is null or refused. */
    static MethodHandle[] copies(final byte[] form) {
        final MethodHandle[] copies = new MethodHandle[FrameKind.values().length];
        if (form == null) {
            return copies;
        }
        try {
            for (final FrameKind kind : FrameKind.values()) {
                final MethodHandles.Lookup copy = MethodHandles.lookup().defineHiddenClass(form, true);
                copies[kind.ordinal()] = copy.findConstructor(copy.lookupClass(),
                    MethodType.methodType(void.class, Rule[].class));
            }
            return copies;
        } catch (final ReflectiveOperationException | LinkageError | SecurityException e) {
            return new MethodHandle[copies.length];
        }
    }

    static byte[] classFile() {
        try (InputStream in = UnrolledRuleSequence.class.getResourceAsStream("UnrolledRuleSequence.class")) {
            return in == null ? null : in.readAllBytes();
        } catch (final IOException e) {
            return null;
        }
    }
}
