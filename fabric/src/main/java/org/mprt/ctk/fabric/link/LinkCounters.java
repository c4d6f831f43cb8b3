package org.mprt.ctk.fabric.link;

/**
 * What happened to the frames offered to one link direction, at the moment of the snapshot.
 * Every frame offered is, in the end, tail-dropped, dropped on the wire (down or lost), still
 * queued or in flight, or delivered; corrupted frames are delivered.
 *
 * @param enqueued        frames accepted by the egress queue
 * @param tailDrops       frames refused by a full buffer
 * @param ecnMarks        frames the queue set to CE
 * @param transmitted     frames fully serialised onto the wire
 * @param downDrops       frames put on the wire while the link was down (blackhole or flapping)
 * @param lossDrops       frames lost by the loss model
 * @param corruptions     frames delivered with one bit flipped
 * @param delivered       frames handed to the far end
 */
public record LinkCounters(
    long enqueued, long tailDrops, long tailDroppedBytes, long ecnMarks, long transmitted, long transmittedBytes,
    long downDrops, long lossDrops, long corruptions, long delivered) {

    /** Every frame this link dropped, for any reason. */
    public long drops() {
        return tailDrops + downDrops + lossDrops;
    }
}
