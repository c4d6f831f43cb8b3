package org.mprt.ctk.fabric.address;

/** MAC addresses as 48-bit values in a long, the form the codec's Ethernet flyweight uses. */
public final class MacAddress {

    /** IEEE 802.1Q reserved link-local group 01-80-C2-00-00-00 to -0F: bridges never forward these. */
    public static final long LINK_LOCAL_GROUP = 0x01_80_C2_00_00_00L;
    public static final long BROADCAST = 0xFF_FF_FF_FF_FF_FFL;

    private static final int BYTES = 6;

    private MacAddress() {
    }

    /** True for 01-80-C2-00-00-0X, which carries MAC control (PAUSE, PFC), LLDP and STP. */
    public static boolean isLinkLocal(final long mac) {
        return (mac & ~0xFL) == LINK_LOCAL_GROUP;
    }

    /** True when the group bit (least significant bit of the first byte) is set. */
    public static boolean isGroup(final long mac) {
        return (mac & 0x01_00_00_00_00_00L) != 0;
    }

    public static String format(final long mac) {
        final StringBuilder text = new StringBuilder(17);
        for (int i = BYTES - 1; i >= 0; i--) {
            final int octet = (int) (mac >>> (8 * i)) & 0xFF;
            text.append(Character.forDigit(octet >>> 4, 16)).append(Character.forDigit(octet & 0xF, 16));
            if (i > 0) {
                text.append(':');
            }
        }
        return text.toString();
    }
}
