//! Auction vocabulary: strains, bids, calls, contracts and vulnerability.

use std::fmt;
use std::str::FromStr;

use crate::{Seat, Side, Suit};

/// A denomination: a trump suit or no trump. Ordered C < D < H < S < NT.
///
/// ```
/// use kibitz::{Strain, Suit};
/// assert!(Strain::NoTrump > Strain::Spades);
/// assert_eq!(Strain::Hearts.trump(), Some(Suit::Hearts));
/// assert_eq!(Strain::NoTrump.trump(), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Strain {
    /// Clubs.
    Clubs = 0,
    /// Diamonds.
    Diamonds = 1,
    /// Hearts.
    Hearts = 2,
    /// Spades.
    Spades = 3,
    /// No trump.
    NoTrump = 4,
}

impl Strain {
    /// All strains, lowest first.
    ///
    /// ```
    /// use kibitz::Strain;
    /// assert_eq!(Strain::ALL.len(), 5);
    /// ```
    pub const ALL: [Strain; 5] = [
        Strain::Clubs,
        Strain::Diamonds,
        Strain::Hearts,
        Strain::Spades,
        Strain::NoTrump,
    ];

    /// The trump suit, or `None` for no trump.
    ///
    /// ```
    /// use kibitz::{Strain, Suit};
    /// assert_eq!(Strain::Clubs.trump(), Some(Suit::Clubs));
    /// ```
    pub const fn trump(self) -> Option<Suit> {
        match self {
            Strain::Clubs => Some(Suit::Clubs),
            Strain::Diamonds => Some(Suit::Diamonds),
            Strain::Hearts => Some(Suit::Hearts),
            Strain::Spades => Some(Suit::Spades),
            Strain::NoTrump => None,
        }
    }

    /// The strain whose trump is `suit`.
    ///
    /// ```
    /// use kibitz::{Strain, Suit};
    /// assert_eq!(Strain::from_suit(Suit::Spades), Strain::Spades);
    /// ```
    pub const fn from_suit(suit: Suit) -> Strain {
        match suit {
            Suit::Clubs => Strain::Clubs,
            Suit::Diamonds => Strain::Diamonds,
            Suit::Hearts => Strain::Hearts,
            Suit::Spades => Strain::Spades,
        }
    }

    /// Parses `C D H S NT` (either case; `N` alone is also accepted as no trump
    /// by [`Strain::from_str_lenient`], not here).
    ///
    /// ```
    /// use kibitz::Strain;
    /// assert_eq!(Strain::from_ascii(b"nt"), Some(Strain::NoTrump));
    /// assert_eq!(Strain::from_ascii(b"N"), None);
    /// ```
    #[inline]
    pub fn from_ascii(s: &[u8]) -> Option<Strain> {
        match s {
            [c] => Suit::from_char(*c as char).map(Strain::from_suit),
            [a, b] if a.eq_ignore_ascii_case(&b'N') && b.eq_ignore_ascii_case(&b'T') => {
                Some(Strain::NoTrump)
            }
            _ => None,
        }
    }

    /// Like [`Strain::from_ascii`] but also accepts `N` for no trump (RBN, LIN).
    ///
    /// ```
    /// use kibitz::Strain;
    /// assert_eq!(Strain::from_str_lenient("N"), Some(Strain::NoTrump));
    /// ```
    pub fn from_str_lenient(s: &str) -> Option<Strain> {
        if s.eq_ignore_ascii_case("N") {
            Some(Strain::NoTrump)
        } else {
            Strain::from_ascii(s.as_bytes())
        }
    }
}

impl fmt::Display for Strain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Strain::Clubs => "C",
            Strain::Diamonds => "D",
            Strain::Hearts => "H",
            Strain::Spades => "S",
            Strain::NoTrump => "NT",
        })
    }
}

/// A bid: a level 1..=7 and a strain. Bids are ordered as in the auction.
///
/// ```
/// use kibitz::{Bid, Strain};
/// let a: Bid = "1NT".parse().unwrap();
/// let b: Bid = "2C".parse().unwrap();
/// assert!(b > a);
/// assert_eq!(a.strain(), Strain::NoTrump);
/// assert!("8C".parse::<Bid>().is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bid {
    level: u8,
    strain: Strain,
}

/// The error for text that is not a bid, call or contract.
///
/// ```
/// use kibitz::Bid;
/// assert_eq!("0S".parse::<Bid>().unwrap_err().to_string(), "not a bid: \"0S\"");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseCallError {
    /// Not a bid.
    #[error("not a bid: {0:?}")]
    Bid(String),
    /// Not a call.
    #[error("not a call: {0:?}")]
    Call(String),
    /// Not a contract.
    #[error("not a contract: {0:?}")]
    Contract(String),
}

impl Bid {
    /// The bid of `level` (1..=7) in `strain`; `None` for any other level.
    ///
    /// ```
    /// use kibitz::{Bid, Strain};
    /// assert!(Bid::new(7, Strain::NoTrump).is_some());
    /// assert!(Bid::new(0, Strain::Clubs).is_none());
    /// ```
    pub const fn new(level: u8, strain: Strain) -> Option<Bid> {
        if level >= 1 && level <= 7 {
            Some(Bid { level, strain })
        } else {
            None
        }
    }

    /// The number of odd tricks, 1..=7.
    ///
    /// ```
    /// use kibitz::Bid;
    /// assert_eq!("4S".parse::<Bid>().unwrap().level(), 4);
    /// ```
    pub const fn level(self) -> u8 {
        self.level
    }

    /// The strain.
    ///
    /// ```
    /// use kibitz::{Bid, Strain};
    /// assert_eq!("4S".parse::<Bid>().unwrap().strain(), Strain::Spades);
    /// ```
    pub const fn strain(self) -> Strain {
        self.strain
    }

    /// Tricks declarer needs: level + 6.
    ///
    /// ```
    /// use kibitz::Bid;
    /// assert_eq!("3NT".parse::<Bid>().unwrap().tricks_needed(), 9);
    /// ```
    pub const fn tricks_needed(self) -> u8 {
        self.level + 6
    }

    /// All 35 bids from 1C to 7NT in auction order.
    ///
    /// ```
    /// use kibitz::Bid;
    /// let all: Vec<Bid> = Bid::all().collect();
    /// assert_eq!(all.len(), 35);
    /// assert!(all.windows(2).all(|w| w[0] < w[1]));
    /// ```
    pub fn all() -> impl Iterator<Item = Bid> {
        (1..=7).flat_map(|level| {
            Strain::ALL
                .into_iter()
                .map(move |strain| Bid { level, strain })
        })
    }

    /// Parses `<level><strain>` such as `1C`, `3nt`.
    ///
    /// ```
    /// use kibitz::Bid;
    /// assert_eq!(Bid::from_ascii(b"3nt").unwrap().to_string(), "3NT");
    /// ```
    #[inline]
    pub fn from_ascii(s: &[u8]) -> Option<Bid> {
        let (&l, rest) = s.split_first()?;
        if !l.is_ascii_digit() {
            return None;
        }
        Bid::new(l - b'0', Strain::from_ascii(rest)?)
    }
}

impl FromStr for Bid {
    type Err = ParseCallError;
    fn from_str(s: &str) -> Result<Bid, ParseCallError> {
        Bid::from_ascii(s.as_bytes()).ok_or_else(|| ParseCallError::Bid(s.to_owned()))
    }
}

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.level, self.strain)
    }
}

/// A call in the auction.
///
/// ```
/// use kibitz::Call;
/// assert_eq!("Pass".parse::<Call>().unwrap(), Call::Pass);
/// assert_eq!("xx".parse::<Call>().unwrap(), Call::Redouble);
/// assert_eq!("2H".parse::<Call>().unwrap().to_string(), "2H");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Call {
    /// Pass.
    Pass,
    /// Double (`X`).
    Double,
    /// Redouble (`XX`).
    Redouble,
    /// A bid.
    Bid(Bid),
}

impl Call {
    /// Parses the PBN spellings `Pass`, `X`, `XX` and bids, in either case.
    ///
    /// ```
    /// use kibitz::Call;
    /// assert_eq!(Call::from_ascii(b"PASS"), Some(Call::Pass));
    /// assert_eq!(Call::from_ascii(b"P"), None);
    /// ```
    #[inline]
    pub fn from_ascii(s: &[u8]) -> Option<Call> {
        let n = s.len();
        if n == 0 || n > 4 {
            return None;
        }
        // One table lookup and one comparison, no branch on the spelling: an
        // auction's calls come in no order a branch predictor could learn
        // (the PBN decoder's `call_run`: 5.6% -> 3.1% of the read + decode bench's
        // time).
        let key = call_key(s);
        let slot = &CALL_SLOTS[call_slot(key | 0x2020_2020, n)];
        if usize::from(slot.len) == n && key | slot.fold == slot.bytes {
            slot.call
        } else {
            None
        }
    }
}

/// A call's spelling (1 to 4 bytes) as one word: its bytes at 0, 1, `n / 2`
/// and `n - 1` (clamped to the spelling), which together are all of them.
const fn call_key(s: &[u8]) -> u32 {
    let n = s.len();
    let second = if n > 1 { 1 } else { 0 };
    u32::from_le_bytes([s[0], s[second], s[n / 2], s[n - 1]])
}

/// Multiplier of [`call_slot`], found by search so that no two calls share a
/// slot (which building [`CALL_SLOTS`] checks at compile time).
const CALL_MUL: u64 = 0xa7e6_529b_ce76_e9f5;

/// The slot in [`CALL_SLOTS`] of a key (letters in lower case) and length.
const fn call_slot(folded: u32, n: usize) -> usize {
    ((folded as u64 | (n as u64) << 32).wrapping_mul(CALL_MUL) >> 58) as usize
}

/// What a slot of [`CALL_SLOTS`] holds: the spelling whose key hashes there
/// and its call.
#[derive(Copy, Clone)]
struct CallSlot {
    /// The spelling's key ([`call_key`]), letters in lower case.
    bytes: u32,
    /// `0x20` in the key's bytes that hold a letter, which either case spells.
    fold: u32,
    len: u8,
    call: Option<Call>,
}

/// Every PBN spelling of a call (`Pass`, `X`, `XX`, `1C` .. `7NT`) by its
/// [`call_slot`]; the other slots hold no call.
static CALL_SLOTS: [CallSlot; 64] = {
    const EMPTY: CallSlot = CallSlot {
        bytes: 0,
        fold: 0,
        len: 0,
        call: None,
    };
    const fn put(t: &mut [CallSlot; 64], s: &[u8], call: Call) {
        let key = call_key(s);
        let mut fold = 0;
        let mut i = 0;
        while i < 4 {
            if ((key >> (8 * i)) as u8).is_ascii_lowercase() {
                fold |= 0x20 << (8 * i);
            }
            i += 1;
        }
        let slot = call_slot(key, s.len());
        assert!(t[slot].call.is_none(), "two calls share a slot");
        t[slot] = CallSlot {
            bytes: key,
            fold,
            len: s.len() as u8,
            call: Some(call),
        };
    }
    let mut t = [EMPTY; 64];
    put(&mut t, b"pass", Call::Pass);
    put(&mut t, b"x", Call::Double);
    put(&mut t, b"xx", Call::Redouble);
    let strains = [
        (Strain::Clubs, b'c'),
        (Strain::Diamonds, b'd'),
        (Strain::Hearts, b'h'),
        (Strain::Spades, b's'),
    ];
    let mut level = 1;
    while level <= 7 {
        let l = b'0' + level;
        let mut i = 0;
        while i < 4 {
            let (strain, c) = strains[i];
            put(&mut t, &[l, c], Call::Bid(Bid { level, strain }));
            i += 1;
        }
        let strain = Strain::NoTrump;
        put(&mut t, &[l, b'n', b't'], Call::Bid(Bid { level, strain }));
        level += 1;
    }
    t
};

impl FromStr for Call {
    type Err = ParseCallError;
    fn from_str(s: &str) -> Result<Call, ParseCallError> {
        Call::from_ascii(s.as_bytes()).ok_or_else(|| ParseCallError::Call(s.to_owned()))
    }
}

impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Pass => f.write_str("Pass"),
            Call::Double => f.write_str("X"),
            Call::Redouble => f.write_str("XX"),
            Call::Bid(b) => write!(f, "{b}"),
        }
    }
}

/// Undoubled, doubled or redoubled.
///
/// ```
/// use kibitz::Risk;
/// assert_eq!(Risk::Doubled.to_string(), "X");
/// assert_eq!(Risk::Undoubled.to_string(), "");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Risk {
    /// Not doubled.
    #[default]
    Undoubled,
    /// Doubled.
    Doubled,
    /// Redoubled.
    Redoubled,
}

impl fmt::Display for Risk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Risk::Undoubled => "",
            Risk::Doubled => "X",
            Risk::Redoubled => "XX",
        })
    }
}

/// A final contract: a bid and its risk.
///
/// ```
/// use kibitz::{Contract, Risk};
/// let c: Contract = "5HX".parse().unwrap();
/// assert_eq!(c.risk, Risk::Doubled);
/// assert_eq!(c.bid.level(), 5);
/// assert_eq!(c.to_string(), "5HX");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Contract {
    /// The last bid of the auction.
    pub bid: Bid,
    /// Whether it was doubled or redoubled.
    pub risk: Risk,
}

impl Risk {
    /// The risk of a contract written with `n` doubles after it (`X` or
    /// `XX`, as PBN and LIN's `rs` write them): none for more than two.
    ///
    /// ```
    /// use kibitz::Risk;
    /// assert_eq!(Risk::of_doubles(2), Some(Risk::Redoubled));
    /// assert_eq!(Risk::of_doubles(3), None);
    /// ```
    pub const fn of_doubles(n: usize) -> Option<Risk> {
        match n {
            0 => Some(Risk::Undoubled),
            1 => Some(Risk::Doubled),
            2 => Some(Risk::Redoubled),
            _ => None,
        }
    }
}

impl Contract {
    /// Parses `<level><strain><risk>` such as `4S`, `3NTXX`, in either case.
    ///
    /// ```
    /// use kibitz::Contract;
    /// assert_eq!(Contract::from_ascii(b"3ntxx").unwrap().to_string(), "3NTXX");
    /// assert_eq!(Contract::from_ascii(b"Pass"), None);
    /// ```
    pub fn from_ascii(s: &[u8]) -> Option<Contract> {
        let n_x = s
            .iter()
            .rev()
            .take_while(|c| c.eq_ignore_ascii_case(&b'X'))
            .count();
        Some(Contract {
            bid: Bid::from_ascii(&s[..s.len() - n_x])?,
            risk: Risk::of_doubles(n_x)?,
        })
    }
}

impl FromStr for Contract {
    type Err = ParseCallError;
    fn from_str(s: &str) -> Result<Contract, ParseCallError> {
        Contract::from_ascii(s.as_bytes()).ok_or_else(|| ParseCallError::Contract(s.to_owned()))
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.bid, self.risk)
    }
}

/// Which sides are vulnerable.
///
/// ```
/// use kibitz::{Seat, Vulnerability};
/// let v = Vulnerability::from_pbn("Both").unwrap();
/// assert_eq!(v, Vulnerability::All);
/// assert!(v.is_vulnerable(Seat::North));
/// assert!(!Vulnerability::NorthSouth.is_vulnerable(Seat::West));
/// assert_eq!(Vulnerability::for_board(4), Vulnerability::All);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Vulnerability {
    /// Nobody vulnerable.
    None,
    /// North-South vulnerable.
    NorthSouth,
    /// East-West vulnerable.
    EastWest,
    /// Both sides vulnerable.
    All,
}

impl Vulnerability {
    /// Whether the side of `seat` is vulnerable.
    ///
    /// ```
    /// use kibitz::{Seat, Vulnerability};
    /// assert!(Vulnerability::EastWest.is_vulnerable(Seat::East));
    /// ```
    pub const fn is_vulnerable(self, seat: Seat) -> bool {
        self.side_vulnerable(seat.side())
    }

    /// Whether `side` is vulnerable.
    ///
    /// ```
    /// use kibitz::{Side, Vulnerability};
    /// assert!(!Vulnerability::None.side_vulnerable(Side::NorthSouth));
    /// ```
    pub const fn side_vulnerable(self, side: Side) -> bool {
        matches!(
            (self, side),
            (Vulnerability::All, _)
                | (Vulnerability::NorthSouth, Side::NorthSouth)
                | (Vulnerability::EastWest, Side::EastWest)
        )
    }

    /// Parses the PBN values `None`, `Love`, `-`, `NS`, `EW`, `All`, `Both`
    /// (either case).
    ///
    /// ```
    /// use kibitz::Vulnerability;
    /// assert_eq!(Vulnerability::from_pbn("love"), Some(Vulnerability::None));
    /// assert_eq!(Vulnerability::from_pbn("E"), None);
    /// ```
    pub fn from_pbn(s: &str) -> Option<Vulnerability> {
        Vulnerability::from_ascii(s.as_bytes())
    }

    /// [`Vulnerability::from_pbn`] on bytes, as read from a file.
    ///
    /// ```
    /// use kibitz::Vulnerability;
    /// assert_eq!(Vulnerability::from_ascii(b"BOTH"), Some(Vulnerability::All));
    /// assert_eq!(Vulnerability::from_ascii(b"N-S"), None);
    /// ```
    pub fn from_ascii(s: &[u8]) -> Option<Vulnerability> {
        // Compared without case and without allocating a lowercase copy.
        let is = |w: &[u8]| s.eq_ignore_ascii_case(w);
        Some(if is(b"none") || is(b"love") || s == b"-" {
            Vulnerability::None
        } else if is(b"ns") {
            Vulnerability::NorthSouth
        } else if is(b"ew") {
            Vulnerability::EastWest
        } else if is(b"all") || is(b"both") {
            Vulnerability::All
        } else {
            return None;
        })
    }

    /// Vulnerability of board `n` in the standard 16-board cycle (Law 2).
    ///
    /// ```
    /// use kibitz::Vulnerability;
    /// assert_eq!(Vulnerability::for_board(1), Vulnerability::None);
    /// assert_eq!(Vulnerability::for_board(16), Vulnerability::EastWest);
    /// assert_eq!(Vulnerability::for_board(17), Vulnerability::None);
    /// ```
    pub const fn for_board(n: u32) -> Vulnerability {
        use Vulnerability::*;
        const CYCLE: [Vulnerability; 16] = [
            None, NorthSouth, EastWest, All, NorthSouth, EastWest, All, None, EastWest, All, None,
            NorthSouth, All, None, NorthSouth, EastWest,
        ];
        CYCLE[((n + 15) % 16) as usize]
    }
}

impl Vulnerability {
    /// The name written in messages (and by [`fmt::Display`]).
    ///
    /// ```
    /// use kibitz::Vulnerability;
    /// assert_eq!(Vulnerability::NorthSouth.as_str(), "NS");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Vulnerability::None => "None",
            Vulnerability::NorthSouth => "NS",
            Vulnerability::EastWest => "EW",
            Vulnerability::All => "All",
        }
    }
}

impl fmt::Display for Vulnerability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Dealer of board `n` in the standard cycle: N, E, S, W for `n mod 4` = 1, 2, 3, 0.
///
/// ```
/// use kibitz::{dealer_for_board, Seat};
/// assert_eq!(dealer_for_board(1), Seat::North);
/// assert_eq!(dealer_for_board(8), Seat::West);
/// ```
pub const fn dealer_for_board(n: u32) -> Seat {
    Seat::from_index(((n + 3) % 4) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_cycle_matches_reference_table() {
        // shared/reference/bridge.md: boards 1..16.
        let table = [
            "None", "NS", "EW", "All", "NS", "EW", "All", "None", "EW", "All", "None", "NS", "All",
            "None", "NS", "EW",
        ];
        for (i, v) in table.iter().enumerate() {
            let n = i as u32 + 1;
            assert_eq!(Vulnerability::for_board(n).to_string(), *v, "board {n}");
            assert_eq!(
                Vulnerability::for_board(n + 16).to_string(),
                *v,
                "board {}",
                n + 16
            );
        }
        let dealers: String = (1..=8).map(|n| dealer_for_board(n).char()).collect();
        assert_eq!(dealers, "NESWNESW");
    }

    #[test]
    fn call_from_ascii_reads_exactly_the_pbn_spellings() {
        // Every text of 1 to 4 bytes over an alphabet of the call characters and
        // their neighbours: a call exactly when it is Pass, X or XX in any case,
        // or a level 1-7 and C D H S NT in any case. `\x11` and `\x17` are `1`
        // and `7` but for the bit that tells a letter's case.
        let alphabet = b"01789CcDdHhSsNnTtXxPpAaYZ?\xe9 \x11\x17";
        let mut texts: Vec<Vec<u8>> = vec![Vec::new()];
        for len in 1..=4 {
            let shorter: Vec<Vec<u8>> = texts
                .iter()
                .filter(|t| t.len() == len - 1)
                .cloned()
                .collect();
            for t in shorter {
                for &c in alphabet {
                    let mut u = t.clone();
                    u.push(c);
                    texts.push(u);
                }
            }
        }
        let mut calls = 0;
        for t in &texts {
            let lower = t.to_ascii_lowercase();
            let expected = match lower.as_slice() {
                b"pass" => Some(Call::Pass),
                b"x" => Some(Call::Double),
                b"xx" => Some(Call::Redouble),
                [l @ b'1'..=b'7', strain @ ..] => {
                    let strain = match strain {
                        b"c" => Some(Strain::Clubs),
                        b"d" => Some(Strain::Diamonds),
                        b"h" => Some(Strain::Hearts),
                        b"s" => Some(Strain::Spades),
                        b"nt" => Some(Strain::NoTrump),
                        _ => None,
                    };
                    strain.map(|s| Call::Bid(Bid::new(l - b'0', s).unwrap()))
                }
                _ => None,
            };
            assert_eq!(
                Call::from_ascii(t),
                expected,
                "{:?}",
                String::from_utf8_lossy(t)
            );
            calls += usize::from(expected.is_some());
        }
        // Pass in 16 cases, X in 2, XX in 4, bids: the levels 1 and 7 of the
        // alphabet x (4 suits x 2 cases + NT in 4 cases).
        assert_eq!(calls, 16 + 2 + 4 + 2 * (8 + 4));
        for long in [&b"passx"[..], b"1ntx", b"1nt ", b"xxx", b"pass\n"] {
            assert_eq!(Call::from_ascii(long), None, "{long:?}");
        }
    }

    #[test]
    fn contract_parsing() {
        assert!(Contract::from_ascii(b"1CXXX").is_none());
        assert!(Contract::from_ascii(b"X").is_none());
        assert!(Contract::from_ascii(b"8NT").is_none());
        assert_eq!(Contract::from_ascii(b"7nt").unwrap().to_string(), "7NT");
        assert_eq!(Contract::from_ascii(b"2sX").unwrap().to_string(), "2SX");
    }
}
