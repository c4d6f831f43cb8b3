package org.mprt.ctk.reference.verbs;

/** The status of a work completion, named after the Verbs status codes it corresponds to. */
public enum CompletionStatus {
    SUCCESS,
    /** The peer refused an rkey or an address range (MPRT RKEY_VIOLATION / BOUNDS_VIOLATION, RoCE NAK 0x62). */
    REMOTE_ACCESS_ERROR,
    /** The peer found the request invalid (MPRT INVALID_HEADER, UNKNOWN_STREAM, RECEIVE_OVERFLOW; RoCE NAK 0x61). */
    REMOTE_INVALID_REQUEST,
    /** The peer could not execute the request (RoCE NAK 0x63). */
    REMOTE_OPERATION_ERROR,
    /** RoCE: RETRY_CNT retries without progress. */
    RETRY_EXCEEDED,
    /** RoCE: RNR_RETRY RNR NAKs without progress. */
    RNR_RETRY_EXCEEDED,
    /** The connection entered ERROR before this work request completed (MPRT-CONN-006). */
    WORK_REQUEST_FLUSHED
}
