//! The checks of one deal: cards, auction, discard, contract, followers, kontra,
//! value, then the play and the summary.

use super::auction::{self, Outcome};
use super::play::{Out, Table, replay};
use super::rules;
use super::summary::{self, SummaryFacts, Verdict};
use super::{Accepted, Bid, ByPlayer, CardSet, DealOrder, Discard, Field, KontraLevel, Lineup};
use super::{Deal, Options};

fn list(bids: &[Bid; 3]) -> String {
    format!("{},{},{}", bids[0], bids[1], bids[2])
}

/// Checks everything about `d` that needs no other deal. `holds_refa` says whether
/// main holds an unplayed refa on the game sheet (used when the refa field is
/// absent).
pub(crate) fn check_deal(d: &Deal, opts: &Options, holds_refa: bool, out: &mut Out) {
    let order = d.order.and_then(|o| {
        let valid = DealOrder::new(o);
        if valid.is_none() {
            out(
                rules::DEAL_ORDER,
                d.at(Field::Order),
                format!(
                    "deal order {}{}{} does not name players 1, 2 and 3 once each",
                    o[0], o[1], o[2]
                ),
            );
        }
        valid
    });

    let mut hands: Option<ByPlayer<CardSet>> = None;
    let mut talon = CardSet::EMPTY;
    if let Some(cards) = d.cards {
        let mut seen = CardSet::EMPTY;
        let mut twice = CardSet::EMPTY;
        for &c in &cards {
            if !seen.insert(c) {
                twice.insert(c);
            }
        }
        if !twice.is_empty() {
            out(
                rules::DEAL_CARDS,
                d.at(Field::Cards),
                format!(
                    "the cards are not 32 distinct cards: {} written more than once, {} missing",
                    twice.codes(),
                    (CardSet::FULL - seen).codes()
                ),
            );
        }
        talon = cards[30..32].iter().copied().collect();
        hands = order.map(|o| {
            ByPlayer::new_with(|p| {
                let i = o.position(p) * 10;
                cards[i..i + 10].iter().copied().collect()
            })
        });
    }
    if d.all_passed() {
        return;
    }

    // The auction.
    let mut main_bid = None;
    if let Some(bids) = d.bids {
        let outcome = auction::outcome(bids);
        match outcome {
            Outcome::Impossible => out(
                rules::AUCTION_BIDS,
                d.at(Field::Bids),
                format!(
                    "no legal auction leaves the highest bids {} (in deal order)",
                    list(&bids)
                ),
            ),
            Outcome::AllPassed => out(
                rules::AUCTION_WINNER,
                d.at(Field::Main),
                "all three passed (P,P,P), so the deal ends there, yet it goes on with a main"
                    .to_string(),
            ),
            Outcome::Won(pos) => {
                if let (Some(o), Some(m)) = (order, d.main)
                    && o.at(pos) != m
                {
                    out(
                        rules::AUCTION_WINNER,
                        d.at(Field::Main),
                        format!(
                            "the auction {} is won by player {} (bid {}), not by main {m}",
                            list(&bids),
                            o.at(pos),
                            bids[pos]
                        ),
                    );
                }
            }
        }
        if let (Some(o), Some(m)) = (order, d.main) {
            let mine = bids[o.position(m)];
            let top = bids.iter().copied().max().unwrap_or(Bid::Pass);
            if outcome == Outcome::Impossible && mine < top {
                out(
                    rules::AUCTION_WINNER,
                    d.at(Field::Main),
                    format!("main {m} bid {mine}, but another player bid {top}"),
                );
            }
            main_bid = Some(mine);
        }
    }

    // Discard and contract.
    let game = d
        .contract
        .map(|c| c.game)
        .or(main_bid.filter(|b| *b != Bid::Pass).map(Bid::is_game));
    let mut discards = CardSet::EMPTY;
    if let (Some(disc), Some(game)) = (d.discarded, game) {
        let pos = d.at(Field::Discarded);
        match disc {
            Discard::Unseen if !game => out(
                rules::DISCARD_GAME,
                pos,
                "main plays with the talon (not a game), so the field names the two discards, not XX"
                    .to_string(),
            ),
            Discard::Cards(_) if game => out(
                rules::DISCARD_GAME,
                pos,
                format!("a game is played without the talon, so the field is XX, not {disc}"),
            ),
            Discard::Unseen => {}
            Discard::Cards([a, b]) => {
                discards = [a, b].into_iter().collect();
                if let (Some(h), Some(m)) = (hands, d.main) {
                    let pool = h[m] | talon;
                    let missing: Vec<String> = [a, b]
                        .iter()
                        .filter(|c| !pool.contains(**c))
                        .map(|c| c.describe())
                        .collect();
                    if a == b {
                        out(
                            rules::DISCARD_HELD,
                            pos,
                            format!("main discards {} twice", a.describe()),
                        );
                    } else if !missing.is_empty() {
                        out(
                            rules::DISCARD_HELD,
                            pos,
                            format!(
                                "main {m} discards {}, not among his cards {} and the talon {}",
                                missing.join(" and "),
                                h[m].codes(),
                                talon.codes()
                            ),
                        );
                    }
                }
            }
        }
    }
    if let (Some(c), Some((level, g))) = (d.contract, main_bid.and_then(Bid::floor)) {
        let b = main_bid.unwrap_or(Bid::Pass);
        let why = if c.game && !g {
            Some(format!(
                "main's bid {b} is not a game, so he takes the talon and cannot play the game contract {c}"
            ))
        } else if !c.game && g {
            Some(format!(
                "main's bid {b} is a game, so the contract is a game (G{level}..G8), not {c}"
            ))
        } else if c.level < level {
            Some(format!("contract {c} is below main's bid {b}"))
        } else {
            None
        };
        if let Some(why) = why {
            out(rules::CONTRACT_BID, d.at(Field::Contract), why);
        }
    }

    // Followers and kontra.
    if let (Some(Accepted::One(f)), Some(m)) = (d.accepted, d.main)
        && f == m
    {
        out(
            rules::FOLLOW_ACCEPTED,
            d.at(Field::Accepted),
            format!("accepted names main {m}; only the other two players follow"),
        );
    }
    if let (Some(Some(k)), Some(acc), Some(m)) = (d.kontra, d.accepted, d.main) {
        let why = if acc == Accepted::Nobody {
            Some(format!(
                "nobody follows, so there is no {} ({k})",
                k.level.name()
            ))
        } else if k.by == m {
            Some(format!(
                "a {} ({k}) is started by a follower, not by main {m}",
                k.level.name()
            ))
        } else if k.level == KontraLevel::Invitation {
            match acc {
                Accepted::One(f) if f != k.by => Some(format!(
                    "only the follower who plays ({f}) can invite, not {}",
                    k.by
                )),
                // Game spade (`G2`) is a spade contract too.
                Accepted::One(_) => match d.contract {
                    Some(c) if c.level == 2 => Some(format!(
                        "there is no invitation on a spade contract ({})",
                        if c.game {
                            "game spade, `G2`"
                        } else {
                            "spade, `2`"
                        }
                    )),
                    _ => None,
                },
                _ => Some("both followers play, so there is nobody to invite".to_string()),
            }
        } else {
            match acc {
                Accepted::One(f) if f != k.by => Some(format!(
                    "player {} does not play (only {f} follows), so cannot start a {}",
                    k.by,
                    k.level.name()
                )),
                _ if k.level >= KontraLevel::Subkontra && !opts.sub_mort_kontra => Some(format!(
                    "{} is not allowed (option sub_mort_kontra is off)",
                    k.level.name()
                )),
                _ => None,
            }
        };
        if let Some(why) = why {
            out(rules::KONTRA_CHAIN, d.at(Field::Kontra), why);
        }
    }

    // Value.
    let mut value = d.value;
    if let (Some(c), Some(k)) = (d.contract, d.kontra) {
        let refa = d.refa.unwrap_or(holds_refa);
        let kmult = k.map_or(1, |k| k.level.multiplier());
        let rmult = if refa { 2 } else { 1 };
        let expected = c.base_value() * kmult * rmult;
        match d.value {
            Some(v) if v != expected => {
                let kname = k.map_or("no kontra", |k| k.level.name());
                let refa_note = if d.refa_written() {
                    String::new()
                } else if holds_refa {
                    "; the refa field is absent and main holds an unplayed refa on the game sheet"
                        .to_string()
                } else {
                    "; the refa field is absent and main holds no unplayed refa".to_string()
                };
                out(
                    rules::VALUE,
                    d.at(Field::Value),
                    format!(
                        "value is {v}, but {} base {} x {kname} {kmult} x refa {rmult} = {expected}{refa_note}",
                        c.name(),
                        c.base_value()
                    ),
                );
            }
            None => value = Some(expected),
            _ => {}
        }
    }

    // Play and summary.
    let (Some(o), Some(m), Some(acc), Some(k), Some(c)) =
        (order, d.main, d.accepted, d.kontra, d.contract)
    else {
        return;
    };
    let lineup = Lineup::new(m, acc, k);
    let expected_leader = lineup.first_leader(o, c);
    if lineup.has_play() {
        match d.starts {
            Some(Some(s)) if s != expected_leader => out(
                rules::PLAY_LEADER,
                d.at(Field::Starts),
                format!(
                    "player {expected_leader} leads the first trick of {} ({}), not {s}",
                    c.name(),
                    if c.is_sans() || c.is_preferans() {
                        "the player before main in play order, or the next who plays"
                    } else {
                        "the first bidder, or the next who plays"
                    }
                ),
            ),
            Some(None) => out(
                rules::PLAY_LEADER,
                d.at(Field::Starts),
                format!("starts is 0, but there is play and player {expected_leader} leads"),
            ),
            _ => {}
        }
    }
    let Some(tricks) = &d.tricks else {
        return;
    };
    let leader = d.starts.flatten().unwrap_or(expected_leader);
    let dealt = hands.unwrap_or_default();
    let table = Table {
        order: o,
        lineup,
        hands: hands.map(|mut h| {
            if !c.game {
                h[m] = (h[m] | talon) - discards;
            }
            h
        }),
        talon,
        discards,
        dealt,
        contract: c,
        leader,
        throws_pos: d.at(Field::Throws),
    };
    let result = replay(&table, tricks, opts, out);
    let verdict = Verdict::judge(c, &lineup, k, &result, opts);
    if let (Some(entries), Some(value)) = (d.summary, value) {
        let facts = SummaryFacts {
            order: o,
            lineup: &lineup,
            contract: c,
            kontra: k,
            value,
            result: &result,
            verdict,
            pos: d.at(Field::Summary),
        };
        summary::check(&entries, &facts, opts, out);
    }
}
