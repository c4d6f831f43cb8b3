package org.mprt.ctk.conformance.runtime;

/** The kit's version, as the runnable jar's manifest states it ({@code development} outside the jar). */
public final class KitVersion {

    /** The profile versions this kit judges. */
    public static final String SPEC_VERSIONS = "MPRT profile 0.1 (mprt-v0.1.md), RoCEv2 baseline 0.1 (rocev2-baseline.md)";

    private KitVersion() {
    }

    public static String current() {
        final String v = KitVersion.class.getPackage().getImplementationVersion();
        return v == null ? "development" : v;
    }
}
