//! What every game at the table shares: suits, the four seats and sides of
//! four-handed games, `By*` containers, and the set algebra behind each deck's
//! card bitset. Games build their own vocabulary on top of this floor.

mod bitset;
mod by;
mod seat;
mod suit;

pub(crate) use bitset::bitset_ops;
pub use by::{BySeat, BySuit};
pub use seat::{Seat, Side};
pub use suit::Suit;
