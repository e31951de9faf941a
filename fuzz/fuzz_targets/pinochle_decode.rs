//! Raw bytes into the Portable Pinochle Notation reader and decoder: no panic,
//! every byte read, findings inside the input. Body: `kibitz::fuzzing::pinochle_decode`.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kibitz::fuzzing::pinochle_decode(data));
