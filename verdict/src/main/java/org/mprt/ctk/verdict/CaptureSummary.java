package org.mprt.ctk.verdict;

import java.util.ArrayList;
import java.util.List;
import org.mprt.ctk.verdict.state.CaptureState;

/**
 * What the verdict engine read from a capture, before judging it. Every frame is counted in
 * exactly one of the counts after {@code frames}.
 *
 * @param file               the capture's path as given by the user
 * @param sha256             hex SHA-256 of the file, so a report names exactly what it judged
 * @param format             {@code pcap} or {@code pcapng}
 * @param frames             every frame read
 * @param rocev2Frames       whole frames decoded as RoCEv2 (IBTA opcodes)
 * @param mprtFrames         whole frames decoded as MPRT (MPRT opcodes)
 * @param snappedFrames      RoCEv2 or MPRT frames the capture cut short (snap length) after their UDP
 *                           destination port; the headers they kept are judged, their payload, pad and
 *                           ICRC are not
 * @param unidentifiedFrames frames the capture cut before the bytes that tell whether they are RoCEv2
 *                           at all (at the latest, the UDP destination port)
 * @param malformedFrames    frames broken as sent: to UDP port 4791, or with an IP header too broken to
 *                           tell where they went (which could hide a RoCE packet, so they are not other)
 * @param otherFrames        frames of other protocols, counted and skipped
 * @param untrackedFrames    RoCEv2 or MPRT frames (among the counts above) of connection directions
 *                           beyond the engine's cap ({@link CaptureState#MAX_DIRECTIONS} per profile): the header rules judged
 *                           them, the behavioural rules did not see them
 * @param duplicateFrames    RoCEv2 and MPRT packets the capture held a second time within the window the
 *                           judge was told of ({@code CaptureJudge.droppingDuplicatesWithin}), counted and
 *                           skipped; 0 unless told (one of the counts after {@code frames})
 * @param encapsulatedFrames frames (among the counts above) whose packet was found inside an
 *                           encapsulation a remote mirror or an overlay put around it (ERSPAN, GRE,
 *                           VXLAN, Geneve) and judged as that packet
 * @param clockStepsBack     where the capture's timestamps step back, if they do
 * @param overlongFractions  classic pcap records whose fraction of a second is a second or more, read as
 *                           carried into the seconds
 * @param understatedLengths records that state an original length under their captured length, read as
 *                           their captured length
 * @param unreadLinkTypes    frames of link types the kit does not unwrap, counted as other and not looked into
 * @param untimedFrames      frames that record no capture time, on which no time bound is judged
 */
public record CaptureSummary(String file, String sha256, String format, long frames, long rocev2Frames,
                             long mprtFrames, long snappedFrames, long unidentifiedFrames, long malformedFrames,
                             long otherFrames, long untrackedFrames, long duplicateFrames, long encapsulatedFrames,
                             ClockStepsBack clockStepsBack, OverlongFractions overlongFractions,
                             UnderstatedLengths understatedLengths,
                             UnreadLinkTypes unreadLinkTypes, UntimedFrames untimedFrames) {

    public CaptureSummary(final String file, final String sha256, final String format, final long frames,
                          final long rocev2Frames, final long mprtFrames, final long snappedFrames,
                          final long unidentifiedFrames, final long malformedFrames, final long otherFrames) {
        this(file, sha256, format, frames, rocev2Frames, mprtFrames, snappedFrames, unidentifiedFrames, malformedFrames,
            otherFrames, 0, 0, 0, ClockStepsBack.NONE, OverlongFractions.NONE, UnderstatedLengths.NONE,
            UnreadLinkTypes.NONE, UntimedFrames.NONE);
    }

    /**
     * How the capture was read where it strays from its format or from what the rules assume, a
     * sentence each, for every report to say: steps back of its clock, overlong fractions of a second,
     * understated lengths, link types not unwrapped, frames with no time; only those the capture has.
     */
    public List<String> readingNotes() {
        final List<String> notes = new ArrayList<>();
        if (clockStepsBack.count() > 0) {
            notes.add(clockStepsBack.sentence());
        }
        if (overlongFractions.count() > 0) {
            notes.add(overlongFractions.sentence());
        }
        if (understatedLengths.count() > 0) {
            notes.add(understatedLengths.sentence());
        }
        if (unreadLinkTypes.count() > 0) {
            notes.add(unreadLinkTypes.sentence());
        }
        if (untimedFrames.count() > 0) {
            notes.add(untimedFrames.sentence());
        }
        return notes;
    }

    /**
     * What the frames of directions past the engine's cap mean for the verdicts, for every report to
     * say beside them (a PASS then covers the directions followed only); empty when there are none.
     */
    public String untrackedSentence() {
        return untrackedFrames == 0 ? "" : untrackedFrames + " of the MPRT and RoCEv2 frames belong to connection"
            + " directions past the engine's cap of " + CaptureState.MAX_DIRECTIONS + " per profile and were judged by the"
            + " header rules only; the behavioural verdicts cover the first " + CaptureState.MAX_DIRECTIONS + " directions";
    }
}
