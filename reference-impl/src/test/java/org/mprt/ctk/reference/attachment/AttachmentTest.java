package org.mprt.ctk.reference.attachment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.reference.harness.VirtualScheduler;

class AttachmentTest {

    @Test
    void shouldFireADeadlineOnceAtItsLatestArming() {
        final VirtualScheduler scheduler = new VirtualScheduler();
        final List<Long> fired = new ArrayList<>();
        final Deadline deadline = new Deadline(scheduler, () -> fired.add(scheduler.nowNs()));
        deadline.armAt(100);
        deadline.armAt(50);
        deadline.armNoLaterThan(70);
        scheduler.runUntil(1_000);
        assertThat(fired).containsExactly(50L);
        deadline.armAt(2_000);
        deadline.cancel();
        scheduler.runUntil(3_000);
        assertThat(fired).containsExactly(50L);
        assertThat(deadline.isArmed()).isFalse();
    }

    @Test
    void shouldHoldThePortForEachFramesSerialisationTime() {
        final PortPacer pacer = new PortPacer(100_000_000_000L);
        pacer.occupy(0, 1000);
        assertThat(pacer.serialisationNs(1000)).isEqualTo(82);
        assertThat(pacer.isFree(81)).isFalse();
        assertThat(pacer.isFree(82)).isTrue();
        pacer.occupy(10, 1000);
        assertThat(pacer.freeAtNs()).isEqualTo(164);
        assertThat(new PortPacer(0).isFree(0)).isTrue();
    }
}
