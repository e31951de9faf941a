//! Generated game with one targeted fault -> PBN -> audit: the fault's rule is
//! reported at its place. Body: `kibitz::fuzzing::bridge_mutation`.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kibitz::fuzzing::bridge_mutation(data));
