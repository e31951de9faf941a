//! Duplicate scoring (Law 77) and the IMP scale.
//!
//! The values follow `shared/reference/bridge.md`, "Score". The table in
//! `tests/data/` cross-checks [`duplicate_score`] against an independent
//! implementation for every contract, risk, vulnerability and trick count.

use crate::{Contract, Risk, Strain};

/// Points for one odd trick in `strain` (undoubled): 20 for minors, 30 for majors,
/// 30 for no trump after the first (the first NT trick is 40).
const fn trick_value(strain: Strain) -> i32 {
    match strain {
        Strain::Clubs | Strain::Diamonds => 20,
        Strain::Hearts | Strain::Spades | Strain::NoTrump => 30,
    }
}

const fn multiplier(risk: Risk) -> i32 {
    match risk {
        Risk::Undoubled => 1,
        Risk::Doubled => 2,
        Risk::Redoubled => 4,
    }
}

/// Trick points of the contract's odd tricks (below the line), doubled as bid.
///
/// ```
/// use kibitz::bridge::score::contract_trick_points;
/// assert_eq!(contract_trick_points("3NT".parse().unwrap()), 100);
/// assert_eq!(contract_trick_points("2HX".parse().unwrap()), 120);
/// ```
pub fn contract_trick_points(c: Contract) -> i32 {
    let level = i32::from(c.bid.level());
    let base = trick_value(c.bid.strain()) * level
        + if c.bid.strain() == Strain::NoTrump {
            10
        } else {
            0
        };
    base * multiplier(c.risk)
}

/// Score of the declaring side for `contract` played by a side that is (or is not)
/// `vulnerable`, taking `tricks` tricks: positive when made, negative when down.
/// `old_mp` applies the scale before 1987 (PBN Scoring `OldMP`): non-vulnerable
/// doubled undertricks from the fourth on cost 200 each instead of 300.
///
/// ```
/// use kibitz::bridge::score::duplicate_score;
/// let c = |s: &str| s.parse().unwrap();
/// assert_eq!(duplicate_score(c("4S"), false, 10, false), 420);
/// assert_eq!(duplicate_score(c("3NT"), true, 10, false), 630);
/// assert_eq!(duplicate_score(c("1NTX"), false, 8, false), 280);
/// assert_eq!(duplicate_score(c("5HX"), false, 9, false), -300);
/// // 12 down: 100 + 200 + 200 + 9 * 300; before 1987: 100 + 11 * 200.
/// assert_eq!(duplicate_score(c("7NTX"), false, 1, false), -3200);
/// assert_eq!(duplicate_score(c("7NTX"), false, 1, true), -2300);
/// // 11 down: 100 + 200 + 200 + 8 * 300; before 1987: 100 + 10 * 200.
/// assert_eq!(duplicate_score(c("7NTX"), false, 2, false), -2900);
/// assert_eq!(duplicate_score(c("7NTX"), false, 2, true), -2100);
/// ```
pub fn duplicate_score(contract: Contract, vulnerable: bool, tricks: u8, old_mp: bool) -> i32 {
    let level = i32::from(contract.bid.level());
    let needed = level + 6;
    let tricks = i32::from(tricks.min(13));
    let risk = contract.risk;
    if tricks >= needed {
        let points = contract_trick_points(contract);
        let mut score = points;
        score += if points >= 100 {
            if vulnerable { 500 } else { 300 }
        } else {
            50
        };
        score += match (level, vulnerable) {
            (6, false) => 500,
            (6, true) => 750,
            (7, false) => 1000,
            (7, true) => 1500,
            _ => 0,
        };
        score += match risk {
            Risk::Undoubled => 0,
            Risk::Doubled => 50,
            Risk::Redoubled => 100,
        };
        let over = tricks - needed;
        score += over
            * match (risk, vulnerable) {
                (Risk::Undoubled, _) => trick_value(contract.bid.strain()),
                (Risk::Doubled, false) => 100,
                (Risk::Doubled, true) => 200,
                (Risk::Redoubled, false) => 200,
                (Risk::Redoubled, true) => 400,
            };
        score
    } else {
        let down = needed - tricks;
        let penalty = match risk {
            Risk::Undoubled => down * if vulnerable { 100 } else { 50 },
            Risk::Doubled | Risk::Redoubled => {
                let doubled = if vulnerable {
                    200 + (down - 1) * 300
                } else {
                    let later = if old_mp { 200 } else { 300 };
                    match down {
                        1 => 100,
                        2 => 300,
                        3 => 500,
                        _ => 500 + (down - 3) * later,
                    }
                };
                if risk == Risk::Redoubled {
                    doubled * 2
                } else {
                    doubled
                }
            }
        };
        -penalty
    }
}

/// IMPs for a score difference, by the WBF scale (sign kept).
///
/// ```
/// use kibitz::bridge::score::imps;
/// assert_eq!(imps(0), 0);
/// assert_eq!(imps(10), 0);
/// assert_eq!(imps(20), 1);
/// assert_eq!(imps(-620), -12);
/// assert_eq!(imps(4000), 24);
/// ```
pub fn imps(diff: i32) -> i32 {
    // Lower bounds of each IMP step, from shared/reference/bridge.md.
    const STEPS: [i32; 24] = [
        20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750,
        2000, 2250, 2500, 3000, 3500, 4000,
    ];
    let a = diff.abs();
    let n = STEPS.iter().take_while(|&&s| a >= s).count() as i32;
    if diff < 0 { -n } else { n }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Contract {
        s.parse().unwrap()
    }

    #[test]
    fn made_contracts_by_hand() {
        // Worked from Law 77 by hand.
        assert_eq!(duplicate_score(c("1C"), false, 7, false), 70); // 20 + 50
        assert_eq!(duplicate_score(c("2H"), false, 9, false), 140); // 60 + 50 + 30
        assert_eq!(duplicate_score(c("5HX"), true, 11, false), 850); // 300 + 500 + 50
        assert_eq!(duplicate_score(c("6NT"), true, 12, false), 1440); // 190 + 500 + 750
        assert_eq!(duplicate_score(c("7CXX"), true, 13, false), 2660); // 560 + 500 + 1500 + 100
        assert_eq!(duplicate_score(c("1NTXX"), false, 9, false), 960); // 160 + 300 + 100 + 2 * 200
    }

    #[test]
    fn undertricks_by_hand() {
        assert_eq!(duplicate_score(c("4S"), false, 9, false), -50);
        assert_eq!(duplicate_score(c("4S"), true, 7, false), -300);
        assert_eq!(duplicate_score(c("4SX"), false, 6, false), -800);
        assert_eq!(duplicate_score(c("4SX"), false, 6, true), -700);
        assert_eq!(duplicate_score(c("4SX"), true, 6, false), -1100);
        assert_eq!(duplicate_score(c("4SXX"), true, 6, false), -2200);
        assert_eq!(duplicate_score(c("7NTXX"), true, 0, false), -7600);
    }

    #[test]
    fn imp_scale_boundaries() {
        let table = [
            (10, 0),
            (20, 1),
            (40, 1),
            (50, 2),
            (80, 2),
            (90, 3),
            (120, 3),
            (130, 4),
            (160, 4),
            (170, 5),
            (210, 5),
            (220, 6),
            (260, 6),
            (270, 7),
            (310, 7),
            (320, 8),
            (360, 8),
            (370, 9),
            (420, 9),
            (430, 10),
            (490, 10),
            (500, 11),
            (590, 11),
            (600, 12),
            (740, 12),
            (750, 13),
            (890, 13),
            (900, 14),
            (1090, 14),
            (1100, 15),
            (1290, 15),
            (1300, 16),
            (1490, 16),
            (1500, 17),
            (1740, 17),
            (1750, 18),
            (1990, 18),
            (2000, 19),
            (2240, 19),
            (2250, 20),
            (2490, 20),
            (2500, 21),
            (2990, 21),
            (3000, 22),
            (3490, 22),
            (3500, 23),
            (3990, 23),
            (4000, 24),
            (7600, 24),
        ];
        for (d, i) in table {
            assert_eq!(imps(d), i, "{d}");
            assert_eq!(imps(-d), -i, "-{d}");
        }
    }
}
