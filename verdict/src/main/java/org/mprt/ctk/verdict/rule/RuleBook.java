package org.mprt.ctk.verdict.rule;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mprt.ctk.pics.Pics;
import org.mprt.ctk.requirement.Requirement;
import org.mprt.ctk.requirement.RequirementCatalogue;
import org.mprt.ctk.verdict.access.NakAnswerRule;
import org.mprt.ctk.verdict.cc.GuidanceNonZeroRule;
import org.mprt.ctk.verdict.cc.NoPauseFramesRule;
import org.mprt.ctk.verdict.connection.ConnectionNamingRule;
import org.mprt.ctk.verdict.loss.AcknowledgedResendRule;
import org.mprt.ctk.verdict.loss.RetransmissionFlagRule;
import org.mprt.ctk.verdict.loss.SackRetransmitRule;
import org.mprt.ctk.verdict.path.PathEntropyRule;
import org.mprt.ctk.verdict.path.PathPlaneRule;
import org.mprt.ctk.verdict.path.PathSequenceRule;
import org.mprt.ctk.verdict.path.SendWindowRule;
import org.mprt.ctk.verdict.placement.ReceiveSequenceRule;
import org.mprt.ctk.verdict.roce.AckMsnRule;
import org.mprt.ctk.verdict.roce.BthReservedRule;
import org.mprt.ctk.verdict.roce.CnpFormatRule;
import org.mprt.ctk.verdict.roce.IpHeaderRule;
import org.mprt.ctk.verdict.roce.GoBackNRule;
import org.mprt.ctk.verdict.roce.MessageStructureRule;
import org.mprt.ctk.verdict.roce.NoResendAfterAckRule;
import org.mprt.ctk.verdict.roce.PadCountRule;
import org.mprt.ctk.verdict.roce.PayloadSizeRule;
import org.mprt.ctk.verdict.roce.RequestSequenceRule;
import org.mprt.ctk.verdict.roce.ResponderAckRule;
import org.mprt.ctk.verdict.roce.SingleNakRule;
import org.mprt.ctk.verdict.roce.SourcePortRangeRule;
import org.mprt.ctk.verdict.roce.SourcePortStableRule;
import org.mprt.ctk.verdict.roce.SyndromeRule;
import org.mprt.ctk.verdict.roce.UdpChecksumZeroRule;
import org.mprt.ctk.verdict.sack.AnswerPlaneRule;
import org.mprt.ctk.verdict.sack.EchoTimestampRule;
import org.mprt.ctk.verdict.sack.NoRenegingRule;
import org.mprt.ctk.verdict.sack.SackTruthRule;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.verdict.stream.CmsnMonotonicRule;
import org.mprt.ctk.verdict.stream.CompletionRule;
import org.mprt.ctk.verdict.stream.MessageOrderRule;
import org.mprt.ctk.verdict.wire.AckFieldsRule;
import org.mprt.ctk.verdict.wire.BthFieldsRule;
import org.mprt.ctk.verdict.wire.ControlAckReqRule;
import org.mprt.ctk.verdict.wire.DataEcnCapableRule;
import org.mprt.ctk.verdict.wire.DestQpRule;
import org.mprt.ctk.verdict.wire.DistinctStreamRecordsRule;
import org.mprt.ctk.verdict.wire.FirstLastFlagsRule;
import org.mprt.ctk.verdict.wire.IcrcRule;
import org.mprt.ctk.verdict.wire.LengthsRule;
import org.mprt.ctk.verdict.wire.TransportPortRule;
import org.mprt.ctk.verdict.roce.RethPresenceRule;
import org.mprt.ctk.verdict.wire.Ipv4FragmentRule;
import org.mprt.ctk.verdict.wire.MdethReservedRule;
import org.mprt.ctk.verdict.wire.MessageBoundsRule;
import org.mprt.ctk.verdict.wire.MessageConsistencyRule;
import org.mprt.ctk.verdict.wire.NakCodeRule;
import org.mprt.ctk.verdict.wire.OpcodeRule;
import org.mprt.ctk.verdict.wire.PadRule;
import org.mprt.ctk.verdict.wire.PayloadPmtuRule;
import org.mprt.ctk.verdict.wire.ProbeReplyEchoRule;
import org.mprt.ctk.verdict.wire.SackBitZeroRule;
import org.mprt.ctk.verdict.wire.UdpChecksumRule;
import org.mprt.ctk.verdict.wire.EntropyStableRule;
import org.mprt.ctk.verdict.sack.ImmediateAckRule;
import org.mprt.ctk.verdict.sack.CoalescedAckRule;
import org.mprt.ctk.verdict.sack.AckRequestRule;
import org.mprt.ctk.verdict.stream.CompletionReportRule;
import org.mprt.ctk.verdict.stream.RecordInclusionRule;
import org.mprt.ctk.verdict.placement.RnrResendRule;
import org.mprt.ctk.verdict.loss.RetransmissionCauseRule;
import org.mprt.ctk.verdict.loss.ResendDeadlineRule;
import org.mprt.ctk.verdict.path.SilentPathRule;
import org.mprt.ctk.verdict.path.PathPreferenceRule;
import org.mprt.ctk.verdict.failure.ResprayRule;
import org.mprt.ctk.verdict.failure.ResprayDelayRule;
import org.mprt.ctk.verdict.failure.ProbeCadenceRule;
import org.mprt.ctk.verdict.failure.ReadmissionRule;
import org.mprt.ctk.verdict.failure.NoDataLostRule;
import org.mprt.ctk.verdict.cc.InitialWindowRule;
import org.mprt.ctk.verdict.cc.EcnReactionRule;
import org.mprt.ctk.verdict.cc.EcnEchoCountRule;
import org.mprt.ctk.verdict.connection.FatalNakSilenceRule;
import org.mprt.ctk.verdict.connection.FatalNakStopRule;
import org.mprt.ctk.verdict.guidance.GuidanceShareRule;
import org.mprt.ctk.verdict.guidance.GuidanceObeyedRule;
import org.mprt.ctk.verdict.guidance.FairShareRule;
import org.mprt.ctk.verdict.roce.EcnCodepointRule;
import org.mprt.ctk.verdict.roce.AckTimeoutRule;
import org.mprt.ctk.verdict.roce.RetryLimitRule;
import org.mprt.ctk.verdict.roce.RnrWaitRule;

/**
 * Every rule the engine applies, as fresh instances (rules hold per-capture state), in the order
 * the spec lists their requirements.
 */
public final class RuleBook {

    private static final RequirementCatalogue CATALOGUE = RequirementCatalogue.fromClasspath();

    /** Paths per connection and direction without a PICS: path_id 0 to 63. */
    private static final int MPRT_PATHS = 64;

    private RuleBook() {
    }

    public static List<Rule> all() {
        return all(null);
    }

    /**
     * Every rule, with the implementation's declared parameters where it gives them (a PMTU, for
     * example, tightens MPRT-WIRE-033 from the profile's largest PMTU to the declared one).
     *
     * @param pics the PICS of the implementation whose traffic is judged, or null
     */
    public static List<Rule> all(final Pics pics) {
        return all(pics, Timers.of(pics));
    }

    /**
     * Every rule, with the implementation's declared parameters and the timers to judge with (those the
     * PICS declares, with the judging tolerance the judge applies).
     */
    public static List<Rule> all(final Pics pics, final Timers timers) {
        return sorted(wire(pics, timers));
    }

    private static List<Rule> wire(final Pics pics, final Timers timers) {
        final PayloadPmtuRule pmtuRule = pics != null && pics.capability("pmtu").isPresent()
            ? new PayloadPmtuRule(pics.capability("pmtu").get().intValue()) : new PayloadPmtuRule();
        final List<Rule> rules = new ArrayList<>(List.of(
            TransportPortRule.mprt(), TransportPortRule.rocev2(), new RethPresenceRule(), LengthsRule.mprt(), LengthsRule.rocev2(), new UdpChecksumRule(), new Ipv4FragmentRule(), new DataEcnCapableRule(), IcrcRule.mprt(),
            new BthFieldsRule(), new DestQpRule(), new PadRule(), new ControlAckReqRule(), new OpcodeRule(),
            new MessageBoundsRule(), new FirstLastFlagsRule(), new MdethReservedRule(), pmtuRule,
            new MessageConsistencyRule(), new SackBitZeroRule(), new AckFieldsRule(), new DistinctStreamRecordsRule(),
            new NakCodeRule(), new ProbeReplyEchoRule(), new NoPauseFramesRule(), new GuidanceNonZeroRule(),
            new SourcePortStableRule(), new SourcePortRangeRule(), new IpHeaderRule(), new UdpChecksumZeroRule(),
            new CnpFormatRule(), BthReservedRule.transportVersion(), BthReservedRule.resv7(), BthReservedRule.resv6(),
            new PadCountRule(), new MessageStructureRule(), IcrcRule.rocev2(), new PayloadSizeRule()));
        rules.addAll(behaviour(pics, timers));
        return rules;
    }

    /**
     * The rules about what nodes do over time, judged against the connection state the capture
     * rebuilds, with the timers and capabilities the PICS declares; a requirement that needs a
     * capability an MPRT PICS lacks (mprt-v0.1.md section 15.2) is not applicable.
     */
    private static List<Rule> behaviour(final Pics pics, final Timers timers) {
        final int paths = capability(pics, "paths", MPRT_PATHS);
        final int pmtu = capability(pics, "pmtu", PayloadPmtuRule.MAX_PMTU_BYTES);
        final boolean mprtPics = pics != null && "mprt-0.1".equals(pics.profile());
        final Rule entropy = mprtPics && paths < 2
            ? new NotApplicableRule("MPRT-PATH-004", "the PICS declares " + paths + " path per connection (needs paths>=2)")
            : new PathEntropyRule();
        final Rule receiveSequence = mprtPics && !pics.supports("send")
            ? new NotApplicableRule("MPRT-PLACE-003", "the PICS does not declare send") : new ReceiveSequenceRule();
        final List<Rule> rules = new ArrayList<>(List.of(
            new ConnectionNamingRule(), new PathSequenceRule(), new SendWindowRule(), new PathPlaneRule(paths),
            entropy, new MessageOrderRule(), new CompletionRule(), new CmsnMonotonicRule(timers),
            receiveSequence, new AnswerPlaneRule(), new SackTruthRule(), new NoRenegingRule(),
            new EchoTimestampRule(timers), new SackRetransmitRule(timers), new RetransmissionFlagRule(),
            new AcknowledgedResendRule(timers), new NakAnswerRule(timers),
            new RequestSequenceRule(pmtu), new ResponderAckRule(), new SyndromeRule(), new AckMsnRule(),
            new NoResendAfterAckRule(timers), new SingleNakRule(), new GoBackNRule(timers)));
        rules.addAll(secondBatch(pics, timers, paths, pmtu, mprtPics));
        return rules;
    }

    /**
     * The rules of the second batch (timing, path failure, congestion control, guidance, go-back-N
     * timers), each replaced by a not-applicable stand-in where an MPRT PICS lacks the capability it
     * needs (mprt-v0.1.md section 15.2).
     */
    private static List<Rule> secondBatch(final Pics pics, final Timers timers, final int paths, final int pmtu,
                                          final boolean mprtPics) {
        final boolean multipath = !mprtPics || paths >= 2;
        final boolean multistream = !mprtPics || capability(pics, "streams", 2) >= 2;
        final boolean probe = !mprtPics || pics.supports("probe");
        final boolean guidance = !mprtPics || pics.supports("guidance");
        final boolean send = !mprtPics || pics.supports("send");
        final Boolean cnp = pics != null && "rocev2".equals(pics.profile()) ? pics.supports("cnp") : null;
        return List.of(
            new EntropyStableRule(),
            new ImmediateAckRule(timers), new CoalescedAckRule(timers), new AckRequestRule(),
            new CompletionReportRule(timers),
            multistream ? new RecordInclusionRule(timers) : lacking("MPRT-STREAM-006", "streams>=2", pics),
            send ? new RnrResendRule(timers) : lacking("MPRT-PLACE-005", "send", pics),
            new RetransmissionCauseRule(timers), new ResendDeadlineRule(timers),
            new SilentPathRule(timers),
            multipath ? new PathPreferenceRule() : lacking("MPRT-PATH-006", "paths>=2", pics),
            multipath ? new ResprayRule(timers) : lacking("MPRT-FAIL-002", "paths>=2", pics),
            multipath ? new ResprayDelayRule(timers) : lacking("MPRT-FAIL-003", "paths>=2", pics),
            probe ? new ProbeCadenceRule(timers, mprtPics) : lacking("MPRT-FAIL-005", "probe", pics),
            probe ? new ReadmissionRule(timers) : lacking("MPRT-FAIL-007", "probe", pics),
            new NoDataLostRule(timers),
            new InitialWindowRule(timers, pmtu), new EcnReactionRule(timers, pmtu), new EcnEchoCountRule(timers),
            new FatalNakSilenceRule(timers), new FatalNakStopRule(timers),
            guidance ? new GuidanceShareRule(timers) : lacking("MPRT-RECV-001", "guidance", pics),
            new GuidanceObeyedRule(timers, pmtu),
            guidance ? new FairShareRule(timers) : lacking("MPRT-RECV-004", "guidance", pics),
            new EcnCodepointRule(cnp), new AckTimeoutRule(timers), new RetryLimitRule(timers), new RnrWaitRule(timers));
    }

    private static Rule lacking(final String requirementId, final String need, final Pics pics) {
        return new NotApplicableRule(requirementId, "the PICS of " + pics.implementationName() + " does not declare "
            + need);
    }

    private static int capability(final Pics pics, final String key, final int otherwise) {
        return pics != null && pics.capability(key).isPresent() ? pics.capability(key).get().intValue() : otherwise;
    }

    private static List<Rule> sorted(final List<Rule> rules) {
        final Map<String, Integer> order = new HashMap<>();
        int i = 0;
        for (final Requirement r : CATALOGUE.all()) {
            order.put(r.id(), i++);
        }
        for (final Rule r : rules) {
            if (!order.containsKey(r.requirementId())) {
                throw new IllegalStateException("rule " + r.getClass().getSimpleName() + " decides "
                    + r.requirementId() + ", which the spec does not define");
            }
        }
        rules.sort(Comparator.comparingInt(r -> order.get(r.requirementId())));
        return rules;
    }
}
