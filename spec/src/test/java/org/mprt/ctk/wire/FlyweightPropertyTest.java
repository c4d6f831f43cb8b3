package org.mprt.ctk.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.ethernet.EthernetFlyweight;
import org.mprt.ctk.wire.ethernet.VlanTagFlyweight;
import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import org.mprt.ctk.wire.ip.Ipv6Flyweight;
import org.mprt.ctk.wire.ip.UdpFlyweight;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.mprt.MnethFlyweight;
import org.mprt.ctk.wire.mprt.MpethFlyweight;
import org.mprt.ctk.wire.roce.AethFlyweight;
import org.mprt.ctk.wire.roce.AtomicAckEthFlyweight;
import org.mprt.ctk.wire.roce.AtomicEthFlyweight;
import org.mprt.ctk.wire.roce.CnpFlyweight;
import org.mprt.ctk.wire.roce.DethFlyweight;
import org.mprt.ctk.wire.roce.IethFlyweight;
import org.mprt.ctk.wire.roce.ImmDtFlyweight;
import org.mprt.ctk.wire.roce.RethFlyweight;

/**
 * Every flyweight, over random headers (fixed seeds): its typed accessors read and write exactly
 * the bits its table row names, and decoding every field and encoding them again gives the same
 * bytes.
 */
class FlyweightPropertyTest {

    private static final int ITERATIONS = 10_000;
    /** Accessors whose Java name is not the camel-cased field name. */
    private static final Map<String, String> JAVA_NAMES = Map.of(
        "eth.dst", "destination", "eth.src", "source", "vlan.id", "vid", "ipv4.flags.reserved", "flagReserved",
        "ipv4.flags.df", "df", "ipv4.flags.mf", "mf");

    static List<Flyweight<?>> flyweights() {
        return List.of(new EthernetFlyweight(), new VlanTagFlyweight(), new Ipv4Flyweight(), new Ipv6Flyweight(),
            new UdpFlyweight(), new BthFlyweight(), new RethFlyweight(), new AethFlyweight(), new ImmDtFlyweight(),
            new IethFlyweight(), new DethFlyweight(), new AtomicEthFlyweight(), new AtomicAckEthFlyweight(),
            new CnpFlyweight(), new MdethFlyweight(), new MdethFlyweight().forSend(), new MaethFlyweight(),
            new MnethFlyweight(), new MpethFlyweight());
    }

    @ParameterizedTest
    @MethodSource("flyweights")
    void shouldReencodeEveryRandomHeaderFromItsDecodedFieldsToTheSameBytes(final Flyweight<?> flyweight) {
        final HeaderLayout layout = flyweight.layout();
        final SplittableRandom random = new SplittableRandom(layout.id().hashCode());
        final byte[] original = new byte[layout.length() + 3];
        final byte[] copy = new byte[original.length];
        final ByteBuffer from = ByteBuffer.wrap(original);
        final ByteBuffer to = ByteBuffer.wrap(copy);
        for (int i = 0; i < ITERATIONS; i++) {
            random.nextBytes(original);
            java.util.Arrays.fill(copy, (byte) 0);
            for (final FieldSpec field : layout.fields()) {
                if (field.isWide()) {
                    final byte[] bytes = new byte[field.bitWidth() / 8];
                    field.readBytes(from, 3, bytes, 0);
                    field.writeBytes(to, 3, bytes, 0);
                } else {
                    field.write(to, 3, field.read(from, 3));
                }
            }
            assertThat(java.util.Arrays.copyOfRange(copy, 3, copy.length))
                .isEqualTo(java.util.Arrays.copyOfRange(original, 3, original.length));
        }
    }

    @ParameterizedTest
    @MethodSource("flyweights")
    void shouldReadAndWriteEachFieldThroughTheAccessorNamedAfterIt(final Flyweight<?> flyweight) throws Exception {
        final HeaderLayout layout = flyweight.layout();
        final SplittableRandom random = new SplittableRandom(~layout.id().hashCode());
        final byte[] bytes = new byte[layout.length()];
        flyweight.wrap(bytes, 0);
        for (final FieldSpec field : layout.fields()) {
            if (field.isWide()) {
                continue;
            }
            final String name = JAVA_NAMES.getOrDefault(field.id(), camel(field.shortName()));
            final Method getter = flyweight.getClass().getMethod(name);
            final Method setter = setter(flyweight.getClass(), name);
            for (int i = 0; i < ITERATIONS / 10; i++) {
                random.nextBytes(bytes);
                final long value = random.nextLong() & field.maxValue();
                final byte[] before = bytes.clone();
                setter.invoke(flyweight, setter.getParameterTypes()[0] == int.class ? (Object) (int) value : (Object) value);
                assertThat(field.read(ByteBuffer.wrap(bytes), 0)).as(field.id()).isEqualTo(value);
                final Object read = getter.invoke(flyweight);
                assertThat(((Number) read).longValue() & field.maxValue()).as(field.id()).isEqualTo(value);
                field.write(ByteBuffer.wrap(bytes), 0, field.read(ByteBuffer.wrap(before), 0));
                assertThat(bytes).as(field.id() + " touched only its own bits").isEqualTo(before);
            }
        }
    }

    private static Method setter(final Class<?> type, final String name) throws NoSuchMethodException {
        try {
            return type.getMethod(name, int.class);
        } catch (final NoSuchMethodException e) {
            return type.getMethod(name, long.class);
        }
    }

    private static String camel(final String snake) {
        final StringBuilder out = new StringBuilder();
        boolean upper = false;
        for (final char c : snake.toCharArray()) {
            if (c == '_') {
                upper = true;
            } else {
                out.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return out.toString();
    }
}
