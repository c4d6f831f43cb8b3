@loss
Feature: Loss recovery on the path that lost the packet
  A packet a SACK shows lost is retransmitted on its own path, with its PSN and R=1, before any new
  data on that path (mprt-v0.1.md section 9.3); a retransmission repeats the first transmission
  exactly; and nothing an ACK acknowledged is ever sent again, so there is no go-back-N. The device
  under test sends over paths that lose packets.

  Rule: Eight paths at 100 Gb/s

    Background:
      Given a fabric of 2 planes with 2 spines per plane and 100 Gb/s links
      And a connection between the tester and the device under test with 8 paths and 2 streams
      And the connections use a PMTU of 1024 bytes

    @MPRT-LOSS-001 @MPRT-LOSS-002 @MPRT-LOSS-004 @MPRT-LOSS-005 @MPRT-LOSS-006
    Scenario Outline: Retransmissions under <loss> random loss
      Given every switch link loses <loss> of the packets
      When the device under test sends 4 RDMA WRITEs of 32 KiB on every stream to the tester
      Then MPRT-LOSS-001 passes
      And MPRT-LOSS-002 passes
      And MPRT-LOSS-004 passes
      And MPRT-LOSS-005 passes
      And MPRT-LOSS-006 passes

      Examples:
        | loss |
        | 1%   |
        | 5%   |
        | 10%  |

    @MPRT-LOSS-001 @MPRT-LOSS-002 @MPRT-LOSS-004
    Scenario: Retransmissions under burst loss
      Given every switch link loses 3% of the packets in bursts of 8 on average
      When the device under test sends 4 RDMA WRITEs of 32 KiB on every stream to the tester
      Then MPRT-LOSS-001 passes
      And MPRT-LOSS-002 passes
      And MPRT-LOSS-004 passes

    @MPRT-LOSS-002 @MPRT-LOSS-004
    Scenario: Retransmissions under corruption, which the receiver discards as loss
      Given every switch link corrupts 2% of the packets
      When the device under test sends 4 RDMA WRITEs of 32 KiB on every stream to the tester
      Then MPRT-LOSS-002 passes
      And MPRT-LOSS-004 passes

  Rule: Two paths at 10 Gb/s, where resending acknowledged data takes longer than ACK_REQ_DELAY

    Background:
      Given a fabric of 2 planes with 2 spines per plane and 10 Gb/s links
      And a connection between the tester and the device under test with 2 paths and 1 stream

    @MPRT-LOSS-004 @MPRT-LOSS-005 @mutant
    Scenario Outline: A device that <does> is caught at the data it sends again
      Given the device under test is the mutant <mutant>
      And every switch link loses 5% of the packets
      When the device under test sends 4 RDMA WRITEs of 32 KiB on every stream to the tester
      Then MPRT-LOSS-004 fails at data packets the device under test sent
      And MPRT-LOSS-005 fails at data packets the device under test sent

      Examples:
        | mutant            | does                                        |
        | GO_BACK_N_ON_LOSS | goes back N after a loss                    |
        | RETRANSMIT_SACKED | retransmits packets the SACK bitmap covered |
