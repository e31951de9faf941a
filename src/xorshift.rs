//! A small xorshift generator for tests that walk many generated cases: the
//! same cases on every run, no dependency.

/// Marsaglia's xorshift64 (shifts 13, 7, 17); the seed must not be zero.
pub(crate) struct Xorshift(pub(crate) u64);

impl Xorshift {
    /// The next 64 bits.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (0 when `n` is 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}
