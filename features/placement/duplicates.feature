@place @probe
Feature: Duplicates are acknowledged, never NAKed (scripted probes)
  A duplicate data packet, whether at or before its path's cumulative PSN or already SACKed, is
  harmless: the receiver acknowledges it within ACK_REQ_DELAY and never NAKs it while the
  connection is not in ERROR (mprt-v0.1.md section 7.3).

  Background:
    Given a fabric of 1 plane with 2 spines per plane and 100 Gb/s links
    And a probe connection from the tester to the device under test with 1 path and 1 stream
    And probe answers are timed with a tolerance of 0 ns

  @MPRT-PLACE-006
  Scenario: A duplicate of a cumulatively acknowledged packet is acknowledged again
    When the tester sends a WRITE of 1 KiB with PSN 0 on path 0
    And the tester expects an ACK for path 0 with cumulative PSN 0 and an empty SACK within ACK_REQ_DELAY
    When the tester sends the same packet again
    And the tester expects an ACK for path 0 with cumulative PSN 0 and an empty SACK within ACK_REQ_DELAY
    Then MPRT-PLACE-006 passes

  @MPRT-PLACE-006
  Scenario: A duplicate of a packet SACKed beyond a gap is acknowledged with the same SACK
    When the tester sends a WRITE of 1 KiB with PSN 2 on path 0
    And the tester expects an ACK for path 0 with cumulative PSN -1 and a SACK for PSN 2 within ACK_REQ_DELAY
    When the tester sends the same packet again
    And the tester expects an ACK for path 0 with cumulative PSN -1 and a SACK for PSN 2 within ACK_REQ_DELAY
    When the tester sends a WRITE of 1 KiB with PSN 0 on path 0
    And the tester expects an ACK for path 0 with cumulative PSN 0 and a SACK for PSN 2 within ACK_REQ_DELAY
    Then MPRT-PLACE-006 passes

  @MPRT-PLACE-006 @mutant
  Scenario: A device that NAKs duplicates is caught by the probe
    Given the device under test is the mutant NAK_DUPLICATE
    When the tester sends a WRITE of 1 KiB with PSN 0 on path 0
    And the tester expects an ACK for path 0 with cumulative PSN 0 and an empty SACK within ACK_REQ_DELAY
    When the tester sends the same packet again
    And the tester expects an ACK for path 0 with cumulative PSN 0 and an empty SACK within ACK_REQ_DELAY
    Then MPRT-PLACE-006 fails with "bth.opcode: expected 200 (0xc8, MPRT_ACK) vs actual 201 (0xc9, MPRT_NAK)"
