package org.mprt.ctk.wire.vector.generate;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.HeaderLayout;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.ethernet.EthernetFlyweight;
import org.mprt.ctk.wire.ethernet.VlanTagFlyweight;
import org.mprt.ctk.wire.icrc.Icrc;
import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import org.mprt.ctk.wire.ip.NetworkKind;
import org.mprt.ctk.wire.ip.UdpFlyweight;
import org.mprt.ctk.wire.opcode.ExtensionHeaders;
import org.mprt.ctk.wire.vector.StartsAt;

/**
 * One vector being drafted by {@link VectorGenerator}: encoder settings, header fields set through
 * their tables (each also becomes a {@code # field:} expectation), an optional mutation of the
 * finished bytes, and the expected decode result written by hand.
 */
final class VectorDraft {

    /** A labelled byte range, written as a comment above its hex lines. */
    record Section(String label, int start, int end) {
    }

    private record Setting(FieldSpec field, int index, long value, byte[] bytes, boolean expect) {
    }

    final String folder;
    final String id;
    final String description;
    final List<String> requirements = new ArrayList<>();
    final List<String> fields = new ArrayList<>();
    final List<String> derivedFields = new ArrayList<>();
    final FrameEncoder encoder = new FrameEncoder().padToMinimumFrame(false);
    StartsAt startsAt = StartsAt.ETHERNET;
    String expect = "ok";
    /** Bytes a capture with a snap length keeps of the finished frame, or -1 to keep it whole. */
    int snapLength = -1;
    private final List<Setting> settings = new ArrayList<>();
    private final List<Consumer<Frame>> mutations = new ArrayList<>();

    VectorDraft(final String folder, final String id, final String description) {
        this.folder = folder;
        this.id = id;
        this.description = description;
    }

    VectorDraft requirement(final String... ids) {
        requirements.addAll(List.of(ids));
        return this;
    }

    VectorDraft encoder(final Consumer<FrameEncoder> configure) {
        configure.accept(encoder);
        return this;
    }

    VectorDraft startsAtIp() {
        encoder.withoutEthernet();
        return this;
    }

    /** Sets a BTH or extension header field after begin() and expects the decoder to find it. */
    VectorDraft set(final FieldSpec field, final long value) {
        return set(field, 0, value);
    }

    VectorDraft set(final FieldSpec field, final int index, final long value) {
        settings.removeIf(s -> s.field == field && s.index == index);
        settings.add(new Setting(field, index, value, null, true));
        return this;
    }

    /** Sets a wide field (such as the SACK bitmap) from its bytes, first byte first. */
    VectorDraft setBytes(final FieldSpec field, final byte[] bytes) {
        settings.add(new Setting(field, 0, 0, bytes.clone(), true));
        return this;
    }

    /** Sets a field without expecting it (for frames where decoding stops before that header). */
    VectorDraft quietly(final FieldSpec field, final long value) {
        settings.add(new Setting(field, 0, value, null, false));
        return this;
    }

    VectorDraft field(final String fieldId, final Object value) {
        fields.add(fieldId + "=" + value);
        return this;
    }

    /** An expectation that holds only when the decoder reaches every header (not for malformed frames). */
    VectorDraft derived(final String fieldId, final Object value) {
        derivedFields.add(fieldId + "=" + value);
        return this;
    }

    VectorDraft mutate(final Consumer<Frame> mutation) {
        mutations.add(mutation);
        return this;
    }

    /** Keeps only the first {@code keep} bytes of the finished frame, as a capture with that snap length does. */
    VectorDraft snap(final int keep) {
        snapLength = keep;
        return this;
    }

    VectorDraft expect(final String expectation) {
        expect = expectation;
        return this;
    }

    /** Encodes, applies the mutations and returns the bytes with their sections. */
    Frame build() {
        final byte[] buffer = new byte[4096];
        encoder.begin(buffer, 0);
        final ByteBuffer view = encoder.buffer();
        for (final Setting setting : settings) {
            final int offset = headerOffset(setting.field, setting.index);
            if (setting.bytes != null) {
                setting.field.writeBytes(view, offset, setting.bytes, 0);
            } else {
                setting.field.write(view, offset, setting.value);
            }
        }
        for (int i = 0; i < encoder.icrcOffset() - encoder.payloadOffset(); i++) {
            view.put(encoder.payloadOffset() + i, (byte) (i * 37 + 11));
        }
        final int length = encoder.finish();
        final Frame frame = new Frame(java.util.Arrays.copyOf(buffer, length), sections(length), encoder);
        startsAt = encoder.networkOffset() == 0
            ? (encoder.networkKind() == NetworkKind.IPV4 ? StartsAt.IPV4 : StartsAt.IPV6) : startsAt;
        for (final Consumer<Frame> mutation : mutations) {
            mutation.accept(frame);
        }
        frame.originalLength = frame.bytes.length;
        if (snapLength >= 0) {
            frame.truncate(snapLength);
        }
        return frame;
    }

    /** Expectations of the settings, written only when the decoder reaches every header. */
    List<String> settingExpectations() {
        final List<String> out = new ArrayList<>(derivedFields);
        for (final Setting setting : settings) {
            if (setting.expect) {
                final StringBuilder value = new StringBuilder();
                if (setting.bytes != null) {
                    value.append("0x");
                    for (final byte b : setting.bytes) {
                        value.append(String.format("%02x", b & 0xFF));
                    }
                } else {
                    setting.field.appendValue(setting.value, value);
                }
                out.add(setting.field.id() + (setting.index == 0 ? "" : "[" + setting.index + "]") + "=" + value);
            }
        }
        return out;
    }

    private int headerOffset(final FieldSpec field, final int index) {
        if (BthFlyweight.LAYOUT.contains(field)) {
            return encoder.bthOffset();
        }
        final ExtensionHeaders headers = encoder.extensions();
        for (int i = 0; i < headers.count(); i++) {
            final HeaderLayout layout = headers.layout(i);
            if (layout.contains(field)) {
                return layout.isRecordField(field) ? headers.offset(i) + layout.length(index) : headers.offset(i);
            }
        }
        throw new IllegalArgumentException(id + ": the frame has no header for " + field.id());
    }

    private List<Section> sections(final int length) {
        final List<Section> out = new ArrayList<>();
        int at = 0;
        if (encoder.networkOffset() > 0) {
            out.add(new Section("ethernet", 0, EthernetFlyweight.ETHERNET_LENGTH));
            for (at = EthernetFlyweight.ETHERNET_LENGTH; at < encoder.networkOffset(); at += VlanTagFlyweight.VLAN_TAG_LENGTH) {
                out.add(new Section("vlan", at, at + VlanTagFlyweight.VLAN_TAG_LENGTH));
            }
        }
        out.add(new Section(encoder.networkKind() == NetworkKind.IPV4 ? "ipv4" : "ipv6", at, encoder.udpOffset()));
        out.add(new Section("udp", encoder.udpOffset(), encoder.bthOffset()));
        out.add(new Section("bth", encoder.bthOffset(), encoder.bthOffset() + BthFlyweight.BTH_LENGTH));
        final ExtensionHeaders headers = encoder.extensions();
        for (int i = 0; i < headers.count(); i++) {
            out.add(new Section(headers.layout(i).id(), headers.offset(i), headers.offset(i) + headers.length(i)));
        }
        final int pad = (int) BthFlyweight.PAD_CNT.read(encoder.buffer(), encoder.bthOffset());
        out.add(new Section("payload", encoder.payloadOffset(), encoder.icrcOffset() - pad));
        out.add(new Section("pad", encoder.icrcOffset() - pad, encoder.icrcOffset()));
        out.add(new Section("icrc", encoder.icrcOffset(), encoder.icrcOffset() + Icrc.ICRC_LENGTH));
        out.add(new Section("ethernet padding", encoder.icrcOffset() + Icrc.ICRC_LENGTH, length));
        return out;
    }

    /** The bytes being drafted, with helpers that keep lengths and checks consistent after a change. */
    static final class Frame {
        byte[] bytes;
        /** The frame's length on the wire; more than {@code bytes.length} once snapped. */
        int originalLength;
        final List<Section> sections;
        final int networkOffset;
        final int udpOffset;
        final int bthOffset;
        final int icrcOffset;
        final NetworkKind kind;

        Frame(final byte[] bytes, final List<Section> sections, final FrameEncoder encoder) {
            this.bytes = bytes;
            this.sections = sections;
            this.networkOffset = encoder.networkOffset();
            this.udpOffset = encoder.udpOffset();
            this.bthOffset = encoder.bthOffset();
            this.icrcOffset = encoder.icrcOffset();
            this.kind = encoder.networkKind();
        }

        void u8(final int offset, final int value) {
            bytes[offset] = (byte) value;
        }

        void u16(final int offset, final int value) {
            bytes[offset] = (byte) (value >>> 8);
            bytes[offset + 1] = (byte) value;
        }

        int u16(final int offset) {
            return (bytes[offset] & 0xFF) << 8 | (bytes[offset + 1] & 0xFF);
        }

        void truncate(final int length) {
            bytes = java.util.Arrays.copyOf(bytes, length);
        }

        /** Keeps {@code keep} bytes of the UDP payload (and a fresh ICRC if asked), fixing every length. */
        void cutUdpPayload(final int keep, final boolean appendIcrc) {
            final int udpPayload = keep + (appendIcrc ? Icrc.ICRC_LENGTH : 0);
            bytes = java.util.Arrays.copyOf(bytes, udpOffset + UdpFlyweight.UDP_LENGTH + udpPayload);
            final int udpLength = UdpFlyweight.UDP_LENGTH + udpPayload;
            u16(udpOffset + UdpFlyweight.LENGTH_FIELD_OFFSET, udpLength);
            if (kind == NetworkKind.IPV4) {
                u16(networkOffset + Ipv4Flyweight.TOTAL_LENGTH_FIELD_OFFSET, udpOffset - networkOffset + udpLength);
            } else {
                u16(networkOffset + 4, udpLength);
            }
            refreshChecks();
        }

        /** Recomputes the IPv4 header checksum and leaves the ICRC as it is. */
        void refreshIpv4ChecksumOnly() {
            new Ipv4Flyweight().wrap(ByteBuffer.wrap(bytes), networkOffset).updateHeaderChecksum();
        }

        /** Recomputes the IPv4 header checksum and, where the UDP payload holds one, the ICRC. */
        void refreshChecks() {
            final ByteBuffer view = ByteBuffer.wrap(bytes);
            if (kind == NetworkKind.IPV4) {
                new Ipv4Flyweight().wrap(view, networkOffset).updateHeaderChecksum();
            }
            final int udpEnd = udpOffset + u16(udpOffset + UdpFlyweight.LENGTH_FIELD_OFFSET);
            if (udpEnd - bthOffset >= BthFlyweight.BTH_LENGTH + Icrc.ICRC_LENGTH && udpEnd <= bytes.length) {
                Icrc.update(view, networkOffset, kind, udpEnd - Icrc.ICRC_LENGTH);
            }
        }
    }
}
