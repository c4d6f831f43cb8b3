package org.mprt.ctk.reference.mprt.stream;

import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.WorkOpcode;

/**
 * A WRITE or SEND work request on its way: its stream numbers (MSN, and RSN for a SEND, section
 * 4.3), where its bytes come from and go to, and how many of its segments have been cut and
 * acknowledged. It completes at the sender once every segment is acknowledged under a PSN that
 * was not abandoned, which implies the receiver has placed all of it.
 */
public final class OutboundMessage {

    private final long wrId;
    private final WorkOpcode opcode;
    private final int streamId;
    private final long msn;
    private final long rsn;
    private final MemoryRegion local;
    private final long localOffset;
    private final int lengthBytes;
    private final long remoteAddress;
    private final long rkey;
    private final int segmentCount;
    private int segmentsCut;
    private int segmentsAcked;

    OutboundMessage(final long wrId, final WorkOpcode opcode, final int streamId, final long msn, final long rsn,
                    final MemoryRegion local, final long localOffset, final int lengthBytes, final long remoteAddress,
                    final long rkey, final int pmtuBytes) {
        this.wrId = wrId;
        this.opcode = opcode;
        this.streamId = streamId;
        this.msn = msn;
        this.rsn = rsn;
        this.local = local;
        this.localOffset = localOffset;
        this.lengthBytes = lengthBytes;
        this.remoteAddress = remoteAddress;
        this.rkey = rkey;
        this.segmentCount = Math.max(1, (lengthBytes + pmtuBytes - 1) / pmtuBytes);
    }

    public long wrId() {
        return wrId;
    }

    public WorkOpcode opcode() {
        return opcode;
    }

    public boolean isSend() {
        return opcode == WorkOpcode.SEND;
    }

    public int streamId() {
        return streamId;
    }

    public long msn() {
        return msn;
    }

    public long rsn() {
        return rsn;
    }

    public MemoryRegion local() {
        return local;
    }

    public long localOffset() {
        return localOffset;
    }

    public int lengthBytes() {
        return lengthBytes;
    }

    public long remoteAddress() {
        return remoteAddress;
    }

    public long rkey() {
        return rkey;
    }

    boolean isFullyCut() {
        return segmentsCut == segmentCount;
    }

    int nextCutOffset(final int pmtuBytes) {
        return segmentsCut * pmtuBytes;
    }

    void onCut() {
        segmentsCut++;
    }

    void onSegmentAcked() {
        segmentsAcked++;
    }

    boolean isFullyAcked() {
        return segmentsAcked == segmentCount;
    }
}
