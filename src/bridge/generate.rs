//! Legal bridge games, built by choosing among legal actions.
//!
//! Every decision is a choice among what the laws allow at that point, made by a
//! [`Chooser`]: the shuffle, each call (from the legal calls:
//! [`AuctionState::is_legal`]), each card (from the cards that follow suit), and
//! whether play stops early with a claim. The result and score follow from the
//! play (the claimed result lies within the claim bound). So any byte string, read
//! by a [`ByteChooser`](crate::choose::ByteChooser), gives a legal game; with the
//! `arbitrary` feature, [`GeneratedBoard`] implements `arbitrary::Arbitrary`.
//!
//! A [`Fault`] makes the generator break exactly one rule once and say where
//! ([`Place`]): the mutation tests check that the audit reports that rule there.
//!
//! ```
//! use kibitz::bridge::generate::{generate_board, Settings};
//! use kibitz::choose::ByteChooser;
//! let bytes: Vec<u8> = (0..600u32).map(|i| (i * 7919 % 251) as u8).collect();
//! let g = generate_board(&mut ByteChooser::new(&bytes), 7, &Settings::default());
//! assert_eq!(g.board.number.unwrap().value, 7);
//! assert!(g.board.deal.as_ref().unwrap().value.is_complete());
//! ```

use super::auction::AuctionState;
use super::play::trick_winner;
use super::score::duplicate_score;
use super::{
    At, Auction, AuctionCall, AuctionItem, Board, ContractTag, Deal, DeclarerTag, Play, PlayCard,
    PlayItem, PlayOrder, ResultTag, Scoring, SideScore, rules,
};
use crate::choose::Chooser;
use crate::{
    Bid, BySeat, Call, Card, CardSet, Pos, Rule, Seat, Side, Vulnerability, dealer_for_board,
};

/// One rule to break, once.
///
/// ```
/// use kibitz::bridge::generate::Fault;
/// assert_eq!(Fault::Revoke.rule().id, "bridge.play.revoke");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Fault {
    /// A player does not follow suit while holding the suit led.
    Revoke,
    /// A trick's card is changed to one the player does not hold.
    CardNotHeld,
    /// The Result tag is off by one trick (or outside the claim bound).
    WrongResult,
    /// The Score tag is off by 10 points.
    WrongScore,
    /// The Contract tag's level differs from the auction's.
    WrongContract,
    /// A bid that is not higher than the last bid.
    InsufficientBid,
    /// A double of partner's bid or of no bid.
    IllegalDouble,
}

impl Fault {
    /// Every fault kind.
    pub const ALL: [Fault; 7] = [
        Fault::Revoke,
        Fault::CardNotHeld,
        Fault::WrongResult,
        Fault::WrongScore,
        Fault::WrongContract,
        Fault::InsufficientBid,
        Fault::IllegalDouble,
    ];

    /// The rule the audit must report for this fault (for [`Fault::WrongResult`]
    /// after a claim, [`rules::RESULT_CLAIM`] instead; see [`GeneratedBoard::rule`]).
    pub fn rule(self) -> Rule {
        match self {
            Fault::Revoke => rules::REVOKE,
            Fault::CardNotHeld => rules::NOT_HELD,
            Fault::WrongResult => rules::RESULT_TRICKS,
            Fault::WrongScore => rules::SCORE_POINTS,
            Fault::WrongContract => rules::CONTRACT,
            Fault::InsufficientBid => rules::INSUFFICIENT,
            Fault::IllegalDouble => rules::DOUBLE,
        }
    }
}

/// Where the generator put its fault.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// The auction item with this index.
    Call(usize),
    /// The play item with this index.
    Card(usize),
    /// The Result tag.
    Result,
    /// The Score tag.
    Score,
    /// The Contract tag.
    Contract,
}

/// What to generate.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Let play stop early with a claim.
    pub claims: bool,
    /// Break one rule once.
    pub fault: Option<Fault>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            claims: true,
            fault: None,
        }
    }
}

/// A generated game: the board, its identification tags, and the fault placed.
#[derive(Clone, Debug, PartialEq)]
pub struct GeneratedBoard {
    /// The board (positions are all zero).
    pub board: Board,
    /// The fault placed and where, if one was asked for and could be placed.
    pub fault: Option<(Fault, Place)>,
    /// Play stopped with a claim.
    pub claimed: bool,
}

impl GeneratedBoard {
    /// The rule the audit must report for the placed fault.
    pub fn rule(&self) -> Option<Rule> {
        self.fault.map(|(f, _)| match f {
            Fault::WrongResult if self.claimed => rules::RESULT_CLAIM,
            f => f.rule(),
        })
    }
}

fn at<T>(value: T) -> Option<At<T>> {
    Some(At::new(value, Pos::default()))
}

/// The `i`-th card of `set`, highest first.
fn nth(set: CardSet, i: usize) -> Card {
    set.iter().nth(i).expect("index below the set's size")
}

fn pick(ch: &mut impl Chooser, set: CardSet) -> Card {
    nth(set, ch.choose(set.len()))
}

/// Generates board `number` (dealer and vulnerability from the standard cycle).
pub fn generate_board(ch: &mut impl Chooser, number: u32, settings: &Settings) -> GeneratedBoard {
    let number = number.max(1);
    let dealer = dealer_for_board(number);
    let vul = Vulnerability::for_board(number);
    let mut want = settings.fault;
    let mut placed: Option<(Fault, Place)> = None;

    // The deal: a Fisher-Yates shuffle.
    let mut cards: Vec<Card> = CardSet::FULL.iter().collect();
    for i in (1..cards.len()).rev() {
        let j = ch.choose(i + 1);
        cards.swap(i, j);
    }
    let hands = BySeat::new_with(|s| {
        cards[s.index() * 13..s.index() * 13 + 13]
            .iter()
            .copied()
            .collect::<CardSet>()
    });

    // The auction, from the dealer.
    let mut st = AuctionState::new();
    let mut calls: Vec<AuctionItem> = Vec::new();
    let mut seat = dealer;
    while !st.is_over() {
        let last = st.last_bid().map(|(b, _)| b);
        let mut call = None;
        if want == Some(Fault::InsufficientBid)
            && last.is_some_and(|b| b > Bid::all().next().unwrap())
        {
            call = Some(Call::Bid(Bid::all().next().unwrap()));
        }
        if want == Some(Fault::IllegalDouble) && !st.is_legal(Call::Double, seat) {
            call = Some(Call::Double);
        }
        let call = match call {
            Some(c) => {
                placed = want.take().map(|f| (f, Place::Call(calls.len())));
                c
            }
            None => choose_call(ch, &st, seat),
        };
        st.apply(call, seat);
        calls.push(AuctionItem {
            call: AuctionCall::Call(call),
            pos: Pos::default(),
            insufficient_marked: false,
            note: None,
        });
        seat = seat.lho();
    }

    let mut board = Board::default();
    board.number = at(number);
    board.dealer = at(dealer);
    board.vulnerability = at(vul);
    board.deal = at(Deal {
        hands: hands.map(Some),
        repeated: Default::default(),
    });
    board.scoring = Scoring::MP;
    board.auction = Some(Auction {
        first: Some(dealer),
        pos: Pos::default(),
        items: calls,
        star: None,
        notes: Vec::new(),
    });
    board.id = super::Identification {
        event: "kibitz generated".to_string(),
        site: "kibitz".to_string(),
        date: "2026.11.22".to_string(),
        players: BySeat::new_with(|s| format!("{s} player")),
        scoring: "MP".to_string(),
        ..Default::default()
    };

    let Some((contract, declarer)) = st.outcome() else {
        board.contract = at(ContractTag::Pass);
        board.declarer = at(DeclarerTag::PassedOut);
        board.result = at(None);
        board.score = at(SideScore {
            declarer: None,
            ns: Some(0),
            ew: None,
        });
        if want == Some(Fault::WrongScore) {
            board.score = at(SideScore {
                declarer: None,
                ns: Some(10),
                ew: None,
            });
            placed = Some((Fault::WrongScore, Place::Score));
        }
        return GeneratedBoard {
            board,
            fault: placed,
            claimed: false,
        };
    };

    // The play, from declarer's left-hand opponent.
    let trump = contract.bid.strain().trump();
    let leader0 = declarer.lho();
    let mut remaining = hands;
    let mut items: Vec<PlayItem> = Vec::new();
    let mut leader = leader0;
    let mut won = 0u8;
    let mut tricks = 0u8;
    let mut claimed = false;
    for t in 0..13 {
        if settings.claims && t >= 1 && ch.choose(20) == 0 {
            claimed = true;
            break;
        }
        let mut played = [Card::new(crate::Suit::Clubs, crate::Rank::Two); 4];
        let mut written = played;
        for k in 0..4 {
            let p = leader.add(k);
            let hand = remaining[p];
            let led = played[0].suit();
            let follow = hand.suit(led);
            let card = if k == 0 {
                pick(ch, hand)
            } else if want == Some(Fault::Revoke) && !follow.is_empty() && follow != hand {
                placed = want
                    .take()
                    .map(|f| (f, Place::Card(items.len() + p.distance_from(leader0))));
                pick(ch, hand - follow)
            } else if follow.is_empty() {
                pick(ch, hand)
            } else {
                pick(ch, follow)
            };
            played[k] = card;
            written[k] = card;
            if k > 0 && want == Some(Fault::CardNotHeld) {
                // Write a card that another player still holds.
                let others = Seat::ALL
                    .into_iter()
                    .filter(|&s| s != p)
                    .fold(CardSet::EMPTY, |a, s| a | remaining[s]);
                if !others.is_empty() {
                    written[k] = pick(ch, others);
                    placed = want
                        .take()
                        .map(|f| (f, Place::Card(items.len() + p.distance_from(leader0))));
                }
            }
            remaining[p].remove(card);
        }
        let winner = trick_winner(leader, played, trump);
        if winner.side() == declarer.side() {
            won += 1;
        }
        tricks += 1;
        // PBN rows: seat order from the opening leader.
        let mut row = [PlayCard::Unknown; 4];
        for (k, &c) in written.iter().enumerate() {
            row[leader.add(k).distance_from(leader0)] = PlayCard::Card(c);
        }
        items.extend(row.iter().map(|&card| PlayItem {
            card,
            pos: Pos::default(),
            revoke_marked: false,
            lead_out_of_turn_marked: false,
            note: None,
        }));
        leader = winner;
    }
    let left = 13 - tricks;
    let mut result = if claimed {
        won + ch.choose(usize::from(left) + 1) as u8
    } else {
        won
    };
    let score_tricks = result;
    if want == Some(Fault::WrongResult) {
        // Off by one; after a claim, just outside the bound.
        let wrong = if claimed {
            if won > 0 {
                Some(won - 1)
            } else if won + left < 13 {
                Some(won + left + 1)
            } else {
                None
            }
        } else if result < 13 {
            Some(result + 1)
        } else {
            Some(result - 1)
        };
        if let Some(w) = wrong {
            result = w;
            placed = want.take().map(|f| (f, Place::Result));
        }
    }
    board.declarer = at(DeclarerTag::Seat {
        seat: declarer,
        swapped: false,
    });
    let mut tag_contract = contract;
    if want == Some(Fault::WrongContract) {
        let level = contract.bid.level();
        let other = if level < 7 { level + 1 } else { level - 1 };
        tag_contract.bid = Bid::new(other, contract.bid.strain()).expect("level 1-7");
        placed = want.take().map(|f| (f, Place::Contract));
    }
    board.contract = at(ContractTag::Contract(tag_contract));
    board.result = at(Some(ResultTag {
        declarer: Some(result),
        ns: None,
        ew: None,
        agreed_wrong: false,
    }));
    let points = duplicate_score(contract, vul.is_vulnerable(declarer), score_tricks, false);
    let mut ns = if declarer.side() == Side::NorthSouth {
        points
    } else {
        -points
    };
    if want == Some(Fault::WrongScore) {
        ns += 10;
        placed = want.take().map(|f| (f, Place::Score));
    }
    board.score = at(SideScore {
        declarer: None,
        ns: Some(ns),
        ew: None,
    });
    board.play = Some(Play {
        first: Some(leader0),
        pos: Pos::default(),
        order: PlayOrder::SeatColumns,
        items,
        star: claimed.then(Pos::default),
        notes: Vec::new(),
    });
    GeneratedBoard {
        board,
        fault: placed,
        claimed,
    }
}

/// Chooses a legal call: passes are the most likely, then a bid among the next
/// few legal bids, then a double or redouble when legal.
fn choose_call(ch: &mut impl Chooser, st: &AuctionState, seat: Seat) -> Call {
    let r = ch.choose(16);
    if (9..14).contains(&r) {
        let over = st.last_bid().map(|(b, _)| b);
        let bids: Vec<Bid> = Bid::all()
            .filter(|b| over.is_none_or(|o| *b > o))
            .take(6)
            .collect();
        if !bids.is_empty() {
            return Call::Bid(bids[ch.choose(bids.len())]);
        }
    }
    if r == 14 && st.is_legal(Call::Double, seat) {
        return Call::Double;
    }
    if r == 15 && st.is_legal(Call::Redouble, seat) {
        return Call::Redouble;
    }
    Call::Pass
}

#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for GeneratedBoard {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<GeneratedBoard> {
        let number = u32::from(u.int_in_range(1u8..=32)?);
        Ok(generate_board(u, number, &Settings::default()))
    }
}
