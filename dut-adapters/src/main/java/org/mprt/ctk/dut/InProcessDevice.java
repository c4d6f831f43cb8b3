package org.mprt.ctk.dut;

import java.util.List;
import java.util.SplittableRandom;
import org.mprt.ctk.dut.fabric.FabricNode;
import org.mprt.ctk.fabric.node.Host;
import org.mprt.ctk.reference.attachment.NicPort;
import org.mprt.ctk.reference.mprt.MprtConfig;
import org.mprt.ctk.reference.mprt.MprtNode;
import org.mprt.ctk.reference.roce.RoceConfig;
import org.mprt.ctk.reference.roce.RoceNode;
import org.mprt.ctk.reference.verbs.RdmaDevice;
import org.mprt.ctk.wire.Profile;

/**
 * The part every in-process device shares: a reference endpoint (MPRT or RoCEv2, correct or with
 * one deviation) run on a fabric host through {@link FabricNode}.
 */
final class InProcessDevice {

    private final Profile profile;
    private final MprtConfig mprtConfig;
    private final RoceConfig roceConfig;
    private FabricNode node;

    private InProcessDevice(final Profile profile, final MprtConfig mprtConfig, final RoceConfig roceConfig) {
        this.profile = profile;
        this.mprtConfig = mprtConfig;
        this.roceConfig = roceConfig;
    }

    static InProcessDevice mprt(final MprtConfig config) {
        return new InProcessDevice(Profile.MPRT, config, null);
    }

    static InProcessDevice rocev2(final RoceConfig config) {
        return new InProcessDevice(Profile.ROCEV2, null, config);
    }

    Profile profile() {
        return profile;
    }

    void attach(final Host host, final long lineRateBps, final SplittableRandom random, final String name) {
        if (node != null) {
            throw new IllegalStateException("the device is already attached to a host");
        }
        node = new FabricNode((ports, timers) -> profile == Profile.MPRT
            ? new MprtNode(ports, timers, random, mprtConfig)
            : new RoceNode(ports, timers, random, roceConfig), lineRateBps, name);
        host.attach(node);
    }

    RdmaDevice device() {
        return attached().device();
    }

    List<NicPort> ports() {
        return attached().ports();
    }

    private FabricNode attached() {
        if (node == null) {
            throw new IllegalStateException("the device is not attached to a host yet");
        }
        return node;
    }
}
