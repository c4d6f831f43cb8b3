package org.mprt.ctk.verdict.rule;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mprt.ctk.pics.Pics;
import org.mprt.ctk.requirement.Requirement;
import org.mprt.ctk.requirement.RequirementCatalogue;
import org.mprt.ctk.verdict.cc.GuidanceNonZeroRule;
import org.mprt.ctk.verdict.cc.NoPauseFramesRule;
import org.mprt.ctk.verdict.roce.BthReservedRule;
import org.mprt.ctk.verdict.roce.CnpFormatRule;
import org.mprt.ctk.verdict.roce.IpHeaderRule;
import org.mprt.ctk.verdict.roce.MessageStructureRule;
import org.mprt.ctk.verdict.roce.PadCountRule;
import org.mprt.ctk.verdict.roce.PayloadSizeRule;
import org.mprt.ctk.verdict.roce.SourcePortRangeRule;
import org.mprt.ctk.verdict.roce.SourcePortStableRule;
import org.mprt.ctk.verdict.roce.UdpChecksumZeroRule;
import org.mprt.ctk.verdict.wire.AckFieldsRule;
import org.mprt.ctk.verdict.wire.BthFieldsRule;
import org.mprt.ctk.verdict.wire.ControlAckReqRule;
import org.mprt.ctk.verdict.wire.DataEcnCapableRule;
import org.mprt.ctk.verdict.wire.DestQpRule;
import org.mprt.ctk.verdict.wire.DistinctStreamRecordsRule;
import org.mprt.ctk.verdict.wire.FirstLastFlagsRule;
import org.mprt.ctk.verdict.wire.IcrcRule;
import org.mprt.ctk.verdict.wire.LengthsRule;
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

/**
 * Every rule the engine applies, as fresh instances (rules hold per-capture state), in the order
 * the spec lists their requirements.
 */
public final class RuleBook {

    private static final RequirementCatalogue CATALOGUE = RequirementCatalogue.fromClasspath();

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
        final PayloadPmtuRule pmtuRule = pics != null && pics.capability("pmtu").isPresent()
            ? new PayloadPmtuRule(pics.capability("pmtu").get().intValue()) : new PayloadPmtuRule();
        final List<Rule> rules = new ArrayList<>(List.of(
            LengthsRule.mprt(), LengthsRule.rocev2(), new UdpChecksumRule(), new Ipv4FragmentRule(), new DataEcnCapableRule(), IcrcRule.mprt(),
            new BthFieldsRule(), new DestQpRule(), new PadRule(), new ControlAckReqRule(), new OpcodeRule(),
            new MessageBoundsRule(), new FirstLastFlagsRule(), new MdethReservedRule(), pmtuRule,
            new MessageConsistencyRule(), new SackBitZeroRule(), new AckFieldsRule(), new DistinctStreamRecordsRule(),
            new NakCodeRule(), new ProbeReplyEchoRule(), new NoPauseFramesRule(), new GuidanceNonZeroRule(),
            new SourcePortStableRule(), new SourcePortRangeRule(), new IpHeaderRule(), new UdpChecksumZeroRule(),
            new CnpFormatRule(), BthReservedRule.transportVersion(), BthReservedRule.resv7(), BthReservedRule.resv6(),
            new PadCountRule(), new MessageStructureRule(), IcrcRule.rocev2(), new PayloadSizeRule()));
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
