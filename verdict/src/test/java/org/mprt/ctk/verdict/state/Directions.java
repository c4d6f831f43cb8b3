package org.mprt.ctk.verdict.state;

/** Connection directions for tests, placed where a test needs them. */
public final class Directions {

    private Directions() {
    }

    /** A direction whose capture stands at {@code side}, from its start or not. */
    public static Direction placed(final String label, final CaptureSide side, final boolean fromStart) {
        final Direction d = new Direction(1) {
            @Override
            public String label() {
                return label;
            }
        };
        d.place(side, "placed by the test");
        if (!fromStart) {
            d.startsMidConnection(1, "the test says so");
        }
        return d;
    }

    static Direction answered(final long... delaysNs) {
        final Direction d = placed("timed", CaptureSide.UNKNOWN, true);
        for (final long delay : delaysNs) {
            d.answered(delay);
        }
        return d;
    }
}
