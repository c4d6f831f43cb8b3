@stream
Feature: Every ACK reports the streams whose completions advanced
  An ACK that carries fewer than 16 stream records carries a record for every stream whose CMSN has
  advanced beyond what an earlier ACK reported, once the completing bytes arrived more than
  ACK_REQ_DELAY before it (mprt-v0.1.md section 6.2). The device under test receives a large message
  on one stream and small ones on another over eight paths, under loss, so that it sends many ACKs
  while completions advance. Its ports are on one plane, where its ACKs leave in the order it sends
  them and every ACK is owed the records of the completions before it. (Answers sent at once on two
  planes are taken as simultaneous, section 16.3; on two planes this traffic leaves no ACK owed a
  record, so the rule would not apply.)

  Background:
    Given a fabric of 1 plane with 2 spines per plane and 100 Gb/s links
    And a connection between the tester and the device under test with 8 paths and 2 streams
    And every switch link loses 1% of the packets

  @MPRT-STREAM-006
  Scenario: Each ACK reports stream 1's completions while a large message on stream 0 is incomplete
    When this traffic runs:
      | sender | operation  | stream | messages | size   |
      | tester | RDMA WRITE | 0      | 2        | 1 MiB  |
      | tester | RDMA WRITE | 1      | 8        | 4 KiB  |
    Then MPRT-STREAM-006 passes
