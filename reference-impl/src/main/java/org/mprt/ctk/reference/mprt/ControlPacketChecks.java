package org.mprt.ctk.reference.mprt;

import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.mprt.MnethFlyweight;
import org.mprt.ctk.wire.mprt.MpethFlyweight;
import org.mprt.ctk.wire.opcode.ExtensionHeaders;

/**
 * Step 4 of the receiver's checks (mprt-v0.1.md section 13.1): a control packet (ACK, NAK, PROBE,
 * PROBE_REPLY) with a non-zero reserved field or a path_id over 63 is discarded silently, never
 * NAKed. Also reads the SCN, which every MPRT extension header carries.
 */
final class ControlPacketChecks {

    private ControlPacketChecks() {
    }

    static boolean isValid(final DecodedPacket packet) {
        final BthFlyweight bth = packet.bth();
        if (bth.se() != 0 || bth.m() != 0 || bth.fecn() != 0 || bth.becn() != 0 || bth.resv6() != 0
            || bth.resv7() != 0 || bth.ackReq() != 0) {
            return false;
        }
        final ExtensionHeaders headers = packet.extensions();
        if (headers.has(MaethFlyweight.LAYOUT)) {
            return isValid(headers.maeth());
        }
        if (headers.has(MnethFlyweight.LAYOUT)) {
            final MnethFlyweight nak = headers.mneth();
            return nak.resv8() == 0 && nak.pathId() <= MdethFlyweight.MAX_PATH_ID;
        }
        final MpethFlyweight probe = headers.mpeth();
        return probe.reserved() == 0 && probe.pathId() <= MdethFlyweight.MAX_PATH_ID;
    }

    /** The SCN of any MPRT packet: the sender's own connection number. */
    static int scn(final DecodedPacket packet) {
        final ExtensionHeaders headers = packet.extensions();
        if (headers.has(MaethFlyweight.LAYOUT)) {
            return headers.maeth().scn();
        }
        if (headers.has(MnethFlyweight.LAYOUT)) {
            return headers.mneth().scn();
        }
        if (headers.has(MpethFlyweight.LAYOUT)) {
            return headers.mpeth().scn();
        }
        return headers.mdeth().scn();
    }

    private static boolean isValid(final MaethFlyweight ack) {
        if (ack.resv7() != 0 || ack.pathId() > MdethFlyweight.MAX_PATH_ID) {
            return false;
        }
        for (int k = 0; k < ack.recordCount(); k++) {
            if (ack.recordReserved(k) != 0) {
                return false;
            }
        }
        return true;
    }
}
