//! Raw bytes into the RBN/RBX reader, decoder and bridge rules: no panic, every
//! byte read, findings inside the input. The body is `kibitz::fuzzing::rbn_decode`.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kibitz::fuzzing::rbn_decode(data));
