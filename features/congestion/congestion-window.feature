@cc
Feature: The congestion window: its start, its cut after an ECN echo, and the receiver's ECN echoes
  Until its first ACK progress a path has at most INIT_CWND in flight; within an RTT and
  ACK_COALESCE_DELAY after an ACK that echoes ECN the sender's flight on that path is cut to
  MD_FACTOR of what it was (mprt-v0.1.md section 11.1); and a receiver counts in its ACKs' ce_count
  the CE-marked packets it received on each path. The device under test sends on fresh paths; sends
  to a tester to which seven other hosts write at the same time, through switches that mark ECN CE
  (the mutant's failure points at the echoing ACK it did not obey); and receives a marked incast.

  Background:
    Given a fabric of 2 planes with 2 spines per plane and 100 Gb/s links

  @MPRT-CC-001
  Scenario Outline: Fresh paths start with at most INIT_CWND in flight, <paths> paths
    Given a connection between the tester and the device under test with <paths> paths and 2 streams
    When the device under test sends 4 RDMA WRITEs of 64 KiB on every stream to the tester
    Then MPRT-CC-001 passes

    Examples:
      | paths |
      | 2     |
      | 8     |

  @MPRT-CC-005
  Scenario: The receiver of an 8-to-1 incast counts the CE marks of each path
    Given the switches mark packets ECN CE with a probability rising from 0 at 4 KiB to 1 at 64 KiB of queue
    And 8 testers, each with a connection to the device under test with 4 paths and 1 stream
    When every tester sends 4 RDMA WRITEs of 32 KiB on every stream to the device under test
    Then MPRT-CC-005 passes

  Rule: The device sends into an incast at the tester, through switches that mark ECN CE

    The switches mark from a short queue on, so that marks keep coming once the tester's guidance
    has settled: a sender's cut after an echo is then its own, not the guidance's.

    Background:
      Given the switches mark packets ECN CE with a probability rising from 0 at 1 KiB to 1 at 16 KiB of queue
      And a connection between the tester and the device under test with 8 paths and 2 streams
      And 7 other hosts each write 2 MiB to the tester at the same time

    @MPRT-CC-002
    Scenario: The sender cuts its flight after an ECN echo
      When the device under test sends 2 RDMA WRITEs of 1 MiB on every stream to the tester
      Then MPRT-CC-002 passes

    @MPRT-CC-002 @mutant
    Scenario: A sender that ignores ECN echoes is caught at the echoes it did not obey
      Given the device under test is the mutant IGNORE_ECN_ECHO
      When the device under test sends 2 RDMA WRITEs of 1 MiB on every stream to the tester
      Then MPRT-CC-002 fails at ACKs the device under test received
