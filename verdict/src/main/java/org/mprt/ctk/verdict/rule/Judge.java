package org.mprt.ctk.verdict.rule;

import java.io.IOException;
import java.util.List;
import org.mprt.ctk.pcap.CaptureReader;
import org.mprt.ctk.pcap.link.NetworkLayerKind;
import org.mprt.ctk.pcap.link.NetworkLayerLocator;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.decode.PacketDecoder;
import org.mprt.ctk.wire.ip.NetworkKind;

/**
 * The single streaming pass: read each frame, find its network header, decode RoCEv2/MPRT, show it
 * to every rule. Allocates nothing per frame itself; what rules keep is their own affair.
 */
public final class Judge {

    /** Frame counts of one pass, by what the frame turned out to be. */
    public static final class Counts {
        public long frames;
        public long rocev2;
        public long mprt;
        public long malformed;
        public long other;
    }

    private Judge() {
    }

    public static Counts run(final CaptureReader reader, final List<Rule> rules) throws IOException {
        final Counts counts = new Counts();
        final Observation o = new Observation();
        final Rule[] all = rules.toArray(new Rule[0]);
        while (reader.next(o.frame())) {
            counts.frames++;
            o.status(decode(o));
            if (o.isMprt()) {
                counts.mprt++;
            } else if (o.isRocev2()) {
                counts.rocev2++;
            } else if (o.status() == DecodeStatus.MALFORMED) {
                counts.malformed++;
            } else {
                counts.other++;
            }
            for (final Rule rule : all) {
                rule.observe(o);
            }
        }
        return counts;
    }

    private static DecodeStatus decode(final Observation o) {
        if (!NetworkLayerLocator.locate(o.frame(), o.network())) {
            return null;
        }
        final NetworkLayerKind kind = o.network().kind();
        if (kind != NetworkLayerKind.IPV4 && kind != NetworkLayerKind.IPV6) {
            return null;
        }
        final int offset = o.frame().dataOffset() + o.network().offsetBytes();
        final int length = o.frame().capturedLengthBytes() - o.network().offsetBytes();
        return PacketDecoder.decode(o.frame().buffer(), o.frame().dataOffset(), offset,
            kind == NetworkLayerKind.IPV4 ? NetworkKind.IPV4 : NetworkKind.IPV6, length, o.packet());
    }
}
