package org.mprt.ctk.wire.opcode;

import org.mprt.ctk.wire.Profile;

/**
 * The service an opcode belongs to: the upper three bits of the BTH opcode in IBTA numbering
 * (RC 000, UC 001, UD 011, CNP 100), and MPRT's opcodes in the manufacturer-specific range.
 */
public enum TransportService {
    RC("RC", Profile.ROCEV2),
    UC("UC", Profile.ROCEV2),
    UD("UD", Profile.ROCEV2),
    CNP("CNP", Profile.ROCEV2),
    MPRT("MPRT", Profile.MPRT);

    private final String label;
    private final Profile profile;

    TransportService(final String label, final Profile profile) {
        this.label = label;
        this.profile = profile;
    }

    public String label() {
        return label;
    }

    public Profile profile() {
        return profile;
    }
}
