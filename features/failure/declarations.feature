@fail @declaration
Feature: What the device declares about path failure
  The per-path state machine of a sender (mprt-v0.1.md sections 10.2 and 10.4) and what it does
  with the PSNs of a path it declares FAILED (section 10.5) are internal state; captures show their
  consequences (MPRT-FAIL-002, MPRT-FAIL-003, MPRT-FAIL-005, MPRT-FAIL-007, MPRT-FAIL-008). The kit
  judges these requirements from the PICS: pass when it declares true, fail when false,
  inconclusive when it does not say.

  @MPRT-FAIL-001
  Scenario: The device declares that it moves each path through ACTIVE, SUSPECT, FAILED and PROBING as section 10.4 says
    Then MPRT-FAIL-001 passes

  @MPRT-FAIL-004
  Scenario: The device declares that it abandons the unacknowledged PSNs of a FAILED path
    Then MPRT-FAIL-004 passes
