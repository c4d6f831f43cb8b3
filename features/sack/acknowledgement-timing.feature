@sack
Feature: When a receiver acknowledges
  A receiver acknowledges at once (within ACK_REQ_DELAY) a packet that asks for it (AckReq), one
  beyond a gap and a duplicate, so that the sender learns of a loss in one round trip; it reports
  every other packet within ACK_COALESCE_DELAY, and after ACK_COALESCE_COUNT packets within
  ACK_REQ_DELAY (mprt-v0.1.md section 8.3). The device under test receives over switch links that
  lose packets, which makes gaps and duplicates; the capture at its ports times its ACKs exactly.
  A sender marks with AckReq the packet that uses the last PSN its send window allows (SHOULD): the
  device under test sends on a path whose ACKs never come back.

  Rule: Eight paths over two planes

    Background:
      Given a fabric of 2 planes with 2 spines per plane and 100 Gb/s links
      And a connection between the tester and the device under test with 8 paths and 2 streams

    @MPRT-SACK-006 @MPRT-SACK-007
    Scenario Outline: The receiver's ACKs under <loss> loss are on time
      Given every switch link loses <loss> of the packets
      When the tester sends 4 RDMA WRITEs of 64 KiB on every stream to the device under test
      Then MPRT-SACK-006 passes
      And MPRT-SACK-007 passes

      Examples:
        | loss |
        | 0%   |
        | 2%   |

    @MPRT-SACK-006 @mutant
    Scenario: A receiver that holds every ACK for the coalescing timer is caught at the packets it answered late
      Given the device under test is the mutant DELAY_EVERY_ACK
      And every switch link loses 2% of the packets
      When the tester sends 4 RDMA WRITEs of 64 KiB on every stream to the device under test
      Then MPRT-SACK-006 fails at data packets the device under test received

  Rule: One path whose ACKs never come back

    Background:
      Given a fabric of 1 plane with 2 spines per plane and 100 Gb/s links
      And a connection between the tester and the device under test with 1 path and 1 stream
      And every switch link from the tester to the device under test is down
      And the traffic is given at most 200 µs to complete

    @MPRT-SACK-008
    Scenario: The packet that fills the send window asks for an ACK
      When the device under test sends 400 RDMA WRITEs of 0 bytes on every stream to the tester
      Then MPRT-SACK-008 passes
