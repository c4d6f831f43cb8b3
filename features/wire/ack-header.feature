@wire
Feature: The MAETH of every ACK
  An ACK reports one path's cumulative PSN and the 256-bit SACK bitmap after it, the ECN echo,
  the guidance and up to 16 stream records (mprt-v0.1.md section 3.5). The device under test
  receives, so the ACKs judged are its own: under loss they carry SACK bits, with many streams
  they carry many records, under congestion they echo ECN marks.

  Background:
    Given a fabric of 2 planes with 2 spines per plane and 100 Gb/s links

  @MPRT-WIRE-040 @MPRT-WIRE-041 @MPRT-WIRE-042
  Scenario Outline: ACKs for <streams> streams under 1% loss
    Given a connection between the tester and the device under test with 8 paths and <streams> streams
    And every switch link loses 1% of the packets
    And the connections use a PMTU of 1024 bytes
    When the tester sends 2 RDMA WRITEs of 16 KiB on every stream to the device under test
    Then MPRT-WIRE-040 passes
    And MPRT-WIRE-041 passes
    And MPRT-WIRE-042 passes

    Examples:
      | streams |
      | 1       |
      | 4       |

    @needs:streams>=32
    Examples: more streams than one ACK has records for
      | streams |
      | 32      |

  @MPRT-WIRE-041
  Scenario: ACKs echo the ECN marks of an incast
    Given the switches mark packets ECN CE with a probability rising from 0 at 4 KiB to 1 at 64 KiB of queue
    And 4 testers, each with a connection to the device under test with 4 paths and 1 stream
    When every tester sends 4 RDMA WRITEs of 32 KiB on every stream to the device under test
    Then MPRT-WIRE-041 passes
