@conn @probe
Feature: A connection in ERROR repeats its fatal NAK (scripted probe)
  A fatal NAK puts the connection in ERROR at the node that sends it: from then on it places and
  acknowledges nothing on that connection, and it SHOULD answer each further data packet with a NAK
  carrying the same fatal code, so that a peer that missed the first one learns of the error
  (mprt-v0.1.md section 5.3).

  Background:
    Given a fabric of 1 plane with 2 spines per plane and 100 Gb/s links
    And a probe connection from the tester to the device under test with 1 path and 2 streams
    And probe answers are timed with a tolerance of 0 ns

  @MPRT-CONN-007 @MPRT-SEC-006
  Scenario Outline: After a fatal NAK <code> every further data packet gets the same NAK, never an ACK
    When the tester sends <offending packet>
    And the tester expects a NAK <code> for PSN 0 on path 0 within ACK_REQ_DELAY
    When the tester sends a WRITE of 1 KiB on stream 0 with PSN 1 on path 0
    And the tester expects a NAK <code> for PSN 1 on path 0 within ACK_REQ_DELAY
    When the tester sends a WRITE of 1 KiB on stream 0 with PSN 2 on path 0
    And the tester expects a NAK <code> for PSN 2 on path 0 within ACK_REQ_DELAY
    Then MPRT-CONN-007 passes
    And MPRT-SEC-006 passes

    Examples:
      | code             | offending packet                                                                 |
      | UNKNOWN_STREAM   | a WRITE of 1 KiB on stream 2 with PSN 0 on path 0                                |
      | RKEY_VIOLATION   | a WRITE of 1 KiB with PSN 0 on path 0 with a forged rkey                         |
      | BOUNDS_VIOLATION | a WRITE of 1 KiB with PSN 0 on path 0 with an address past the end of the region |
      | INVALID_HEADER   | a WRITE of 1 KiB with PSN 0 on path 0 with a non-zero reserved field             |
