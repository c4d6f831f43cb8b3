package org.mprt.ctk.reference.verbs;

/** Both ends of a connection opened by {@link OutOfBand#connect}. */
public record ConnectionPair<A extends Connection, B extends Connection>(A first, B second) {
}
