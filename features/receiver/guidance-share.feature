@recv
Feature: The receiver shares its bandwidth among the connections that send to it
  When N connections send to a receiver's ports, each ACK's guidance is at most R / N, R the line
  rate of those ports (MPRT-RECV-001), a sender keeps within the guidance it received
  (MPRT-RECV-003), and under that guidance the senders share the receiver fairly (MPRT-RECV-004)
  (mprt-v0.1.md section 12). The device under test receives an incast, judged
  with the fabric's port rate; or it sends to a tester whose host drains its ports at 20 Gb/s, a
  slow receiver whose guidance falls below the line rate.

  Background:
    Given a fabric of 2 planes with 2 spines per plane and 100 Gb/s links

  @MPRT-RECV-001
  Scenario Outline: The receiver of a <testers>-to-1 incast advertises at most its fair share
    Given <testers> testers, each with a connection to the device under test with 4 paths and 1 stream
    When every tester sends 2 RDMA WRITEs of 256 KiB on every stream to the device under test
    Then MPRT-RECV-001 passes

    Examples:
      | testers |
      | 4       |
      | 8       |

  @MPRT-RECV-004
  Scenario: The senders of a 4-to-1 incast each send their share of the receiver's two ports
    Given 4 testers, each with a connection to the device under test with 4 paths and 1 stream
    When every tester sends 16 RDMA WRITEs of 1 MiB on every stream to the device under test
    Then MPRT-RECV-004 passes

  @MPRT-RECV-003
  Scenario: The sender keeps within the guidance its receiver advertises
    Given the testers drain their ports at 20 Gb/s
    And a connection between the tester and the device under test with 8 paths and 2 streams
    When the device under test sends 4 RDMA WRITEs of 256 KiB on every stream to the tester
    Then MPRT-RECV-003 passes

  @MPRT-RECV-003 @mutant
  Scenario: A sender that ignores the guidance is caught at the data it sends beyond it
    Given the device under test is the mutant EXCEED_GUIDANCE
    And the testers drain their ports at 20 Gb/s
    And a connection between the tester and the device under test with 8 paths and 2 streams
    When the device under test sends 4 RDMA WRITEs of 256 KiB on every stream to the tester
    Then MPRT-RECV-003 fails at data packets the device under test sent
