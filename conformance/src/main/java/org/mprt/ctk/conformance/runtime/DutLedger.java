package org.mprt.ctk.conformance.runtime;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.mprt.ctk.fabric.frame.FrameObserver;
import org.mprt.ctk.fabric.node.Host;
import org.mprt.ctk.fabric.node.HostPort;
import org.mprt.ctk.wire.decode.DecodedPacket;

/**
 * The frames at the device's ports, numbered exactly as the device-side capture numbers them
 * (1-based, as Wireshark shows them): it watches the same links as the capture tap, in the same
 * events. For each frame it keeps the direction, the time and the kind; for the frames the device
 * sends, a copy when the scenario probes, so a scripted probe can read the answers.
 */
public final class DutLedger {

    /** A frame the device sent, as a probe reads it. */
    public record SentFrame(long number, long timeNs, byte[] bytes) {
    }

    private final boolean keepCopies;
    private final DecodedPacket scratch = new DecodedPacket();
    private final List<SentFrame> sent = new ArrayList<>();
    private long[] timesNs = new long[1024];
    private byte[] kinds = new byte[1024];
    private boolean[] egress = new boolean[1024];
    private int count;
    private int ingressCount;
    private long lastIngressNs = -1;

    private DutLedger(final boolean keepCopies) {
        this.keepCopies = keepCopies;
    }

    /**
     * Watches every port of {@code host}, egress then ingress per port, as {@code PcapTap.onHost}
     * does; attach it right after the tap so both see the same frames.
     */
    public static DutLedger onHost(final Host host, final boolean keepCopies) {
        final DutLedger ledger = new DutLedger(keepCopies);
        final FrameObserver out = (t, f, n) -> ledger.record(t, f, n, true);
        final FrameObserver in = (t, f, n) -> ledger.record(t, f, n, false);
        for (final HostPort port : host.ports()) {
            port.egressLink().observeTransmit(out);
            port.ingressLink().observeReceive(in);
        }
        return ledger;
    }

    private void record(final long timeNs, final byte[] frame, final int length, final boolean sentByDevice) {
        if (count == timesNs.length) {
            timesNs = Arrays.copyOf(timesNs, count * 2);
            kinds = Arrays.copyOf(kinds, count * 2);
            egress = Arrays.copyOf(egress, count * 2);
        }
        timesNs[count] = timeNs;
        kinds[count] = (byte) FrameKind.of(frame, length, scratch).ordinal();
        egress[count] = sentByDevice;
        count++;
        if (sentByDevice && keepCopies) {
            sent.add(new SentFrame(count, timeNs, Arrays.copyOf(frame, length)));
        }
        if (!sentByDevice) {
            ingressCount++;
            lastIngressNs = timeNs;
        }
    }

    /** Frames seen so far, both directions. */
    public int frames() {
        return count;
    }

    /** Frames that arrived at the device so far. */
    public int framesArrived() {
        return ingressCount;
    }

    /** Arrival time of the latest frame at the device, or -1. */
    public long lastArrivalNs() {
        return lastIngressNs;
    }

    /** True when frame {@code number} (1-based) left the device. */
    public boolean sentByDevice(final long number) {
        return number >= 1 && number <= count && egress[(int) number - 1];
    }

    public FrameKind kind(final long number) {
        return FrameKind.values()[kinds[(int) number - 1]];
    }

    /** Copies of the frames the device sent after frame {@code afterNumber}, when kept. */
    public List<SentFrame> sentAfter(final long afterNumber) {
        final List<SentFrame> later = new ArrayList<>();
        for (final SentFrame f : sent) {
            if (f.number() > afterNumber) {
                later.add(f);
            }
        }
        return later;
    }

    /** Counts of the frames the device sent, by kind, for the scenario's log. */
    public String sentSummary() {
        final int[] byKind = new int[FrameKind.values().length];
        for (int i = 0; i < count; i++) {
            if (egress[i]) {
                byKind[kinds[i]]++;
            }
        }
        final StringBuilder s = new StringBuilder();
        for (final FrameKind k : FrameKind.values()) {
            if (byKind[k.ordinal()] > 0) {
                s.append(s.length() == 0 ? "" : ", ").append(byKind[k.ordinal()]).append(' ').append(k.plural());
            }
        }
        return s.length() == 0 ? "nothing" : s.toString();
    }
}
