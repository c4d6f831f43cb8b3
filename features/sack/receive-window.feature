@sack @probe
Feature: A PSN outside the receive window (scripted probe)
  A receiver keeps, per path, the cumulative PSN and a 256-PSN window after it (mprt-v0.1.md
  section 4.4). A data packet beyond that window is refused with NAK PSN_OUT_OF_WINDOW, is not
  placed, and is acknowledged by no later ACK.

  Background:
    Given a fabric of 1 plane with 2 spines per plane and 100 Gb/s links
    And a probe connection from the tester to the device under test with 1 path and 1 stream
    And probe answers are timed with a tolerance of 0 ns

  @MPRT-SACK-001
  Scenario Outline: PSN <psn> lies outside the window of a fresh path
    When the tester sends a WRITE of 1 KiB with PSN <psn> on path 0
    And the tester expects a NAK PSN_OUT_OF_WINDOW for PSN <psn> on path 0 within ACK_REQ_DELAY
    When the tester sends a WRITE of 1 KiB with PSN 0 on path 0
    And the tester expects an ACK for path 0 with cumulative PSN 0 and an empty SACK within ACK_REQ_DELAY
    Then MPRT-SACK-001 passes

    Examples:
      | psn     |
      | 256     |
      | 4096    |
      | 8388607 |
