@wire
Feature: The MNETH of every NAK and the MPETH of every PROBE_REPLY
  A NAK carries one of the codes of mprt-v0.1.md section 3.6; a PROBE_REPLY echoes the path,
  probe_id, timestamp and PSN of the PROBE it answers (section 3.7). The device under test NAKs
  SENDs whose receive buffers it has not posted yet, and answers the PROBEs the tester sends on a
  path that failed and came back.

  Background:
    Given a fabric of 2 planes with 2 spines per plane and 100 Gb/s links
    And a connection between the tester and the device under test with 4 paths and 2 streams

  @MPRT-WIRE-050 @MPRT-SEC-006 @needs:send
  Scenario: A SEND that arrives before its receive buffer is NAKed with a code of the table
    Given the receivers post their receive buffers 20 µs late
    When the tester sends 4 SENDs of 8 KiB on every stream to the device under test
    Then MPRT-WIRE-050 passes
    And MPRT-SEC-006 passes

  @MPRT-WIRE-060
  Scenario: PROBE_REPLYs echo the PROBEs of a path that failed and healed
    Given the links of the tester's path 1 are down from 5 µs to 2 ms
    And the traffic runs for at least 3 ms
    When the tester sends 8 RDMA WRITEs of 32 KiB on every stream to the device under test
    Then MPRT-WIRE-060 passes
