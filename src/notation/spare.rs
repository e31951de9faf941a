//! One spare read buffer per thread, handed from the reader of one input to the
//! reader of the next: no 64 KiB buffer allocated and zeroed per file (on a
//! folder of small files that was a 16th of the work of PBN's line reader and
//! 3% of the LIN audit's).
//!
//! A reader takes the spare when it is made ([`take`]) and gives its buffer
//! back when dropped ([`give`]). What a taken buffer holds is stale bytes of
//! an earlier input: a reader never reads a byte it has not filled.

use std::cell::Cell;

thread_local! {
    static SPARE: Cell<Box<[u8]>> = Cell::new(Box::default());
}

/// A buffer of `len` bytes, or with `at_least` of `len` bytes or more: the
/// thread's spare when it fits (which leaves the thread without one), else a
/// new zeroed buffer (which leaves the spare to a reader it fits).
///
/// ```ignore
/// let a = take(1024, false);
/// give(a);
/// assert_eq!(take(512, true).len(), 1024);
/// ```
pub(crate) fn take(len: usize, at_least: bool) -> Box<[u8]> {
    let fits = |b: &[u8]| b.len() == len || (at_least && b.len() > len);
    // A thread that is ending has no spare.
    let spare = SPARE
        .try_with(|s| {
            let b = s.take();
            if fits(&b) {
                Some(b)
            } else {
                s.set(b);
                None
            }
        })
        .ok()
        .flatten();
    spare.unwrap_or_else(|| vec![0; len].into_boxed_slice())
}

/// Leaves `buf` to the next reader made on this thread (in place of the
/// spare, if it had one: the latest input's size is the likeliest next).
pub(crate) fn give(buf: Box<[u8]>) {
    if !buf.is_empty() {
        let _ = SPARE.try_with(|s| s.set(buf));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_buffer_given_back_is_taken_by_a_reader_it_fits() {
        // On a thread of its own: the test threads share nothing.
        std::thread::spawn(|| {
            let mut a = take(64, false);
            a[0] = 7;
            give(a);
            // Too small for an exact 100: a new buffer, the spare left.
            assert_eq!(take(100, false)[0], 0);
            // Large enough for "at least 32": the spare, stale bytes and all.
            let b = take(32, true);
            assert_eq!((b.len(), b[0]), (64, 7));
            // The spare is gone: a new one.
            assert_eq!(take(64, false)[0], 0);
            give(b);
            // Exact takes only the same length.
            assert_eq!(take(63, false).len(), 63);
            assert_eq!(take(64, false)[0], 7);
        })
        .join()
        .unwrap();
    }
}
