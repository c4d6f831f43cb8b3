package org.mprt.ctk.pcap;

import static org.mprt.ctk.pcap.PcapngLayout.OPTION_HEADER_LENGTH;
import static org.mprt.ctk.pcap.PcapngLayout.OPTION_LENGTH_FIELD_OFFSET;
import static org.mprt.ctk.pcap.PcapngLayout.OPT_ENDOFOPT;

import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * Walks the options of a pcapng block (draft-ietf-opsawg-pcapng section 3.5): each a 16-bit code, a
 * 16-bit value length and the value padded to 32 bits, until opt_endofopt or the block's end. An
 * option whose value runs past the block's end is an error naming the option and its offset.
 */
final class PcapngOptions {

    /** What a block does with each option; the value is {@code valueLengthBytes} bytes at {@code valueOffset}. */
    interface Visitor {
        void option(int code, long valueOffset, int valueLengthBytes) throws CaptureFormatException;
    }

    private PcapngOptions() {
    }

    /** Shows every option from {@code optionsStart} up to {@code optionsEnd} (the block trailer) to {@code visitor}. */
    static void walk(final Path file, final FileWindow window, final long frameNumber, final String blockName,
                     final long optionsStart, final long optionsEnd, final ByteOrder order, final Visitor visitor)
        throws CaptureFormatException {
        long optionOffset = optionsStart;
        while (optionOffset + OPTION_HEADER_LENGTH <= optionsEnd) {
            final int code = window.unsignedShortAt(optionOffset, order);
            final int valueLengthBytes = window.unsignedShortAt(optionOffset + OPTION_LENGTH_FIELD_OFFSET, order);
            if (code == OPT_ENDOFOPT) {
                return;
            }
            final long valueOffset = optionOffset + OPTION_HEADER_LENGTH;
            if (valueOffset + valueLengthBytes > optionsEnd) {
                throw new CaptureFormatException(file, frameNumber, optionOffset, blockName + " option " + code
                    + " claims length " + valueLengthBytes + ", past the end of its block (expected at most "
                    + (optionsEnd - valueOffset) + ")");
            }
            visitor.option(code, valueOffset, valueLengthBytes);
            optionOffset = valueOffset + PcapngLayout.padded(valueLengthBytes);
        }
    }
}
