package org.mprt.ctk.dut.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.reference.attachment.IpAddress;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;
import org.mprt.ctk.reference.verbs.PathSpec;
import org.mprt.ctk.reference.verbs.PlaneAddress;
import org.mprt.ctk.reference.verbs.RegionDescriptor;

/** A connection descriptor as the external-device contract writes it, and the errors a wrong one gets. */
class DescriptorJsonTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final ConnectionDescriptor DESCRIPTOR = new ConnectionDescriptor(0x201,
        List.of(new PlaneAddress(0, 0, 0x02_00_7f_4d_01_02L, IpAddress.ipv4("127.77.1.2"), -1),
            new PlaneAddress(1, 1, 0x02_00_7f_4d_02_02L, IpAddress.ipv4("127.77.2.2"), 12)),
        List.of(new PathSpec(0, 0xC000), new PathSpec(1, 0xC001)), 2, 4096,
        List.of(new RegionDescriptor(0x1234, 0x10_0000, 65536)));

    @Test
    void shouldWriteTheContractsFieldsAndReadBackTheSameDescriptor() throws Exception {
        final ObjectNode written = DescriptorJson.write(DESCRIPTOR);

        assertThat(JSON.writeValueAsString(written)).isEqualTo("{\"connection_number\":513,\"planes\":["
            + "{\"plane\":0,\"ip\":\"127.77.1.2\",\"mac\":\"02:00:7f:4d:01:02\"},"
            + "{\"plane\":1,\"ip\":\"127.77.2.2\",\"mac\":\"02:00:7f:4d:02:02\",\"vlan\":12}],"
            + "\"paths\":[{\"plane\":0,\"udp_source_port\":49152},{\"plane\":1,\"udp_source_port\":49153}],"
            + "\"streams\":2,\"pmtu\":4096,\"regions\":[{\"rkey\":4660,\"base_address\":1048576,\"length\":65536}]}");
        assertThat(DescriptorJson.read(JSON.readTree(JSON.writeValueAsString(written)), "a test")).isEqualTo(DESCRIPTOR);
    }

    @Test
    void shouldNameTheFieldAndWhatWasExpectedWhenOneIsWrong() throws Exception {
        assertThatThrownBy(() -> read("{\"connection_number\":513,\"planes\":[{\"plane\":0,\"ip\":\"localhost\","
            + "\"mac\":\"02:00:7f:4d:01:02\"}],\"paths\":[],\"streams\":1,\"pmtu\":4096}"))
            .isInstanceOf(ExternalDeviceException.class)
            .hasMessage("its line: planes[0].ip: expected an IPv4 address such as 127.77.1.2, got \"localhost\"");
        assertThatThrownBy(() -> read("{\"connection_number\":513,\"planes\":[{\"plane\":0,\"ip\":\"127.77.1.2\","
            + "\"mac\":\"02:00:7f:4d:01:02\"}],\"paths\":[{\"plane\":0,\"udp_source_port\":70000}],\"streams\":1,"
            + "\"pmtu\":4096}"))
            .hasMessage("its line: paths[0].udp_source_port: expected a whole number from 0 to 65535, got 70000");
        assertThatThrownBy(() -> read("{\"connection_number\":513,\"planes\":[{\"plane\":0,\"ip\":\"127.77.1.2\","
            + "\"mac\":\"02:00:7f:4d:01:02\"}],\"paths\":[{\"plane\":0,\"udp_source_port\":1}],\"streams\":1,"
            + "\"pmtu\":1500}"))
            .hasMessage("its line: PMTU must be one of [256, 512, 1024, 2048, 4096]: 1500");
        assertThatThrownBy(() -> read("{\"connection_number\":513}"))
            .hasMessage("its line: expected \"planes\", an array");
    }

    private static ConnectionDescriptor read(final String json) throws Exception {
        return DescriptorJson.read(JSON.readTree(json), "its line");
    }
}
