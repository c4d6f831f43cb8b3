package org.mprt.ctk.pcap;

import static org.mprt.ctk.pcap.PcapngLayout.CAPTURED_LENGTH_FIELD_OFFSET;
import static org.mprt.ctk.pcap.PcapngLayout.ENHANCED_PACKET_BLOCK;
import static org.mprt.ctk.pcap.PcapngLayout.ENHANCED_PACKET_BLOCK_MINIMUM_LENGTH;
import static org.mprt.ctk.pcap.PcapngLayout.INTERFACE_ID_FIELD_OFFSET;
import static org.mprt.ctk.pcap.PcapngLayout.ORIGINAL_LENGTH_FIELD_OFFSET;
import static org.mprt.ctk.pcap.PcapngLayout.PACKET_BLOCK;
import static org.mprt.ctk.pcap.PcapngLayout.PACKET_DATA_OFFSET;
import static org.mprt.ctk.pcap.PcapngLayout.SIMPLE_ORIGINAL_LENGTH_FIELD_OFFSET;
import static org.mprt.ctk.pcap.PcapngLayout.SIMPLE_PACKET_BLOCK;
import static org.mprt.ctk.pcap.PcapngLayout.SIMPLE_PACKET_BLOCK_MINIMUM_LENGTH;
import static org.mprt.ctk.pcap.PcapngLayout.SIMPLE_PACKET_DATA_OFFSET;
import static org.mprt.ctk.pcap.PcapngLayout.TIMESTAMP_LOWER_FIELD_OFFSET;
import static org.mprt.ctk.pcap.PcapngLayout.TIMESTAMP_UPPER_FIELD_OFFSET;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * Turns an Enhanced Packet Block, an obsolete Packet Block or a Simple Packet Block into a frame.
 *
 * <p>A Simple Packet Block has neither timestamp nor interface id: it belongs to interface 0 and
 * is reported at time 0. Its captured length is the original length cut to the interface's snap
 * length, and the block must hold that many bytes.
 */
final class PcapngPacketBlocks implements PcapngOptions.Visitor {
    private final Path file;
    private final FileWindow window;
    private final PcapngInterfaces interfaces;
    /** The byte order of the block whose options are being walked, and the direction they gave. */
    private ByteOrder optionsOrder;
    private LinkDirection direction;

    PcapngPacketBlocks(final Path file, final FileWindow window, final PcapngInterfaces interfaces) {
        this.file = file;
        this.window = window;
        this.interfaces = interfaces;
    }

    /** Fills {@code frame} from the packet block at {@code blockOffset}, whose framing is already checked. */
    void read(
        final Frame frame,
        final long frameNumber,
        final long blockOffset,
        final int blockType,
        final int lengthBytes,
        final ByteOrder order) throws IOException {
        window.cover(blockOffset, lengthBytes);
        if (blockType == SIMPLE_PACKET_BLOCK) {
            readSimple(frame, frameNumber, blockOffset, lengthBytes, order);
            return;
        }
        final long interfaceId = blockType == PACKET_BLOCK
            ? window.unsignedShortAt(blockOffset + INTERFACE_ID_FIELD_OFFSET, order)
            : window.unsignedIntAt(blockOffset + INTERFACE_ID_FIELD_OFFSET, order);
        checkInterface(frameNumber, blockOffset, blockType, interfaceId);
        final long capturedLengthBytes = window.unsignedIntAt(blockOffset + CAPTURED_LENGTH_FIELD_OFFSET, order);
        final long originalLengthBytes = window.unsignedIntAt(blockOffset + ORIGINAL_LENGTH_FIELD_OFFSET, order);
        final long roomBytes = lengthBytes - ENHANCED_PACKET_BLOCK_MINIMUM_LENGTH;
        if (capturedLengthBytes > roomBytes) {
            throw malformed(frameNumber, blockOffset, PcapngDecoder.blockName(blockType) + " claims captured length "
                + capturedLengthBytes + ", past the end of its block (expected at most " + roomBytes + ")");
        }
        final int id = (int) interfaceId;
        checkSnapLength(frameNumber, blockOffset, blockType, id, capturedLengthBytes);
        final long ticks = (window.unsignedIntAt(blockOffset + TIMESTAMP_UPPER_FIELD_OFFSET, order) << 32)
            | window.unsignedIntAt(blockOffset + TIMESTAMP_LOWER_FIELD_OFFSET, order);
        frame.fill(frameNumber, interfaces.timestampNs(id, ticks), (int) capturedLengthBytes, originalLengthBytes,
            interfaces.linkTypeNumber(id), interfaces.linkType(id), id, blockOffset);
        frame.data(window, blockOffset + PACKET_DATA_OFFSET);
        final long optionsStart = blockOffset + PACKET_DATA_OFFSET + PcapngLayout.padded(capturedLengthBytes);
        final long optionsEnd = blockOffset + lengthBytes - PcapngLayout.BLOCK_TRAILER_LENGTH;
        if (blockType == ENHANCED_PACKET_BLOCK && optionsStart < optionsEnd) {
            optionsOrder = order;
            direction = LinkDirection.NOT_STATED;
            PcapngOptions.walk(file, window, frameNumber, "enhanced packet block", optionsStart, optionsEnd, order, this);
            frame.direction(direction);
        }
    }

    /** Of an enhanced packet block's options, only epb_flags matters: which way the capturing host saw the packet. */
    @Override
    public void option(final int code, final long valueOffset, final int valueLengthBytes) {
        if (code == PcapngLayout.EPB_FLAGS && valueLengthBytes >= Integer.BYTES) {
            direction = LinkDirection.ofPcapngFlags(window.unsignedIntAt(valueOffset, optionsOrder));
        }
    }

    private void readSimple(
        final Frame frame, final long frameNumber, final long blockOffset, final int lengthBytes, final ByteOrder order)
        throws CaptureFormatException {
        checkInterface(frameNumber, blockOffset, SIMPLE_PACKET_BLOCK, 0);
        final long originalLengthBytes = window.unsignedIntAt(blockOffset + SIMPLE_ORIGINAL_LENGTH_FIELD_OFFSET, order);
        final long snapLengthBytes = interfaces.snapLengthBytes(0);
        final long capturedLengthBytes = snapLengthBytes == 0
            ? originalLengthBytes : Math.min(originalLengthBytes, snapLengthBytes);
        final long roomBytes = lengthBytes - SIMPLE_PACKET_BLOCK_MINIMUM_LENGTH;
        if (capturedLengthBytes > roomBytes) {
            throw malformed(frameNumber, blockOffset, "simple packet block holds " + roomBytes
                + " bytes of packet data, short of its original length " + originalLengthBytes
                + (snapLengthBytes == 0 ? "" : " cut to the snap length " + snapLengthBytes)
                + " (expected at least " + capturedLengthBytes + ")");
        }
        frame.fill(frameNumber, 0L, (int) capturedLengthBytes, originalLengthBytes,
            interfaces.linkTypeNumber(0), interfaces.linkType(0), 0, blockOffset);
        frame.untimed();
        frame.data(window, blockOffset + SIMPLE_PACKET_DATA_OFFSET);
    }

    private void checkInterface(
        final long frameNumber, final long blockOffset, final int blockType, final long interfaceId)
        throws CaptureFormatException {
        if (interfaceId >= interfaces.count()) {
            throw malformed(frameNumber, blockOffset, PcapngDecoder.blockName(blockType) + " for interface "
                + interfaceId + ", but this section describes " + interfaces.count()
                + " interfaces (expected an interface description block for it first)");
        }
    }

    /** Same liberal rule as classic pcap: only past both the snap length and libpcap's maximum. 0 is no limit. */
    private void checkSnapLength(
        final long frameNumber, final long blockOffset, final int blockType, final int interfaceId,
        final long capturedLengthBytes) throws CaptureFormatException {
        final long snapLengthBytes = interfaces.snapLengthBytes(interfaceId);
        final long allowedBytes = Math.max(snapLengthBytes, ClassicPcapLayout.LIBPCAP_MAXIMUM_SNAP_LENGTH_BYTES);
        if (snapLengthBytes != 0 && capturedLengthBytes > allowedBytes) {
            throw malformed(frameNumber, blockOffset, PcapngDecoder.blockName(blockType) + " claims captured length "
                + capturedLengthBytes + ", over the snap length " + snapLengthBytes + " of interface " + interfaceId
                + " (expected at most " + allowedBytes + ")");
        }
    }

    private CaptureFormatException malformed(final long frameNumber, final long byteOffset, final String detail) {
        return new CaptureFormatException(file, frameNumber, byteOffset, detail);
    }
}
