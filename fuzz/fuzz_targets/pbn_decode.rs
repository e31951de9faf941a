//! Raw bytes into the PBN reader and the audit: no panic, no hang, findings in
//! proportion to the input. The body is `kibitz::fuzzing::pbn_decode`.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kibitz::fuzzing::pbn_decode(data));
