package org.mprt.ctk.conformance.probe;

import java.util.Arrays;
import org.mprt.ctk.conformance.runtime.ScenarioInputException;

/**
 * What a scripted RoCEv2 request does wrong on purpose, in the words a scenario uses, each the
 * condition of one requirement of rocev2-baseline.md.
 */
public enum RoceProbeFault {
    /** The ICRC does not match (section 5, ROCE-ICRC-002). */
    BAD_ICRC("a bad ICRC"),
    /** BTH.DestQP is 0, a QP a RoCEv2 port does not have (section 3, ROCE-WIRE-008). */
    DEST_QP_ZERO("DestQP 0"),
    /** The RETH's R_Key names no region of the responder (section 8, ROCE-NAK-005). */
    FORGED_RKEY("a forged rkey"),
    /** The RETH's bytes run past the end of the region its R_Key names (section 8, ROCE-NAK-005). */
    ADDRESS_PAST_REGION("an address past the end of the region"),
    /** The IP header carries ECN CE, as a switch marks a packet under congestion (section 3, ROCE-WIRE-010). */
    ECN_CE("ECN CE");

    private final String words;

    RoceProbeFault(final String words) {
        this.words = words;
    }

    public String words() {
        return words;
    }

    public static RoceProbeFault fromWords(final String words) {
        for (final RoceProbeFault f : values()) {
            if (f.words.equals(words)) {
                return f;
            }
        }
        throw new ScenarioInputException("RoCEv2 fault '" + words + "': expected one of "
            + Arrays.stream(values()).map(RoceProbeFault::words).toList());
    }
}
