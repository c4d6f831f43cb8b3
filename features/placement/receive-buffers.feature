@place @probe
Feature: A SEND that finds no receive buffer (scripted probe)
  A SEND names by its RSN the receive buffer it consumes on its stream. When that buffer is not
  posted yet, the receiver answers with the non-fatal NAK NO_RECEIVE_BUFFER, neither places nor
  acknowledges the packet, and keeps the connection out of ERROR, so that the resent packet is
  accepted once the buffer is there (mprt-v0.1.md section 7.2).

  Background:
    Given a fabric of 1 plane with 2 spines per plane and 100 Gb/s links
    And a probe connection from the tester to the device under test with 1 path and 2 streams
    And probe answers are timed with a tolerance of 0 ns

  @MPRT-PLACE-004 @MPRT-SEC-006 @needs:send
  Scenario: A SEND before its receive buffer is NAKed, then accepted when resent after the buffer is posted
    When the tester sends a SEND of 1 KiB on stream 0 with PSN 0 on path 0
    And the tester expects a NAK NO_RECEIVE_BUFFER for PSN 0 on path 0 within ACK_REQ_DELAY
    When the device under test posts 1 receive buffer of 4 KiB on stream 0
    And the tester sends the same packet again
    And the tester expects an ACK for path 0 with cumulative PSN 0 and an empty SACK within ACK_REQ_DELAY
    Then MPRT-PLACE-004 passes
    And MPRT-SEC-006 passes

  @MPRT-PLACE-004 @needs:send
  Scenario: A SEND without a buffer is NAKed while a SEND on a stream with one is accepted
    Given the device under test has posted 1 receive buffer of 4 KiB on stream 1
    When the tester sends a SEND of 1 KiB on stream 0 with PSN 0 on path 0
    And the tester expects a NAK NO_RECEIVE_BUFFER for PSN 0 on path 0 within ACK_REQ_DELAY
    When the tester sends a SEND of 1 KiB on stream 1 with PSN 1 on path 0
    And the tester expects an ACK for path 0 with cumulative PSN -1 and a SACK for PSN 1 within ACK_REQ_DELAY
    Then MPRT-PLACE-004 passes
