//! Legal pinochle hands and games, built by choosing among legal actions.
//!
//! Every decision (the shuffle, each call of the auction, the trump, each card)
//! is a choice among the actions the rules allow at that point, made by a
//! [`Chooser`]. [`ByteChooser`] draws the choices from a byte string, so any byte
//! string gives a legal game; with the `arbitrary` feature, `arbitrary::Unstructured`
//! is a chooser too, and [`GeneratedGame`] implements `arbitrary::Arbitrary`.
//! The generator yields the model ([`Hand`]s), never text.
//!
//! A [`Mutation`] makes the generator break exactly one rule once, at a chance
//! the chooser picks, and carry on consistently (winners, counters and scores
//! follow what was played and written), so that a check finds that one fault:
//! the mutation tests.
//!
//! ```
//! use kibitz::pinochle::generate::{generate_game, Settings};
//! use kibitz::pinochle::{Checker, Options};
//! use kibitz::choose::{splitmix_bytes, ByteChooser};
//! let bytes = splitmix_bytes(7, 40_000);
//! let game = generate_game(&mut ByteChooser::new(&bytes), &Settings::default());
//! assert!(!game.hands.is_empty());
//! let mut checker = Checker::new(Options::default());
//! for h in &game.hands {
//!     checker.check(h, &mut |f, _| assert_ne!(f.rule().severity, kibitz::Severity::Violation, "{f}"));
//! }
//! ```

use super::check::on_steps;
use super::rules;
use super::{
    At, Auction, ByTeam, Call, Card, Cards, Duty, Hand, Holdings, MeldEntry, Melds, Options,
    Outcome, Play, PlayCard, STANDARD_MELDS, Trick, Trump, Written, has_marriage, legal_cards,
    meld_value, trick_winner,
};
use crate::{BySeat, Pos, Rule, Seat, Side, Suit};

pub use crate::choose::{ByteChooser, Chooser};

/// One rule to break, once, for mutation tests.
///
/// ```
/// use kibitz::pinochle::generate::Mutation;
/// assert_eq!(Mutation::Renege.rule().id, "pinochle.play.renege");
/// assert_eq!(Mutation::ALL.len(), 16);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Mutation {
    /// Holding the suit led, a player plays another suit.
    Renege,
    /// A player follows below the best card of the suit led while he could beat it.
    Head,
    /// Void in the suit led, holding trump, a player plays another suit.
    Trump,
    /// A player trumps below the best trump in the trick while he could beat it.
    Overtrump,
    /// A trick recorded as won by another player.
    Winner,
    /// A trick recorded with one point too many.
    TrickPoints,
    /// A meld listing a card the player does not hold.
    MeldNotHeld,
    /// A meld written with two points too many.
    MeldPoints,
    /// A bid equal to the high bid.
    InsufficientBid,
    /// A bid in the slot of a player who passed.
    PassedBid,
    /// A Contract tag 10 above the winning bid.
    ContractTag,
    /// A Declarer tag naming the winner's partner.
    DeclarerTag,
    /// Trump named in a suit where the declarer holds no marriage.
    TrumpWithoutMarriage,
    /// A Result other than the outcome.
    Result,
    /// HandScores 10 too high for team 1.
    HandScores,
    /// GameScores 10 too high for team 1 (later hands carry on from it).
    GameScores,
}

impl Mutation {
    /// Every mutation.
    ///
    /// ```
    /// assert_eq!(kibitz::pinochle::generate::Mutation::ALL[0].rule().id, "pinochle.play.renege");
    /// ```
    pub const ALL: [Mutation; 16] = [
        Mutation::Renege,
        Mutation::Head,
        Mutation::Trump,
        Mutation::Overtrump,
        Mutation::Winner,
        Mutation::TrickPoints,
        Mutation::MeldNotHeld,
        Mutation::MeldPoints,
        Mutation::InsufficientBid,
        Mutation::PassedBid,
        Mutation::ContractTag,
        Mutation::DeclarerTag,
        Mutation::TrumpWithoutMarriage,
        Mutation::Result,
        Mutation::HandScores,
        Mutation::GameScores,
    ];

    /// The rule a check reports the mutation under.
    ///
    /// ```
    /// use kibitz::pinochle::generate::Mutation;
    /// assert_eq!(Mutation::GameScores.rule().id, "pinochle.score.game");
    /// ```
    pub const fn rule(self) -> Rule {
        match self {
            Mutation::Renege => rules::PLAY_RENEGE,
            Mutation::Head => rules::PLAY_HEAD,
            Mutation::Trump => rules::PLAY_TRUMP,
            Mutation::Overtrump => rules::PLAY_OVERTRUMP,
            Mutation::Winner => rules::PLAY_WINNER,
            Mutation::TrickPoints => rules::PLAY_POINTS,
            Mutation::MeldNotHeld => rules::MELD_HELD,
            Mutation::MeldPoints => rules::MELD_POINTS,
            Mutation::InsufficientBid => rules::AUCTION_INSUFFICIENT,
            Mutation::PassedBid => rules::AUCTION_PASSED,
            Mutation::ContractTag => rules::AUCTION_CONTRACT,
            Mutation::DeclarerTag => rules::AUCTION_DECLARER,
            Mutation::TrumpWithoutMarriage => rules::TRUMP_MARRIAGE,
            Mutation::Result => rules::RESULT_OUTCOME,
            Mutation::HandScores => rules::SCORE_HAND,
            Mutation::GameScores => rules::SCORE_GAME,
        }
    }
}

/// Where a planted mutation went: hand index (0-based), the rule, and the
/// position the generator gave the faulty value ([`MARK`]).
///
/// ```
/// let p: kibitz::pinochle::generate::Planted = (0, kibitz::pinochle::rules::PLAY_HEAD);
/// assert_eq!(p.1.id, "pinochle.play.head");
/// ```
pub type Planted = (usize, Rule);

/// The position the generator gives the value it made faulty, so a test can
/// check that the finding points at it. Every other position is zero.
///
/// ```
/// assert_eq!(kibitz::pinochle::generate::MARK.line, 999);
/// ```
pub const MARK: Pos = Pos::new(999, 9);

/// What to generate.
///
/// ```
/// use kibitz::pinochle::generate::Settings;
/// assert_eq!(Settings::default().max_hands, 60);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Rule options the game follows.
    pub options: Options,
    /// The most hands a game may last (a game stops there without a Victor).
    pub max_hands: usize,
    /// A mutation to plant once.
    pub mutation: Option<Mutation>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            options: Options::default(),
            max_hands: 60,
            mutation: None,
        }
    }
}

/// A generated game: its hands in order, and where the mutation went.
///
/// ```
/// use kibitz::pinochle::generate::{generate_game, ByteChooser, Mutation, Settings};
/// use kibitz::choose::splitmix_bytes;
/// let s = Settings { mutation: Some(Mutation::HandScores), ..Settings::default() };
/// let g = generate_game(&mut ByteChooser::new(&splitmix_bytes(3, 60_000)), &s);
/// if let Some((i, rule)) = g.planted {
///     assert!(i < g.hands.len());
///     assert_eq!(rule.id, "pinochle.score.hand");
/// }
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GeneratedGame {
    /// The hands, numbered from 1.
    pub hands: Vec<Hand>,
    /// Where the mutation went, if it was planted.
    pub planted: Option<Planted>,
}

/// The generator's state within one hand.
struct Gen<'a, C: Chooser> {
    ch: &'a mut C,
    opts: Options,
    mutation: Option<Mutation>,
    planted: bool,
}

fn val<T>(v: T) -> Option<At<Written<T>>> {
    Some(At::new(Written::Value(v), Pos::default()))
}

fn marked<T>(v: T) -> Option<At<Written<T>>> {
    Some(At::new(Written::Value(v), MARK))
}

impl<C: Chooser> Gen<'_, C> {
    /// Whether to plant `m` at this chance (the chooser decides; one in three).
    fn plant(&mut self, m: Mutation) -> bool {
        if self.planted || self.mutation != Some(m) || self.ch.choose(3) != 0 {
            return false;
        }
        self.planted = true;
        true
    }

    fn pick_kind(&mut self, cards: super::CardKinds) -> Card {
        let n = cards.len() as usize;
        let i = self.ch.choose(n.max(1));
        cards
            .iter()
            .nth(i)
            .or_else(|| cards.highest())
            .unwrap_or(Card::new(Suit::Clubs, super::Rank::Jack))
    }

    fn deal(&mut self, dealer: Seat) -> BySeat<Cards> {
        let mut deck: Vec<Card> = Cards::DECK.iter().collect();
        let mut hands = BySeat::new_with(|_| Cards::EMPTY);
        for k in 0..80 {
            let i = self.ch.choose(deck.len());
            let card = deck.swap_remove(i);
            hands[dealer.add(1 + k / 20)].insert(card);
        }
        hands
    }

    fn auction(&mut self, dealer: Seat) -> (Auction, u32, Seat) {
        let first = dealer.lho();
        let mut a = Auction::from_calls(first, &[]);
        let mut passed = [false; 4];
        let mut passes = 0;
        let mut high: Option<(u32, Seat)> = None;
        let min = self.opts.min_bid;
        let steps = self.opts.bid_steps;
        let next_bid = move |from: u32| {
            (from..from + 10)
                .find(|&b| !steps || on_steps(b))
                .unwrap_or(from)
        };
        for i in 0.. {
            let seat = first.add(i);
            let mut pos = Pos::default();
            if passed[seat.index()] {
                let call = if high.is_some() && self.plant(Mutation::PassedBid) {
                    pos = MARK;
                    Call::Bid(next_bid(high.map_or(min, |h| h.0 + 1)))
                } else {
                    Call::Skip
                };
                a.calls.push(At::new(call, pos));
                continue;
            }
            if let Some(h) = high
                && self.plant(Mutation::InsufficientBid)
            {
                a.calls.push(At::new(Call::Bid(h.0), MARK));
                continue;
            }
            let must_bid = passes == 3;
            let lowest = high.map_or(min, |h| h.0 + 1);
            let b1 = next_bid(lowest);
            let b2 = next_bid(b1 + 1);
            let choice = if must_bid {
                3 + self.ch.choose(2)
            } else {
                self.ch.choose(5)
            };
            let call = match choice {
                0..=2 => Call::Pass,
                3 => Call::Bid(b1),
                _ => Call::Bid(b2),
            };
            match call {
                Call::Bid(b) => high = Some((b, seat)),
                _ => {
                    passed[seat.index()] = true;
                    passes += 1;
                }
            }
            a.calls.push(At::new(call, pos));
            if passes == 3
                && let Some((b, s)) = high
            {
                return (a, b, s);
            }
        }
        unreachable!("the auction loop only ends by returning")
    }

    fn trump(&mut self, held: Cards) -> (Trump, Pos) {
        let mut with = Vec::with_capacity(4);
        let mut without = Vec::with_capacity(4);
        for s in Suit::ALL {
            if has_marriage(held, s) {
                with.push(s);
            } else {
                without.push(s);
            }
        }
        if !without.is_empty() && self.plant(Mutation::TrumpWithoutMarriage) {
            return (Trump::Suit(without[self.ch.choose(without.len())]), MARK);
        }
        if with.is_empty() {
            (Trump::NoMarriage, Pos::default())
        } else {
            (
                Trump::Suit(with[self.ch.choose(with.len())]),
                Pos::default(),
            )
        }
    }

    /// The melds (each player's best) and each team's meld before the minimum.
    fn melds(&mut self, hands: &BySeat<Cards>, trump: Trump) -> (Melds, ByTeam<u32>) {
        let mut melds = Melds::default();
        let mut teams = ByTeam::new(0, 0);
        for seat in Seat::ALL {
            let best = meld_value(hands[seat], trump.suit(), &STANDARD_MELDS);
            let mut cards = best.used;
            let mut pos = Pos::default();
            if let Some(extra) = Card::all().find(|&c| hands[seat].count(c) < 4)
                && self.plant(Mutation::MeldNotHeld)
            {
                let n = hands[seat].count(extra) + 1;
                cards.set_count(extra, n);
                pos = MARK;
            }
            let value = meld_value(cards, trump.suit(), &STANDARD_MELDS).points;
            let mut written = At::new(value, Pos::default());
            if self.plant(Mutation::MeldPoints) {
                written = At::new(value + 2, MARK);
            }
            teams[seat.side()] += value;
            melds.players[seat] = Some(At::new(
                MeldEntry {
                    cards,
                    points: Some(written),
                },
                pos,
            ));
        }
        (melds, teams)
    }

    /// Plays the hand out; returns the play and the counters each team took.
    fn play(
        &mut self,
        mut hands: BySeat<Cards>,
        declarer: Seat,
        trump: Option<Suit>,
    ) -> (Play, ByTeam<u32>) {
        let scheme = self.opts.counters.counters();
        let mut play = Play {
            first: Some(declarer),
            ..Play::default()
        };
        let mut leader = declarer;
        let mut taken = ByTeam::new(0, 0);
        for n in 1..=20u32 {
            let mut cards = [Card::new(Suit::Clubs, super::Rank::Jack); 4];
            let mut slots = [At::new(PlayCard::Missing, Pos::default()); 4];
            for k in 0..4 {
                let seat = leader.add(k);
                let hand = hands[seat];
                let (legal, duty) = legal_cards(hand, &cards[..k], trump, &self.opts);
                let (card, pos) = match self.illegal(hand, duty, &cards[..k], trump) {
                    Some(c) => (c, MARK),
                    None => (self.pick_kind(legal), Pos::default()),
                };
                hands[seat].remove(card);
                cards[k] = card;
                slots[seat.distance_from(declarer)] = At::new(PlayCard::Card(card), pos);
            }
            let winner = leader.add(trick_winner(&cards, trump));
            let mut pts: u32 = cards.iter().map(|&c| scheme.card(c)).sum();
            if n == 20 {
                pts += scheme.last_trick;
            }
            taken[winner.side()] += pts;
            let mut w = At::new(winner, Pos::default());
            if self.plant(Mutation::Winner) {
                w = At::new(winner.add(1 + self.ch.choose(3)), MARK);
            }
            let mut p = At::new(pts, Pos::default());
            if self.plant(Mutation::TrickPoints) {
                p = At::new(pts + 1, MARK);
            }
            play.tricks.push(Trick {
                cards: slots,
                winner: Some(w),
                points: Some(p),
                pos: Pos::default(),
            });
            leader = winner;
        }
        (play, taken)
    }

    /// A card breaking `duty` in the way the mutation asks, if it is its turn.
    fn illegal(
        &mut self,
        hand: Cards,
        duty: Duty,
        played: &[Card],
        trump: Option<Suit>,
    ) -> Option<Card> {
        let kinds = hand.kinds();
        let led = played.first()?.suit();
        let (m, cands) = match (self.mutation?, duty) {
            (Mutation::Renege, Duty::Follow | Duty::Head(_)) => {
                (Mutation::Renege, kinds - super::CardKinds::suit_all(led))
            }
            (Mutation::Head, Duty::Head(best)) => (
                Mutation::Head,
                super::CardKinds(kinds.suit(led).0 & ((1u32 << (best.index() + 1)) - 1)),
            ),
            (Mutation::Trump, Duty::Trump | Duty::Overtrump(_)) => {
                (Mutation::Trump, kinds - super::CardKinds::suit_all(trump?))
            }
            (Mutation::Overtrump, Duty::Overtrump(best)) => (
                Mutation::Overtrump,
                super::CardKinds(kinds.suit(best.suit()).0 & ((1u32 << (best.index() + 1)) - 1)),
            ),
            _ => return None,
        };
        if cands.is_empty() || !self.plant(m) {
            return None;
        }
        Some(self.pick_kind(cands))
    }
}

/// Generates one hand of a game: number, dealer and the GameScores it starts
/// from; returns the hand, its (correct) HandScores and the declaring team.
fn generate_hand<C: Chooser>(
    g: &mut Gen<'_, C>,
    number: u32,
    dealer: Seat,
    game: ByTeam<i32>,
) -> (Hand, ByTeam<i32>, Side) {
    let opts = g.opts;
    let mut h = Hand {
        number: val(number),
        dealer: val(dealer),
        game_scores: val(game),
        ..Hand::default()
    };
    let hands = g.deal(dealer);
    h.deal = val(Holdings {
        first: dealer.lho(),
        hands: hands.map(Some),
    });
    let (auction, bid, declarer) = g.auction(dealer);
    h.auction = Some(auction);
    h.contract = val(bid);
    if g.plant(Mutation::ContractTag) {
        h.contract = marked(bid + 10);
    }
    h.declarer = val(declarer);
    if g.plant(Mutation::DeclarerTag) {
        h.declarer = marked(declarer.partner());
    }
    let (trump, pos) = g.trump(hands[declarer]);
    h.trump = Some(At::new(Written::Value(trump), pos));
    let (melds, raw) = g.melds(&hands, trump);
    h.melds = val(melds);
    let meld = raw.map(|r| if r < opts.meld_minimum { 0 } else { r as i32 });
    h.meld_scores = val(meld);
    let d = declarer.side();
    let outcome_np = match trump {
        Trump::NoMarriage => Some(Outcome::NoTrump),
        _ if !opts.no_board_played && opts.meld_minimum > 0 && meld[d] == 0 => {
            Some(Outcome::NoBoard)
        }
        _ => None,
    };
    let counters = match outcome_np {
        Some(_) => ByTeam::new(0, 0),
        None => {
            let (play, taken) = g.play(hands, declarer, trump.suit());
            h.play = Some(play);
            taken
        }
    };
    h.play_scores = val(counters.map(|c| c as i32));
    let outcome = outcome_np.unwrap_or({
        let c = counters[d];
        if c >= opts.counter_minimum && meld[d] + c as i32 >= bid as i32 {
            Outcome::Saved
        } else {
            Outcome::Set
        }
    });
    h.result = val(outcome);
    if g.plant(Mutation::Result) {
        let other = match outcome {
            Outcome::Saved => Outcome::Set,
            _ => Outcome::Saved,
        };
        h.result = marked(other);
    }
    let scores = ByTeam::new_with(|team| {
        let c = counters[team] as i32;
        if team == d {
            if outcome == Outcome::Saved {
                meld[team] + c
            } else {
                -(bid as i32)
            }
        } else if !outcome.is_played() {
            meld[team]
        } else if counters[team] >= opts.counter_minimum {
            meld[team] + c
        } else {
            0
        }
    });
    h.hand_scores = val(scores);
    if g.plant(Mutation::HandScores) {
        h.hand_scores = marked(ByTeam::new(scores.values[0] + 10, scores.values[1]));
    }
    (h, scores, d)
}

/// Generates a game: hands from hand 1 until a team reaches the game (the
/// Victor tag is then written) or `settings.max_hands`.
///
/// ```
/// use kibitz::pinochle::generate::{generate_game, ByteChooser, Settings};
/// // No bytes: every choice is the first option, still a legal game.
/// let g = generate_game(&mut ByteChooser::new(&[]), &Settings { max_hands: 3, ..Settings::default() });
/// assert!(g.hands.len() <= 3);
/// ```
pub fn generate_game(ch: &mut impl Chooser, settings: &Settings) -> GeneratedGame {
    let mut g = Gen {
        ch,
        opts: settings.options,
        mutation: settings.mutation,
        planted: false,
    };
    let mut out = GeneratedGame::default();
    let mut dealer = Seat::from_index(g.ch.choose(4));
    let mut game = ByTeam::new(0, 0);
    for i in 0..settings.max_hands {
        let before = g.planted;
        if i > 0 && g.plant(Mutation::GameScores) {
            game.values[0] += 10;
        }
        let (mut h, scores, declaring) = generate_hand(&mut g, i as u32 + 1, dealer, game);
        if g.planted && !before {
            if settings.mutation == Some(Mutation::GameScores) {
                h.game_scores = marked(game);
            }
            out.planted = settings.mutation.map(|m| (i, m.rule()));
        }
        game = ByTeam::new(
            game.values[0] + scores.values[0],
            game.values[1] + scores.values[1],
        );
        let reached = |t: Side| game[t] >= settings.options.game;
        let victor = match (reached(Side::NorthSouth), reached(Side::EastWest)) {
            (false, false) => None,
            (true, false) => Some(Side::NorthSouth),
            (false, true) => Some(Side::EastWest),
            (true, true) => Some(declaring),
        };
        if let Some(v) = victor {
            h.victor = val(v);
        }
        out.hands.push(h);
        if victor.is_some() {
            break;
        }
        dealer = dealer.lho();
    }
    out
}

#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for GeneratedGame {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<GeneratedGame> {
        let max_hands = usize::from(u.int_in_range(1u8..=8)?);
        Ok(generate_game(
            u,
            &Settings {
                max_hands,
                ..Settings::default()
            },
        ))
    }
}

#[cfg(all(test, feature = "arbitrary"))]
mod tests {
    use super::*;
    use crate::pinochle::Checker;
    use arbitrary::{Arbitrary, Unstructured};

    #[test]
    fn arbitrary_games_are_legal() {
        let mut played = 0;
        for seed in 0..200u64 {
            let data = crate::choose::splitmix_bytes(seed, 20_000);
            let g = GeneratedGame::arbitrary(&mut Unstructured::new(&data)).unwrap();
            let mut c = Checker::new(Options::default());
            for h in &g.hands {
                c.check(h, &mut |f, _| {
                    assert_ne!(f.rule().severity, crate::Severity::Violation, "{f}")
                });
                played += usize::from(h.play.is_some());
            }
        }
        assert!(played > 100, "too few played hands: {played}");
    }
}
