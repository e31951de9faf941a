//! Meld scoring: the best scoring of a set of cards under a trump suit, and the
//! physical cards it needs.
//!
//! Three classes, each card counting at most once per class: runs and
//! marriages; arounds; pinochles. Within the first class a royal marriage
//! inside a run does not count again. Classes are independent, so the best
//! scoring is the sum of each class's best; the cards needed are, per card, the
//! most copies any one class uses.

use super::{Card, Cards, MeldTable, Rank};
use crate::Suit;

/// A meld scoring: points and the cards it uses.
///
/// ```
/// use kibitz::pinochle::{meld_value, STANDARD_MELDS};
/// use kibitz::Suit;
/// // A run in hearts with an extra K Q of hearts, and a pinochle.
/// let m = meld_value("..Q.ATKKQQJ".parse().unwrap(), Some(Suit::Hearts), &STANDARD_MELDS);
/// assert_eq!(m.points, 15 + 4);
/// assert_eq!(m.used.to_string(), "...ATKKQQJ");
/// let p = meld_value(".J.Q.".parse().unwrap(), Some(Suit::Hearts), &STANDARD_MELDS);
/// assert_eq!(p.points, 4);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct MeldScore {
    /// Points.
    pub points: u32,
    /// The physical cards the melds need.
    pub used: Cards,
}

fn ladder(l: &[u32; 5], n: u8) -> u32 {
    l[usize::from(n.min(4))]
}

/// The best scoring of `cards` under `trump` (`None`: `Trump "-"`, where no
/// marriage or run counts).
///
/// ```
/// use kibitz::pinochle::{meld_value, STANDARD_MELDS};
/// // Double aces around: 100; no trump, so the K Q of clubs is not a marriage.
/// let m = meld_value("AAK.AA.AAQ.AA".parse().unwrap(), None, &STANDARD_MELDS);
/// assert_eq!(m.points, 100);
/// assert_eq!(m.used.to_string(), "AA.AA.AA.AA");
/// ```
pub fn meld_value(cards: Cards, trump: Option<Suit>, table: &MeldTable) -> MeldScore {
    let mut points = 0;
    let mut class_a = Cards::EMPTY;
    if let Some(t) = trump {
        for suit in Suit::ALL {
            let k = cards.count(Card::new(suit, Rank::King));
            let q = cards.count(Card::new(suit, Rank::Queen));
            let kq = k.min(q);
            if suit != t {
                points += ladder(&table.marriage, kq);
                class_a.set_count(Card::new(suit, Rank::King), kq.min(4));
                class_a.set_count(Card::new(suit, Rank::Queen), kq.min(4));
                continue;
            }
            let runs = Rank::ALL
                .iter()
                .map(|&r| cards.count(Card::new(suit, r)))
                .min()
                .unwrap_or(0)
                .min(4);
            // Best split of the trump K Q between runs and royal marriages.
            let (mut best, mut best_r) = (0, 0);
            for r in 0..=runs {
                let v = ladder(&table.run, r) + ladder(&table.royal_marriage, kq - r);
                if v > best {
                    (best, best_r) = (v, r);
                }
            }
            points += best;
            for rank in Rank::ALL {
                class_a.set_count(Card::new(suit, rank), best_r);
            }
            let royal = if ladder(&table.royal_marriage, kq - best_r) > 0 {
                (kq - best_r).min(4)
            } else {
                0
            };
            class_a.set_count(Card::new(suit, Rank::King), best_r + royal);
            class_a.set_count(Card::new(suit, Rank::Queen), best_r + royal);
        }
    }
    let mut class_b = Cards::EMPTY;
    for rank in Rank::ALL {
        let l = &table.around(rank);
        let n = Suit::ALL
            .iter()
            .map(|&s| cards.count(Card::new(s, rank)))
            .min()
            .unwrap_or(0)
            .min(4);
        if ladder(l, n) > 0 {
            points += ladder(l, n);
            for s in Suit::ALL {
                class_b.set_count(Card::new(s, rank), n);
            }
        }
    }
    let mut class_c = Cards::EMPTY;
    let qs = Card::new(Suit::Spades, Rank::Queen);
    let jd = Card::new(Suit::Diamonds, Rank::Jack);
    let n = cards.count(qs).min(cards.count(jd)).min(4);
    if ladder(&table.pinochle, n) > 0 {
        points += ladder(&table.pinochle, n);
        class_c.set_count(qs, n);
        class_c.set_count(jd, n);
    }
    // Marriages with a zero ladder entry use no card.
    MeldScore {
        points,
        used: class_a.union(class_b).union(class_c),
    }
}

/// Whether `cards` hold a marriage (K and Q) in `suit`.
///
/// ```
/// use kibitz::pinochle::has_marriage;
/// use kibitz::Suit;
/// assert!(has_marriage("KQ...".parse().unwrap(), Suit::Clubs));
/// assert!(!has_marriage("K.Q..".parse().unwrap(), Suit::Clubs));
/// ```
pub fn has_marriage(cards: Cards, suit: Suit) -> bool {
    cards.contains(Card::new(suit, Rank::King)) && cards.contains(Card::new(suit, Rank::Queen))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pinochle::STANDARD_MELDS;

    fn v(s: &str, t: Option<Suit>) -> u32 {
        meld_value(s.parse().unwrap(), t, &STANDARD_MELDS).points
    }

    #[test]
    fn values_from_the_reference_table() {
        // Double run in spades: 150, no royal marriage on top.
        assert_eq!(v("..AATTKKQQJJ.", Some(Suit::Spades)), 150);
        // The same cards with hearts trump: two spade marriages (4) and a double
        // pinochle? No: no jack of diamonds. Just the marriages.
        assert_eq!(v("..AATTKKQQJJ.", Some(Suit::Hearts)), 4);
        // Pinochle and queens around share the queen of spades: 4 + 6.
        assert_eq!(v("Q.QJ.Q.Q", Some(Suit::Hearts)), 10);
        // Quadruple jacks around 80 + quadruple pinochle 90 with four QS.
        assert_eq!(v("JJJJ.JJJJ.QQQQJJJJ.JJJJ", Some(Suit::Clubs)), 80 + 90);
        // A run plus a second K Q of trump: 15 + 4; a third K Q: 15 + 8.
        assert_eq!(v("ATKKKQQQJ...", Some(Suit::Clubs)), 23);
        // Trump "-": K Q of every suit is no meld, kings and queens around are.
        assert_eq!(v("KQ.KQ.KQ.KQ", None), 8 + 6);
        assert_eq!(v("KQ.KQ.KQ.KQ", Some(Suit::Hearts)), 8 + 6 + 4 + 2 * 3);
    }
}
