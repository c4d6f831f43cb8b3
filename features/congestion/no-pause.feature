@cc
Feature: No PAUSE or PFC frames
  MPRT runs on lossy Ethernet: a device sends no IEEE 802.3x PAUSE and no 802.1Qbb PFC frame
  (EtherType 0x8808) on any of its ports and relies on ECN instead (mprt-v0.1.md section 11.2).
  The device under test receives an incast under ECN marking, where a lossless device would
  push back with PAUSE frames.

  Background:
    Given a fabric of 2 planes with 2 spines per plane and 100 Gb/s links
    And the switches mark packets ECN CE with a probability rising from 0 at 4 KiB to 1 at 64 KiB of queue

  @MPRT-CC-004
  Scenario Outline: The receiver of a <testers>-to-1 incast sends no PAUSE frame
    Given <testers> testers, each with a connection to the device under test with 4 paths and 1 stream
    When every tester sends 4 RDMA WRITEs of 32 KiB on every stream to the device under test
    Then MPRT-CC-004 passes

    Examples:
      | testers |
      | 2       |
      | 8       |

  @MPRT-CC-004
  Scenario: The device sends no PAUSE frame while it sends under loss and marking
    Given a connection between the tester and the device under test with 8 paths and 2 streams
    And every switch link loses 1% of the packets
    When the device under test sends 4 RDMA WRITEs of 32 KiB on every stream to the tester
    Then MPRT-CC-004 passes

  @MPRT-CC-004 @mutant
  Scenario: A device that answers congestion with PAUSE frames is caught at those frames
    Given the device under test is the mutant SEND_PAUSE_FRAMES
    And 8 testers, each with a connection to the device under test with 4 paths and 1 stream
    When every tester sends 2 RDMA WRITEs of 32 KiB on every stream to the device under test
    Then MPRT-CC-004 fails at PAUSE frames the device under test sent
