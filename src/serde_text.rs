//! `serde` for the types best written as their notation text (feature
//! `serde`): a bridge card is `"SA"`, a hand `"AK.QJT..98765432"` (PBN's hand
//! syntax), a call `"1NT"`, `"Pass"`, `"X"`, a contract `"4SX"`; a pinochle
//! card `"HA"` and a multiset of cards as its notation writes it; a preferans
//! card by its short name (`"JD"`, `"XS"` for the ten of spades). Reading back
//! goes through the same parsers as the notations, so a value that does not
//! parse is an error, never a card that cannot exist.
//!
//! The types with public fields derive their impls where they are declared.
//!
//! ```
//! # #[cfg(feature = "serde")] {
//! let card: kibitz::Card = "HQ".parse().unwrap();
//! assert_eq!(serde_json::to_string(&card).unwrap(), "\"HQ\"");
//! assert_eq!(serde_json::from_str::<kibitz::Card>("\"HQ\"").unwrap(), card);
//! assert!(serde_json::from_str::<kibitz::Card>("\"H1\"").is_err());
//! # }
//! ```

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// `Serialize` by `Display`, `Deserialize` by `FromStr`.
macro_rules! as_text {
    ($($t:ty),* $(,)?) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                String::deserialize(d)?.parse().map_err(D::Error::custom)
            }
        }
    )*};
}

as_text!(
    crate::bridge::Card,
    crate::bridge::CardSet,
    crate::bridge::Call,
    crate::bridge::Bid,
    crate::bridge::Contract,
    crate::pinochle::Card,
    crate::pinochle::Cards,
);

impl Serialize for crate::preferans::Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.mini())
    }
}

impl<'de> Deserialize<'de> for crate::preferans::Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        (0..32)
            .filter_map(crate::preferans::Card::from_index)
            .find(|c| c.mini() == name)
            .ok_or_else(|| D::Error::custom(format!("not a preferans card: {name:?}")))
    }
}

/// A preferans trick as written: its cards in order (at most 3), the winner
/// written, where it is.
#[derive(Serialize, Deserialize)]
#[serde(rename = "Trick")]
struct TrickText {
    cards: smallvec::SmallVec<[crate::preferans::Card; 3]>,
    winner: crate::preferans::Player,
    pos: crate::Pos,
}

impl Serialize for crate::preferans::Trick {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        TrickText {
            cards: self.cards().iter().copied().collect(),
            winner: self.winner,
            pos: self.pos,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for crate::preferans::Trick {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let t = TrickText::deserialize(d)?;
        if t.cards.len() > 3 {
            return Err(D::Error::custom(format!(
                "a preferans trick has at most 3 cards, not {}",
                t.cards.len()
            )));
        }
        Ok(crate::preferans::Trick::new(&t.cards, t.winner, t.pos))
    }
}

/// An `Option<Option<T>>` field of a model (a field that may be unread,
/// written as "none", or written with a value): unread is left out, "none" is
/// `null`, a value is the value. Use with
/// `#[serde(default, skip_serializing_if = "Option::is_none", with = "crate::serde_text::double_option")]`.
pub(crate) mod double_option {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub(crate) fn serialize<T: Serialize, S: Serializer>(
        v: &Option<Option<T>>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match v {
            Some(inner) => inner.serialize(s),
            None => s.serialize_none(),
        }
    }

    pub(crate) fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Option<T>>, D::Error> {
        Option::<T>::deserialize(d).map(Some)
    }
}
