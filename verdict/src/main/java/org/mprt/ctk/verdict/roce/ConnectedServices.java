package org.mprt.ctk.verdict.roce;

import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.wire.opcode.Opcode;
import org.mprt.ctk.wire.opcode.TransportService;

/** RoCEv2 packets of the connected services (RC and UC), whose rules speak of a QP's packet stream. */
final class ConnectedServices {

    private ConnectedServices() {
    }

    static boolean isConnected(final Observation o) {
        if (!o.isRocev2()) {
            return false;
        }
        final Opcode op = o.packet().opcode();
        return op != null && (op.service() == TransportService.RC || op.service() == TransportService.UC);
    }
}
