//! The play: who takes part, what each card must be, who wins each trick, and a
//! replay of the recorded tricks that reports every broken rule.

use super::rules;
use super::{ByPlayer, Card, CardSet, Contract, DealOrder, Kontra, KontraLevel, Lineup, Player};
use super::{Options, Trick};
use crate::{Pos, Rule, Suit};

/// A set's codes and names, for messages: `568 (JS QS AS)`.
fn names(s: CardSet) -> String {
    let n: Vec<&str> = s.iter().map(Card::mini).collect();
    format!("{} ({})", s.codes(), n.join(" "))
}

/// Whether `c` beats `best` in a trick led in `led` with `trump`.
fn beats(c: Card, best: Card, trump: Option<Suit>) -> bool {
    if c.suit() == best.suit() {
        c.index() > best.index()
    } else {
        Some(c.suit()) == trump
    }
}

/// The position (0-based) of the winning card: the highest trump if any, else the
/// highest card of the suit led.
///
/// ```
/// use kibitz::preferans::{winning_card, Card};
/// use kibitz::Suit;
/// let c = |s: &[u8]| s.iter().map(|&b| Card::from_code(b).unwrap()).collect::<Vec<_>>();
/// assert_eq!(winning_card(&c(b"2A1"), Some(Suit::Hearts)), 0); // 8S, 8D, 7S: spade led
/// assert_eq!(winning_card(&c(b"2AH"), Some(Suit::Hearts)), 2); // 7H trumps
/// assert_eq!(winning_card(&c(b"18"), None), 1);
/// ```
pub fn winning_card(cards: &[Card], trump: Option<Suit>) -> usize {
    let mut best = 0;
    for (i, &c) in cards.iter().enumerate().skip(1) {
        if beats(c, cards[best], trump) {
            best = i;
        }
    }
    best
}

/// The first obligation `card` breaks when played from `hand` (which holds it)
/// to a trick holding `so_far` (empty for the leader).
///
/// ```
/// use kibitz::preferans::{obligation, Card, CardSet, Options, rules};
/// use kibitz::Suit;
/// let c = |b| Card::from_code(b).unwrap();
/// let hand = CardSet::from_codes(b"3AH").unwrap(); // 9S, 8D, 7H
/// let o = Options::default();
/// // Spade led: the 8D is a revoke while the 9S is held.
/// assert_eq!(obligation(hand, &[c(b'8')], c(b'A'), Some(Suit::Hearts), &o), Some(rules::PLAY_REVOKE));
/// // Diamond led, hearts trump: void in diamonds? No, 8D is held: playing 7H revokes.
/// let hand = CardSet::from_codes(b"3H").unwrap();
/// // Club led, void in clubs, holding the trump 7H: the 9S breaks the trump rule.
/// assert_eq!(obligation(hand, &[c(b'P')], c(b'3'), Some(Suit::Hearts), &o), Some(rules::PLAY_TRUMP));
/// assert_eq!(obligation(hand, &[c(b'P')], c(b'H'), Some(Suit::Hearts), &o), None);
/// ```
pub fn obligation(
    hand: CardSet,
    so_far: &[Card],
    card: Card,
    trump: Option<Suit>,
    opts: &Options,
) -> Option<Rule> {
    let &lead = so_far.first()?;
    let led = lead.suit();
    if card.suit() != led {
        if hand.has_suit(led) {
            return Some(rules::PLAY_REVOKE);
        }
        if let Some(t) = trump {
            if hand.has_suit(t) && card.suit() != t {
                return Some(rules::PLAY_TRUMP);
            }
            if opts.must_overtrump && card.suit() == t {
                let best = so_far.iter().filter(|c| c.suit() == t).max();
                if let Some(&best) = best {
                    let higher = hand.suit(t).iter().any(|h| h > best);
                    if card < best && higher {
                        return Some(rules::PLAY_OVERTRUMP);
                    }
                }
            }
        }
    } else if opts.must_head {
        let trumped = trump.is_some_and(|t| so_far.iter().any(|c| c.suit() == t));
        if !trumped {
            let best = so_far.iter().filter(|c| c.suit() == led).max().copied();
            if let Some(best) = best {
                let higher = hand.suit(led).iter().any(|h| h > best);
                if card < best && higher {
                    return Some(rules::PLAY_HEAD);
                }
            }
        }
    }
    None
}

/// The cards of `hand` that may be played to a trick holding `so_far`.
///
/// ```
/// use kibitz::preferans::{legal_cards, Card, CardSet, Options};
/// use kibitz::Suit;
/// let hand = CardSet::from_codes(b"3AH").unwrap();
/// let led = [Card::from_code(b'8').unwrap()];
/// assert_eq!(legal_cards(hand, &led, Some(Suit::Hearts), &Options::default()).codes(), "3");
/// ```
pub fn legal_cards(hand: CardSet, so_far: &[Card], trump: Option<Suit>, opts: &Options) -> CardSet {
    hand.iter()
        .filter(|&c| obligation(hand, so_far, c, trump, opts).is_none())
        .collect()
}

/// How far the recorded play went.
///
/// ```
/// use kibitz::preferans::PlayState;
/// assert_ne!(PlayState::Complete, PlayState::Decided);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlayState {
    /// Nobody followed: no play.
    NoPlay,
    /// All 10 tricks.
    Complete,
    /// Stopped early with the outcome decided.
    Decided,
    /// Stopped early with the outcome open (a violation).
    Incomplete,
}

/// Whether play may stop here: main has a trick in betl, the followers have one in
/// preferans, or (in the other contracts) the followers have 5 (main failed). In
/// betl the followers' fifth trick decides nothing: main fails only by taking a
/// trick.
///
/// ```
/// use kibitz::preferans::{decided, Contract};
/// assert!(decided(Contract::parse(b"6").unwrap(), 1, 0));
/// assert!(!decided(Contract::parse(b"6").unwrap(), 0, 5));
/// assert!(decided(Contract::parse(b"4").unwrap(), 3, 5));
/// assert!(decided(Contract::parse(b"8").unwrap(), 4, 1));
/// assert!(!decided(Contract::parse(b"4").unwrap(), 6, 0));
/// ```
pub fn decided(contract: Contract, main_tricks: u8, follower_tricks: u8) -> bool {
    if contract.is_betl() {
        main_tricks >= 1
    } else {
        (contract.is_preferans() && follower_tricks >= 1) || follower_tricks >= 5
    }
}

/// What the replay of the recorded tricks found.
///
/// ```
/// use kibitz::preferans::{Accepted, ByPlayer, Lineup, Player, PlayResult, PlayState};
/// let l = Lineup::new(Player::One, Accepted::Both(8), None);
/// let r = PlayResult { won: ByPlayer { values: [6, 3, 1] }, tricks: 10, state: PlayState::Complete };
/// assert_eq!((r.main_tricks(&l), r.follower_tricks(&l)), (6, 4));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlayResult {
    /// Tricks each player won according to the recorded winners.
    pub won: ByPlayer<u8>,
    /// Tricks recorded.
    pub tricks: usize,
    /// How far play went.
    pub state: PlayState,
}

impl PlayResult {
    /// Tricks main won.
    ///
    /// ```
    /// use kibitz::preferans::{Accepted, ByPlayer, Lineup, Player, PlayResult, PlayState};
    /// let l = Lineup::new(Player::Two, Accepted::One(Player::One), None);
    /// let r = PlayResult { won: ByPlayer { values: [2, 8, 0] }, tricks: 10, state: PlayState::Complete };
    /// assert_eq!(r.main_tricks(&l), 8);
    /// ```
    pub fn main_tricks(&self, lineup: &Lineup) -> u8 {
        self.won[lineup.main]
    }

    /// Tricks the followers won together.
    ///
    /// ```
    /// use kibitz::preferans::{Accepted, ByPlayer, Lineup, Player, PlayResult, PlayState};
    /// let l = Lineup::new(Player::Two, Accepted::One(Player::One), None);
    /// let r = PlayResult { won: ByPlayer { values: [2, 8, 0] }, tricks: 10, state: PlayState::Complete };
    /// assert_eq!(r.follower_tricks(&l), 2);
    /// ```
    pub fn follower_tricks(&self, lineup: &Lineup) -> u8 {
        lineup.followers().map(|f| self.won[f]).sum()
    }
}

/// Everything the replay needs to know about a deal.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Table {
    pub order: DealOrder,
    pub lineup: Lineup,
    /// Hands at the start of play (main's after the discard), if the cards are known.
    pub hands: Option<ByPlayer<CardSet>>,
    /// Where each card was at the start of play, for messages.
    pub talon: CardSet,
    pub discards: CardSet,
    pub dealt: ByPlayer<CardSet>,
    pub contract: Contract,
    pub leader: Player,
    /// Where the throws field is.
    pub throws_pos: Pos,
}

/// A sink for the findings of one deal.
pub(crate) type Out<'a> = dyn FnMut(Rule, Pos, String) + 'a;

/// Replays `tricks` at `table`, reporting every broken rule of the play.
pub(crate) fn replay(table: &Table, tricks: &[Trick], opts: &Options, out: &mut Out) -> PlayResult {
    let mut won = ByPlayer::new_with(|_| 0u8);
    let lineup = &table.lineup;
    if !lineup.has_play() {
        if let Some(t) = tricks.first() {
            out(
                rules::PLAY_EXTRA,
                t.pos,
                format!(
                    "nobody follows main {}, so there is no play, yet {} trick(s) are recorded",
                    lineup.main,
                    tricks.len()
                ),
            );
        }
        return PlayResult {
            won,
            tricks: 0,
            state: PlayState::NoPlay,
        };
    }
    let trump = table.contract.trump();
    let size = lineup.count();
    let mut hands = table.hands;
    let mut played_in = [0u8; 32];
    let mut leader = table.leader;
    let mut wrong_size: Vec<usize> = Vec::new();
    let mut wrong_size_pos = None;
    for (i, t) in tricks.iter().enumerate() {
        let n = i + 1;
        let mut actual = None;
        if n == 11 {
            out(
                rules::PLAY_EXTRA,
                t.pos,
                format!("{} tricks are recorded; a deal has 10", tricks.len()),
            );
        }
        if t.cards().len() != size {
            wrong_size.push(n);
            wrong_size_pos.get_or_insert(t.pos);
        } else {
            let mut seq = [leader; 3];
            for k in 1..size {
                seq[k] = lineup.next_playing(table.order, seq[k - 1]);
            }
            for (k, &c) in t.cards().iter().enumerate() {
                let p = seq[k];
                let Some(h) = hands.as_mut() else {
                    continue;
                };
                let hand = h[p];
                if !hand.contains(c) {
                    let took_talon = !table.contract.game && table.talon.contains(c);
                    let owner = if took_talon {
                        Some(lineup.main)
                    } else {
                        table
                            .dealt
                            .iter()
                            .find(|(_, h)| h.contains(c))
                            .map(|(q, _)| q)
                    };
                    let mut why = match owner {
                        _ if table.discards.contains(c) && lineup.main == p => {
                            "he discarded it".to_string()
                        }
                        Some(q) if q == p => "he no longer has it".to_string(),
                        Some(q) if took_talon => format!("it is a talon card, taken by main {q}"),
                        Some(q) => format!("it was dealt to player {q}"),
                        None if table.talon.contains(c) => "it is in the talon".to_string(),
                        None => "it is not in the deal".to_string(),
                    };
                    let k = played_in[c.index() as usize];
                    if k > 0 && owner == Some(p) {
                        why = format!("he played it in trick {k}");
                    } else if k > 0 {
                        why += &format!(", who played it in trick {k}");
                    }
                    out(
                        rules::PLAY_CARD_HELD,
                        t.pos,
                        format!(
                            "trick {n}: player {p} plays {}, which he does not hold ({why})",
                            c.describe()
                        ),
                    );
                    continue;
                }
                if let Some(rule) = obligation(hand, &t.cards()[..k], c, trump, opts) {
                    let led = t.cards()[0];
                    let held = |s: Suit| names(hand.suit(s));
                    let msg = match rule {
                        r if r == rules::PLAY_REVOKE => format!(
                            "trick {n}: {} is led and player {p} plays {} while holding {}",
                            led.describe(),
                            c.describe(),
                            held(led.suit())
                        ),
                        r if r == rules::PLAY_TRUMP => format!(
                            "trick {n}: {} is led, player {p} has none of its suit and plays {} while holding the trump(s) {}",
                            led.describe(),
                            c.describe(),
                            trump.map(held).unwrap_or_default()
                        ),
                        r if r == rules::PLAY_HEAD => format!(
                            "trick {n}: player {p} follows with {} without beating the trick while holding {} (option must_head)",
                            c.describe(),
                            held(led.suit())
                        ),
                        _ => format!(
                            "trick {n}: player {p} trumps with {} without overtrumping while holding {} (option must_overtrump)",
                            c.describe(),
                            trump.map(held).unwrap_or_default()
                        ),
                    };
                    out(rule, t.pos, msg);
                }
                h[p].remove(c);
                played_in[c.index() as usize] = n.min(255) as u8;
            }
            let w = winning_card(t.cards(), trump);
            let winner = seq[w];
            actual = Some(winner);
            if winner != t.winner {
                out(
                    rules::PLAY_WINNER,
                    t.pos,
                    format!(
                        "trick {n}: {} of player {winner} wins ({}), not a card of player {}",
                        t.cards()[w].describe(),
                        if Some(t.cards()[w].suit()) == trump
                            && t.cards()[0].suit() != t.cards()[w].suit()
                        {
                            "the highest trump"
                        } else {
                            "the highest card of the suit led"
                        },
                        t.winner
                    ),
                );
            }
        }
        // Who led the next trick, and whose trick is it? The record says its
        // winner; the cards may say otherwise (reported once, above). The record is
        // followed unless the next trick's lead card proves the player whose card
        // won led it (he holds it and the recorded winner does not): then only the
        // winner entry was miswritten, and following it would move every later
        // card onto the wrong player, burying one fault under a cascade.
        let scorer = match actual {
            Some(w) if w != t.winner => {
                let next_lead = tricks.get(i + 1).and_then(|nt| nt.cards().first().copied());
                let holds = |p: Player| matches!((hands.as_ref(), next_lead), (Some(h), Some(c)) if h[p].contains(c));
                if holds(w) && !holds(t.winner) {
                    w
                } else {
                    t.winner
                }
            }
            _ => t.winner,
        };
        if lineup.plays(scorer) {
            won[scorer] = won[scorer].saturating_add(1);
        }
        leader = scorer;
    }
    if let Some(pos) = wrong_size_pos {
        let list: Vec<String> = wrong_size.iter().map(|n| n.to_string()).collect();
        let who: Vec<String> = Player::ALL
            .iter()
            .filter(|&&p| lineup.plays(p))
            .map(|p| p.to_string())
            .collect();
        out(
            rules::PLAY_TRICK_SIZE,
            pos,
            format!(
                "trick(s) {} do not have {size} cards, one for each player who plays ({}); their cards were not checked",
                list.join(", "),
                who.join(", ")
            ),
        );
    }
    let main_tricks = won[lineup.main];
    let follower_tricks: u8 = lineup.followers().map(|f| won[f]).sum();
    let state = if tricks.len() >= 10 {
        PlayState::Complete
    } else if decided(table.contract, main_tricks, follower_tricks) {
        PlayState::Decided
    } else {
        let pos = tricks.last().map_or(table.throws_pos, |t| t.pos);
        out(
            rules::PLAY_INCOMPLETE,
            pos,
            format!(
                "play stops after {} trick(s) with the outcome open: main {} has {main_tricks}, the followers {follower_tricks}",
                tricks.len(),
                lineup.main
            ),
        );
        PlayState::Incomplete
    };
    PlayResult {
        won,
        tricks: tricks.len(),
        state,
    }
}

/// Whether a kontra chain reached a kontra proper (K or more).
pub(crate) fn is_doubled(kontra: Option<Kontra>) -> bool {
    kontra.is_some_and(|k| k.level >= KontraLevel::Kontra)
}
