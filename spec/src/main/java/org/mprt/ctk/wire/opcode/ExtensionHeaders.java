package org.mprt.ctk.wire.opcode;

import java.nio.ByteBuffer;
import org.mprt.ctk.wire.Flyweight;
import org.mprt.ctk.wire.HeaderLayout;
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
 * Where the extension headers of one packet lie after its BTH, in wire order, as its opcode's
 * row lists them (IBTA Vol. 1 section 9.3; mprt-v0.1.md sections 3.4 to 3.7), with a typed view
 * of each. The decoder fills it as each header is checked; the encoder fills it when it lays a
 * frame out. Reusable: each typed view is one flyweight, re-wrapped on call.
 */
public final class ExtensionHeaders {

    /** The most extension headers an opcode has (RETH + ImmDt, DETH + ImmDt, AETH + AtomicAckETH). */
    public static final int MAX_HEADERS = 4;

    /** Each view's index in {@code views}. */
    private static final int RETH = 0;
    private static final int AETH = 1;
    private static final int IMM_DT = 2;
    private static final int IETH = 3;
    private static final int DETH = 4;
    private static final int ATOMIC_ETH = 5;
    private static final int ATOMIC_ACK_ETH = 6;
    private static final int CNP = 7;
    private static final int MDETH = 8;
    private static final int MAETH = 9;
    private static final int MNETH = 10;
    private static final int MPETH = 11;

    private final HeaderLayout[] layouts = new HeaderLayout[MAX_HEADERS];
    private final int[] offsets = new int[MAX_HEADERS];
    private final int[] lengths = new int[MAX_HEADERS];
    private final RethFlyweight reth = new RethFlyweight();
    private final AethFlyweight aeth = new AethFlyweight();
    private final ImmDtFlyweight immDt = new ImmDtFlyweight();
    private final IethFlyweight ieth = new IethFlyweight();
    private final DethFlyweight deth = new DethFlyweight();
    private final AtomicEthFlyweight atomicEth = new AtomicEthFlyweight();
    private final AtomicAckEthFlyweight atomicAckEth = new AtomicAckEthFlyweight();
    private final CnpFlyweight cnp = new CnpFlyweight();
    private final MdethFlyweight mdeth = new MdethFlyweight();
    private final MaethFlyweight maeth = new MaethFlyweight();
    private final MnethFlyweight mneth = new MnethFlyweight();
    private final MpethFlyweight mpeth = new MpethFlyweight();
    /** In the order of the index constants above. */
    private final Flyweight<?>[] views = {reth, aeth, immDt, ieth, deth, atomicEth, atomicAckEth, cnp, mdeth, maeth, mneth,
        mpeth};
    /** The views wrapped since the last {@link #reset}, one bit each by their index in {@code views}: only they need forgetting. */
    private int wrapped;
    private ByteBuffer buffer;
    private int count;
    /** True when the views remember what they read ({@link #memoizing()}): a decoder's, placed as each header is added. */
    private boolean memoizing;
    /**
     * The MDETH and MAETH views once placed for this packet, until its headers change: the
     * behavioural rules ask for them dozens of times per packet, and each asking would otherwise look
     * the header up and check the view's position again.
     */
    private MdethFlyweight mdethPlaced;
    private MaethFlyweight maethPlaced;

    /** Forgets the previous packet's headers (and what the views remember of them). */
    public void reset(final ByteBuffer frameBuffer) {
        buffer = frameBuffer;
        count = 0;
        mdethPlaced = null;
        maethPlaced = null;
        for (int w = wrapped; w != 0; w &= w - 1) {
            views[Integer.numberOfTrailingZeros(w)].forget();
        }
        wrapped = 0;
    }

    /** Wraps {@code view}, number {@code index} of {@code views}, at {@code offset} of the packet. */
    private <V extends Flyweight<V>> V wrap(final V view, final int index, final int offset) {
        wrapped |= 1 << index;
        return view.wrap(buffer, offset);
    }

    /** Makes every typed view remember what it reads until the next {@link #reset} (see {@link Flyweight#memoizing()}). */
    public ExtensionHeaders memoizing() {
        for (final Flyweight<?> view : views) {
            view.memoizing();
        }
        memoizing = true;
        return this;
    }

    /**
     * Appends a header at absolute {@code offset} of {@code length} bytes (records included), which
     * must be in the buffer. Memoizing views of an MDETH or a MAETH are placed now, with
     * their snapshots taken: {@link #mdeth()} and {@link #maeth()} then hand them out as they are.
     */
    public void add(final HeaderLayout layout, final int offset, final int length) {
        layouts[count] = layout;
        offsets[count] = offset;
        lengths[count] = length;
        count++;
        mdethPlaced = null;
        maethPlaced = null;
        if (memoizing) {
            if (layout == MdethFlyweight.WRITE_LAYOUT || layout == MdethFlyweight.SEND_LAYOUT) {
                placeMdeth();
            } else if (layout == MaethFlyweight.LAYOUT) {
                placeMaeth();
            }
        }
    }

    /** Number of extension headers checked and present. */
    public int count() {
        return count;
    }

    public HeaderLayout layout(final int index) {
        check(index);
        return layouts[index];
    }

    /** Absolute offset of header {@code index} in the packet's buffer. */
    public int offset(final int index) {
        check(index);
        return offsets[index];
    }

    /** Length in bytes of header {@code index} (the MAETH's records included). */
    public int length(final int index) {
        check(index);
        return lengths[index];
    }

    /** Absolute offset of the header with this table, or -1 when absent. */
    public int offsetOf(final HeaderLayout layout) {
        for (int i = 0; i < count; i++) {
            if (layouts[i] == layout) {
                return offsets[i];
            }
        }
        return -1;
    }

    public boolean has(final HeaderLayout layout) {
        return offsetOf(layout) >= 0;
    }

    public RethFlyweight reth() {
        return wrap(reth, RETH, require(RethFlyweight.LAYOUT));
    }

    public AethFlyweight aeth() {
        return wrap(aeth, AETH, require(AethFlyweight.LAYOUT));
    }

    public ImmDtFlyweight immDt() {
        return wrap(immDt, IMM_DT, require(ImmDtFlyweight.LAYOUT));
    }

    public IethFlyweight ieth() {
        return wrap(ieth, IETH, require(IethFlyweight.LAYOUT));
    }

    public DethFlyweight deth() {
        return wrap(deth, DETH, require(DethFlyweight.LAYOUT));
    }

    public AtomicEthFlyweight atomicEth() {
        return wrap(atomicEth, ATOMIC_ETH, require(AtomicEthFlyweight.LAYOUT));
    }

    public AtomicAckEthFlyweight atomicAckEth() {
        return wrap(atomicAckEth, ATOMIC_ACK_ETH, require(AtomicAckEthFlyweight.LAYOUT));
    }

    public CnpFlyweight cnp() {
        return wrap(cnp, CNP, require(CnpFlyweight.LAYOUT));
    }

    /** The MDETH, set to the WRITE or SEND table as the opcode says. */
    public MdethFlyweight mdeth() {
        return mdethPlaced != null ? mdethPlaced : placeMdeth();
    }

    public MaethFlyweight maeth() {
        return maethPlaced != null ? maethPlaced : placeMaeth();
    }

    /*
     * Placing is kept out of mdeth() and maeth(), and add() calls it directly: the JIT compiler profiles
     * a method's branches once for all its callers, so a decoder that placed through mdeth() would make
     * every rule that asks for the MDETH carry the placing, and the taking of the snapshot, compiled in.
     */

    private MdethFlyweight placeMdeth() {
        final int write = offsetOf(MdethFlyweight.WRITE_LAYOUT);
        mdethPlaced = (write >= 0 ? wrap(mdeth, MDETH, write).forWrite()
            : wrap(mdeth, MDETH, require(MdethFlyweight.SEND_LAYOUT)).forSend()).remember();
        return mdethPlaced;
    }

    private MaethFlyweight placeMaeth() {
        maethPlaced = wrap(maeth, MAETH, require(MaethFlyweight.LAYOUT)).remember();
        return maethPlaced;
    }

    public MnethFlyweight mneth() {
        return wrap(mneth, MNETH, require(MnethFlyweight.LAYOUT));
    }

    public MpethFlyweight mpeth() {
        return wrap(mpeth, MPETH, require(MpethFlyweight.LAYOUT));
    }

    private int require(final HeaderLayout layout) {
        final int offset = offsetOf(layout);
        if (offset < 0) {
            throw new IllegalStateException("the packet has no " + layout.id());
        }
        return offset;
    }

    private void check(final int index) {
        if (index < 0 || index >= count) {
            throw new IndexOutOfBoundsException("extension header " + index + " of " + count);
        }
    }
}
