//! Raw bytes into the LIN reader, decoder and bridge rules: no panic, every byte
//! read, findings inside the input. Body: `kibitz::fuzzing::lin_decode`.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kibitz::fuzzing::lin_decode(data));
