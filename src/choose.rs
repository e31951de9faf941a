//! Choosing among legal actions: the one source of decisions for the game
//! generators ([`crate::bridge::generate`], [`crate::preferans::generate`]).
//!
//! A generator asks a [`Chooser`] for an index among the actions the rules allow
//! at each point, so whatever the chooser answers, the game is legal.
//! [`ByteChooser`] reads the answers from a byte string (so any byte string,
//! such as a fuzzer's input, gives a legal game); with the `arbitrary` feature,
//! `arbitrary::Unstructured` is a chooser too.

/// Makes the generator's choices.
///
/// ```
/// use kibitz::choose::Chooser;
/// /// Always the last option.
/// struct Last;
/// impl Chooser for Last {
///     fn choose(&mut self, n: usize) -> usize { n - 1 }
/// }
/// assert_eq!(Last.choose(4), 3);
/// ```
pub trait Chooser {
    /// An index in `0..n` (`n` >= 1).
    fn choose(&mut self, n: usize) -> usize;
}

/// Chooses by reading a byte string: one byte per choice (two when there are more
/// than 256 options), then 0 for every choice once the bytes run out.
///
/// ```
/// use kibitz::choose::{ByteChooser, Chooser};
/// let mut c = ByteChooser::new(&[7, 200]);
/// assert_eq!(c.choose(5), 2);
/// assert_eq!(c.choose(1), 0); // one option: no byte used
/// assert_eq!(c.choose(3), 2);
/// assert_eq!(c.choose(9), 0); // exhausted
/// ```
#[derive(Clone, Debug)]
pub struct ByteChooser<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> ByteChooser<'a> {
    /// A chooser reading `bytes`.
    ///
    /// ```
    /// use kibitz::choose::{ByteChooser, Chooser};
    /// assert_eq!(ByteChooser::new(&[9]).choose(4), 1);
    /// ```
    pub fn new(bytes: &'a [u8]) -> ByteChooser<'a> {
        ByteChooser { bytes, pos: 0 }
    }

    /// Bytes used so far.
    ///
    /// ```
    /// use kibitz::choose::{ByteChooser, Chooser};
    /// let mut c = ByteChooser::new(&[1, 2, 3]);
    /// c.choose(2);
    /// assert_eq!(c.used(), 1);
    /// ```
    pub fn used(&self) -> usize {
        self.pos
    }

    fn byte(&mut self) -> usize {
        let b = self.bytes.get(self.pos).copied().unwrap_or(0);
        self.pos = (self.pos + 1).min(self.bytes.len());
        usize::from(b)
    }
}

impl Chooser for ByteChooser<'_> {
    fn choose(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        let v = if n > 256 {
            self.byte() << 8 | self.byte()
        } else {
            self.byte()
        };
        v % n
    }
}

#[cfg(feature = "arbitrary")]
impl Chooser for arbitrary::Unstructured<'_> {
    fn choose(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        self.choose_index(n).unwrap_or(0)
    }
}

/// `n` bytes (rounded up to a multiple of 8) from SplitMix64 seeded with `seed`: a
/// cheap, reproducible byte source for [`ByteChooser`] in tests, benches and
/// examples.
///
/// ```
/// use kibitz::choose::splitmix_bytes;
/// let a = splitmix_bytes(1, 16);
/// assert_eq!(a.len(), 16);
/// assert_eq!(a, splitmix_bytes(1, 16));
/// assert_ne!(a, splitmix_bytes(2, 16));
/// ```
pub fn splitmix_bytes(seed: u64, n: usize) -> Vec<u8> {
    let mut s = seed;
    let mut out = Vec::with_capacity(n + 8);
    while out.len() < n {
        s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        out.extend_from_slice(&(z ^ (z >> 31)).to_le_bytes());
    }
    out
}
