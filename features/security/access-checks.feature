@sec @probe
Feature: Access checks on RDMA WRITEs and streams (scripted probes)
  An rkey is a capability: a WRITE must name a region of its own connection and stay inside it,
  and every data packet must name one of the connection's streams (mprt-v0.1.md section 13.1,
  steps 6, 9 and 10). A failed check earns a fatal NAK within ACK_REQ_DELAY, the packet is not
  placed, and the connection goes to ERROR, so nothing after it is acknowledged.

  Background:
    Given a fabric of 1 plane with 2 spines per plane and 100 Gb/s links
    And a probe connection from the tester to the device under test with 1 path and 2 streams
    And probe answers are timed with a tolerance of 0 ns

  @MPRT-SEC-001 @MPRT-SEC-006 @MPRT-WIRE-050 @needs:write
  Scenario: A WRITE with a forged rkey is refused with NAK RKEY_VIOLATION
    When the tester sends a WRITE of 1 KiB with PSN 0 on path 0 with a forged rkey
    And the tester expects a NAK RKEY_VIOLATION for PSN 0 on path 0 within ACK_REQ_DELAY
    When the tester sends a WRITE of 1 KiB with PSN 1 on path 0
    And the tester expects no ACK from the device under test within 20 µs
    Then MPRT-SEC-001 passes
    And MPRT-SEC-006 passes
    And MPRT-WIRE-050 passes

  @MPRT-SEC-002 @needs:write
  Scenario Outline: A WRITE with <fault> is refused with NAK BOUNDS_VIOLATION
    When the tester sends a WRITE of 1 KiB with PSN 0 on path 0 with <fault>
    And the tester expects a NAK BOUNDS_VIOLATION for PSN 0 on path 0 within ACK_REQ_DELAY
    When the tester sends a WRITE of 1 KiB with PSN 1 on path 0
    And the tester expects no ACK from the device under test within 20 µs
    Then MPRT-SEC-002 passes

    Examples:
      | fault                                 |
      | an address past the end of the region |
      | an address range that wraps past 2^64 |

  @MPRT-SEC-004 @MPRT-SEC-006
  Scenario: A WRITE on a stream the connection does not have is refused with NAK UNKNOWN_STREAM
    When the tester sends a WRITE of 1 KiB on stream 2 with PSN 0 on path 0
    And the tester expects a NAK UNKNOWN_STREAM for PSN 0 on path 0 within ACK_REQ_DELAY
    When the tester sends a WRITE of 1 KiB on stream 0 with PSN 1 on path 0
    And the tester expects no ACK from the device under test within 20 µs
    Then MPRT-SEC-004 passes
    And MPRT-SEC-006 passes

  @MPRT-SEC-005 @MPRT-SEC-006 @needs:send
  Scenario: A SEND longer than the receive buffer it names is refused with NAK RECEIVE_OVERFLOW
    Given the device under test has posted 1 receive buffer of 1 KiB on stream 0
    When the tester sends a SEND of 2 KiB on stream 0 with PSN 0 on path 0
    And the tester expects a NAK RECEIVE_OVERFLOW for PSN 0 on path 0 within ACK_REQ_DELAY
    When the tester sends a WRITE of 1 KiB with PSN 1 on path 0
    And the tester expects no ACK from the device under test within 20 µs
    Then MPRT-SEC-005 passes
    And MPRT-SEC-006 passes

  @MPRT-SEC-002 @mutant
  Scenario: A device that skips the bounds check is caught by the probe
    Given the device under test is the mutant PLACE_OUT_OF_BOUNDS
    When the tester sends a WRITE of 1 KiB with PSN 0 on path 0 with an address past the end of the region
    And the tester expects a NAK BOUNDS_VIOLATION for PSN 0 on path 0 within ACK_REQ_DELAY
    Then MPRT-SEC-002 fails with "bth.opcode: expected 201 (0xc9, MPRT_NAK) vs actual 200 (0xc8, MPRT_ACK)"
