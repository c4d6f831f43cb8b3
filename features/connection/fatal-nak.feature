@conn
Feature: After a fatal NAK the connection falls silent
  A fatal NAK puts the connection in ERROR at both ends: the node that sends it acknowledges nothing
  more on the connection, and the node it reaches stops sending data, PROBEs and ACKs on it within
  ACK_REQ_DELAY (mprt-v0.1.md section 5.3). The tester writes to the device under test with a
  forged rkey and keeps sending on the connection after the NAK; or the device under test writes to
  the tester with a forged rkey while it has more data in flight.

  Rule: The tester's WRITE is refused (scripted probe)

    Background:
      Given a fabric of 1 plane with 2 spines per plane and 100 Gb/s links
      And a probe connection from the tester to the device under test with 1 path and 1 stream
      And probe answers are timed with a tolerance of 0 ns

    @MPRT-CONN-004 @probe
    Scenario: The device acknowledges nothing after its fatal NAK
      When the tester sends a WRITE of 1 KiB with PSN 0 on path 0 with a forged rkey
      And the tester expects a NAK RKEY_VIOLATION for PSN 0 on path 0 within ACK_REQ_DELAY
      When the tester sends a WRITE of 1 KiB on stream 0 with PSN 1 on path 0
      And the tester sends a WRITE of 1 KiB on stream 0 with PSN 2 on path 0
      And the tester expects no ACK from the device under test within 20 µs
      Then MPRT-CONN-004 passes

    @MPRT-CONN-004 @probe @mutant
    Scenario: A device that goes on acknowledging after its fatal NAK is caught at those ACKs
      Given the device under test is the mutant ACK_AFTER_FATAL_NAK
      When the tester sends a WRITE of 1 KiB with PSN 0 on path 0 with a forged rkey
      And the tester sends a WRITE of 1 KiB on stream 0 with PSN 1 on path 0
      And the tester sends a WRITE of 1 KiB on stream 0 with PSN 2 on path 0
      And the tester waits 20 µs
      Then MPRT-CONN-004 fails at ACKs the device under test sent

  Rule: The device under test's own WRITE is refused

    Background:
      Given a fabric of 2 planes with 2 spines per plane and 100 Gb/s links
      And a connection between the tester and the device under test with 4 paths and 2 streams
      And the device under test writes to the tester with a forged rkey
      And the traffic is given at most 1 ms to complete

    @MPRT-CONN-005
    Scenario: The device stops sending on a connection whose peer sent it a fatal NAK
      When the device under test sends 2 RDMA WRITEs of 1 MiB on every stream to the tester
      Then MPRT-CONN-005 passes
