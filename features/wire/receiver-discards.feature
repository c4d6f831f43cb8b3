@wire @probe
Feature: What a receiver discards or refuses (scripted probes)
  A receiver checks every arriving packet in the order of mprt-v0.1.md section 13.1. A packet that
  is not an intact MPRT packet (a bad ICRC, a reserved opcode, cut short) is discarded silently:
  not placed, not acknowledged, not answered (section 3.8). A data packet whose header is invalid
  is refused with a fatal NAK INVALID_HEADER. The tester sends exact packets; what the device
  sends back is read at the device's own ports, in the fabric's exact virtual time.

  Background:
    Given a fabric of 1 plane with 2 spines per plane and 100 Gb/s links
    And a probe connection from the tester to the device under test with 1 path and 2 streams
    And probe answers are timed with a tolerance of 0 ns

  @MPRT-WIRE-008
  Scenario: A WRITE with a bad ICRC is neither acknowledged nor answered
    When the tester sends a WRITE of 1 KiB with PSN 0 on path 0 with a bad ICRC
    And the tester expects nothing from the device under test within 20 µs
    # PSN 0 never arrived as far as the device is concerned: the next packet is beyond a gap.
    When the tester sends a WRITE of 1 KiB with PSN 1 on path 0
    And the tester expects an ACK for path 0 with cumulative PSN -1 and a SACK for PSN 1 within ACK_REQ_DELAY
    Then MPRT-WIRE-008 passes

  @MPRT-WIRE-008
  Scenario: A packet cut short inside its MDETH has no valid ICRC and is discarded
    When the tester sends a WRITE of 1 KiB with PSN 0 on path 0 with its MDETH cut short
    And the tester expects nothing from the device under test within 20 µs
    When the tester sends a WRITE of 1 KiB with PSN 1 on path 0
    And the tester expects an ACK for path 0 with cumulative PSN -1 and a SACK for PSN 1 within ACK_REQ_DELAY
    Then MPRT-WIRE-008 passes

  @MPRT-WIRE-021
  Scenario Outline: A packet with the reserved opcode <opcode> is discarded without an acknowledgement
    When the tester sends a packet with the reserved opcode <opcode> with PSN 0 on path 0
    And the tester expects nothing from the device under test within 20 µs
    When the tester sends a WRITE of 256 bytes with PSN 1 on path 0
    And the tester expects an ACK for path 0 with cumulative PSN -1 and a SACK for PSN 1 within ACK_REQ_DELAY
    Then MPRT-WIRE-021 passes

    Examples:
      | opcode |
      | 0xC2   |
      | 0xC7   |
      | 0xCC   |
      | 0xDF   |

  @MPRT-WIRE-070 @MPRT-WIRE-050
  Scenario Outline: A data packet with <fault> is refused with NAK INVALID_HEADER and not placed
    When the tester sends a WRITE of 1 KiB with PSN 0 on path 0 with <fault>
    And the tester expects a NAK INVALID_HEADER for PSN 0 on path 0 within ACK_REQ_DELAY
    # INVALID_HEADER is fatal: the connection is in ERROR and acknowledges nothing more.
    When the tester sends a WRITE of 1 KiB with PSN 1 on path 0
    And the tester expects no ACK from the device under test within 20 µs
    Then MPRT-WIRE-070 passes
    And MPRT-WIRE-050 passes

    Examples:
      | fault                                      |
      | a non-zero reserved field                  |
      | F clear on the first packet of its message |
      | L clear on the last packet of its message  |
      | a payload that runs past message_length    |
