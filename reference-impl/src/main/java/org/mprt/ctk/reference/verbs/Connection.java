package org.mprt.ctk.reference.verbs;

/**
 * A reliable connection, as a Verbs queue pair sees it: post work requests, poll completions.
 * MPRT connections carry several streams over several paths; a RoCEv2 RC connection has one path
 * and keeps all its messages in one order whatever stream they name.
 *
 * <p>Posting never sends synchronously: packets leave the next time the endpoint runs, still at
 * the current virtual time. Arguments that are wrong locally (a stream the connection does not
 * have, a range outside the local region) throw {@link IllegalArgumentException}; on a connection
 * in ERROR a posted work request completes at once with {@link CompletionStatus#WORK_REQUEST_FLUSHED}.
 */
public interface Connection {

    /** This node's number for the connection (DCN of what it receives, SCN of what it sends). */
    int connectionNumber();

    int peerConnectionNumber();

    ConnectionState state();

    CompletionQueue completionQueue();

    /** RDMA WRITE of local [localOffset, localOffset + lengthBytes) to {@code remoteAddress} in the peer region {@code rkey}. */
    void postWrite(long wrId, int streamId, MemoryRegion local, long localOffset, int lengthBytes, long remoteAddress, long rkey);

    /** SEND of local [localOffset, localOffset + lengthBytes) into the peer's next receive buffer of the stream. */
    void postSend(long wrId, int streamId, MemoryRegion local, long localOffset, int lengthBytes);

    /** Posts a receive buffer for SENDs arriving on {@code streamId}; buffers are consumed in posting order. */
    void postReceive(long wrId, int streamId, MemoryRegion local, long localOffset, int lengthBytes);

    /** Out-of-band teardown (section 5.3): stops every timer and forgets the connection number. */
    void close();
}
