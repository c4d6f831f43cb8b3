package org.mprt.ctk.fabric.link;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.mprt.ctk.fabric.frame.FrameObserver;
import org.mprt.ctk.fabric.frame.FrameSink;
import org.mprt.ctk.fabric.impairment.Impairments;
import org.mprt.ctk.fabric.queue.EgressQueue;
import org.mprt.ctk.fabric.time.Scheduler;

/**
 * One direction of a cable: the transmitting port's {@link EgressQueue}, the wire with its
 * {@link Impairments}, and the {@link Pipe} that delays frames by the propagation delay.
 *
 * <p>A frame's life on a link, with the time each observer sees it:
 * <ol>
 *   <li>offered ({@link #receive}) to the queue: tail-dropped or accepted, possibly ECN-marked;</li>
 *   <li>serialised: when its last bit leaves the port, transmit observers see it (an egress tap
 *       records it then, so it shows the frames the port sent, the ones the wire then loses
 *       included);</li>
 *   <li>on the wire: dropped if the link is down or the loss model says so, maybe corrupted;</li>
 *   <li>after propagation plus any extra delay and jitter, receive observers see it (an ingress
 *       tap records it as it arrives, corruption included) and the far end gets it.</li>
 * </ol>
 * So with no fault, a frame of {@code L} bytes offered to an idle link at {@code t} arrives at
 * {@code t + (L + overhead) * 8 / rate + propagation}.
 */
public final class Link implements FrameSink {

    private static final FrameObserver[] NO_OBSERVERS = new FrameObserver[0];

    private final String name;
    private final Scheduler scheduler;
    private final LinkSettings settings;
    private final EgressQueue queue;
    private final Impairments impairments;
    private final Pipe pipe;

    private FrameSink farEnd;
    private FrameObserver[] transmitObservers = NO_OBSERVERS;
    private FrameObserver[] receiveObservers = NO_OBSERVERS;
    private long lastArrivalNs;
    private long delivered;

    /**
     * @param queueRandom draws ECN marks
     * @param wireRandom  draws the impairments
     */
    public Link(
        final String name, final Scheduler scheduler, final LinkSettings settings,
        final SplittableRandom queueRandom, final SplittableRandom wireRandom) {
        this.name = name;
        this.scheduler = scheduler;
        this.settings = settings;
        this.queue = new EgressQueue(scheduler, settings.rateBps(), settings.bufferBytes(), settings.ecn(),
            settings.wireOverheadBytes(), queueRandom, this::transmit);
        this.impairments = new Impairments(wireRandom);
        this.pipe = new Pipe(scheduler, this::deliver);
    }

    /** Wiring, done once by the topology: where frames arriving at the end of this link go. */
    public void connect(final FrameSink receiver) {
        if (farEnd != null) {
            throw new IllegalStateException(name + " is already connected");
        }
        farEnd = receiver;
    }

    /** Offers a frame to the egress queue; the link owns it from now on. */
    @Override
    public void receive(final byte[] frame, final int length) {
        queue.enqueue(frame, length);
    }

    public String name() {
        return name;
    }

    /** What frames arriving at the end of this link are handed to (a host or switch port). */
    public FrameSink farEnd() {
        return farEnd;
    }

    public LinkSettings settings() {
        return settings;
    }

    public EgressQueue queue() {
        return queue;
    }

    /** The faults of this link, settable at any time. */
    public Impairments impairments() {
        return impairments;
    }

    /** Frames on the wire, not yet arrived. */
    public int inFlight() {
        return pipe.inFlight();
    }

    /** Sees every frame as its last bit leaves the transmitting port, before any wire fault. */
    public void observeTransmit(final FrameObserver observer) {
        transmitObservers = added(transmitObservers, observer);
    }

    /** Sees every frame as it arrives at the far end, after the wire's faults. */
    public void observeReceive(final FrameObserver observer) {
        receiveObservers = added(receiveObservers, observer);
    }

    public void removeObserver(final FrameObserver observer) {
        transmitObservers = removed(transmitObservers, observer);
        receiveObservers = removed(receiveObservers, observer);
    }

    public LinkCounters counters() {
        return new LinkCounters(queue.enqueued(), queue.tailDrops(), queue.tailDroppedBytes(), queue.ecnMarks(),
            queue.transmitted(), queue.transmittedBytes(), impairments.downDrops(), impairments.lossDrops(),
            impairments.corruptions(), delivered);
    }

    @Override
    public String toString() {
        return name;
    }

    private void transmit(final byte[] frame, final int length) {
        final long now = scheduler.now();
        notify(transmitObservers, now, frame, length);
        if (!impairments.admit(now, frame, length)) {
            return;
        }
        long arrivalNs = now + settings.propagationDelayNs() + impairments.extraDelayNs();
        if (!impairments.delay().reorder()) {
            arrivalNs = Math.max(arrivalNs, lastArrivalNs);
        }
        lastArrivalNs = Math.max(lastArrivalNs, arrivalNs);
        pipe.send(frame, length, arrivalNs);
    }

    private void deliver(final byte[] frame, final int length) {
        delivered++;
        notify(receiveObservers, scheduler.now(), frame, length);
        if (farEnd == null) {
            throw new IllegalStateException(name + " delivered a frame but is connected to nothing");
        }
        farEnd.receive(frame, length);
    }

    private static void notify(final FrameObserver[] observers, final long now, final byte[] frame, final int length) {
        for (final FrameObserver observer : observers) {
            observer.onFrame(now, frame, length);
        }
    }

    private static FrameObserver[] added(final FrameObserver[] observers, final FrameObserver observer) {
        final FrameObserver[] more = Arrays.copyOf(observers, observers.length + 1);
        more[observers.length] = observer;
        return more;
    }

    private static FrameObserver[] removed(final FrameObserver[] observers, final FrameObserver observer) {
        return Arrays.stream(observers).filter(o -> o != observer).toArray(FrameObserver[]::new);
    }
}
