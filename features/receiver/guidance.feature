@recv
Feature: Every ACK carries a usable bandwidth guidance
  Every ACK carries guidance_rate_mbps, the receiver's fair share of its inbound bandwidth for
  the connection; it is never 0, so a sender may always send and loss recovery is never starved
  (mprt-v0.1.md section 12). The device under test is the receiver of an incast, where the
  guidance falls to R / N.

  Background:
    Given a fabric of 2 planes with 2 spines per plane and 100 Gb/s links

  @MPRT-RECV-002
  Scenario Outline: The receiver of a <testers>-to-1 incast never advertises a guidance of 0
    Given <testers> testers, each with a connection to the device under test with 4 paths and 1 stream
    When every tester sends 2 RDMA WRITEs of 32 KiB on every stream to the device under test
    Then MPRT-RECV-002 passes

    Examples:
      | testers |
      | 1       |
      | 4       |
      | 16      |

  @MPRT-RECV-002
  Scenario: An uncontended receiver under 5% loss never advertises a guidance of 0
    Given a connection between the tester and the device under test with 8 paths and 4 streams
    And every switch link loses 5% of the packets
    And the connections use a PMTU of 1024 bytes
    When the tester sends 2 RDMA WRITEs of 16 KiB on every stream to the device under test
    Then MPRT-RECV-002 passes
