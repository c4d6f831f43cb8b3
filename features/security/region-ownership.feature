@sec @probe @needs:write
Feature: A region is reachable only through its own connection (scripted probe)
  A region belongs to exactly one connection (mprt-v0.1.md section 5.1): an MPRT_WRITE on
  connection Y that carries the rkey of a region the device exposes to its connection X, a real
  rkey of the same node, is refused with NAK RKEY_VIOLATION on Y and not placed, and X goes on
  acknowledging and completing as before (section 13.1 step 9, MPRT-SEC-003). The tester holds two
  connections to the device, 0 and 1, each with its own region.

  Background:
    Given a fabric of 1 plane with 2 spines per plane and 100 Gb/s links
    And 2 probe connections from the tester to the device under test, each with 1 path and 1 stream
    And probe answers are timed with a tolerance of 0 ns

  @MPRT-SEC-003
  Scenario: A WRITE with the rkey of the other connection's region is refused, and the other connection carries on
    When the tester sends a WRITE of 1 KiB with PSN 0 on path 0 of connection 0
    And the tester expects an ACK for path 0 of connection 0 with cumulative PSN 0 and an empty SACK within ACK_REQ_DELAY
    And the tester expects an ACK with CMSN 1 for stream 0 of connection 0 within ACK_DELAY
    When the tester sends a WRITE of 1 KiB with PSN 0 on path 0 of connection 1 with the rkey of another connection
    And the tester expects a NAK RKEY_VIOLATION for PSN 0 on path 0 of connection 1 within ACK_REQ_DELAY
    When the tester sends a WRITE of 1 KiB with PSN 1 on path 0 of connection 0
    And the tester expects an ACK for path 0 of connection 0 with cumulative PSN 1 and an empty SACK within ACK_REQ_DELAY
    And the tester expects an ACK with CMSN 2 for stream 0 of connection 0 within ACK_DELAY
    Then MPRT-SEC-003 passes

  @MPRT-SEC-003
  Scenario: A WRITE carrying the rkey of a fresh connection's region is refused, and the fresh connection works as before
    When the tester sends a WRITE of 1 KiB with PSN 0 on path 0 of connection 0 with the rkey of another connection
    And the tester expects a NAK RKEY_VIOLATION for PSN 0 on path 0 within ACK_REQ_DELAY
    When the tester sends a WRITE of 1 KiB with PSN 0 on path 0 of connection 1
    And the tester expects an ACK for path 0 of connection 1 with cumulative PSN 0 and an empty SACK within ACK_REQ_DELAY
    And the tester expects an ACK with CMSN 1 for stream 0 of connection 1 within ACK_DELAY
    Then MPRT-SEC-003 passes
