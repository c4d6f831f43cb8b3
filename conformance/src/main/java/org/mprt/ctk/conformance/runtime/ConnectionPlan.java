package org.mprt.ctk.conformance.runtime;

import java.util.List;
import org.mprt.ctk.pics.Pics;
import org.mprt.ctk.wire.Profile;

/**
 * The connections a scenario asks for (mprt-v0.1.md section 5.1): paths per direction, streams,
 * PMTU, and how many testers connect to the device under test (one, or N for an incast). Checked
 * against the profile's limits, and against the device's PICS so that a scenario never asks a
 * device for more than it declares without saying so in a {@code @needs} tag.
 */
public final class ConnectionPlan {

    private static final List<Integer> PMTUS = List.of(256, 512, 1024, 2048, 4096);

    private int paths = 4;
    private int streams = 1;
    private int pmtuBytes = 4096;
    private int testers = 1;

    public ConnectionPlan paths(final int count) {
        if (count < 1 || count > 64) {
            throw new ScenarioInputException(count + " paths: expected 1 to 64 paths per direction (mprt-v0.1.md section 5.1)");
        }
        paths = count;
        return this;
    }

    public ConnectionPlan streams(final int count) {
        if (count < 1 || count > 65535) {
            throw new ScenarioInputException(count + " streams: expected 1 to 65535 streams (mprt-v0.1.md section 5.1)");
        }
        streams = count;
        return this;
    }

    public ConnectionPlan pmtuBytes(final int bytes) {
        if (!PMTUS.contains(bytes)) {
            throw new ScenarioInputException("PMTU of " + bytes + " bytes: expected one of " + PMTUS);
        }
        pmtuBytes = bytes;
        return this;
    }

    public ConnectionPlan testers(final int count) {
        if (count < 1 || count > 64) {
            throw new ScenarioInputException(count + " testers: expected 1 to 64");
        }
        testers = count;
        return this;
    }

    public int paths() {
        return paths;
    }

    public int streams() {
        return streams;
    }

    public int pmtuBytes() {
        return pmtuBytes;
    }

    public int testers() {
        return testers;
    }

    /** Fails when the plan asks for more than the profile allows or the device declares. */
    public void checkAgainst(final Profile profile, final Pics pics, final int planes) {
        if (profile == Profile.ROCEV2 && paths != 1) {
            throw new ScenarioInputException(paths + " paths on a RoCEv2 connection: expected 1, an RC queue pair has one path");
        }
        if (paths < planes) {
            throw new ScenarioInputException(paths + " paths over " + planes + " planes: expected at least one path per plane");
        }
        declared(pics, "paths", profile == Profile.MPRT ? paths : 0);
        declared(pics, "planes", profile == Profile.MPRT ? planes : 0);
        declared(pics, "streams", profile == Profile.MPRT ? streams : 0);
        declared(pics, "pmtu", pmtuBytes);
    }

    private static void declared(final Pics pics, final String capability, final long asked) {
        final long most = pics.capability(capability).orElse(Long.MAX_VALUE);
        if (asked > most) {
            throw new ScenarioInputException("the scenario asks for " + capability + " " + asked + ", but the device declares "
                + capability + ": " + most + " in its PICS; expected a tag @needs:" + capability + ">=" + asked
                + " so that the scenario is skipped where it does not apply");
        }
    }

    @Override
    public String toString() {
        return paths + " path(s), " + streams + " stream(s), PMTU " + pmtuBytes + (testers > 1 ? ", " + testers + " testers" : "");
    }
}
