//! Writing PBN in export format (PBN 2.1 §2.1, §3): strict tag order, one tag per
//! line, CRLF line ends, hands and calls upper case, the deal from the dealer, the
//! auction from the dealer and the play in seat-order columns from the opening
//! leader, four per line, `*` when the play stops early.

use std::io::{self, Write};

use crate::bridge::{
    AuctionCall, Board, ContractTag, DeclarerTag, PlayCard, PlayOrder, Room, SideScore,
};
use crate::{Card, Seat};

/// The fields of `board` the PBN writer cannot carry: a results list's line
/// for the table (PBN's Contract, Declarer and Result are the record's own)
/// and the ScoreTable rows (the model keeps their results, not the table).
///
/// ```
/// use kibitz::bridge::{Board, TableScore};
/// let mut b = Board::default();
/// assert_eq!(kibitz::pbn::writer::uncarried(&b).count(), 0);
/// b.score_table.push(TableScore::default());
/// assert_eq!(kibitz::pbn::writer::uncarried(&b).collect::<Vec<_>>(), ["ScoreTable"]);
/// ```
pub fn uncarried(board: &Board) -> impl Iterator<Item = &'static str> {
    [
        board
            .summary
            .is_some()
            .then_some(crate::notation::RESULTS_LIST),
        (!board.score_table.is_empty()).then_some("ScoreTable"),
    ]
    .into_iter()
    .flatten()
}

/// Writes games in PBN export format.
///
/// ```
/// use kibitz::bridge::{At, Board, ContractTag, DeclarerTag, Deal};
/// use kibitz::pbn::writer::Writer;
/// use kibitz::{Pos, Seat};
/// let mut board = Board::default();
/// board.dealer = Some(At::new(Seat::North, Pos::default()));
/// let mut out = Vec::new();
/// let mut w = Writer::new(&mut out).unwrap();
/// w.write_game(&board).unwrap();
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.starts_with("% PBN 2.1\r\n% EXPORT\r\n[Event \"\"]\r\n"));
/// assert!(text.contains("[Dealer \"N\"]\r\n"));
/// ```
pub struct Writer<W: Write> {
    out: W,
    games: usize,
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

fn side_score<T: std::fmt::Display>(s: &SideScore<T>) -> String {
    match (&s.declarer, &s.ns, &s.ew) {
        (Some(d), _, _) => d.to_string(),
        (None, Some(ns), Some(ew)) => format!("NS {ns} EW {ew}"),
        (None, Some(ns), None) => format!("NS {ns}"),
        (None, None, Some(ew)) => format!("EW {ew}"),
        (None, None, None) => String::new(),
    }
}

impl<W: Write> Writer<W> {
    /// Starts a file: writes `% PBN 2.1` and `% EXPORT`.
    ///
    /// # Errors
    ///
    /// I/O errors of `out`.
    pub fn new(mut out: W) -> io::Result<Writer<W>> {
        out.write_all(b"% PBN 2.1\r\n% EXPORT\r\n")?;
        Ok(Writer { out, games: 0 })
    }

    /// Gives back the output.
    pub fn into_inner(self) -> W {
        self.out
    }

    fn tag(&mut self, name: &str, value: &str) -> io::Result<()> {
        write!(self.out, "[{name} \"{}\"]\r\n", escape(value))
    }

    /// A supplemental tag whose value the board has (not empty).
    fn tag_given(&mut self, name: &str, value: &str) -> io::Result<()> {
        match value {
            "" => Ok(()),
            _ => self.tag(name, value),
        }
    }

    /// Writes one game: the 15 mandatory tags in order, the supplemental tags the
    /// board has (alphabetically), then the auction and play sections, each
    /// followed by the Note tags of its notes.
    ///
    /// # Errors
    ///
    /// I/O errors of the output; `InvalidInput` for what PBN cannot write: a call
    /// that could not be read, or a play in chronological order whose tricks cannot
    /// be put in seat columns (no contract, or a trick's winner unknown).
    pub fn write_game(&mut self, b: &Board) -> io::Result<()> {
        let id = &b.id;
        if self.games > 0 {
            self.out.write_all(b"\r\n")?;
        }
        self.games += 1;
        self.tag("Event", &id.event)?;
        self.tag("Site", &id.site)?;
        self.tag("Date", &id.date)?;
        let board = b.number.map(|n| n.value.to_string()).unwrap_or_default();
        self.tag("Board", &board)?;
        for seat in [Seat::West, Seat::North, Seat::East, Seat::South] {
            let name = match seat {
                Seat::West => "West",
                Seat::North => "North",
                Seat::East => "East",
                Seat::South => "South",
            };
            self.tag(name, &id.players[seat])?;
        }
        let dealer = b.dealer.map(|d| d.value);
        self.tag(
            "Dealer",
            &dealer.map(|d| d.char().to_string()).unwrap_or_default(),
        )?;
        let vul = b
            .vulnerability
            .map(|v| v.value.to_string())
            .unwrap_or_default();
        self.tag("Vulnerable", &vul)?;
        let deal = match &b.deal {
            Some(d) => {
                let first = dealer.unwrap_or(Seat::North);
                let hands: Vec<String> = (0..4)
                    .map(|i| match d.value.hands[first.add(i)] {
                        Some(h) => h.to_string(),
                        None => "-".to_string(),
                    })
                    .collect();
                format!("{}:{}", first.char(), hands.join(" "))
            }
            None => String::new(),
        };
        self.tag("Deal", &deal)?;
        self.tag("Scoring", &id.scoring)?;
        let declarer = match b.declarer.map(|d| d.value) {
            Some(DeclarerTag::Seat { seat, swapped }) => {
                format!("{}{}", if swapped { "^" } else { "" }, seat.char())
            }
            Some(DeclarerTag::PassedOut) => String::new(),
            // Empty would say "passed out"; `?` is an unknown value (PBN 3.4).
            None => "?".to_string(),
        };
        self.tag("Declarer", &declarer)?;
        let contract = match b.contract.map(|c| c.value) {
            Some(ContractTag::Pass) => "Pass".to_string(),
            Some(ContractTag::Contract(c)) => c.to_string(),
            Some(ContractTag::Strain(s)) => s.to_string(),
            // `?`, an unknown value (PBN 3.4): empty beside an empty Declarer
            // is read as no contract given at all (BridgeComposer's unknown),
            // which would hide a passed-out board's faults.
            None => "?".to_string(),
        };
        self.tag("Contract", &contract)?;
        let result = match b.result.map(|r| r.value) {
            None => "?".to_string(),
            Some(None) => String::new(),
            Some(Some(r)) => {
                let caret = if r.agreed_wrong { "^" } else { "" };
                // Export format gives declarer's tricks (PBN 3.4.14): a count
                // by sides is turned into declarer's when the Declarer is known,
                // and the two sides' counts make 13 (conversion is not repair:
                // `NS 9 EW 2` stays as written, and its fault with it).
                let whole = !matches!((r.ns, r.ew), (Some(a), Some(b)) if u16::from(a) + u16::from(b) != 13);
                let side = match b.declarer.map(|d| d.value) {
                    Some(DeclarerTag::Seat { seat, .. }) if whole => Some(seat.side()),
                    _ => None,
                };
                let declarer = r.declarer.or(match side {
                    Some(crate::Side::NorthSouth) => r.ns,
                    Some(crate::Side::EastWest) => r.ew,
                    None => None,
                });
                let tricks = SideScore {
                    declarer,
                    ns: r.ns,
                    ew: r.ew,
                };
                format!("{caret}{}", side_score(&tricks))
            }
        };
        self.tag("Result", &result)?;
        // Supplemental tags, alphabetically.
        self.tag_given("HomeTeam", &id.home_team)?;
        if let Some(r) = b.room {
            self.tag("Room", if r == Room::Open { "Open" } else { "Closed" })?;
        }
        self.tag_given("Round", &id.round)?;
        if let Some(s) = &b.score {
            self.tag("Score", &side_score(&s.value))?;
        }
        if let Some(s) = &b.score_imp {
            self.tag("ScoreIMP", &side_score(&s.value))?;
        }
        self.tag_given("Section", &id.section)?;
        self.tag_given("Stage", &id.stage)?;
        self.tag_given("Table", &id.table)?;
        self.tag_given("VisitTeam", &id.visit_team)?;
        if let Some(a) = &b.auction {
            self.auction(a, dealer)?;
        }
        if let Some(p) = &b.play {
            if p.order == PlayOrder::Chronological {
                // RBN and LIN record cards as played; PBN in seat columns.
                let columns = crate::bridge::order::seat_columns_of(b, p).ok_or_else(|| {
                    io::Error::new(
                        io::ErrorKind::InvalidInput,
                        "the play cannot be put in PBN's seat columns: a trick's leader is not \
                         known (no contract, and the card led is in no hand of the deal)",
                    )
                })?;
                self.play(&columns)?;
            } else {
                self.play(p)?;
            }
        }
        Ok(())
    }

    fn auction(&mut self, a: &crate::bridge::Auction, dealer: Option<Seat>) -> io::Result<()> {
        let first = a.first.or(dealer).unwrap_or(Seat::North);
        self.tag("Auction", &first.char().to_string())?;
        let mut line: Vec<String> = Vec::new();
        for item in &a.items {
            let mut tok = match item.call {
                AuctionCall::Call(c) => c.to_string(),
                AuctionCall::Skipped => "^S".to_string(),
                AuctionCall::NotYet => "-".to_string(),
                AuctionCall::AllPass => "AP".to_string(),
                AuctionCall::Next => "+".to_string(),
                AuctionCall::Unknown => {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidInput,
                        "an auction call that could not be read has no PBN form",
                    ));
                }
            };
            if item.insufficient_marked {
                tok = format!("^I {tok}");
            }
            if let Some(n) = item.note {
                tok = format!("{tok} ={n}=");
            }
            line.push(tok);
            if line.len() == 4 {
                write!(self.out, "{}\r\n", line.join(" "))?;
                line.clear();
            }
        }
        if a.star.is_some() {
            line.push("*".to_string());
        }
        if !line.is_empty() {
            write!(self.out, "{}\r\n", line.join(" "))?;
        }
        self.notes(&a.notes)
    }

    fn notes(&mut self, notes: &[crate::bridge::Note]) -> io::Result<()> {
        for n in notes {
            self.tag("Note", &format!("{}:{}", n.number, n.text))?;
        }
        Ok(())
    }

    fn play(&mut self, p: &crate::bridge::Play) -> io::Result<()> {
        let first = p.first.unwrap_or(Seat::North);
        self.tag("Play", &first.char().to_string())?;
        if p.order != PlayOrder::SeatColumns {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "PBN writes the play in seat-order columns; convert a chronological play first",
            ));
        }
        for row in p.items.chunks(4) {
            let toks: Vec<String> = row
                .iter()
                .map(|i| {
                    let mut t = match i.card {
                        PlayCard::Card(c) => Card::to_string(&c),
                        PlayCard::Unknown => "-".to_string(),
                        PlayCard::Next => "+".to_string(),
                    };
                    if i.revoke_marked {
                        t = format!("^R {t}");
                    }
                    if i.lead_out_of_turn_marked {
                        t = format!("^L {t}");
                    }
                    if let Some(n) = i.note {
                        t = format!("{t} ={n}=");
                    }
                    t
                })
                .collect();
            write!(self.out, "{}\r\n", toks.join(" "))?;
        }
        if p.star.is_some() {
            self.out.write_all(b"*\r\n")?;
        }
        self.notes(&p.notes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pbn::{RawRecord, Reader, decode::decode};

    fn decode_all(text: &[u8]) -> Vec<(Board, Vec<crate::Finding>)> {
        let mut r = Reader::new(text);
        let mut rec = RawRecord::default();
        let mut out = Vec::new();
        while r.read_record(&mut rec).unwrap() {
            let mut b = Board::default();
            let mut f = rec.findings.clone();
            decode(&rec, &mut b, &mut f);
            out.push((b, f));
        }
        out
    }

    /// Positions differ between two spellings of one game; clear them.
    fn without_positions(mut b: Board) -> Board {
        b.clear_positions();
        b
    }

    const IMPORT: &str = "[Board \"5\"]\n[Dealer \"w\"]\n[Vulnerable \"Both\"]\n\
        [Deal \"n:akqj.t98.765.432 - - -\"]\n[Declarer \"^e\"]\n[Contract \"3ntx\"]\n\
        [Result \"^NS 4 EW 9\"]\n[Room \"Closed\"]\n[Score \"NS -200\"]\n[ScoreIMP \"EW 3.5\"]\n\
        [Auction \"W\"]\n1C =1= 1H ^I 1D ^S\n3NT X AP\n[Note \"1:strong\"]\n\
        [Play \"S\"]\nS2 ^R HA =1= - C2\n+ - - -\n*\n[Note \"1:Ace from AK\"]\n";

    #[test]
    fn import_to_export_and_back_keeps_the_game() {
        let (first, f1) = decode_all(IMPORT.as_bytes()).remove(0);
        assert!(f1.is_empty(), "{f1:#?}");
        let mut out = Vec::new();
        let mut w = Writer::new(&mut out).unwrap();
        w.write_game(&first).unwrap();
        w.write_game(&first).unwrap();
        let all = decode_all(&out);
        assert_eq!(all.len(), 2);
        let (second, f2) = all.into_iter().next().unwrap();
        // The Note tags travel with their sections.
        assert!(f2.is_empty(), "{f2:#?}");
        let note = |n: u8, t: &str| crate::bridge::Note {
            number: n,
            text: t.into(),
        };
        assert_eq!(first.auction.as_ref().unwrap().notes, [note(1, "strong")]);
        assert_eq!(first.play.as_ref().unwrap().notes, [note(1, "Ace from AK")]);
        // `^NS 4 EW 9` is written as declarer's (East's) count, `^9`.
        let mut first = without_positions(first);
        let r = first.result.as_mut().unwrap().value.as_mut().unwrap();
        *r = crate::bridge::ResultTag {
            declarer: r.ew,
            agreed_wrong: true,
            ..Default::default()
        };
        assert_eq!(without_positions(second), first);
    }

    #[test]
    fn export_layout() {
        let (mut b, _) = decode_all(IMPORT.as_bytes()).remove(0);
        b.id = crate::bridge::Identification {
            event: "Club \"Night\"".into(),
            players: crate::BySeat::new_with(|s| s.to_string()),
            scoring: "IMP".into(),
            ..Default::default()
        };
        let mut out = Vec::new();
        Writer::new(&mut out).unwrap().write_game(&b).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.split("\r\n").collect();
        let names: Vec<&str> = lines
            .iter()
            .filter_map(|l| l.strip_prefix('[').and_then(|l| l.split(' ').next()))
            .collect();
        // PBN 3.4: the 15 mandatory tags in order, then supplemental tags sorted;
        // each section's Note tags follow it (PBN 3.5.5).
        assert_eq!(
            names,
            [
                "Event",
                "Site",
                "Date",
                "Board",
                "West",
                "North",
                "East",
                "South",
                "Dealer",
                "Vulnerable",
                "Deal",
                "Scoring",
                "Declarer",
                "Contract",
                "Result",
                "Room",
                "Score",
                "ScoreIMP",
                "Auction",
                "Note",
                "Play",
                "Note"
            ]
        );
        assert_eq!(lines[0], "% PBN 2.1");
        assert_eq!(lines[2], "[Event \"Club \\\"Night\\\"\"]");
        // The deal starts with the dealer (W); ranks upper case, descending.
        assert!(
            text.contains("[Deal \"W:- AKQJ.T98.765.432 - -\"]"),
            "{text}"
        );
        assert!(text.contains("[Declarer \"^E\"]"));
        assert!(text.contains("[Contract \"3NTX\"]"));
        // Declarer's tricks (PBN 3.4.14): East's side has 9.
        assert!(text.contains("[Result \"^9\"]"));
        assert!(
            text.contains(
                "\r\n1C =1= 1H ^I 1D ^S\r\n3NT X AP\r\n[Note \"1:strong\"]\r\n[Play \"S\"]\r\n"
            ),
            "{text}"
        );
        assert!(
            text.contains("\r\nS2 ^R HA =1= - C2\r\n+ - - -\r\n*\r\n"),
            "{text}"
        );
        assert!(!text.contains('\t'));
    }
}
