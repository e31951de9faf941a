//! Raw bytes into the notation sniffer and the preferans audit (text or JSON):
//! no panic, every byte read. Body: `kibitz::fuzzing::ppn_decode`.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kibitz::fuzzing::ppn_decode(data));
