//! The set algebra shared by every deck's card bitset.

/// Set algebra for a card bitset newtype `$set(int)` over cards `$card`: `&`, `|`,
/// `-` (difference), `!` (complement within `$set::FULL`), their assigning forms,
/// and collecting cards into a set. Both decks' `CardSet`s use it.
macro_rules! bitset_ops {
    ($set:ident, $card:ty) => {
        impl FromIterator<$card> for $set {
            fn from_iter<I: IntoIterator<Item = $card>>(iter: I) -> $set {
                let mut s = $set::EMPTY;
                for c in iter {
                    s.insert(c);
                }
                s
            }
        }

        impl std::ops::BitAnd for $set {
            type Output = $set;
            fn bitand(self, o: $set) -> $set {
                $set(self.0 & o.0)
            }
        }

        impl std::ops::BitOr for $set {
            type Output = $set;
            fn bitor(self, o: $set) -> $set {
                $set(self.0 | o.0)
            }
        }

        impl std::ops::Sub for $set {
            type Output = $set;
            fn sub(self, o: $set) -> $set {
                $set(self.0 & !o.0)
            }
        }

        impl std::ops::Not for $set {
            type Output = $set;
            /// Complement within the deck.
            fn not(self) -> $set {
                $set(!self.0 & $set::FULL.0)
            }
        }

        impl std::ops::BitAndAssign for $set {
            fn bitand_assign(&mut self, o: $set) {
                self.0 &= o.0;
            }
        }

        impl std::ops::BitOrAssign for $set {
            fn bitor_assign(&mut self, o: $set) {
                self.0 |= o.0;
            }
        }

        impl std::ops::SubAssign for $set {
            fn sub_assign(&mut self, o: $set) {
                self.0 &= !o.0;
            }
        }
    };
}

pub(crate) use bitset_ops;
