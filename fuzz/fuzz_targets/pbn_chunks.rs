//! The same bytes read in chunks of arbitrary sizes (down to one byte) give the
//! findings and records of a whole-buffer read. Body: `kibitz::fuzzing::pbn_chunks`.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| kibitz::fuzzing::pbn_chunks(data));
