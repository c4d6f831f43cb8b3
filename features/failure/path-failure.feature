@fail
Feature: A failed path: re-spray, probing, readmission, no data lost
  A path that goes FAIL_RTO_COUNT RTO expiries without ACK progress is FAILED: its sender re-sprays
  its unacknowledged data onto the other paths, not before FAIL_RTO_COUNT x RTO_MIN and at the
  latest (FAIL_RTO_COUNT + 1) x RTO_MAX, before any new data; it sends no new data on it; it probes
  it every PROBE_INTERVAL, and readmits it only after READMIT_PROBES answered PROBEs; and every
  message still completes (mprt-v0.1.md sections 10.4 to 10.7).

  Rule: Over 10 Gb/s links, where the messages outlast the failure, the probing and the readmission

    Background:
      Given a fabric of 2 planes with 2 spines per plane and 10 Gb/s links
      And a connection between the tester and the device under test with 4 paths and 2 streams

    @MPRT-FAIL-002 @MPRT-FAIL-003 @MPRT-FAIL-005 @MPRT-PATH-005 @MPRT-LOSS-006
    Scenario: The sender re-sprays the data of a path that fails for good and probes it
      Given the links of the device's path 1 are down
      When the device under test sends 4 RDMA WRITEs of 1 MiB on every stream to the tester
      Then MPRT-FAIL-002 passes
      And MPRT-FAIL-003 passes
      And MPRT-FAIL-005 passes
      And MPRT-PATH-005 passes
      And MPRT-LOSS-006 passes

    @MPRT-FAIL-007 @MPRT-CC-001 @MPRT-FAIL-005
    Scenario: The sender readmits a path that heals only after its PROBEs are answered
      Given the links of the device's path 1 are down from 5 µs to 1 ms
      When the device under test sends 4 RDMA WRITEs of 1 MiB on every stream to the tester
      Then MPRT-FAIL-007 passes
      And MPRT-CC-001 passes
      And MPRT-FAIL-005 passes

    @MPRT-FAIL-008
    Scenario: Every message completes at the receiver while one of the sender's paths is down
      Given the links of the tester's path 1 are down
      When the tester sends 4 RDMA WRITEs of 1 MiB on every stream to the device under test
      Then MPRT-FAIL-008 passes

    @MPRT-FAIL-002 @mutant
    Scenario: A sender that drops a failed path's data instead of re-spraying it is caught
      Given the device under test is the mutant NO_RESPRAY
      And the links of the device's path 1 are down
      And the traffic is given at most 12 ms to complete
      When the device under test sends 4 RDMA WRITEs of 1 MiB on every stream to the tester
      Then MPRT-FAIL-002 fails at data packets the device under test sent

  Rule: A path that fails under a light load, then a large write that has room on it

    The failed path carries a single 4 KiB packet; 110 µs later, once its first RTO has expired
    (SUSPECT), the device starts 8 MiB of writes. The failed path has room in its window and costs
    the path selector little next to the busy other paths, so a sender that puts new data on a
    SUSPECT or FAILED path does. RTO_MAX is 100 µs (the device declares it), so that the failure
    plays out within the run.

    Background:
      Given a fabric of 2 planes with 4 spines per plane and 100 Gb/s links
      And a connection between the tester and the device under test with 8 paths and 2 streams
      And the device under test and the testers run with an RTO_MAX of 100 µs
      And the links of the device's path 0 are down
      And the traffic is given at most 1 ms to complete

    @MPRT-PATH-005
    Scenario: The sender puts no new data on a path that has gone RTO_MAX without an answer
      When this traffic runs:
        | sender            | operation  | stream | messages | size  | from   |
        | device under test | RDMA WRITE | 0      | 1        | 4 KiB | 0 µs   |
        | device under test | RDMA WRITE | 1      | 8        | 1 MiB | 110 µs |
      Then MPRT-PATH-005 passes

    @MPRT-PATH-005 @MPRT-FAIL-007 @mutant
    Scenario: A sender that puts new data on a failing path is caught at that data
      Given the device under test is the mutant NEW_DATA_ON_FAILED_PATH
      When this traffic runs:
        | sender            | operation  | stream | messages | size  | from   |
        | device under test | RDMA WRITE | 0      | 1        | 4 KiB | 0 µs   |
        | device under test | RDMA WRITE | 1      | 8        | 1 MiB | 110 µs |
      Then MPRT-PATH-005 fails at data packets the device under test sent
      And MPRT-FAIL-007 fails at data packets the device under test sent
