package org.mprt.ctk.wire;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.SplittableRandom;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.ethernet.EtherType;
import org.mprt.ctk.wire.ip.NetworkKind;
import org.mprt.ctk.wire.opcode.ExtensionHeaders;
import org.mprt.ctk.wire.opcode.Opcode;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * Valid frames with random content for property tests: any known opcode, IPv4 or IPv6, with or
 * without Ethernet and VLAN tags, random field values in every header (reserved ones included,
 * since judging them is not the decoder's job) and random payload.
 */
public final class RandomFrames {

    private static final List<Opcode> OPCODES = OpcodeTable.all();

    private final SplittableRandom random;
    private final FrameEncoder encoder = new FrameEncoder();

    public RandomFrames(final long seed) {
        random = new SplittableRandom(seed);
    }

    public SplittableRandom random() {
        return random;
    }

    /** The encoder of the last frame, for its offsets. */
    public FrameEncoder encoder() {
        return encoder;
    }

    /** Writes a random valid frame at {@code offset} and returns its length. */
    public int next(final byte[] buffer, final int offset) {
        return next(buffer, offset, OPCODES.get(random.nextInt(OPCODES.size())));
    }

    public int next(final byte[] buffer, final int offset, final Opcode opcode) {
        configure(opcode);
        encoder.begin(buffer, offset);
        final ByteBuffer view = encoder.buffer();
        for (final FieldSpec field : BthFlyweight.LAYOUT.fields()) {
            if (field != BthFlyweight.OPCODE && field != BthFlyweight.PAD_CNT && field != BthFlyweight.TVER) {
                field.write(view, encoder.bthOffset(), bits(field.bitWidth()));
            }
        }
        final ExtensionHeaders headers = encoder.extensions();
        for (int i = 0; i < headers.count(); i++) {
            final HeaderLayout layout = headers.layout(i);
            randomise(layout.fields(), layout.countField(), view, headers.offset(i));
            for (int k = 0; k < layout.recordCount(view, headers.offset(i)); k++) {
                randomise(layout.recordFields(), null, view, headers.offset(i) + layout.length(k));
            }
        }
        for (int i = encoder.payloadOffset(); i < encoder.icrcOffset(); i++) {
            view.put(i, (byte) random.nextInt(256));
        }
        return encoder.finish();
    }

    private void configure(final Opcode opcode) {
        final int shape = random.nextInt(10);
        if (shape == 0) {
            encoder.withoutEthernet();
        } else {
            encoder.ethernet(random.nextLong() & 0xFFFF_FFFF_FFFFL, random.nextLong() & 0xFFFF_FFFF_FFFFL).clearVlans()
                .padToMinimumFrame(random.nextBoolean());
            if (shape >= 7) {
                encoder.vlan(EtherType.VLAN, random.nextInt(8), random.nextInt(2), random.nextInt(4096));
            }
            if (shape == 9) {
                encoder.vlan(EtherType.VLAN, random.nextInt(8), random.nextInt(2), random.nextInt(4096));
            }
        }
        if (random.nextInt(10) < 7) {
            encoder.ipv4(random.nextInt(), random.nextInt()).identification(random.nextInt(1 << 16))
                .dontFragment(random.nextInt(2)).computeUdpChecksum(random.nextInt(4) == 0);
        } else {
            encoder.ipv6(random.nextLong(), random.nextLong(), random.nextLong(), random.nextLong())
                .flowLabel(random.nextInt(1 << 20)).computeUdpChecksum(true);
        }
        encoder.dscp(random.nextInt(64)).ecn(random.nextInt(4)).ttl(random.nextInt(256))
            .udpSourcePort(0xC000 + random.nextInt(0x4000)).opcode(opcode).padCount(-1)
            .recordCount(random.nextInt(17))
            .payloadLength(opcode.carriesPayload() ? random.nextInt(random.nextInt(10) == 0 ? 4097 : 301) : 0);
    }

    public NetworkKind networkKind() {
        return encoder.networkKind();
    }

    private void randomise(final List<FieldSpec> fields, final FieldSpec keep, final ByteBuffer view, final int offset) {
        for (final FieldSpec field : fields) {
            if (field == keep) {
                continue;
            }
            if (field.isWide()) {
                for (int i = field.byteOffset(); i < field.endByteOffset(); i++) {
                    view.put(offset + i, (byte) random.nextInt(256));
                }
            } else {
                field.write(view, offset, bits(field.bitWidth()));
            }
        }
    }

    private long bits(final int width) {
        final long value = random.nextLong();
        return width >= 64 ? value : value & ((1L << width) - 1);
    }
}
