package org.mprt.ctk.verdict.wire;

import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.wire.mprt.MdethFlyweight;

/** MPRT-WIRE-030: message_offset + payload length within message_length; path_id at most 63. */
public final class MessageBoundsRule extends DataPacketCheck {

    static final int MAX_PATH_ID = 63;

    public MessageBoundsRule() {
        super("MPRT-WIRE-030");
    }

    @Override
    protected String violation(final Observation o) {
        final MdethFlyweight m = o.packet().extensions().mdeth();
        if (m.pathId() > MAX_PATH_ID) {
            return MdethFlyweight.PATH_ID.id() + ": expected at most " + MAX_PATH_ID + ", found " + m.pathId();
        }
        final long end = m.messageOffset() + o.packet().payloadLength();
        return end <= m.messageLength() ? null
            : MdethFlyweight.MESSAGE_OFFSET.id() + ": payload ends at message byte " + end + " (offset "
                + m.messageOffset() + " + " + o.packet().payloadLength() + " bytes), past message_length "
                + m.messageLength();
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
