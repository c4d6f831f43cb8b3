package org.mprt.ctk.verdict.cc;

import org.mprt.ctk.verdict.Verdict;
import org.mprt.ctk.verdict.rule.EvidenceRule;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;

/**
 * MPRT-CC-004: no IEEE 802.3x PAUSE or 802.1Qbb PFC frame (MAC control, EtherType 0x8808). MPRT is
 * built for lossy Ethernet, so a pause frame in a capture of MPRT traffic is a violation whoever
 * sent it; the explanation names its source MAC so the sender can be found. A capture without MPRT
 * traffic says nothing about MPRT devices.
 */
@JudgedWithoutTime
public final class NoPauseFramesRule extends EvidenceRule {

    private static final int MAC_LENGTH = 6;

    private long frames;

    public NoPauseFramesRule() {
        super("MPRT-CC-004");
    }

    @Override
    public void observe(final Observation o) {
        frames++;
        if (o.isMprt()) {
            evidence.conforming(o.frameNumber());
        } else if (o.network().isMacControl()) {
            evidence.violation(o.frameNumber(), () -> "eth.type: MAC control frame (EtherType 0x8808, PAUSE or PFC) from "
                + sourceMac(o) + "; MPRT devices send none");
        }
    }

    /** The sender's MAC address as the link layer gives it: inside a mirror's encapsulation, the mirrored frame's. */
    private static String sourceMac(final Observation o) {
        final int at = o.network().sourceMacOffsetBytes();
        if (at < 0 || o.frame().capturedLengthBytes() < at + MAC_LENGTH) {
            return "an unknown source";
        }
        final StringBuilder b = new StringBuilder(17);
        for (int i = at; i < at + MAC_LENGTH; i++) {
            if (i > at) {
                b.append(':');
            }
            b.append(String.format("%02x", o.frame().byteAt(i) & 0xFF));
        }
        return b.toString();
    }

    @Override
    public Verdict verdict() {
        return evidence.verdict("no PAUSE or PFC frame among " + frames + " frames, " + evidence.checked()
            + " of them MPRT packets", "no MPRT traffic in the capture");
    }
}
