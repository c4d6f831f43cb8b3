@path
Feature: Paths, their sequence numbers and their send windows
  Each path of a connection has its own PSN space, starting at 0 and never skipping a PSN
  (mprt-v0.1.md section 4.2); a sender never runs more than 256 PSNs ahead of the cumulative PSN it
  has learnt for a path (section 4.5); a path stays on its plane and two busy paths of one plane use
  different UDP source ports (section 10.1). The device under test sends; the capture at its ports
  shows what it sent and which answers reached it.

  Rule: Paths spread over two planes

    Background:
      Given a fabric of 2 planes with 2 spines per plane and 100 Gb/s links

    @MPRT-PATH-001 @MPRT-PATH-003 @MPRT-PATH-004
    Scenario Outline: <paths> paths each count their own PSNs under <loss> loss
      Given a connection between the tester and the device under test with <paths> paths and 2 streams
      And every switch link loses <loss> of the packets
      And the connections use a PMTU of 1024 bytes
      When the device under test sends 4 RDMA WRITEs of 32 KiB on every stream to the tester
      Then MPRT-PATH-001 passes
      And MPRT-PATH-003 passes
      And MPRT-PATH-004 passes

      Examples:
        | paths | loss |
        | 2     | 0%   |
        | 8     | 1%   |
        | 16    | 5%   |

    @MPRT-PATH-002
    Scenario: A sender under loss and reordering stays inside its send window
      Given a connection between the tester and the device under test with 4 paths and 2 streams
      And every switch link loses 2% of the packets
      And the switch links of plane 1 delay packets by 5 µs with 3 µs of jitter, reordering them
      And the connections use a PMTU of 1024 bytes
      When the device under test sends 4 RDMA WRITEs of 32 KiB on every stream to the tester
      Then MPRT-PATH-002 passes

    @MPRT-PATH-001 @mutant
    Scenario: A device that skips a PSN is caught at the data packet after the hole
      Given a connection between the tester and the device under test with 2 paths and 1 stream
      And the device under test is the mutant SKIP_PSN
      And the connections use a PMTU of 1024 bytes
      When the device under test sends 2 RDMA WRITEs of 64 KiB on every stream to the tester
      Then MPRT-PATH-001 fails at data packets the device under test sent

  Rule: One path whose ACKs never come back

    Background:
      Given a fabric of 1 plane with 2 spines per plane and 100 Gb/s links
      And a connection between the tester and the device under test with 1 path and 1 stream
      And every switch link from the tester to the device under test is down
      And the traffic is given at most 200 µs to complete

    @MPRT-PATH-002
    Scenario: A sender that hears no ACK stops 256 PSNs ahead on its path
      When the device under test sends 400 RDMA WRITEs of 0 bytes on every stream to the tester
      Then MPRT-PATH-002 passes

    @MPRT-PATH-002 @mutant
    Scenario: A device that ignores its send window is caught beyond the 256th PSN
      Given the device under test is the mutant IGNORE_SEND_WINDOW
      When the device under test sends 400 RDMA WRITEs of 0 bytes on every stream to the tester
      Then MPRT-PATH-002 fails at data packets the device under test sent

  Rule: A path whose links fail

    Background:
      Given a fabric of 2 planes with 2 spines per plane and 100 Gb/s links
      And a connection between the tester and the device under test with 4 paths and 2 streams
      And the connections use a PMTU of 1024 bytes

    @MPRT-PATH-001 @MPRT-PATH-003 @MPRT-LOSS-002
    Scenario: Data of a path that fails for good is re-sprayed with the next PSNs of the other paths
      Given the links of the device's path 1 are down
      And the traffic runs for at least 2 ms
      When the device under test sends 4 RDMA WRITEs of 32 KiB on every stream to the tester
      Then MPRT-PATH-001 passes
      And MPRT-PATH-003 passes
      And MPRT-LOSS-002 passes

    @MPRT-PATH-001 @MPRT-LOSS-002 @MPRT-LOSS-004
    Scenario Outline: A path that flaps, down for <down> in every <period>
      Given the links of the device's path 2 flap, down for <down> in every <period>
      When the device under test sends 8 RDMA WRITEs of 32 KiB on every stream to the tester
      Then MPRT-PATH-001 passes
      And MPRT-LOSS-002 passes
      And MPRT-LOSS-004 passes

      Examples:
        | down  | period |
        | 5 µs  | 50 µs  |
        | 50 µs | 200 µs |

    @MPRT-WIRE-060 @MPRT-SACK-002
    Scenario: The tester's PROBEs on a failed path are answered by the device until the path heals
      Given the links of the tester's path 3 are down from 5 µs to 1.5 ms
      And the traffic runs for at least 3 ms
      When the tester sends 8 RDMA WRITEs of 32 KiB on every stream to the device under test
      Then MPRT-WIRE-060 passes
      And MPRT-SACK-002 passes

  Rule: One plane slower than the other

    Background:
      Given a fabric of 2 planes with 2 spines per plane and 100 Gb/s links
      And a connection between the tester and the device under test with 4 paths and 2 streams

    @MPRT-PATH-006
    Scenario: The sender puts fewer new packets on the paths of the slower plane
      Given the switch links of plane 1 delay packets by 20 µs with 0 ns of jitter
      When the device under test sends 8 RDMA WRITEs of 64 KiB on every stream to the tester
      Then MPRT-PATH-006 passes
