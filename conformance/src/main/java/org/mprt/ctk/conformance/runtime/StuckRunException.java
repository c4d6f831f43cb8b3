package org.mprt.ctk.conformance.runtime;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A run of the fabric did not return within its wall-clock budget although its events were not
 * running on without end (the runaway guard would have ended those): one call, into a device most
 * likely, has not returned. The message shows where that call was when the scenario stopped waiting.
 */
public final class StuckRunException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    StuckRunException(final long waitNs, final StackTraceElement[] where, final int framesShown) {
        super(String.format(Locale.ROOT, "the fabric's run had not returned after %.1f s of wall-clock time: a call into"
                + " a device is stuck (a loop that never ends, or a wait that nothing ends)%s", waitNs / 1e9,
            where.length == 0 ? "" : "; it is at " + Arrays.stream(where).limit(framesShown).map(String::valueOf)
                .collect(Collectors.joining(" <- "))));
    }
}
