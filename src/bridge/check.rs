//! The entry point of the bridge rules: every check of one board, in the order
//! deal, auction, contract, play, result, score, IMPs.

use crate::Finding;
use crate::bridge::auction::{self, AuctionEnd};
use crate::bridge::contract::{self, Declared};
use crate::bridge::deal::{self, Hands};
use crate::bridge::fault::Fault;
use crate::bridge::imp::{Table, Tables};
use crate::bridge::play::{self, PlayOutcome, Setup};
use crate::bridge::{Board, cycle, points, result, rules};

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
    /// NS score of the board for IMPs (as written, else computed), if known and
    /// not contradicted by the contract and result.
    pub ns_score: Option<i32>,
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
    if let Some(t) = Table::of(
        board,
        outcome.ns_score,
        outcome.declared.declarer.map(|d| d.side()),
    ) {
        ctx.tables.add(t, out);
    }
    outcome
}

fn rules(board: &Board, report: &mut dyn FnMut(Fault)) -> Outcome {
    cycle::check(board, report);
    let hands = deal::check(board.deal.as_ref(), board.play.is_some(), report);
    let auction = board
        .auction
        .as_ref()
        .map(|a| auction::replay(a, board.dealer.map(|d| d.value), report));
    let declared = contract::check(board, auction, report);
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
    let ns_score = points::check(board, &declared, &tricks.counts(), report);
    Outcome {
        hands,
        auction,
        declared,
        play,
        ns_score,
    }
}
