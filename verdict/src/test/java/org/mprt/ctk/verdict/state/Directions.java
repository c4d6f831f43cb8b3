package org.mprt.ctk.verdict.state;

/** Connection directions for tests, placed where a test needs them. */
public final class Directions {

    private Directions() {
    }

    /** A direction whose capture stands at {@code side}, from its start or not; numbered 0, as every one of them. */
    public static Direction placed(final String label, final CaptureSide side, final boolean fromStart) {
        return placed(label, side, fromStart, 0);
    }

    /** As {@link #placed(String, CaptureSide, boolean)}, with the number the direction's tracker would give it. */
    public static Direction placed(final String label, final CaptureSide side, final boolean fromStart, final int number) {
        final Direction d = new Direction(1, number) {
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
