package org.mprt.ctk.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The shares a profile of the pass is summarised by, from collapsed stacks written for the purpose. */
class ProfileSummaryTest {

    private static final String PASS = "Thread.run;org/mprt/ctk/benchmarks/VerdictBenchmark.pass;org/mprt/ctk/verdict/rule/Judge.run";
    private static final String DATA_RULES = PASS + ";org/mprt/ctk/verdict/rule/UnrolledRuleSequence.0x00007f0000001000.observe"
        + ";org/mprt/ctk/verdict/rule/UnrolledRuleSequence.0x00007f0000001000.block2";

    private static final String[] STACKS = {
        PASS + ";org/mprt/ctk/pcap/CaptureReader.next;_copy_to_iter_[k] 10",
        PASS + ";org/mprt/ctk/verdict/rule/Judge.decode;org/mprt/ctk/wire/Icrc$Calculator.of;updateBytesCRC32 15",
        PASS + ";org/mprt/ctk/verdict/rule/Judge.decode;org/mprt/ctk/wire/ip/Ipv4Flyweight.remember 5",
        PASS + ";org/mprt/ctk/verdict/state/CaptureState.admit 4",
        DATA_RULES + ";org/mprt/ctk/verdict/sack/CoalescedAckRule.observe;org/mprt/ctk/verdict/sack/CoalescedAckRule.expireReports 20",
        DATA_RULES + ";org/mprt/ctk/verdict/sack/CoalescedAckRule.observe 6",
        DATA_RULES + ";org/mprt/ctk/verdict/wire/IcrcRule.observe;org/mprt/ctk/verdict/rule/Evidence.conforming 7",
        PASS + ";org/mprt/ctk/verdict/state/CaptureState.apply;org/mprt/ctk/verdict/state/PathRecord.sent 18",
        PASS + ";org/mprt/ctk/verdict/timeline/TimeSequence.observe 3",
        "VMThread::run;SerialHeap::collect 12",
    };

    @Test
    void shouldShareEverySampleAmongThePartsOfThePassAndWhatLiesOutside() {
        final ProfileSummary s = ProfileSummary.of(Stream.of(STACKS));
        assertThat(s.total()).isEqualTo(100);
        assertThat(s.parts()).containsExactly(
            Map.entry("reading the capture", 10.0),
            Map.entry("decoding", 20.0),
            Map.entry("the state's answers for the frame", 4.0),
            Map.entry("the rules", 33.0),
            Map.entry("the state learning from the frame", 18.0),
            Map.entry("the rest of the pass", 3.0),
            Map.entry("outside the pass", 12.0));
        assertThat(s.parts().values().stream().mapToDouble(Double::doubleValue).sum()).isCloseTo(100.0, within(1e-9));
    }

    @Test
    void shouldCountTheIcrcWithinDecodingOnlyAndEachRuleWithWhatItCalls() {
        final ProfileSummary s = ProfileSummary.of(Stream.of(STACKS));
        // IcrcRule's own samples are the rule's, not the decoder's ICRC.
        assertThat(s.icrc()).isEqualTo(15.0);
        assertThat(s.rules(5)).containsExactly(Map.entry("CoalescedAckRule", 26.0), Map.entry("IcrcRule", 7.0));
        assertThat(s.methods(2)).containsExactly(Map.entry("org/mprt/ctk/verdict/sack/CoalescedAckRule.expireReports", 20.0),
            Map.entry("org/mprt/ctk/verdict/state/PathRecord.sent", 18.0));
    }

    @Test
    void shouldPrintThePartsThenTheRulesThenTheMethods() {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ProfileSummary.of(Stream.of(STACKS)).print(new PrintStream(bytes, true, StandardCharsets.UTF_8), 1);
        assertThat(bytes.toString(StandardCharsets.UTF_8).lines().map(String::strip).toList()).containsExactly(
            "100 samples",
            "part of the pass (share of every sample):",
            "reading the capture                       10.0 %",
            "decoding                                  20.0 %",
            "of which the ICRC                       15.0 %",
            "the state's answers for the frame          4.0 %",
            "the rules                                 33.0 %",
            "the state learning from the frame         18.0 %",
            "the rest of the pass                       3.0 %",
            "outside the pass                          12.0 %",
            "rules, with what they call:",
            "CoalescedAckRule                          26.0 %",
            "methods, by the samples they take themselves:",
            "20.0 %  org/mprt/ctk/verdict/sack/CoalescedAckRule.expireReports");
    }

    @Test
    void shouldNameALineThatIsNotAStackAndItsCount() {
        assertThatThrownBy(() -> ProfileSummary.of(Stream.of(STACKS[0], "", "Thread.run;Judge.run many")))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("collapsed stacks, line 3: expected frames separated by ';', a space and a sample count,"
                + " found: Thread.run;Judge.run many");
    }
}
