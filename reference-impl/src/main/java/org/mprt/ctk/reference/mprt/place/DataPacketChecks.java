package org.mprt.ctk.reference.mprt.place;

import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.mprt.MprtNakCode;

/**
 * Steps 5 and 6 of the receiver's checks (mprt-v0.1.md section 13.1, section 3.8): the header of a
 * data packet, then its stream. Each returns the NAK code a failure earns, or null.
 */
public final class DataPacketChecks {

    /** message_length is 0 to 2^31 (section 3.4). */
    public static final long MAX_MESSAGE_LENGTH = 1L << 31;

    private DataPacketChecks() {
    }

    /** Step 5: reserved fields zero, path_id below the path count, F and L consistent, lengths within bounds. */
    public static MprtNakCode header(final DecodedPacket packet, final int pathCount, final int pmtuBytes) {
        final BthFlyweight bth = packet.bth();
        final MdethFlyweight mdeth = packet.extensions().mdeth();
        if (!reservedZero(bth, mdeth) || bth.pKey() != BthFlyweight.DEFAULT_P_KEY) {
            return MprtNakCode.INVALID_HEADER;
        }
        if (mdeth.pathId() >= pathCount) {
            return MprtNakCode.INVALID_HEADER;
        }
        final long offset = mdeth.messageOffset();
        final long length = mdeth.messageLength();
        final int payload = packet.payloadLength();
        if (length > MAX_MESSAGE_LENGTH || offset + payload > length || payload > pmtuBytes) {
            return MprtNakCode.INVALID_HEADER;
        }
        final boolean first = offset == 0;
        final boolean last = offset + payload == length;
        if ((mdeth.f() == 1) != first || (mdeth.l() == 1) != last) {
            return MprtNakCode.INVALID_HEADER;
        }
        return null;
    }

    /** Step 6: stream_id below the stream count. */
    public static MprtNakCode stream(final MdethFlyweight mdeth, final int streamCount) {
        return mdeth.streamId() < streamCount ? null : MprtNakCode.UNKNOWN_STREAM;
    }

    private static boolean reservedZero(final BthFlyweight bth, final MdethFlyweight mdeth) {
        final boolean bthClear = bth.se() == 0 && bth.m() == 0 && bth.fecn() == 0 && bth.becn() == 0
            && bth.resv6() == 0 && bth.resv7() == 0;
        final boolean mdethClear = mdeth.resv5() == 0 && mdeth.resv8() == 0;
        final boolean sendClear = !mdeth.isSendLayout() || mdeth.reserved24() == 0 && mdeth.reserved28() == 0;
        return bthClear && mdethClear && sendClear;
    }
}
