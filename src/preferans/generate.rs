//! Legal preferans games, built by choosing among legal actions.
//!
//! Every decision (the shuffle, each call of the auction, contract, discards,
//! follow decisions, kontra, each card, whether to stop a decided play) is a
//! choice among the actions the rules allow at that point, made by a
//! [`Chooser`]. [`ByteChooser`] draws the choices from a byte string, so any byte
//! string gives a legal game (when the bytes run out every choice is the first
//! option); with the `arbitrary` feature, `arbitrary::Unstructured` is a chooser
//! too, for fuzzing.
//!
//! A [`Fault`] makes the generator break exactly one rule once, at the first
//! chance, and carry on consistently (the sheet and results follow the record),
//! so that an audit finds that one fault and nothing else: the mutation tests.
//!
//! ```
//! use kibitz::preferans::generate::{generate_game, ByteChooser, Settings};
//! let bytes: Vec<u8> = (0..4000u32).map(|i| (i * 7919 % 251) as u8).collect();
//! let game = generate_game(&mut ByteChooser::new(&bytes), &Settings::default());
//! assert_eq!(game.deals.len(), 20);
//! assert_eq!(game.tags[0], ("Bula".to_string(), "60".to_string()));
//! ```

use smallvec::SmallVec;

use super::auction::{self, Outcome};
use super::rules;
use super::{
    Accepted, Auction, Bid, ByPlayer, Card, CardSet, Column, Contract, Deal, DealOrder, Discard,
    Entry, Kontra, KontraLevel, Lineup, Options, PlayResult, PlayState, Player, Sheet, Trick,
    Verdict, decided, expected_entry, legal_cards, obligation, winning_card,
};
use crate::{Pos, Rule};

pub use crate::choose::{ByteChooser, Chooser};

/// One rule to break, once, for mutation tests.
///
/// ```
/// use kibitz::preferans::generate::Fault;
/// assert_eq!(Fault::WrongColumn.rule().id, "preferans.summary.column");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A trick recorded with the wrong winner (who then leads on).
    WrongWinner,
    /// A player who holds the suit led plays another suit.
    Revoke,
    /// A player void in the suit led, holding a trump, plays another suit.
    Trump,
    /// The value is not base x kontra x refa.
    WrongValue,
    /// A kontra by a follower who does not play, or an invitation on spades.
    WrongKontra,
    /// A discarded card that main does not hold.
    DiscardNotHeld,
    /// A supa written in the column that does not face main.
    WrongColumn,
    /// A summary trick count other than the tricks won.
    WrongTricks,
    /// A bids field no legal auction leaves.
    ImpossibleBids,
}

impl Fault {
    /// Every fault.
    ///
    /// ```
    /// assert_eq!(kibitz::preferans::generate::Fault::ALL.len(), 9);
    /// ```
    pub const ALL: [Fault; 9] = [
        Fault::WrongWinner,
        Fault::Revoke,
        Fault::Trump,
        Fault::WrongValue,
        Fault::WrongKontra,
        Fault::DiscardNotHeld,
        Fault::WrongColumn,
        Fault::WrongTricks,
        Fault::ImpossibleBids,
    ];

    /// The rule an audit reports the fault under.
    ///
    /// ```
    /// use kibitz::preferans::generate::Fault;
    /// assert_eq!(Fault::Revoke.rule().id, "preferans.play.revoke");
    /// ```
    pub const fn rule(self) -> Rule {
        match self {
            Fault::WrongWinner => rules::PLAY_WINNER,
            Fault::Revoke => rules::PLAY_REVOKE,
            Fault::Trump => rules::PLAY_TRUMP,
            Fault::WrongValue => rules::VALUE,
            Fault::WrongKontra => rules::KONTRA_CHAIN,
            Fault::DiscardNotHeld => rules::DISCARD_HELD,
            Fault::WrongColumn => rules::SUMMARY_COLUMN,
            Fault::WrongTricks => rules::SUMMARY_TRICKS,
            Fault::ImpossibleBids => rules::AUCTION_BIDS,
        }
    }
}

/// What to generate.
///
/// ```
/// use kibitz::preferans::generate::Settings;
/// let s = Settings { deals: 5, ..Settings::default() };
/// assert_eq!((s.bula, s.refe), (60, 2));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Rule options the game follows.
    pub options: Options,
    /// Number of deals.
    pub deals: usize,
    /// Bula tag.
    pub bula: i64,
    /// Refe tag.
    pub refe: u32,
    /// A fault to inject once.
    pub fault: Option<Fault>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            options: Options::default(),
            deals: 20,
            bula: 60,
            refe: 2,
            fault: None,
        }
    }
}

/// A generated game: its tags in order (Bula, Refe, Player1-3, Result1-3,
/// Place1-3) and its deals.
///
/// ```
/// use kibitz::preferans::generate::{generate_game, ByteChooser, Settings};
/// // No bytes: every choice is the first option, still a legal game.
/// let g = generate_game(&mut ByteChooser::new(&[]), &Settings { deals: 3, ..Settings::default() });
/// assert_eq!(g.deals.len(), 3);
/// assert_eq!(g.tags.len(), 11);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GeneratedGame {
    /// Tag pairs of the info section.
    pub tags: Vec<(String, String)>,
    /// The deals.
    pub deals: Vec<Deal>,
    /// Where the fault went: deal index (0-based) and the rule it breaks.
    pub fault_at: Option<(usize, Rule)>,
}

/// Generates a game of `settings.deals` deals.
///
/// ```
/// use kibitz::preferans::generate::{generate_game, ByteChooser, Fault, Settings};
/// let bytes: Vec<u8> = (0..3000u32).map(|i| (i * 31 % 256) as u8).collect();
/// let s = Settings { deals: 10, fault: Some(Fault::WrongValue), ..Settings::default() };
/// let g = generate_game(&mut ByteChooser::new(&bytes), &s);
/// if let Some((_, rule)) = g.fault_at {
///     assert_eq!(rule.id, "preferans.value");
/// }
/// ```
pub fn generate_game(ch: &mut impl Chooser, settings: &Settings) -> GeneratedGame {
    let mut sheet = Sheet::new(settings.bula, Some(settings.refe));
    let rotations: [&[u8]; 3] = [b"123", b"231", b"312"];
    let mut order =
        DealOrder::from_digits(pick(ch, &rotations)).expect("a rotation of 123 is a deal order");
    let mut fault = settings.fault;
    let mut game = GeneratedGame::default();
    for i in 0..settings.deals {
        let before = fault;
        let deal = generate_deal(
            ch,
            i as u64 + 1,
            order,
            &mut sheet,
            &settings.options,
            &mut fault,
        );
        if before.is_some() && fault.is_none() {
            game.fault_at = before.map(|f| (i, f.rule()));
        }
        game.deals.push(deal);
        order = order.rotated();
    }
    let results = sheet.results();
    let mut ranked = Player::ALL;
    ranked.sort_by_key(|p| (std::cmp::Reverse(results[*p]), p.index()));
    let mut tags = vec![
        ("Bula".to_string(), settings.bula.to_string()),
        ("Refe".to_string(), settings.refe.to_string()),
    ];
    for p in Player::ALL {
        tags.push((format!("Player{}", p.id()), format!("player{}", p.id())));
    }
    for p in Player::ALL {
        tags.push((format!("Result{}", p.id()), results[p].to_string()));
    }
    for p in Player::ALL {
        let place = ranked.iter().position(|q| *q == p).unwrap_or(0) + 1;
        tags.push((format!("Place{}", p.id()), place.to_string()));
    }
    game.tags = tags;
    game
}

/// Picks from `items` with the chooser.
fn pick<T: Copy>(ch: &mut impl Chooser, items: &[T]) -> T {
    items[ch.choose(items.len())]
}

fn pick_card(ch: &mut impl Chooser, set: CardSet) -> Card {
    set.nth(ch.choose(set.len())).unwrap_or(Card::MIN)
}

/// A bids field no legal auction leaves, made by changing a bid of a player other
/// than main without outbidding main.
fn impossible_bids(ch: &mut impl Chooser, bids: [Bid; 3], w: usize) -> Option<[Bid; 3]> {
    let start = ch.choose(Bid::ALL.len());
    for j in [(w + 1) % 3, (w + 2) % 3] {
        for k in 0..Bid::ALL.len() {
            let b = Bid::ALL[(start + k) % Bid::ALL.len()];
            if b > bids[w] || b == bids[j] {
                continue;
            }
            let mut m = bids;
            m[j] = b;
            if auction::outcome(m) == Outcome::Impossible {
                return Some(m);
            }
        }
    }
    None
}

/// Generates one deal and writes it on the sheet.
fn generate_deal(
    ch: &mut impl Chooser,
    id: u64,
    order: DealOrder,
    sheet: &mut Sheet,
    opts: &Options,
    fault: &mut Option<Fault>,
) -> Deal {
    let mut d = Deal {
        id: Some(id),
        order: Some(order.players()),
        fields: 14,
        ..Deal::default()
    };
    // Shuffle.
    let mut cards: [Card; 32] =
        std::array::from_fn(|i| Card::from_index(i as u8).unwrap_or(Card::MIN));
    for i in (1..32).rev() {
        cards.swap(i, ch.choose(i + 1));
    }
    d.cards = Some(cards);
    let hand10 = ByPlayer::new_with(|p| -> CardSet {
        let i = order.position(p) * 10;
        cards[i..i + 10].iter().copied().collect()
    });
    let talon: CardSet = cards[30..32].iter().copied().collect();

    // Auction: a pass or a ladder bid weighs 10, each game bid 1.
    let mut a = Auction::new();
    while !a.is_over() {
        let legal = a.legal();
        let mut weighted: SmallVec<[Bid; 32]> = SmallVec::new();
        for &b in &legal {
            let w = if b.is_game() { 1 } else { 10 };
            weighted.extend(std::iter::repeat_n(b, w));
        }
        a.call(pick(ch, &weighted));
    }
    let mut bids = a.highest();
    let Some(w) = a.winner() else {
        d.bids = Some(bids);
        d.fields = 4;
        sheet.all_passed();
        return d;
    };
    let main = order.at(w);
    let main_bid = bids[w];
    if *fault == Some(Fault::ImpossibleBids)
        && let Some(m) = impossible_bids(ch, bids, w)
    {
        bids = m;
        *fault = None;
    }
    d.bids = Some(bids);
    d.main = Some(main);

    // Contract: most often the bid itself.
    let (floor, game) = main_bid.floor().unwrap_or((2, false));
    let level = if ch.choose(3) == 0 {
        floor + ch.choose(usize::from(9 - floor)) as u8
    } else {
        floor
    };
    let contract = Contract::new(level, game).unwrap_or(Contract { level: 2, game });
    d.contract = Some(contract);
    let trump = contract.trump();

    // Discard.
    let mut hands = hand10;
    if game {
        d.discarded = Some(Discard::Unseen);
    } else {
        let pool = hand10[main] | talon;
        let a = pick_card(ch, pool);
        let b = pick_card(ch, pool - CardSet::single(a));
        if *fault == Some(Fault::DiscardNotHeld) {
            // Main keeps b and names another player's card instead.
            let other = CardSet::FULL - pool;
            let x = pick_card(ch, other);
            d.discarded = Some(Discard::Cards([a, x]));
            hands[main] = pool - CardSet::single(a);
            *fault = None;
        } else {
            d.discarded = Some(Discard::Cards([a, b]));
            hands[main] = pool - CardSet::single(a) - CardSet::single(b);
        }
    }

    // Followers decide, in play order after main; then the kontra chain.
    let f1 = order.next(main);
    let f2 = order.next(f1);
    let follows = [ch.choose(3) != 0, ch.choose(3) != 0];
    let accepted = match follows {
        [false, false] => Accepted::Nobody,
        [true, false] => Accepted::One(f1),
        [false, true] => Accepted::One(f2),
        [true, true] => Accepted::Both(8),
    };
    d.accepted = Some(accepted);
    let mut kontra = choose_kontra(ch, accepted, contract, opts, [f1, f2]);
    if *fault == Some(Fault::WrongKontra) {
        match accepted {
            Accepted::One(f) => {
                let g = if f == f1 { f2 } else { f1 };
                kontra = Some(if contract.level == 2 && ch.choose(2) == 0 {
                    Kontra {
                        level: KontraLevel::Invitation,
                        by: f,
                    }
                } else {
                    Kontra {
                        level: KontraLevel::Kontra,
                        by: g,
                    }
                });
                *fault = None;
            }
            Accepted::Nobody => {
                kontra = Some(Kontra {
                    level: KontraLevel::Kontra,
                    by: f1,
                });
                *fault = None;
            }
            Accepted::Both(_) => {}
        }
    }
    d.kontra = Some(kontra);

    // Refa and value.
    let refa = sheet.holds_refa(main);
    if refa {
        sheet.use_refa(main);
    }
    d.refa = Some(refa);
    let mut value = contract.base_value()
        * kontra.map_or(1, |k| k.level.multiplier())
        * if refa { 2 } else { 1 };
    if *fault == Some(Fault::WrongValue) {
        value += 2;
        *fault = None;
    }
    d.value = Some(value);

    // Play.
    let lineup = Lineup::new(main, accepted, kontra);
    let mut won = ByPlayer::new_with(|_| 0u8);
    let mut tricks: SmallVec<[Trick; 10]> = SmallVec::new();
    let state = if lineup.has_play() {
        let mut leader = lineup.first_leader(order, contract);
        d.starts = Some(Some(leader));
        let size = lineup.count();
        loop {
            let mut seq = [leader; 3];
            for k in 1..size {
                seq[k] = lineup.next_playing(order, seq[k - 1]);
            }
            let mut played: SmallVec<[Card; 3]> = SmallVec::new();
            for &p in &seq[..size] {
                let legal = legal_cards(hands[p], &played, trump, opts);
                let mut c = pick_card(ch, legal);
                if let (Some(f), Some(&lead)) = (*fault, played.first()) {
                    let others = hands[p] - CardSet::suit_mask(lead.suit());
                    let wrong = match f {
                        Fault::Revoke if hands[p].has_suit(lead.suit()) => others,
                        Fault::Trump => match trump {
                            Some(t)
                                if t != lead.suit()
                                    && !hands[p].has_suit(lead.suit())
                                    && hands[p].has_suit(t) =>
                            {
                                others - CardSet::suit_mask(t)
                            }
                            _ => CardSet::EMPTY,
                        },
                        _ => CardSet::EMPTY,
                    };
                    if !wrong.is_empty() {
                        c = pick_card(ch, wrong);
                        debug_assert_eq!(
                            obligation(hands[p], &played, c, trump, opts),
                            Some(f.rule())
                        );
                        *fault = None;
                    }
                }
                hands[p].remove(c);
                played.push(c);
            }
            let mut winner = seq[winning_card(&played, trump)];
            if *fault == Some(Fault::WrongWinner) {
                winner = lineup.next_playing(order, winner);
                *fault = None;
            }
            won[winner] += 1;
            tricks.push(Trick::new(&played, winner, Pos::default()));
            leader = winner;
            let main_tricks = won[main];
            let follower_tricks: u8 = lineup.followers().map(|f| won[f]).sum();
            if tricks.len() == 10 {
                break PlayState::Complete;
            }
            if decided(contract, main_tricks, follower_tricks) && ch.choose(2) == 0 {
                break PlayState::Decided;
            }
        }
    } else {
        d.starts = Some(None);
        PlayState::NoPlay
    };
    let result = PlayResult {
        won,
        tricks: tricks.len(),
        state,
    };
    d.tricks = Some(tricks);
    let verdict = Verdict::judge(contract, &lineup, kontra, &result, opts).unwrap_or(Verdict {
        main_passed: true,
        failed: ByPlayer::default(),
    });
    let mut entries = [0, 1, 2].map(|i| {
        let p = order.at(i);
        expected_entry(p, &lineup, value, won[p], contract, &verdict, opts)
    });
    if matches!(*fault, Some(Fault::WrongColumn | Fault::WrongTricks)) && lineup.has_play() {
        for e in &mut entries {
            match (e, *fault) {
                (Entry::Follower { column, .. }, Some(Fault::WrongColumn)) => {
                    *column = match column {
                        Column::Left => Column::Right,
                        Column::Right => Column::Left,
                    };
                    *fault = None;
                }
                (Entry::Follower { tricks, supa, .. }, Some(Fault::WrongTricks))
                    if !contract.is_betl()
                        || opts.betl_supa == super::BetlSupa::ValueTimesTricks =>
                {
                    *tricks = if *tricks == 0 { 1 } else { *tricks - 1 };
                    *supa = i64::from(value) * i64::from(*tricks);
                    *fault = None;
                }
                _ => {}
            }
        }
    }
    for (i, e) in entries.iter().enumerate() {
        sheet.write(order.at(i), *e);
    }
    d.summary = Some(entries);
    d
}

fn choose_kontra(
    ch: &mut impl Chooser,
    accepted: Accepted,
    contract: Contract,
    opts: &Options,
    followers: [Player; 2],
) -> Option<Kontra> {
    let by = match accepted {
        Accepted::Nobody => return None,
        Accepted::One(f) => f,
        Accepted::Both(_) => pick(ch, &followers),
    };
    let mut levels: SmallVec<[Option<KontraLevel>; 12]> = SmallVec::new();
    levels.extend([None; 4]);
    // Spade or game spade: no invitation (the reference's "spade contract").
    let spade = contract.level == 2;
    if matches!(accepted, Accepted::One(_)) && !spade {
        levels.extend([Some(KontraLevel::Invitation); 2]);
    }
    levels.extend([Some(KontraLevel::Kontra), Some(KontraLevel::Rekontra)]);
    if opts.sub_mort_kontra {
        levels.extend([Some(KontraLevel::Subkontra), Some(KontraLevel::Mortkontra)]);
    }
    pick(ch, &levels).map(|level| Kontra { level, by })
}
