//! Generated legal pinochle game -> Portable Pinochle Notation (EXPORT) -> read,
//! decode, rules: no finding of the notation, no violation, the same hands.
//! Body: `kibitz::fuzzing::pinochle_roundtrip`.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kibitz::fuzzing::pinochle_roundtrip(data));
