package org.mprt.ctk.reference.attachment;

/** A scheduled action that can still be withdrawn; withdrawing one that already ran does nothing. */
@FunctionalInterface
public interface Cancellable {

    void cancel();
}
