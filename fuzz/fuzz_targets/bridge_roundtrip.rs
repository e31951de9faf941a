//! Generated legal game -> PBN -> decode -> audit: no violation, and the decoded
//! game equals the generated one. Body: `kibitz::fuzzing::bridge_roundtrip`.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kibitz::fuzzing::bridge_roundtrip(data));
