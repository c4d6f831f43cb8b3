@fail @probe
Feature: A receiver answers PROBEs and resynchronises the path (scripted probe)
  A sender probes a path it declared FAILED with MPRT_PROBE, whose BTH.PSN is the PSN the path will
  use next. The receiver answers every PROBE with a PROBE_REPLY within ACK_REQ_DELAY and moves the
  path's cumulative PSN up to just before the probed PSN: the gaps before it are abandoned, and a
  late copy of a packet from before it is a harmless duplicate (mprt-v0.1.md section 10.6).

  Background:
    Given a fabric of 1 plane with 2 spines per plane and 100 Gb/s links
    And a probe connection from the tester to the device under test with 1 path and 1 stream
    And probe answers are timed with a tolerance of 0 ns

  @MPRT-FAIL-006 @MPRT-WIRE-060
  Scenario: A PROBE after gaps moves the cumulative PSN, and a late copy is acknowledged, not NAKed
    When the tester sends a WRITE of 1 KiB with PSN 0 on path 0
    And the tester expects an ACK for path 0 with cumulative PSN 0 and an empty SACK within ACK_REQ_DELAY
    When the tester sends a WRITE of 1 KiB with PSN 3 on path 0
    And the tester expects an ACK for path 0 with cumulative PSN 0 and a SACK for PSN 3 within ACK_REQ_DELAY
    When the tester sends a PROBE with PSN 5 on path 0
    And the tester expects a PROBE_REPLY for PSN 5 on path 0 within ACK_REQ_DELAY
    When the tester sends a WRITE of 1 KiB with PSN 5 on path 0
    And the tester expects an ACK for path 0 with cumulative PSN 5 and an empty SACK within ACK_REQ_DELAY
    When the tester sends a WRITE of 1 KiB with PSN 1 on path 0
    And the tester expects an ACK for path 0 with cumulative PSN 5 and an empty SACK within ACK_REQ_DELAY
    Then MPRT-FAIL-006 passes
    And MPRT-WIRE-060 passes

  @MPRT-FAIL-006
  Scenario: A PROBE on a path that has seen nothing is answered
    When the tester sends a PROBE with PSN 0 on path 0
    And the tester expects a PROBE_REPLY for PSN 0 on path 0 within ACK_REQ_DELAY
    When the tester sends a WRITE of 1 KiB with PSN 0 on path 0
    And the tester expects an ACK for path 0 with cumulative PSN 0 and an empty SACK within ACK_REQ_DELAY
    Then MPRT-FAIL-006 passes

  @MPRT-FAIL-006 @mutant
  Scenario: A device that ignores PROBEs is caught by the probe
    Given the device under test is the mutant NO_PROBE_REPLY
    When the tester sends a PROBE with PSN 0 on path 0
    And the tester expects a PROBE_REPLY for PSN 0 on path 0 within ACK_REQ_DELAY
    Then MPRT-FAIL-006 fails with "bth.opcode: expected a PROBE_REPLY for PSN 0 on path 0"
