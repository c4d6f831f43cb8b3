@place
Feature: Each SEND names the receive buffer it consumes
  On each stream the SEND messages, in MSN order, carry RSN 0, 1, 2 and so on, whatever WRITEs
  are interleaved with them (mprt-v0.1.md sections 4.3 and 7.2).

  Background:
    Given a fabric of 2 planes with 2 spines per plane and 100 Gb/s links
    And a connection between the tester and the device under test with 4 paths and 4 streams

  @MPRT-PLACE-003 @needs:send
  Scenario: SENDs interleaved with WRITEs count their own receive buffers
    When this traffic runs:
      | sender            | operation  | stream | messages | size  |
      | device under test | SEND       | every  | 3        | 2 KiB |
      | device under test | RDMA WRITE | every  | 2        | 8 KiB |
      | device under test | SEND       | every  | 3        | 6 KiB |
    Then MPRT-PLACE-003 passes

  @MPRT-PLACE-003 @needs:send
  Scenario: SENDs resent after late receive buffers keep their RSN
    Given the receivers post their receive buffers 20 µs late
    When the device under test sends 4 SENDs of 4 KiB on every stream to the tester
    Then MPRT-PLACE-003 passes
