package org.mprt.ctk.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;

/** The RoCEv2 capture of many QPs is a conforming exchange, so that its pass does the work a real one does. */
class RoceBenchmarkCaptureTest {

    @Test
    void shouldWriteConformingRequestsAndAcknowledgements(@TempDir final Path dir) throws Exception {
        final Path capture = dir.resolve("rocev2.pcap");
        RoceBenchmarkCapture.write(capture, 2000, 16);

        final Judgement j = CaptureJudge.standard().judge(capture);

        assertThat(j.capture().rocev2Frames()).isEqualTo(2000);
        assertThat(j.anyFailed()).isFalse();
        assertThat(j.verdictOn("ROCE-ICRC-001").orElseThrow().outcome()).isEqualTo(Outcome.PASS);
        assertThat(j.verdictOn("ROCE-ICRC-001").orElseThrow().checked()).isEqualTo(2000);
        // 400 messages of four requests each, every one whole; one acknowledgement per message, alike on every QP.
        assertThat(j.verdictOn("ROCE-BTH-004").orElseThrow().checked()).isEqualTo(1600);
        assertThat(j.verdictOn("ROCE-ACK-001").orElseThrow().outcome()).isEqualTo(Outcome.PASS);
    }
}
