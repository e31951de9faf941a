//! The rule module: checks a [`Hand`] record by record, keeping the game's
//! running scores from one record to the next of a file.

mod auction;
mod deal;
mod meld;
mod score;
mod tricks;

pub(crate) use auction::on_steps;

use super::{ByTeam, Competition, Fault, Hand, Options, Outcome, Trump, value};
use crate::{Pos, Seat};
use score::Facts;

/// A sink for what the checks find: the fault and where.
///
/// ```
/// use kibitz::pinochle::{Fault, Sink};
/// let mut n = 0;
/// let sink: &mut Sink = &mut |_, _| n += 1;
/// sink(Fault::VariantOther, Default::default());
/// assert_eq!(n, 1);
/// ```
pub type Sink<'a> = dyn FnMut(Fault, Pos) + 'a;
type Out<'a> = Sink<'a>;

/// What one hand leaves for the next of its game.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct Prev {
    number: Option<u32>,
    dealer: Option<Seat>,
    /// GameScores the next hand starts from: this hand's GameScores plus its
    /// correct HandScores.
    next_game: Option<ByTeam<i32>>,
    /// The same from the correct totals of every hand so far (the
    /// reference's "running totals are computed from the correct values").
    next_true: Option<ByTeam<i32>>,
    /// The game is over (a team reached the game, or the hand was terminated).
    over: bool,
}

impl Prev {
    /// Whether a hand numbered `number` goes on with this hand's game: the
    /// game is not over and the numbers follow (or neither hand has one).
    fn continued_by(&self, number: Option<u32>) -> bool {
        !self.over
            && match (self.number, number) {
                (Some(a), Some(b)) => a.checked_add(1) == Some(b),
                (None, None) => true,
                _ => false,
            }
    }
}

/// Checks hands one after the other, in bounded memory: only the previous
/// hand's number, dealer and scores are kept.
///
/// ```
/// use kibitz::pinochle::{Checker, Hand, Options};
/// let mut c = Checker::new(Options::default());
/// let mut found = Vec::new();
/// c.check(&Hand::default(), &mut |f, _| found.push(f.rule().id));
/// assert!(found.is_empty()); // nothing recorded, nothing to check
/// ```
#[derive(Clone, Debug, Default)]
pub struct Checker {
    opts: Options,
    prev: Option<Prev>,
}

impl Checker {
    /// A checker under `opts`, at the start of a file.
    ///
    /// ```
    /// use kibitz::pinochle::{Checker, Options};
    /// let mut o = Options::default();
    /// o.set("must_head=off").unwrap();
    /// assert!(!Checker::new(o).options().must_head);
    /// ```
    pub fn new(opts: Options) -> Checker {
        Checker { opts, prev: None }
    }

    /// The rule options.
    ///
    /// ```
    /// use kibitz::pinochle::{Checker, Options};
    /// assert_eq!(Checker::new(Options::default()).options().min_bid, 50);
    /// ```
    pub fn options(&self) -> &Options {
        &self.opts
    }

    /// Forgets the previous hand (a new file).
    ///
    /// ```
    /// use kibitz::pinochle::{At, ByTeam, Checker, Hand, Options, Written};
    /// use kibitz::Pos;
    /// let mut c = Checker::new(Options::default());
    /// let mut h = Hand::default();
    /// h.number = Some(At::new(Written::Value(2), Pos::new(1, 7)));
    /// h.game_scores = Some(At::new(Written::Value(ByTeam::new(5, 0)), Pos::new(2, 14)));
    /// c.reset();
    /// c.check(&h, &mut |f, _| panic!("{f}")); // no hand 1 before it: nothing to compare
    /// ```
    pub fn reset(&mut self) {
        self.prev = None;
    }

    /// Whether checking a hand numbered `number` next reads anything of the
    /// hands checked before: when it does not, it is checked as the first
    /// hand of a file is (one input read in pieces relies on that).
    pub(crate) fn carries_into(&self, number: Option<u32>) -> bool {
        self.prev.is_some_and(|p| p.continued_by(number))
    }

    /// Checks one hand and remembers what the next hand of its game needs.
    ///
    /// ```
    /// use kibitz::pinochle::{At, ByTeam, Checker, Hand, Options, Written};
    /// use kibitz::Pos;
    /// let mut h = Hand::default();
    /// h.number = Some(At::new(Written::Value(1), Pos::new(1, 7)));
    /// h.game_scores = Some(At::new(Written::Value(ByTeam::new(5, 0)), Pos::new(2, 14)));
    /// let mut ids = Vec::new();
    /// Checker::new(Options::default()).check(&h, &mut |f, pos| ids.push((f.rule().id, pos)));
    /// assert_eq!(ids, [("pinochle.score.game", Pos::new(2, 14))]); // hand 1 starts at 0:0
    /// ```
    pub fn check(&mut self, h: &Hand, out: &mut Sink) {
        let prev = self.prev.take();
        if let Some(c) = &h.competition
            && c.value == Competition::Other
        {
            out(Fault::VariantOther, c.pos);
            return;
        }
        let number = value(&h.number).copied();
        let dealer = value(&h.dealer).copied();
        let (game_before, true_before) = self.check_chain(h, prev, number, dealer, out);
        let mut next = Prev {
            number,
            dealer,
            next_game: None,
            next_true: None,
            over: true,
        };
        if !check_termination(h, out) {
            next.over = false;
        }
        let terminated = next.over;
        if let Some(done) = self.check_hand(h, dealer, game_before, terminated, out) {
            next.next_game = done.0;
            // This hand's correct HandScores on the correct total before it.
            next.next_true = match (done.0, game_before, true_before) {
                (Some(after), Some(before), Some(truth)) => Some(ByTeam::new(
                    truth.values[0] + after.values[0] - before.values[0],
                    truth.values[1] + after.values[1] - before.values[1],
                )),
                _ => done.0,
            };
            next.over |= done.1;
        }
        self.prev = Some(next);
    }

    /// GameScores and dealer against the previous hand; returns the scores the
    /// hand starts from, as written (else expected), and as the correct totals
    /// of the hands before give them (else as written). A GameScores is a
    /// fault when it is neither the previous hand's GameScores plus its
    /// correct HandScores nor the correct total: one wrong GameScores is one
    /// finding, whether the hands after it carry the error on or not (the
    /// reference: "running totals are computed from the correct values").
    #[allow(clippy::type_complexity)]
    fn check_chain(
        &self,
        h: &Hand,
        prev: Option<Prev>,
        number: Option<u32>,
        dealer: Option<Seat>,
        out: &mut Out,
    ) -> (Option<ByTeam<i32>>, Option<ByTeam<i32>>) {
        let cont = prev.filter(|p| p.continued_by(number));
        let (expected, truth) = if number == Some(1) {
            let zero = ByTeam::new(0, 0);
            (Some((zero, None)), Some(zero))
        } else {
            match cont {
                Some(p) => (p.next_game.map(|g| (g, p.number)), p.next_true),
                None => (None, None),
            }
        };
        if let Some((exp, previous)) = expected
            && let Some(at) = &h.game_scores
            && let Some(&written) = at.value.value()
            && written != exp
            && Some(written) != truth
        {
            out(
                Fault::GameScores {
                    written,
                    expected: exp,
                    previous,
                },
                at.pos,
            );
        }
        if let Some(p) = cont
            && let (Some(pd), Some(d)) = (p.dealer, dealer)
            && d != pd.lho()
            && let Some(at) = &h.dealer
        {
            out(
                Fault::DealDealer {
                    written: d,
                    expected: pd.lho(),
                },
                at.pos,
            );
        }
        let written = value(&h.game_scores).copied();
        (written.or(expected.map(|e| e.0)), truth.or(written))
    }

    /// The hand itself; returns the next hand's GameScores and whether the game
    /// is won, when the hand gets that far.
    fn check_hand(
        &self,
        h: &Hand,
        dealer: Option<Seat>,
        game_before: Option<ByTeam<i32>>,
        terminated: bool,
        out: &mut Out,
    ) -> Option<(Option<ByTeam<i32>>, bool)> {
        let opts = &self.opts;
        let dealt = deal::check_deal(h, dealer, out);
        let hands = deal::check_holding(h, dealt, dealer, out);
        let (bid, declarer) = contract(h, dealer, opts, out)?;
        let trump = *value(&h.trump)?;
        if let Some(hs) = &hands {
            meld::check_trump(h, declarer, hs, out);
        }
        let declaring = declarer.side();
        let meld = match meld::check_melds(h, trump, hands.as_ref(), out) {
            Some(raw) => {
                meld::check_meld_scores(h, raw, opts, out);
                Some(raw.map(|r| meld::counted(r, opts)))
            }
            None => value(&h.meld_scores).copied(),
        };
        let not_played = match (trump, meld) {
            (Trump::NoMarriage, _) => Some(Outcome::NoTrump),
            (_, Some(m)) => (!opts.no_board_played && opts.meld_minimum > 0 && m[declaring] == 0)
                .then_some(Outcome::NoBoard),
            (_, None) => value(&h.result).copied().filter(|&r| r == Outcome::NoBoard),
        };
        let counters = match (not_played, &h.play) {
            (Some(np), Some(p)) => {
                if let Some(t) = p.tricks.first() {
                    out(
                        Fault::Extra {
                            tricks: p.tricks.len(),
                            not_played: Some(np),
                        },
                        t.pos,
                    );
                }
                Some(ByTeam::new(0, 0))
            }
            (Some(_), None) => Some(ByTeam::new(0, 0)),
            (None, Some(p)) => {
                let r = tricks::check_play(
                    p,
                    terminated,
                    hands,
                    Some(declarer),
                    trump.suit(),
                    opts,
                    out,
                );
                if r.terminated {
                    return None;
                }
                r.counters
            }
            (None, None) => None,
        };
        if terminated {
            return None;
        }
        let counters = counters?;
        if let Some(at) = &h.play_scores
            && let Some(&written) = at.value.value()
        {
            let expected = counters.map(|c| c as i32);
            if written != expected {
                out(Fault::PlayScores { written, expected }, at.pos);
            }
        }
        let facts = Facts {
            declaring,
            bid,
            meld: meld?,
            counters,
        };
        let outcome = not_played.unwrap_or_else(|| score::played_outcome(&facts, opts));
        if let Some(at) = &h.result
            && let Some(&written) = at.value.value()
            && written != outcome
        {
            out(
                Fault::Result {
                    written,
                    expected: outcome,
                    why: score::why(&facts, outcome, opts),
                },
                at.pos,
            );
        }
        let hand_scores = score::hand_scores(&facts, outcome, opts);
        if let Some(at) = &h.hand_scores
            && let Some(&written) = at.value.value()
            && written != hand_scores
        {
            out(
                Fault::HandScores {
                    written,
                    expected: hand_scores,
                },
                at.pos,
            );
        }
        let Some(before) = game_before else {
            return Some((None, false));
        };
        let totals = ByTeam::new(
            before.values[0] + hand_scores.values[0],
            before.values[1] + hand_scores.values[1],
        );
        let won = score::victor(totals, declaring, opts);
        if let Some(at) = &h.victor
            && let Some(&written) = at.value.value()
            && Some(written) != won
        {
            out(
                Fault::Victor {
                    written,
                    expected: won,
                    totals,
                },
                at.pos,
            );
        }
        Some((Some(totals), won.is_some()))
    }
}

/// The contract and declarer: from the auction when it is complete (the tags
/// checked against it), else from the tags.
fn contract(h: &Hand, dealer: Option<Seat>, opts: &Options, out: &mut Out) -> Option<(u32, Seat)> {
    let tags = || Some((*value(&h.contract)?, *value(&h.declarer)?));
    let Some(a) = &h.auction else {
        return tags();
    };
    let won = auction::check_auction(a, dealer, opts, out);
    if won.terminated {
        return None;
    }
    let Some((bid, bidder)) = won.winner.filter(|_| won.complete) else {
        return if a.first.is_none() { tags() } else { None };
    };
    if let Some(at) = &h.contract
        && let Some(&written) = at.value.value()
        && written != bid
    {
        out(Fault::AuctionContract { written, bid }, at.pos);
    }
    if let Some(at) = &h.declarer
        && let Some(&written) = at.value.value()
        && written != bidder
    {
        out(Fault::AuctionDeclarer { written, bidder }, at.pos);
    }
    Some((bid, bidder))
}

/// Reports a terminated hand; returns whether it is one.
fn check_termination(h: &Hand, out: &mut Out) -> bool {
    let star_tags = [
        h.declarer.as_ref().map(|a| (a.value.is_star(), a.pos)),
        h.contract.as_ref().map(|a| (a.value.is_star(), a.pos)),
        h.trump.as_ref().map(|a| (a.value.is_star(), a.pos)),
        h.melds.as_ref().map(|a| (a.value.is_star(), a.pos)),
        h.meld_scores.as_ref().map(|a| (a.value.is_star(), a.pos)),
        h.play_scores.as_ref().map(|a| (a.value.is_star(), a.pos)),
        h.result.as_ref().map(|a| (a.value.is_star(), a.pos)),
        h.hand_scores.as_ref().map(|a| (a.value.is_star(), a.pos)),
    ];
    let star = h
        .auction
        .as_ref()
        .and_then(|a| a.star)
        .or(h.play.as_ref().and_then(|p| p.star))
        .or(star_tags.into_iter().flatten().find(|s| s.0).map(|s| s.1));
    match (&h.termination, star) {
        (Some(t), _) => {
            let (seat, cause) = match t.value.value() {
                Some(v) => (v.seat, v.cause.clone()),
                None => (None, String::new()),
            };
            out(Fault::Terminated { seat, cause }, t.pos);
            if star.is_none() {
                out(Fault::TerminationMarker { tag: true }, t.pos);
            }
            true
        }
        (None, Some(pos)) => {
            out(Fault::TerminationMarker { tag: false }, pos);
            out(
                Fault::Terminated {
                    seat: None,
                    cause: String::new(),
                },
                pos,
            );
            true
        }
        (None, None) => false,
    }
}
