package org.mprt.ctk.reference.roce;

import java.util.List;

/** Deliberate breakages of the RoCEv2 baseline, one branch each, for the kit's mutants (see {@link org.mprt.ctk.reference.mprt.Deviation}). */
public enum RoceDeviation {
    /** The responder sends a PSN sequence error NAK for every packet beyond the gap, not once per episode. */
    REPEAT_SEQUENCE_NAK("ROCE-NAK-002"),
    /** After a PSN sequence error NAK the requester resends only the NAKed PSN, then goes on with new packets. */
    RESEND_ONLY_NAKED_PSN("ROCE-GBN-001"),
    /** The requester times out after half the Local ACK Timeout. */
    EARLY_TIMEOUT("ROCE-GBN-002"),
    /** The responder's ACKs carry the ePSN instead of the last PSN accepted (acknowledging a PSN not received). */
    ACK_EXPECTED_PSN("ROCE-PSN-002");

    private final List<String> requirementIds;

    RoceDeviation(final String... requirementIds) {
        this.requirementIds = List.of(requirementIds);
    }

    public List<String> requirementIds() {
        return requirementIds;
    }
}
