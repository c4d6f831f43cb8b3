package org.mprt.ctk.wire.opcode;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.wire.HeaderLayout;
import org.mprt.ctk.wire.Profile;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.mprt.MnethFlyweight;
import org.mprt.ctk.wire.mprt.MpethFlyweight;
import org.mprt.ctk.wire.roce.AethFlyweight;
import org.mprt.ctk.wire.roce.AtomicAckEthFlyweight;
import org.mprt.ctk.wire.roce.AtomicEthFlyweight;
import org.mprt.ctk.wire.roce.DethFlyweight;
import org.mprt.ctk.wire.roce.IethFlyweight;
import org.mprt.ctk.wire.roce.ImmDtFlyweight;
import org.mprt.ctk.wire.roce.RethFlyweight;

class OpcodeTableTest {

    @Test
    void shouldListTheExtensionHeadersIbtaPutsAfterTheBth() {
        assertThat(OpcodeTable.RC_RDMA_WRITE_FIRST.headers()).containsExactly(RethFlyweight.LAYOUT);
        assertThat(OpcodeTable.RC_RDMA_WRITE_LAST_WITH_IMMEDIATE.headers()).containsExactly(ImmDtFlyweight.LAYOUT);
        assertThat(OpcodeTable.RC_RDMA_WRITE_ONLY_WITH_IMMEDIATE.headers()).containsExactly(RethFlyweight.LAYOUT, ImmDtFlyweight.LAYOUT);
        assertThat(OpcodeTable.RC_ACKNOWLEDGE.headers()).containsExactly(AethFlyweight.LAYOUT);
        assertThat(OpcodeTable.RC_RDMA_READ_RESPONSE_FIRST.headers()).containsExactly(AethFlyweight.LAYOUT);
        assertThat(OpcodeTable.RC_RDMA_READ_RESPONSE_MIDDLE.headers()).isEmpty();
        assertThat(OpcodeTable.RC_ATOMIC_ACKNOWLEDGE.headers()).containsExactly(AethFlyweight.LAYOUT, AtomicAckEthFlyweight.LAYOUT);
        assertThat(OpcodeTable.RC_COMPARE_SWAP.headers()).containsExactly(AtomicEthFlyweight.LAYOUT);
        assertThat(OpcodeTable.RC_SEND_ONLY_WITH_INVALIDATE.headers()).containsExactly(IethFlyweight.LAYOUT);
        assertThat(OpcodeTable.UD_SEND_ONLY.headers()).containsExactly(DethFlyweight.LAYOUT);
        assertThat(OpcodeTable.UD_SEND_ONLY_WITH_IMMEDIATE.headers()).containsExactly(DethFlyweight.LAYOUT, ImmDtFlyweight.LAYOUT);
        assertThat(OpcodeTable.RC_RDMA_READ_REQUEST.fixedHeadersLength()).isEqualTo(16);
        assertThat(OpcodeTable.RC_ATOMIC_ACKNOWLEDGE.fixedHeadersLength()).isEqualTo(12);
    }

    @Test
    void shouldSayWhichOpcodesCarryAPayload() {
        assertThat(OpcodeTable.RC_SEND_FIRST.carriesPayload()).isTrue();
        assertThat(OpcodeTable.RC_RDMA_READ_RESPONSE_ONLY.carriesPayload()).isTrue();
        assertThat(OpcodeTable.RC_RDMA_READ_REQUEST.carriesPayload()).isFalse();
        assertThat(OpcodeTable.RC_ACKNOWLEDGE.carriesPayload()).isFalse();
        assertThat(OpcodeTable.CNP.carriesPayload()).isFalse();
        assertThat(OpcodeTable.MPRT_WRITE.carriesPayload()).isTrue();
        assertThat(OpcodeTable.MPRT_ACK.carriesPayload()).isFalse();
    }

    @Test
    void shouldDefineTheMprtOpcodesOfSection33() {
        assertThat(OpcodeTable.lookup(0xC0).headers()).containsExactly(MdethFlyweight.WRITE_LAYOUT);
        assertThat(OpcodeTable.lookup(0xC1).headers()).containsExactly(MdethFlyweight.SEND_LAYOUT);
        assertThat(OpcodeTable.lookup(0xC8).headers()).containsExactly(MaethFlyweight.LAYOUT);
        assertThat(OpcodeTable.lookup(0xC9).headers()).containsExactly(MnethFlyweight.LAYOUT);
        assertThat(OpcodeTable.lookup(0xCA).headers()).containsExactly(MpethFlyweight.LAYOUT);
        assertThat(OpcodeTable.lookup(0xCB).name()).isEqualTo("MPRT_PROBE_REPLY");
        assertThat(OpcodeTable.lookup(0xC0).profile()).isEqualTo(Profile.MPRT);
    }

    @Test
    void shouldClassifyOtherOpcodesAsReservedMprtOrUnknown() {
        for (int code = 0xC0; code <= 0xDF; code++) {
            final boolean mprt = List.of(0xC0, 0xC1, 0xC8, 0xC9, 0xCA, 0xCB).contains(code);
            assertThat(OpcodeTable.isReservedMprt(code)).as("0x%x", code).isEqualTo(!mprt);
        }
        assertThat(OpcodeTable.lookup(0x15)).isNull();
        assertThat(OpcodeTable.lookup(0x40)).isNull();
        assertThat(OpcodeTable.lookup(0xE0)).isNull();
        assertThat(OpcodeTable.isReservedMprt(0xE0)).isFalse();
        assertThat(OpcodeTable.isReservedMprt(0x1F)).isFalse();
    }

    @Test
    void shouldKnowTheRocev2OpcodesByTheirIbtaNames() {
        assertThat(OpcodeTable.lookup(0x0A).fullName()).isEqualTo("RC RDMA_WRITE_ONLY");
        assertThat(OpcodeTable.lookup(0x11).fullName()).isEqualTo("RC ACKNOWLEDGE");
        assertThat(OpcodeTable.lookup(0x2A).fullName()).isEqualTo("UC RDMA_WRITE_ONLY");
        assertThat(OpcodeTable.lookup(0x64).fullName()).isEqualTo("UD SEND_ONLY");
        assertThat(OpcodeTable.lookup(0x81).fullName()).isEqualTo("CNP CNP");
        int rc = 0;
        for (final Opcode opcode : OpcodeTable.all()) {
            if (opcode.service() == TransportService.RC) {
                rc++;
            }
            for (final HeaderLayout layout : opcode.headers()) {
                assertThat(layout.length()).isPositive();
            }
        }
        assertThat(rc).isEqualTo(23);
    }
}
