@sec @declaration
Feature: What the device declares about refused packets
  Whether a receiver wrote any byte of a packet it refused happens in its memory, not on the wire
  (mprt-v0.1.md section 13.1): probes show the NAKs and the silence that follow a refusal
  (MPRT-SEC-001 to MPRT-SEC-005, MPRT-WIRE-008), not the absence of a write. The kit judges
  MPRT-SEC-007 from the PICS: pass when it declares true, fail when false, inconclusive when it does
  not say.

  @MPRT-SEC-007
  Scenario: The device declares that it never places or completes anything on the strength of a refused packet
    Then MPRT-SEC-007 passes
