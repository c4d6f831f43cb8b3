@place @declaration
Feature: What the device declares about placement
  Where a receiver writes a packet's payload, and when, happens in its memory, not on the wire
  (mprt-v0.1.md sections 7.1 and 7.3): probes show the acknowledgements and completions that follow
  from placement (MPRT-PLACE-002, MPRT-PLACE-006), not the writes themselves. The kit judges these
  requirements from the PICS: pass when it declares true, fail when false, inconclusive when it
  does not say.

  @MPRT-PLACE-001
  Scenario: The device declares that it places every accepted data packet on arrival, without a reorder buffer
    Then MPRT-PLACE-001 passes

  @MPRT-PLACE-007
  Scenario: The device declares that it never places a data packet whose message is already complete
    Then MPRT-PLACE-007 passes
