package org.mprt.ctk.conformance.runtime;

import org.mprt.ctk.dut.DeviceUnderTest;
import org.mprt.ctk.reference.verbs.Connection;
import org.mprt.ctk.reference.verbs.MemoryRegion;

/**
 * One tester of a conversational scenario: a reference node on its own host and the connection
 * it shares with the device under test, each end with a region the other may write and a region
 * its receive buffers live in.
 *
 * @param host         the tester's host index (1 for the first tester)
 * @param tester       the reference node
 * @param atDevice     the connection as the device under test holds it
 * @param atTester     the connection as the tester holds it
 * @param deviceTarget the device's region the tester writes to
 * @param deviceInbox  the device's receive buffers
 * @param testerTarget the tester's region the device writes to
 * @param testerInbox  the tester's receive buffers
 */
public record Peer(int host, DeviceUnderTest tester, Connection atDevice, Connection atTester,
                   MemoryRegion deviceTarget, MemoryRegion deviceInbox, MemoryRegion testerTarget,
                   MemoryRegion testerInbox) {
}
