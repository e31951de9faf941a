//! Generated legal bridge games -> PBN, RBN, RBX, LIN (single and vugraph) ->
//! read and decode: the same game on every field each notation carries.
//! Body: `kibitz::fuzzing::convert_roundtrip`.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kibitz::fuzzing::convert_roundtrip(data));
