package org.mprt.ctk.pcap;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Builds capture files byte by byte, so that tests state every field of the input and do not
 * depend on the writers they are meant to check. The byte order applies to multi-byte fields and
 * may change midway, as it does between pcapng sections.
 */
final class CaptureBytes {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private ByteOrder order;

    private CaptureBytes(final ByteOrder order) {
        this.order = order;
    }

    static CaptureBytes bigEndian() {
        return new CaptureBytes(ByteOrder.BIG_ENDIAN);
    }

    static CaptureBytes littleEndian() {
        return new CaptureBytes(ByteOrder.LITTLE_ENDIAN);
    }

    CaptureBytes order(final ByteOrder newOrder) {
        this.order = newOrder;
        return this;
    }

    int lengthBytes() {
        return bytes.size();
    }

    CaptureBytes u8(final int value) {
        bytes.write(value);
        return this;
    }

    CaptureBytes u16(final int value) {
        return order == ByteOrder.BIG_ENDIAN
            ? u8(value >>> 8).u8(value)
            : u8(value).u8(value >>> 8);
    }

    CaptureBytes u32(final long value) {
        return order == ByteOrder.BIG_ENDIAN
            ? u16((int) (value >>> 16)).u16((int) value)
            : u16((int) value).u16((int) (value >>> 16));
    }

    CaptureBytes u64(final long value) {
        return order == ByteOrder.BIG_ENDIAN
            ? u32(value >>> 32).u32(value)
            : u32(value).u32(value >>> 32);
    }

    CaptureBytes bytes(final byte[] data) {
        bytes.write(data, 0, data.length);
        return this;
    }

    CaptureBytes zeros(final int count) {
        return bytes(new byte[count]);
    }

    /** Pads with zeros to a multiple of 4, as pcapng requires after packet data and option values. */
    CaptureBytes padTo32Bits() {
        while (bytes.size() % 4 != 0) {
            u8(0);
        }
        return this;
    }

    /** A classic pcap file header with the given magic, written in this builder's order. */
    CaptureBytes pcapHeader(final int magic, final long snapLengthBytes, final int linkTypeNumber) {
        return u32(magic).u16(2).u16(4).u32(0).u32(0).u32(snapLengthBytes).u32(linkTypeNumber);
    }

    /** A classic pcap record: header, then the data. */
    CaptureBytes pcapRecord(
        final long seconds, final long fraction, final byte[] data, final long originalLengthBytes) {
        return u32(seconds).u32(fraction).u32(data.length).u32(originalLengthBytes).bytes(data);
    }

    /** A pcapng section header block without options. */
    CaptureBytes sectionHeader() {
        return u32(0x0A0D0D0A).u32(28).u32(0x1A2B3C4D).u16(1).u16(0).u64(-1L).u32(28);
    }

    /** A pcapng interface description block with an optional if_tsresol (negative: none). */
    CaptureBytes interfaceDescription(final int linkTypeNumber, final long snapLengthBytes, final int tsresol) {
        final int lengthBytes = tsresol < 0 ? 20 : 32;
        u32(1).u32(lengthBytes).u16(linkTypeNumber).u16(0).u32(snapLengthBytes);
        if (tsresol >= 0) {
            u16(9).u16(1).u8(tsresol).zeros(3).u16(0).u16(0);
        }
        return u32(lengthBytes);
    }

    /** A pcapng enhanced packet block without options. */
    CaptureBytes enhancedPacket(
        final int interfaceId, final long ticks, final byte[] data, final long originalLengthBytes) {
        final int lengthBytes = 32 + padded(data.length);
        return u32(6).u32(lengthBytes).u32(interfaceId).u32(ticks >>> 32).u32(ticks)
            .u32(data.length).u32(originalLengthBytes).bytes(data).padTo32Bits().u32(lengthBytes);
    }

    /** A pcapng enhanced packet block with one option of {@code optionCode} holding {@code value}, then opt_endofopt. */
    CaptureBytes enhancedPacket(final int interfaceId, final long ticks, final byte[] data, final int optionCode,
                                final byte[] value) {
        final int lengthBytes = 32 + padded(data.length) + 4 + padded(value.length) + 4;
        return u32(6).u32(lengthBytes).u32(interfaceId).u32(ticks >>> 32).u32(ticks)
            .u32(data.length).u32(data.length).bytes(data).padTo32Bits()
            .u16(optionCode).u16(value.length).bytes(value).padTo32Bits().u16(0).u16(0).u32(lengthBytes);
    }

    /** A pcapng simple packet block. */
    CaptureBytes simplePacket(final byte[] data, final long originalLengthBytes) {
        final int lengthBytes = 16 + padded(data.length);
        return u32(3).u32(lengthBytes).u32(originalLengthBytes).bytes(data).padTo32Bits().u32(lengthBytes);
    }

    /** Any block, framed: type, length, body (padded), length. */
    CaptureBytes block(final int blockType, final byte[] body) {
        final int lengthBytes = 12 + padded(body.length);
        return u32(blockType).u32(lengthBytes).bytes(body).padTo32Bits().u32(lengthBytes);
    }

    byte[] toByteArray() {
        return bytes.toByteArray();
    }

    Path writeTo(final Path file) throws IOException {
        return Files.write(file, toByteArray());
    }

    static int padded(final int lengthBytes) {
        return (lengthBytes + 3) & ~3;
    }
}
