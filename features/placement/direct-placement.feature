@place @probe
Feature: Packets are placed as they arrive, in any order over any path (scripted probe)
  A receiver places every accepted data packet where it belongs the moment it arrives, without a
  reorder buffer (mprt-v0.1.md section 7.1). The tester sends each packet of a multi-packet message
  exactly once, spread over two or three paths, the last bytes first, and leaves a PSN gap that it
  fills with the message's first packet, last of all: the receiver must NAK nothing, acknowledge
  every packet, and report the message complete within ACK_DELAY after that last packet arrived
  (MPRT-PLACE-002). Each packet asks for an ACK, so each is acknowledged within ACK_REQ_DELAY.

  Rule: Two paths on two planes

    Background:
      Given a fabric of 2 planes with 2 spines per plane and 100 Gb/s links
      And a probe connection from the tester to the device under test with 2 paths and 1 stream
      And the connections use a PMTU of 1024 bytes
      And probe answers are timed with a tolerance of 0 ns

    @MPRT-PLACE-002
    Scenario Outline: A 4 KiB <operation> arriving backwards over two paths, its first packet last, completes without a NAK
      Given the device under test has posted 1 receive buffer of 4 KiB on stream 0
      When the tester begins a <operation> of 4 KiB on stream 0 in packets of 1 KiB
      And the tester sends the packet at offset 3 KiB of that message with PSN 1 on path 0
      And the tester expects an ACK for path 0 with cumulative PSN -1 and a SACK for PSN 1 within ACK_REQ_DELAY
      When the tester sends the packet at offset 2 KiB of that message with PSN 0 on path 1
      And the tester expects an ACK for path 1 with cumulative PSN 0 and an empty SACK within ACK_REQ_DELAY
      When the tester sends the packet at offset 1 KiB of that message with PSN 1 on path 1
      And the tester expects an ACK for path 1 with cumulative PSN 1 and an empty SACK within ACK_REQ_DELAY
      # The gap on path 0 is filled last, by the message's first packet.
      When the tester sends the packet at offset 0 bytes of that message with PSN 0 on path 0
      And the tester expects an ACK for path 0 with cumulative PSN 1 and an empty SACK within ACK_REQ_DELAY
      And the tester expects an ACK with CMSN 1 for stream 0 within ACK_DELAY
      And the tester expects no NAK from the device under test since the probe began, within ACK_DELAY
      Then MPRT-PLACE-002 passes

      @needs:write
      Examples: RDMA WRITE
        | operation |
        | WRITE     |

      @needs:send
      Examples: SEND
        | operation |
        | SEND      |

    @MPRT-STREAM-003 @mutant
    Scenario: A device that completes a message when its last packet arrives is caught at the ACK of the first packet sent
      Given the device under test is the mutant CMSN_BEFORE_PLACED
      When the tester begins a WRITE of 4 KiB on stream 0 in packets of 1 KiB
      And the tester sends the packet at offset 3 KiB of that message with PSN 1 on path 0
      And the tester sends the packet at offset 2 KiB of that message with PSN 0 on path 1
      And the tester sends the packet at offset 1 KiB of that message with PSN 1 on path 1
      And the tester sends the packet at offset 0 bytes of that message with PSN 0 on path 0
      Then MPRT-STREAM-003 fails at ACKs the device under test sent

  Rule: Three paths on two planes

    Background:
      Given a fabric of 2 planes with 2 spines per plane and 100 Gb/s links
      And a probe connection from the tester to the device under test with 3 paths and 1 stream
      And the connections use a PMTU of 1024 bytes
      And probe answers are timed with a tolerance of 0 ns

    @MPRT-PLACE-002
    Scenario: A message spread over three paths with a gap on each completes when its last hole is filled
      When the tester begins a WRITE of 6 KiB on stream 0 in packets of 1 KiB
      And the tester sends the packet at offset 5 KiB of that message with PSN 1 on path 0
      And the tester expects an ACK for path 0 with cumulative PSN -1 and a SACK for PSN 1 within ACK_REQ_DELAY
      When the tester sends the packet at offset 4 KiB of that message with PSN 1 on path 1
      And the tester expects an ACK for path 1 with cumulative PSN -1 and a SACK for PSN 1 within ACK_REQ_DELAY
      When the tester sends the packet at offset 3 KiB of that message with PSN 1 on path 2
      And the tester expects an ACK for path 2 with cumulative PSN -1 and a SACK for PSN 1 within ACK_REQ_DELAY
      When the tester sends the packet at offset 2 KiB of that message with PSN 0 on path 2
      And the tester expects an ACK for path 2 with cumulative PSN 1 and an empty SACK within ACK_REQ_DELAY
      When the tester sends the packet at offset 1 KiB of that message with PSN 0 on path 1
      And the tester expects an ACK for path 1 with cumulative PSN 1 and an empty SACK within ACK_REQ_DELAY
      When the tester sends the packet at offset 0 bytes of that message with PSN 0 on path 0
      And the tester expects an ACK for path 0 with cumulative PSN 1 and an empty SACK within ACK_REQ_DELAY
      And the tester expects an ACK with CMSN 1 for stream 0 within ACK_DELAY
      And the tester expects no NAK from the device under test since the probe began, within ACK_DELAY
      Then MPRT-PLACE-002 passes
