package org.mprt.ctk.benchmarks;

import java.io.PrintStream;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Where a profile of the pass says the time went, from async-profiler's collapsed stacks (one line a
 * stack, frames from the thread's root separated by {@code ;}, then the sample count): the share of
 * each part of the pass (the frame right below {@code Judge.run}), of the ICRC within decoding, of
 * each rule with what it calls (the frame right below the rule sequences), and of the methods that
 * take the most samples themselves. Shares are of every sample, so that the parts and what lies
 * outside the pass (the collectors, the JIT compilers) add up to 100 %.
 */
final class ProfileSummary {

    private static final String PASS = "verdict/rule/Judge.run";
    private static final String SEQUENCE = "verdict/rule/UnrolledRuleSequence";
    private static final String DECODE = "verdict/rule/Judge.decode";
    private static final String ICRC = "/Icrc";
    /** The parts of the pass by the method right below {@code Judge.run}, in the order a frame meets them. */
    private static final Map<String, String> PARTS = partNames();

    private final Map<String, Long> byPart = new LinkedHashMap<>();
    private final Map<String, Long> byRule = new LinkedHashMap<>();
    private final Map<String, Long> bySelf = new LinkedHashMap<>();
    private long icrc;
    private long total;

    private static Map<String, String> partNames() {
        final Map<String, String> parts = new LinkedHashMap<>();
        parts.put("pcap/CaptureReader.next", "reading the capture");
        parts.put(DECODE, "decoding");
        parts.put("verdict/state/CaptureState.admit", "the state's answers for the frame");
        parts.put(SEQUENCE, "the rules");
        parts.put("verdict/state/CaptureState.apply", "the state learning from the frame");
        return parts;
    }

    private ProfileSummary() {
        for (final String part : PARTS.values()) {
            byPart.put(part, 0L);
        }
        byPart.put("the rest of the pass", 0L);
        byPart.put("outside the pass", 0L);
    }

    /** The summary of collapsed stacks; a line that is not "frames count" is named with its number. */
    static ProfileSummary of(final Stream<String> collapsed) {
        final ProfileSummary s = new ProfileSummary();
        final long[] lineNumber = {0};
        collapsed.forEach(line -> {
            lineNumber[0]++;
            if (!line.isBlank()) {
                s.add(line, lineNumber[0]);
            }
        });
        return s;
    }

    private void add(final String line, final long lineNumber) {
        final int space = line.lastIndexOf(' ');
        final long samples;
        try {
            samples = Long.parseLong(line.substring(space + 1));
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException("collapsed stacks, line " + lineNumber
                + ": expected frames separated by ';', a space and a sample count, found: " + line);
        }
        final String[] frames = line.substring(0, Math.max(space, 0)).split(";");
        total += samples;
        bySelf.merge(frames[frames.length - 1], samples, Long::sum);
        final int pass = indexOf(frames, PASS, 0);
        if (pass < 0) {
            byPart.merge("outside the pass", samples, Long::sum);
            return;
        }
        final String below = pass + 1 < frames.length ? frames[pass + 1] : "";
        byPart.merge(partOf(below), samples, Long::sum);
        if (below.contains(DECODE) && indexOf(frames, ICRC, pass) >= 0) {
            icrc += samples;
        }
        int rule = -1;
        for (int i = pass + 1; i < frames.length && frames[i].contains(SEQUENCE); i++) {
            rule = i + 1;
        }
        if (rule > 0 && rule < frames.length) {
            byRule.merge(className(frames[rule]), samples, Long::sum);
        }
    }

    private static String partOf(final String frame) {
        for (final Map.Entry<String, String> e : PARTS.entrySet()) {
            if (frame.contains(e.getKey())) {
                return e.getValue();
            }
        }
        return "the rest of the pass";
    }

    private static int indexOf(final String[] frames, final String part, final int from) {
        for (int i = from; i < frames.length; i++) {
            if (frames[i].contains(part)) {
                return i;
            }
        }
        return -1;
    }

    /** {@code org/mprt/ctk/verdict/sack/CoalescedAckRule.observe} as {@code CoalescedAckRule}. */
    private static String className(final String frame) {
        final String path = frame.substring(0, Math.max(frame.lastIndexOf('.'), 0));
        return path.substring(path.lastIndexOf('/') + 1);
    }

    long total() {
        return total;
    }

    /** The share of every sample, in per cent, that each part of the pass took, in the pass's order. */
    Map<String, Double> parts() {
        final Map<String, Double> shares = new LinkedHashMap<>();
        byPart.forEach((part, samples) -> shares.put(part, percent(samples)));
        return shares;
    }

    /** The ICRC's share within decoding, of every sample. */
    double icrc() {
        return percent(icrc);
    }

    /** The {@code top} rules by their share with what they call, largest first. */
    List<Map.Entry<String, Double>> rules(final int top) {
        return largest(byRule, top);
    }

    /** The {@code top} methods by the samples they took themselves, largest first. */
    List<Map.Entry<String, Double>> methods(final int top) {
        return largest(bySelf, top);
    }

    private List<Map.Entry<String, Double>> largest(final Map<String, Long> samples, final int top) {
        return samples.entrySet().stream()
            .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()).thenComparing(Map.Entry.comparingByKey()))
            .limit(top)
            .map(e -> Map.entry(e.getKey(), percent(e.getValue())))
            .toList();
    }

    private double percent(final long samples) {
        return total == 0 ? 0 : 100.0 * samples / total;
    }

    /** The summary as a person reads it: the parts, then the {@code top} rules and methods. */
    void print(final PrintStream out, final int top) {
        out.printf(Locale.ROOT, "%d samples%n", total);
        out.println("part of the pass (share of every sample):");
        for (final Map.Entry<String, Double> e : parts().entrySet()) {
            out.printf(Locale.ROOT, "  %-40s %5.1f %%%n", e.getKey(), e.getValue());
            if (e.getKey().equals("decoding")) {
                out.printf(Locale.ROOT, "  %-40s %5.1f %%%n", "  of which the ICRC", icrc());
            }
        }
        out.println("rules, with what they call:");
        for (final Map.Entry<String, Double> e : rules(top)) {
            out.printf(Locale.ROOT, "  %-40s %5.1f %%%n", e.getKey(), e.getValue());
        }
        out.println("methods, by the samples they take themselves:");
        for (final Map.Entry<String, Double> e : methods(top)) {
            out.printf(Locale.ROOT, "  %5.1f %%  %s%n", e.getValue(), e.getKey());
        }
    }
}
