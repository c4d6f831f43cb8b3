package org.mprt.ctk.verdict.state;

/** Whether the capture shows that something happened, shows that it did not, or cannot tell. */
public enum Presence {
    YES,
    NO,
    /** Before the capture began, or older than the state the engine keeps. */
    UNKNOWN
}
