package org.mprt.ctk.conformance.runtime;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.mprt.ctk.fabric.time.Scheduler;
import org.mprt.ctk.reference.verbs.CompletionStatus;
import org.mprt.ctk.reference.verbs.Connection;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.WorkCompletion;
import org.mprt.ctk.reference.verbs.WorkOpcode;

/**
 * Posts a scenario's traffic on the testbed's connections and runs virtual time until every message
 * completes at its sender or the time limit passes, then a little longer so that the last ACKs are in
 * the capture. It never judges: what happened on the wire is for the verdict engine.
 */
public final class TrafficRunner {

    /** How long the traffic may take by default, in virtual time, before the run gives up waiting. */
    public static final long LIMIT_NS = 50_000_000L;
    /** Time run after the last completion, so that late ACKs and probes reach the capture. */
    public static final long SETTLE_NS = 100_000L;
    /** What a forged rkey differs in from the region's own. */
    private static final int FORGED_RKEY_BITS = 0x5A5A;

    /** What the traffic did, for the scenario's log. */
    public record Outcome(int posted, int completed, Map<CompletionStatus, Integer> statuses, long elapsedNs) {
        public boolean allSucceeded() {
            return completed == posted && statuses.getOrDefault(CompletionStatus.SUCCESS, 0) == posted;
        }

        public String describe() {
            return completed + " of " + posted + " messages complete at their sender after "
                + Quantity.formatNs(elapsedNs) + " of virtual time" + (allSucceeded() ? "" : ", statuses " + statuses);
        }
    }

    private final Testbed bed;
    private final List<Connection> senders = new ArrayList<>();
    private int posted;
    private long nextWorkRequest = 1;

    private boolean forgeDeviceRkeys;

    public TrafficRunner(final Testbed bed) {
        this.bed = bed;
    }

    /** The device's RDMA WRITEs name a forged rkey, which the tester answers with a fatal NAK RKEY_VIOLATION. */
    public TrafficRunner forgingDeviceRkeys(final boolean forge) {
        forgeDeviceRkeys = forge;
        return this;
    }

    /**
     * Posts every row's messages, stream by stream and round-robin over streams. SEND receive
     * buffers are posted first at the receiver, or {@code receiveDelayNs} later when the scenario
     * makes the receiver late.
     */
    public void post(final List<TrafficRow> rows, final int streamCount, final long receiveDelayNs) {
        for (final TrafficRow row : rows) {
            if (row.stream() >= streamCount) {
                throw new ScenarioInputException("stream " + row.stream() + ": expected a stream from 0 to "
                    + (streamCount - 1) + " of the connection's " + streamCount);
            }
            for (final Peer peer : bed.peers()) {
                post(row, peer, streamCount, receiveDelayNs);
            }
        }
    }

    private void post(final TrafficRow row, final Peer peer, final int streamCount, final long receiveDelayNs) {
        final boolean fromDevice = row.sender() == TrafficRow.Side.DEVICE;
        final Connection sender = fromDevice ? peer.atDevice() : peer.atTester();
        final Connection receiver = fromDevice ? peer.atTester() : peer.atDevice();
        final MemoryRegion source = fromDevice ? bed.deviceSource() : bed.testerSource(peer);
        final MemoryRegion target = fromDevice ? peer.testerTarget() : peer.deviceTarget();
        final MemoryRegion inbox = fromDevice ? peer.testerInbox() : peer.deviceInbox();
        final int first = row.stream() < 0 ? 0 : row.stream();
        final int last = row.stream() < 0 ? streamCount - 1 : row.stream();
        final int length = (int) row.bytes();
        final long rkey = fromDevice && forgeDeviceRkeys ? target.rkey() ^ FORGED_RKEY_BITS : target.rkey();
        if (row.operation() == TrafficRow.Operation.SEND) {
            final Runnable postReceives = () -> postReceives(receiver, inbox, first, last, row.messages(), length);
            if (receiveDelayNs > 0) {
                bed.topology().scheduler().after(receiveDelayNs, postReceives);
            } else {
                postReceives.run();
            }
        }
        for (int m = 0; m < row.messages(); m++) {
            for (int s = first; s <= last; s++) {
                final long offset = offset(m * (last - first + 1L) + s - first, length);
                final long workRequest = nextWorkRequest++;
                final int stream = s;
                final Runnable postMessage = () -> {
                    if (row.operation() == TrafficRow.Operation.WRITE) {
                        sender.postWrite(workRequest, stream, source, offset, length, target.baseAddress() + offset, rkey);
                    } else {
                        sender.postSend(workRequest, stream, source, offset, length);
                    }
                };
                if (row.startNs() > 0) {
                    bed.topology().scheduler().after(row.startNs(), postMessage);
                } else {
                    postMessage.run();
                }
                posted++;
            }
        }
        if (!senders.contains(sender)) {
            senders.add(sender);
        }
    }

    private void postReceives(final Connection receiver, final MemoryRegion inbox, final int first, final int last,
                              final int messages, final int length) {
        for (int m = 0; m < messages; m++) {
            for (int s = first; s <= last; s++) {
                receiver.postReceive(nextWorkRequest++, s, inbox, offset(m * (last - first + 1L) + s - first, length), length);
            }
        }
    }

    /** Messages are laid out one after the other, wrapping at the end of the region. */
    private static long offset(final long index, final int length) {
        if (length == 0) {
            return 0;
        }
        final long slots = Math.max(1, Testbed.REGION_BYTES / length);
        return index % slots * length;
    }

    /**
     * Runs until every posted message completes or {@code limitNs} of virtual time has passed, then
     * at least until {@code notBeforeNs}.
     */
    public Outcome run(final long limitNs, final long notBeforeNs) {
        final Scheduler scheduler = bed.topology().scheduler();
        final long start = scheduler.now();
        final List<WorkCompletion> done = new ArrayList<>();
        bed.run(() -> scheduler.runUntil(start + limitNs, () -> {
            drain(done);
            return done.size() >= posted;
        }));
        drain(done);
        final long elapsed = scheduler.now() - start;
        bed.run(() -> scheduler.runUntil(Math.max(scheduler.now() + SETTLE_NS, notBeforeNs)));
        for (final Peer peer : bed.peers()) {
            peer.atDevice().completionQueue().drain();
            peer.atTester().completionQueue().drain();
        }
        final Map<CompletionStatus, Integer> statuses = new EnumMap<>(CompletionStatus.class);
        for (final WorkCompletion c : done) {
            statuses.merge(c.status(), 1, Integer::sum);
        }
        return new Outcome(posted, done.size(), statuses, elapsed);
    }

    /** Keeps the requester-side completions: a connection that also receives gets RECV completions too. */
    private void drain(final List<WorkCompletion> done) {
        for (final Connection c : senders) {
            for (final WorkCompletion wc : c.completionQueue().drain()) {
                if (wc.opcode() == WorkOpcode.RDMA_WRITE || wc.opcode() == WorkOpcode.SEND) {
                    done.add(wc);
                }
            }
        }
    }
}
