@loss @probe
Feature: The retransmission timer of a path that hears nothing (scripted probe)
  A sender times out as mprt-v0.1.md section 9.2 says: on a path with no RTT sample yet, whose
  oldest data packet was first sent at t0 and which the tester never acknowledges, the k-th RTO
  expiry falls at t0 plus the sum of min(RTO_INIT x 2^i, RTO_MAX) for i from 0 to k - 1; at each
  expiry before the FAIL_RTO_COUNT-th the sender retransmits that oldest packet on the path, with
  its PSN and R = 1, no earlier than the expiry and within ACK_REQ_DELAY after it, and it never
  retransmits on the path in between (MPRT-LOSS-003). The device under test sends; the scripted
  tester answers nothing; the expiries come from the device's PICS.

  Background:
    Given a fabric of 1 plane with 2 spines per plane and 100 Gb/s links
    And a probe connection from the tester to the device under test with 1 path and 1 stream
    And the connections use a PMTU of 1024 bytes
    And probe answers are timed with a tolerance of 0 ns

  @MPRT-LOSS-003
  Scenario Outline: The oldest packet of a <size> WRITE that is never acknowledged is retransmitted at each RTO expiry
    When the device under test posts a WRITE of <size> on stream 0 to the tester
    And the tester expects a data packet with PSN 0 on path 0 within ACK_REQ_DELAY
    And the tester expects a retransmission of PSN 0 on path 0 at each RTO expiry before the FAIL_RTO_COUNT-th, each within ACK_REQ_DELAY
    Then MPRT-LOSS-003 passes

    Examples:
      | size    |
      | 1 KiB   |
      | 4 KiB   |
