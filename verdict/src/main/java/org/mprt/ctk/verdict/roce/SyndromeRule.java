package org.mprt.ctk.verdict.roce;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;
import org.mprt.ctk.wire.roce.AethFlyweight;
import org.mprt.ctk.wire.roce.AethSyndrome;

/**
 * ROCE-ACK-001 (rocev2-baseline.md section 7): every AETH carries a syndrome of the table: bit 7 is
 * 0, bits 6-5 are never 10, and a NAK carries a code from 0 to 4 (syndrome 0x60 to 0x64).
 */
public final class SyndromeRule extends PacketCheck {

    public SyndromeRule() {
        super("ROCE-ACK-001", "RoCEv2 packets with an AETH");
    }

    @Override
    protected int judgedKinds() {
        return FrameKind.ROCEV2.bit();
    }

    @Override
    protected boolean appliesTo(final Observation o) {
        return o.isRocev2() && o.packet().extensions().has(AethFlyweight.LAYOUT);
    }

    @Override
    protected String violation(final Observation o) {
        final int syndrome = o.packet().extensions().aeth().syndrome();
        final String found = ", found 0x" + Integer.toHexString(syndrome);
        if (AethSyndrome.reservedBit(syndrome) != 0) {
            return AethFlyweight.SYNDROME.id() + ": expected bit 7 clear" + found;
        }
        final AethSyndrome.Kind kind = AethSyndrome.kind(syndrome);
        if (kind == AethSyndrome.Kind.RESERVED) {
            return AethFlyweight.SYNDROME.id() + ": expected bits 6-5 of 00 (ACK), 01 (RNR NAK) or 11 (NAK), found 10"
                + found.replace(", found", " in");
        }
        if (kind == AethSyndrome.Kind.NAK && AethSyndrome.NakCode.of(syndrome) == null) {
            return AethFlyweight.SYNDROME.id() + ": expected a NAK code from 0 to 4 (0x60 to 0x64)" + found;
        }
        return null;
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
