package org.mprt.ctk.conformance.probe;

import org.mprt.ctk.conformance.runtime.ScenarioInputException;

/**
 * What a scripted probe does wrong on purpose, in the words a scenario uses, each the invalid
 * value of one row of mprt-v0.1.md section 3.8 or one check of section 13.1.
 */
public enum ProbeFault {
    /** The ICRC does not match (section 3.8, MPRT-WIRE-008). */
    BAD_ICRC("a bad ICRC"),
    /** The packet ends inside its MDETH: IP and UDP lengths say so, and no ICRC follows it (section 3.8). */
    TRUNCATED_MDETH("its MDETH cut short"),
    /** MDETH resv5 is not zero (section 3.8, MPRT-WIRE-070). */
    NON_ZERO_RESERVED("a non-zero reserved field"),
    /** F is 0 on the packet whose message_offset is 0 (MPRT-WIRE-070). */
    FIRST_FLAG_CLEAR("F clear on the first packet of its message"),
    /** L is 0 on the packet that carries the message's last byte (MPRT-WIRE-070). */
    LAST_FLAG_CLEAR("L clear on the last packet of its message"),
    /** message_offset + payload length exceeds message_length (MPRT-WIRE-070). */
    PAYLOAD_PAST_LENGTH("a payload that runs past message_length"),
    /** The rkey names no region of the connection (section 13.1 step 9, MPRT-SEC-001). */
    FORGED_RKEY("a forged rkey"),
    /** The rkey of a region the device exposes to another of the probe's connections (step 9, MPRT-SEC-003). */
    OTHER_CONNECTION_RKEY("the rkey of another connection"),
    /** The bytes run past the end of the region the rkey names (step 10, MPRT-SEC-002). */
    ADDRESS_PAST_REGION("an address past the end of the region"),
    /** The address range wraps past 2^64 (step 10, MPRT-SEC-002). */
    ADDRESS_WRAPPING("an address range that wraps past 2^64"),
    /** BTH.DestQP names no connection of the device (section 5.2, MPRT-CONN-003). */
    UNKNOWN_CONNECTION("an unknown destination connection");

    private final String words;

    ProbeFault(final String words) {
        this.words = words;
    }

    public String words() {
        return words;
    }

    /** The regular expression a step's {@code {fault}} parameter matches. */
    public static String wordsPattern() {
        final StringBuilder s = new StringBuilder();
        for (final ProbeFault f : values()) {
            s.append(s.length() == 0 ? "" : "|").append(java.util.regex.Pattern.quote(f.words));
        }
        return s.toString();
    }

    public static ProbeFault fromWords(final String words) {
        for (final ProbeFault f : values()) {
            if (f.words.equals(words)) {
                return f;
            }
        }
        throw new ScenarioInputException("fault '" + words + "': expected one of " + java.util.Arrays.stream(values())
            .map(ProbeFault::words).toList());
    }
}
