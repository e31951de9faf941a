//! The entry point of the bridge rules: every check of one board, in the order
//! deal, auction, contract, play, result, score, IMPs.

use crate::Finding;
use crate::bridge::auction::{self, AuctionEnd};
use crate::bridge::contract::{self, Declared};
use crate::bridge::deal::{self, Hands};
use crate::bridge::fault::Fault;
use crate::bridge::imp::{Table, Tables};
use crate::bridge::play::{self, PlayOutcome, Setup};
use crate::bridge::{Board, cycle, points, result, rules, summary};

/// Most findings the rules report for one record (a crafted auction of a
/// thousand `^S` is not a thousand findings); the rest are counted in one
/// `bridge.limit.findings` notice.
pub const MAX_FINDINGS: usize = 64;

/// What the bridge rules keep from record to record of one file: the tables of
/// recent boards, for ScoreIMP. Its memory is bounded.
#[derive(Clone, Debug, Default)]
pub struct Context {
    tables: Tables,
}

impl Context {
    /// Forgets everything (before a new file).
    pub fn clear(&mut self) {
        self.tables.clear();
    }

    /// Ends the file: the checks only its end decides (the rooms' deals of
    /// tables that stayed unpaired, [`Tables::finish`]), then forgets
    /// everything. Findings name their records.
    pub fn finish(&mut self, out: &mut Vec<Finding>) {
        self.tables.finish(out);
    }
}

/// Everything the checks of one board established.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The hands the play was replayed against.
    pub hands: Hands,
    /// How the auction ended, if there is one.
    pub auction: Option<AuctionEnd>,
    /// The contract and declarer.
    pub declared: Declared,
    /// The play, if it was replayed.
    pub play: Option<PlayOutcome>,
    /// NS score of the board for IMPs: as written, else computed; both when
    /// the Score contradicts the contract and result.
    pub ns_score: points::NsScore,
}

/// Checks `board` against the rules of bridge, appending findings to `out`.
/// Findings about an earlier record of the file (a ScoreIMP whose other table
/// comes only now) name that record.
///
/// ```
/// use kibitz::bridge::{check, Board, Context};
/// use kibitz::pbn::{decode::decode, RawRecord, Reader};
/// let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Auction \"N\"]\n1C 1C AP\n";
/// let mut rec = RawRecord::default();
/// Reader::new(text.as_bytes()).read_record(&mut rec).unwrap();
/// let mut board = Board::default();
/// let mut out = Vec::new();
/// decode(&rec, &mut board, &mut out);
/// check(&board, &mut Context::default(), &mut out);
/// assert_eq!(out[0].rule, "bridge.auction.insufficient");
/// ```
pub fn check(board: &Board, ctx: &mut Context, out: &mut Vec<Finding>) -> Outcome {
    let outcome = check_board(board, out);
    if let Some(t) = Table::of(
        board,
        outcome.ns_score,
        outcome.declared.declarer.map(|d| d.side()),
    ) {
        ctx.tables.add(t, out);
    }
    outcome
}

/// [`check`] without the ScoreIMP comparison with the other tables of the
/// file (for a caller that adds the boards' [`Table`]s itself, in order).
///
/// ```
/// use kibitz::bridge::{check_board, Board};
/// use kibitz::pbn::{decode::decode, RawRecord, Reader};
/// let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Auction \"N\"]\n1C 1C AP\n";
/// let mut rec = RawRecord::default();
/// Reader::new(text.as_bytes()).read_record(&mut rec).unwrap();
/// let mut board = Board::default();
/// let mut out = Vec::new();
/// decode(&rec, &mut board, &mut out);
/// check_board(&board, &mut out);
/// assert_eq!(out[0].rule, "bridge.auction.insufficient");
/// ```
pub fn check_board(board: &Board, out: &mut Vec<Finding>) -> Outcome {
    let record = board.record;
    let mut kept = 0;
    let mut dropped = 0u64;
    let outcome = {
        let mut report = |f: Fault| {
            if kept < MAX_FINDINGS {
                kept += 1;
                out.push(f.finding(record));
            } else {
                dropped += 1;
            }
        };
        rules(board, &mut report)
    };
    if dropped > 0 {
        let mut f = Finding::of(
            rules::FINDINGS_LIMIT,
            board.pos,
            format!("{dropped} more bridge findings in this record were not kept"),
        );
        f.record = record;
        f.game = Some(crate::Game::Bridge);
        out.push(f);
    }
    outcome
}

fn rules(board: &Board, report: &mut dyn FnMut(Fault)) -> Outcome {
    cycle::check(board, report);
    let hands = deal::check(board.deal.as_ref(), board.play.is_some(), report);
    // The auction's and the tags' faults wait until it is known whether missing
    // opening passes explain them all (then they are one finding).
    let dealer = board.dealer.map(|d| d.value);
    let mut faults: smallvec::SmallVec<[Fault; 4]> = smallvec::SmallVec::new();
    let mut auction = board
        .auction
        .as_ref()
        .map(|a| auction::replay(a, dealer, &mut |f| faults.push(f)));
    let mut declared = contract::check(board, auction, &mut |f| faults.push(f));
    // Without faults (most boards) there is nothing to report, and nothing for
    // missing passes to explain.
    if !faults.is_empty() {
        match missing_passes(board, &faults, auction) {
            Some(fix) => {
                for f in fix.faults {
                    report(f);
                }
                auction = Some(fix.end);
                declared = fix.declared;
            }
            None => {
                for f in faults {
                    report(f);
                }
            }
        }
    }
    if !hands.consistent
        && !declared.passed_out
        && let Some(p) = &board.play
    {
        let cards = p
            .items
            .iter()
            .filter(|i| matches!(i.card, crate::bridge::PlayCard::Card(_)))
            .count();
        if cards > 0 {
            report(Fault::PlayNotReplayed { pos: p.pos, cards });
        }
    }
    let play = board
        .play
        .as_ref()
        .filter(|_| hands.consistent && !declared.passed_out)
        .map(|p| {
            let setup = Setup {
                hands: hands.hands,
                size: hands.size,
                trump: declared.strain.map(|s| s.trump()),
                declarer: declared.declarer,
                auction_declarer: declared.auction_declarer,
                check_leader: !hands.end_position,
            };
            play::replay(p, &setup, report)
        });
    if declared.passed_out {
        result::passed_out(board, report);
    }
    let tricks = result::check(board, &declared, play.as_ref(), &hands, report);
    summary::check(board, auction, &declared, play.as_ref(), &hands, report);
    let ns_score = points::check(board, &declared, &tricks.counts(), report);
    points::check_table(board, report);
    Outcome {
        hands,
        auction,
        declared,
        play,
        ns_score,
    }
}

/// The reading of a record whose auction lacks the dealer's opening passes.
struct MissingPasses {
    /// The one finding, and the notices and warnings of the shifted reading.
    faults: smallvec::SmallVec<[Fault; 4]>,
    end: AuctionEnd,
    declared: Declared,
}

/// Whether 1 to 3 passes before the first call make an auction with violations
/// legal and agree with the Declarer (and Contract) tags, the opening lead
/// being made by the Declarer tag's left-hand opponent: then the auction seems
/// to lack the dealer's opening passes, and that is the one finding.
fn missing_passes(
    board: &Board,
    faults: &[Fault],
    end: Option<AuctionEnd>,
) -> Option<MissingPasses> {
    use crate::Severity::Violation;
    use crate::bridge::{AuctionCall, AuctionItem, DeclarerTag};
    let a = board.auction.as_ref()?;
    let declarer = board.declarer?;
    // The tag's reading needs a witness besides the auction: the opening lead
    // by the Declarer tag's left-hand opponent (any Declarer mismatch is some
    // rotation of the auction, so a rotation alone proves nothing).
    let DeclarerTag::Seat {
        seat,
        swapped: false,
    } = declarer.value
    else {
        return None;
    };
    if board.play.as_ref().and_then(|p| p.first) != Some(seat.lho())
        || !faults.iter().any(|f| f.rule().severity == Violation)
        || faults
            .iter()
            .any(|f| matches!(f, Fault::Rotation { .. } | Fault::LateNotYet { .. }))
    {
        return None;
    }
    let first = a.items.first()?;
    if !matches!(first.call, AuctionCall::Call(_)) {
        return None;
    }
    let pass = AuctionItem {
        call: AuctionCall::Call(crate::Call::Pass),
        pos: first.pos,
        insufficient_marked: false,
        note: None,
    };
    let dealer = board.dealer.map(|d| d.value);
    for passes in 1..=3u8 {
        let mut shifted = a.clone();
        shifted
            .items
            .splice(0..0, std::iter::repeat_n(pass, usize::from(passes)));
        let mut kept: smallvec::SmallVec<[Fault; 4]> = smallvec::SmallVec::new();
        let mut bad = false;
        let mut keep = |f: Fault| {
            if f.rule().severity == Violation {
                bad = true;
            } else {
                kept.push(f);
            }
        };
        let e = auction::replay(&shifted, dealer, &mut keep);
        let AuctionEnd::Ended(Some((contract, by))) = e else {
            continue;
        };
        let declared = contract::check(board, Some(e), &mut keep);
        if bad {
            continue;
        }
        kept.insert(
            0,
            Fault::MissingPasses {
                pos: declarer.pos,
                passes,
                written: match end {
                    Some(AuctionEnd::Ended(o)) => o,
                    _ => None,
                },
                shifted: (contract, by),
            },
        );
        return Some(MissingPasses {
            faults: kept,
            end: e,
            declared,
        });
    }
    None
}
