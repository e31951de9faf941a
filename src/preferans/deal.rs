//! A preferans deal as recorded, free of any notation: what the rule module checks.
//!
//! Decoders ([`crate::ppn`] for the text and JSON forms) fill a [`Deal`]; every
//! field is `None` when it was not written or could not be read (the decoder has
//! reported why). Positions point at each field, so findings can name the place.
//! Entries that the notation writes in deal order (cards, bids, summary) are kept
//! in deal order here too.

use std::fmt;

use smallvec::SmallVec;

use super::{Accepted, Bid, Card, Contract, Discard, Kontra, Player};
use crate::Pos;

/// The fields of a deal, in PPN order.
///
/// ```
/// use kibitz::preferans::Field;
/// assert_eq!(Field::Summary.name(), "summary");
/// assert_eq!(Field::ALL.len(), 14);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Field {
    /// Deal number.
    Id,
    /// First bidder, second bidder, dealer.
    Order,
    /// The 32 cards as dealt.
    Cards,
    /// Highest bid of each player.
    Bids,
    /// The auction winner.
    Main,
    /// Main's two discards or `XX`.
    Discarded,
    /// The contract.
    Contract,
    /// Who followed.
    Accepted,
    /// Kontra or invitation.
    Kontra,
    /// Played under refa.
    Refa,
    /// Contract value.
    Value,
    /// First leader.
    Starts,
    /// The tricks.
    Throws,
    /// Tricks and scores.
    Summary,
}

impl Field {
    /// All fields in PPN order.
    ///
    /// ```
    /// use kibitz::preferans::Field;
    /// assert_eq!(Field::ALL[9], Field::Refa);
    /// ```
    pub const ALL: [Field; 14] = [
        Field::Id,
        Field::Order,
        Field::Cards,
        Field::Bids,
        Field::Main,
        Field::Discarded,
        Field::Contract,
        Field::Accepted,
        Field::Kontra,
        Field::Refa,
        Field::Value,
        Field::Starts,
        Field::Throws,
        Field::Summary,
    ];

    /// The field's name as the spec gives it.
    ///
    /// ```
    /// use kibitz::preferans::Field;
    /// assert_eq!(Field::Order.name(), "deal order");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Field::Id => "id",
            Field::Order => "deal order",
            Field::Cards => "cards",
            Field::Bids => "bids",
            Field::Main => "main",
            Field::Discarded => "discarded",
            Field::Contract => "contract",
            Field::Accepted => "accepted",
            Field::Kontra => "kontra",
            Field::Refa => "refa",
            Field::Value => "value",
            Field::Starts => "starts",
            Field::Throws => "throws",
            Field::Summary => "summary",
        }
    }
}

/// One trick: the cards in play order from the leader, and the recorded winner.
///
/// ```
/// use kibitz::preferans::{Card, Player, Trick};
/// let c = |b| Card::from_code(b).unwrap();
/// let t = Trick::new(&[c(b'2'), c(b'A'), c(b'1')], Player::Two, Default::default());
/// assert_eq!(t.cards().len(), 3);
/// assert_eq!(t.to_string(), "2A12");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Trick {
    cards: [Card; 3],
    len: u8,
    /// The player the record says won the trick.
    pub winner: Player,
    /// Where the trick is written.
    pub pos: Pos,
}

impl Trick {
    /// A trick of the first (up to) three of `cards`.
    ///
    /// ```
    /// use kibitz::preferans::{Card, Player, Trick};
    /// let t = Trick::new(&[Card::from_code(b'8').unwrap(), Card::from_code(b'9').unwrap()], Player::One, Default::default());
    /// assert_eq!(t.to_string(), "891");
    /// ```
    pub fn new(cards: &[Card], winner: Player, pos: Pos) -> Trick {
        let mut a = [Card::MIN; 3];
        let len = cards.len().min(3);
        a[..len].copy_from_slice(&cards[..len]);
        Trick {
            cards: a,
            len: len as u8,
            winner,
            pos,
        }
    }

    /// The cards in play order.
    ///
    /// ```
    /// use kibitz::preferans::{Card, Player, Trick};
    /// let t = Trick::new(&[Card::MIN; 2], Player::One, Default::default());
    /// assert_eq!(t.cards().len(), 2);
    /// ```
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }
}

impl fmt::Display for Trick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.cards() {
            write!(f, "{}", c.code() as char)?;
        }
        write!(f, "{}", self.winner)
    }
}

/// The column a follower writes his supa in: the one facing main.
///
/// ```
/// use kibitz::preferans::{Column, Player};
/// // Main 2, follower 3: main is 3's left neighbour.
/// assert_eq!(Column::facing(Player::Three, Player::Two), Column::Left);
/// assert_eq!(Column::facing(Player::One, Player::Two), Column::Right);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Column {
    /// `L`.
    Left,
    /// `R`.
    Right,
}

impl Column {
    /// The column `follower` writes against `main`: `R` when main is the
    /// follower's right neighbour (id + 1), else `L`.
    ///
    /// ```
    /// use kibitz::preferans::{Column, Player};
    /// assert_eq!(Column::facing(Player::Three, Player::One), Column::Right);
    /// ```
    pub fn facing(follower: Player, main: Player) -> Column {
        if follower.right() == main {
            Column::Right
        } else {
            Column::Left
        }
    }

    /// The letter.
    ///
    /// ```
    /// use kibitz::preferans::Column;
    /// assert_eq!(Column::Left.letter(), 'L');
    /// ```
    pub const fn letter(self) -> char {
        match self {
            Column::Left => 'L',
            Column::Right => 'R',
        }
    }
}

/// One player's summary entry.
///
/// ```
/// use kibitz::preferans::{Column, Entry};
/// let e = Entry::Follower { tricks: 1, column: Column::Left, supa: 20, failed: Some(20) };
/// assert_eq!(e.to_string(), "F1:L20:20");
/// assert_eq!(Entry::Main { tricks: 6, middle: -20 }.to_string(), "M6:-20");
/// assert_eq!(Entry::Out.to_string(), "0");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Entry {
    /// `0`: did not play.
    Out,
    /// `F<tricks>:<L|R><supa>[:<middle>]`.
    Follower {
        /// Tricks taken.
        tricks: u8,
        /// Column the supa goes in.
        column: Column,
        /// Supa written.
        supa: i64,
        /// Added to the middle column when the follower failed.
        failed: Option<i64>,
    },
    /// `M<tricks>:<middle>`: negative when main passed.
    Main {
        /// Tricks taken.
        tricks: u8,
        /// Added to main's middle column.
        middle: i64,
    },
}

impl Entry {
    /// The tricks the entry claims (0 for `0`).
    ///
    /// ```
    /// use kibitz::preferans::Entry;
    /// assert_eq!(Entry::Main { tricks: 7, middle: -8 }.tricks(), 7);
    /// ```
    pub const fn tricks(self) -> u8 {
        match self {
            Entry::Out => 0,
            Entry::Follower { tricks, .. } | Entry::Main { tricks, .. } => tricks,
        }
    }
}

impl fmt::Display for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Entry::Out => f.write_str("0"),
            Entry::Follower {
                tricks,
                column,
                supa,
                failed,
            } => {
                write!(f, "F{tricks}:{}{supa}", column.letter())?;
                if let Some(m) = failed {
                    write!(f, ":{m}")?;
                }
                Ok(())
            }
            Entry::Main { tricks, middle } => write!(f, "M{tricks}:{middle}"),
        }
    }
}

/// How messages name a deal: `deal 3`, or `deal ?` without a readable id.
///
/// ```
/// use kibitz::preferans::DealLabel;
/// assert_eq!(DealLabel(Some(3)).to_string(), "deal 3");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DealLabel(pub Option<u64>);

impl fmt::Display for DealLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(id) => write!(f, "deal {id}"),
            None => f.write_str("deal ?"),
        }
    }
}

/// A deal as recorded. `None` means not written or unreadable. Two fields have an
/// inner `Option` for PPN's `0`: `kontra` (`Some(None)` = no kontra) and `starts`
/// (`Some(None)` = nobody leads, for a deal without play).
///
/// ```
/// use kibitz::preferans::Deal;
/// let d = Deal::default();
/// assert_eq!(d.label().to_string(), "deal ?");
/// assert!(!d.all_passed());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Deal {
    /// Where the deal starts.
    pub pos: Pos,
    /// Where each field starts, by [`Field`] index (the deal's position when a
    /// form does not give one per field).
    pub at: [Pos; 14],
    /// Number of fields written: 14, 13 (refa absent) or 4 (all passed).
    pub fields: u8,
    /// Deal number.
    pub id: Option<u64>,
    /// Deal order as written (the rules check that it is a permutation).
    pub order: Option<[Player; 3]>,
    /// The 32 cards as dealt: 10 per deal-order position, then the talon.
    pub cards: Option<[Card; 32]>,
    /// Highest bids in deal order.
    pub bids: Option<[Bid; 3]>,
    /// The auction winner.
    pub main: Option<Player>,
    /// Main's discards.
    pub discarded: Option<Discard>,
    /// The contract.
    pub contract: Option<Contract>,
    /// Who followed.
    pub accepted: Option<Accepted>,
    /// Kontra chain; `Some(None)` is `0`.
    #[cfg_attr(
        feature = "serde",
        serde(
            default,
            skip_serializing_if = "Option::is_none",
            with = "crate::serde_text::double_option"
        )
    )]
    pub kontra: Option<Option<Kontra>>,
    /// Refa field; `None` also when absent (13 fields).
    pub refa: Option<bool>,
    /// Contract value.
    pub value: Option<u32>,
    /// First leader; `Some(None)` is `0`.
    #[cfg_attr(
        feature = "serde",
        serde(
            default,
            skip_serializing_if = "Option::is_none",
            with = "crate::serde_text::double_option"
        )
    )]
    pub starts: Option<Option<Player>>,
    /// The tricks, in order.
    pub tricks: Option<SmallVec<[Trick; 10]>>,
    /// Summary entries in deal order.
    pub summary: Option<[Entry; 3]>,
}

impl Deal {
    /// Clears the deal for reuse.
    ///
    /// ```
    /// use kibitz::preferans::Deal;
    /// let mut d = Deal { id: Some(4), ..Deal::default() };
    /// d.clear();
    /// assert_eq!(d, Deal::default());
    /// ```
    pub fn clear(&mut self) {
        *self = Deal::default();
    }

    /// "deal 3", or "deal ?" when the id is unreadable (formatted only when used).
    ///
    /// ```
    /// use kibitz::preferans::Deal;
    /// assert_eq!(Deal { id: Some(7), ..Deal::default() }.label().to_string(), "deal 7");
    /// ```
    pub fn label(&self) -> DealLabel {
        DealLabel(self.id)
    }

    /// Whether the record is the 4-field form of a deal where all three passed.
    ///
    /// ```
    /// use kibitz::preferans::Deal;
    /// assert!(Deal { fields: 4, ..Deal::default() }.all_passed());
    /// ```
    pub fn all_passed(&self) -> bool {
        self.fields == 4
    }

    /// Whether the refa field was written.
    ///
    /// ```
    /// use kibitz::preferans::Deal;
    /// assert!(!Deal { fields: 13, ..Deal::default() }.refa_written());
    /// ```
    pub fn refa_written(&self) -> bool {
        self.fields >= 14
    }

    /// Where `field` starts.
    ///
    /// ```
    /// use kibitz::preferans::{Deal, Field};
    /// assert_eq!(Deal::default().at(Field::Value), kibitz::Pos::default());
    /// ```
    pub fn at(&self, field: Field) -> Pos {
        self.at[field as usize]
    }
}
