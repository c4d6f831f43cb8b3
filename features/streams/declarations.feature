@stream @declaration
Feature: What the device declares about completions
  The order in which a receiver reports completions to its application (mprt-v0.1.md section 6.1)
  happens above the wire: the wire shows the CMSN (MPRT-STREAM-003 to MPRT-STREAM-006), not what
  the application was told. The kit judges MPRT-STREAM-002 from the PICS: pass when it declares
  true, fail when false, inconclusive when it does not say.

  @MPRT-STREAM-002
  Scenario: The device declares that it reports each stream's completions in MSN order, independently of other streams
    Then MPRT-STREAM-002 passes
