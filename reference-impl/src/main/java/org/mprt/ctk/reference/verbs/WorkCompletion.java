package org.mprt.ctk.reference.verbs;

/**
 * One entry of a {@link CompletionQueue}.
 *
 * @param wrId             the work request id given when posting; {@link #NO_WORK_REQUEST} for a
 *                         responder-side WRITE completion, which consumes no posted work request
 * @param byteCount        bytes of the message
 * @param streamId         the stream the message travelled on (0 on RoCEv2)
 * @param msn              the message's MSN on its stream (the AETH MSN count on RoCEv2)
 * @param connectionNumber this node's number for the connection
 */
public record WorkCompletion(
    long wrId, WorkOpcode opcode, CompletionStatus status, int byteCount, int streamId, long msn, int connectionNumber) {

    public static final long NO_WORK_REQUEST = -1;

    public boolean isSuccess() {
        return status == CompletionStatus.SUCCESS;
    }
}
