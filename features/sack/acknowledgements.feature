@sack
Feature: What an ACK may claim
  An ACK for a path travels on the path's plane (mprt-v0.1.md section 8.1), claims only PSNs that
  arrived, never takes an acknowledgement back, and echoes the timestamp of a data packet the
  receiver accepted (section 8.1). The device under test receives, over paths that lose and
  reorder packets; its ACKs are judged at its own ports.

  Rule: Conversations over lossy, reordering paths

    Background:
      Given a fabric of 2 planes with 2 spines per plane and 100 Gb/s links

    @MPRT-SACK-002 @MPRT-SACK-003 @MPRT-SACK-004 @MPRT-SACK-005
    Scenario Outline: ACKs for <paths> paths under <loss> loss with one plane reordering
      Given a connection between the tester and the device under test with <paths> paths and 2 streams
      And every switch link loses <loss> of the packets
      And the switch links of plane 1 delay packets by 3 µs with 2 µs of jitter, reordering them
      And the connections use a PMTU of 1024 bytes
      When the tester sends 4 RDMA WRITEs of 16 KiB on every stream to the device under test
      Then MPRT-SACK-002 passes
      And MPRT-SACK-003 passes
      And MPRT-SACK-004 passes
      And MPRT-SACK-005 passes

      Examples:
        | paths | loss |
        | 2     | 0%   |
        | 8     | 2%   |
        | 8     | 5%   |

  Rule: Scripted gaps and duplicates on one path

    Background:
      Given a fabric of 1 plane with 2 spines per plane and 100 Gb/s links
      And a probe connection from the tester to the device under test with 1 path and 1 stream

    @MPRT-SACK-003 @probe
    Scenario: A gap stays open in the ACKs until its packet arrives
      When the tester sends a WRITE of 1 KiB with PSN 0 on path 0
      And the tester expects an ACK for path 0 with cumulative PSN 0 and an empty SACK within ACK_REQ_DELAY
      When the tester sends a WRITE of 1 KiB with PSN 2 on path 0
      And the tester expects an ACK for path 0 with cumulative PSN 0 and a SACK for PSN 2 within ACK_REQ_DELAY
      When the tester sends a WRITE of 1 KiB with PSN 3 on path 0
      And the tester expects an ACK for path 0 with cumulative PSN 0 and a SACK for PSNs 2 and 3 within ACK_REQ_DELAY
      Then MPRT-SACK-003 passes

    @MPRT-SACK-003 @probe @mutant
    Scenario: A device that acknowledges the hole of a gap is caught at its ACK
      Given the device under test is the mutant SACK_UNRECEIVED_PSN
      When the tester sends a WRITE of 1 KiB with PSN 0 on path 0
      And the tester sends a WRITE of 1 KiB with PSN 2 on path 0
      Then MPRT-SACK-003 fails at ACKs the device under test sent

    @MPRT-SACK-004 @probe @mutant
    Scenario: A device that moves its cumulative PSN back on a duplicate is caught at its ACK
      Given the device under test is the mutant REVERSE_CACK
      When the tester sends a WRITE of 1 KiB with PSN 0 on path 0
      And the tester sends a WRITE of 1 KiB with PSN 1 on path 0
      And the tester sends a WRITE of 1 KiB with PSN 2 on path 0
      And the tester sends a WRITE of 1 KiB with PSN 3 on path 0
      And the tester sends a WRITE of 1 KiB with PSN 1 on path 0
      Then MPRT-SACK-004 fails at ACKs the device under test sent
