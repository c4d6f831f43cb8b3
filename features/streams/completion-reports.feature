@stream
Feature: Completions are reported per stream, without head-of-line blocking
  Once every byte of the messages up to MSN m of a stream has arrived, the receiver reports a CMSN
  beyond m for that stream within ACK_DELAY, whatever the other streams are waiting for
  (mprt-v0.1.md section 6.2). The device under test receives a large message on one stream and
  small ones on another, over switch links that lose packets, so that the large message stays
  incomplete while the small ones complete.

  Background:
    Given a fabric of 2 planes with 2 spines per plane and 100 Gb/s links
    And a connection between the tester and the device under test with 8 paths and 2 streams
    And every switch link loses 1% of the packets

  @MPRT-STREAM-005
  Scenario: Small messages on stream 1 complete while a large one on stream 0 is incomplete
    When this traffic runs:
      | sender | operation  | stream | messages | size   |
      | tester | RDMA WRITE | 0      | 2        | 1 MiB  |
      | tester | RDMA WRITE | 1      | 8        | 4 KiB  |
    Then MPRT-STREAM-005 passes

  @MPRT-STREAM-005 @needs:send
  Scenario: Completions of SENDs and WRITEs on every stream under loss
    Given a connection between the tester and the device under test with 4 paths and 4 streams
    When this traffic runs:
      | sender | operation  | stream | messages | size   |
      | tester | RDMA WRITE | every  | 4        | 32 KiB |
      | tester | SEND       | every  | 2        | 8 KiB  |
    Then MPRT-STREAM-005 passes

  @MPRT-STREAM-005 @mutant
  Scenario: A receiver that holds one stream's completions behind another's is caught at the packets that completed them
    Given the device under test is the mutant STREAM_HEAD_OF_LINE_BLOCKING
    When this traffic runs:
      | sender | operation  | stream | messages | size   |
      | tester | RDMA WRITE | 0      | 2        | 1 MiB  |
      | tester | RDMA WRITE | 1      | 8        | 4 KiB  |
    Then MPRT-STREAM-005 fails at data packets the device under test received
