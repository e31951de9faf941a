//! Writing Portable Pinochle Notation in EXPORT form: the three file headers, the
//! mandatory tags in the spec's order (then the optional game tags the hand
//! holds), one tag per line, the auction one round of four slots per line from
//! its first seat, the play one trick per line with `(winner points)`, a blank
//! line between hands.
//!
//! A tag whose value the [`Hand`] does not hold (`None`) is left out, so that
//! reading the text back gives the same hand; `?` and `*` values are written as
//! such. The Auction and Play tags are always written (EXPORT requires them): a
//! section the hand does not hold is written as its tag alone, which the decoder
//! reads back as no section.

use std::fmt::Display;
use std::io::{self, Write};

use crate::BySeat;
use crate::pinochle::{
    At, Auction, Competition, Hand, Melds, Play, PlayCard, Tag, Written, team_number, value,
};

/// The tags of a hand that the [`Hand`] does not carry: where and when, and who
/// sat where.
///
/// ```
/// use kibitz::notation::pinochle::writer::Identification;
/// let id = Identification::default();
/// assert_eq!(id.date, "????.??.??");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identification {
    /// Site tag.
    pub site: String,
    /// Date tag (`YYYY.MM.DD`, `?` for unknown digits).
    pub date: String,
    /// Player names, by seat.
    pub players: BySeat<String>,
}

impl Default for Identification {
    fn default() -> Identification {
        Identification {
            site: "?".into(),
            date: "????.??.??".into(),
            players: BySeat::new_with(|s| s.to_string()),
        }
    }
}

/// Writes hands in EXPORT form.
///
/// ```
/// use kibitz::notation::pinochle::writer::{Identification, Writer};
/// use kibitz::pinochle::{At, Hand, Written};
/// use kibitz::{Pos, Seat};
/// let mut hand = Hand::default();
/// hand.dealer = Some(At::new(Written::Value(Seat::North), Pos::default()));
/// let mut out = Vec::new();
/// let mut w = Writer::new(&mut out);
/// w.write_hand(&Identification::default(), &hand).unwrap();
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.starts_with("% PPN 1.0\n% EXPORT\n%\n[Site \"?\"]\n"));
/// assert!(text.contains("[Dealer \"N\"]\n"));
/// ```
pub struct Writer<W: Write> {
    out: W,
    hands: usize,
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

impl<W: Write> Writer<W> {
    /// A writer to `out`; the headers are written before the first hand.
    ///
    /// ```
    /// let w = kibitz::notation::pinochle::writer::Writer::new(Vec::new());
    /// assert_eq!(w.hands_written(), 0);
    /// ```
    pub fn new(out: W) -> Writer<W> {
        Writer { out, hands: 0 }
    }

    /// Hands written so far.
    ///
    /// ```
    /// use kibitz::notation::pinochle::writer::{Identification, Writer};
    /// let mut w = Writer::new(Vec::new());
    /// w.write_hand(&Identification::default(), &Default::default()).unwrap();
    /// assert_eq!(w.hands_written(), 1);
    /// ```
    pub fn hands_written(&self) -> usize {
        self.hands
    }

    /// The underlying writer.
    ///
    /// ```
    /// let w = kibitz::notation::pinochle::writer::Writer::new(vec![1u8]);
    /// assert_eq!(w.into_inner(), [1]);
    /// ```
    pub fn into_inner(self) -> W {
        self.out
    }

    fn tag(&mut self, name: &str, value: &str) -> io::Result<()> {
        writeln!(self.out, "[{name} \"{}\"]", escape(value))
    }

    fn opt<T>(&mut self, name: &str, t: &Tag<T>, show: impl Fn(&T) -> String) -> io::Result<()> {
        match t {
            None => Ok(()),
            Some(At { value, .. }) => {
                let v = match value {
                    Written::Value(v) => show(v),
                    Written::Unknown => "?".into(),
                    Written::Star => "*".into(),
                };
                self.tag(name, &v)
            }
        }
    }

    /// Writes one hand (and, before the first, the file headers).
    ///
    /// # Errors
    ///
    /// I/O errors of the output.
    ///
    /// ```
    /// use kibitz::notation::pinochle::writer::{Identification, Writer};
    /// use kibitz::pinochle::{Auction, Call, Hand};
    /// use kibitz::Seat;
    /// let mut hand = Hand::default();
    /// hand.auction = Some(Auction::from_calls(Seat::East, &[Call::Pass, Call::Bid(52), Call::Bid(59), Call::Bid(60), Call::Skip]));
    /// let mut w = Writer::new(Vec::new());
    /// w.write_hand(&Identification::default(), &hand).unwrap();
    /// let text = String::from_utf8(w.into_inner()).unwrap();
    /// assert!(text.ends_with("[Auction \"E\"]\nPass 52 59 60\n-\n[Play \"?\"]\n"));
    /// ```
    pub fn write_hand(&mut self, id: &Identification, h: &Hand) -> io::Result<()> {
        if self.hands == 0 {
            self.out.write_all(b"% PPN 1.0\n% EXPORT\n%\n")?;
        } else {
            self.out.write_all(b"\n")?;
        }
        self.hands += 1;
        self.tag("Site", &id.site)?;
        self.tag("Date", &id.date)?;
        for (seat, name) in id.players.iter() {
            self.tag(&seat.to_string(), name)?;
        }
        self.opt("Hand", &h.number, u32::to_string)?;
        self.opt("GameScores", &h.game_scores, ToString::to_string)?;
        self.opt("Dealer", &h.dealer, |s| s.char().to_string())?;
        self.opt("Deal", &h.deal, ToString::to_string)?;
        self.opt("Declarer", &h.declarer, |s| s.char().to_string())?;
        self.opt("Contract", &h.contract, u32::to_string)?;
        self.opt("Trump", &h.trump, ToString::to_string)?;
        self.opt("Melds", &h.melds, melds)?;
        self.opt("MeldScores", &h.meld_scores, ToString::to_string)?;
        self.opt("PlayScores", &h.play_scores, ToString::to_string)?;
        self.opt("Result", &h.result, ToString::to_string)?;
        self.opt("HandScores", &h.hand_scores, ToString::to_string)?;
        if let Some(c) = &h.competition {
            let name = match c.value {
                Competition::DoubleDeckFourHanded => "Double-deck Four-handed",
                Competition::Other => "Other",
            };
            self.tag("Competition", name)?;
        }
        self.opt("Kitty", &h.kitty, |c| c.list())?;
        self.opt("Passed", &h.passed, ToString::to_string)?;
        self.opt("Discard", &h.discard, |d| match d.points {
            Some(p) => format!("{} ({p})", d.cards),
            None => d.cards.to_string(),
        })?;
        self.opt("Holding", &h.holding, ToString::to_string)?;
        self.opt("Termination", &h.termination, ToString::to_string)?;
        self.opt("Victor", &h.victor, |s| team_number(*s).to_string())?;
        // Both sections are mandatory: one not recorded is written empty (which
        // reads back as no section), from the dealer's left and the declarer.
        match &h.auction {
            Some(a) => self.auction(a)?,
            None => self.seat_tag("Auction", value(&h.dealer).map(|d| d.lho()))?,
        }
        match &h.play {
            Some(p) => self.play(p)?,
            None => self.seat_tag("Play", value(&h.declarer).copied())?,
        }
        Ok(())
    }

    fn seat_tag(&mut self, name: &str, seat: Option<crate::Seat>) -> io::Result<()> {
        let v = seat.map_or("?".to_string(), |s| s.char().to_string());
        self.tag(name, &v)
    }

    fn auction(&mut self, a: &Auction) -> io::Result<()> {
        self.seat_tag("Auction", a.first)?;
        let mut line = String::new();
        for (i, c) in a.calls.iter().enumerate() {
            push_word(&mut line, &c.value);
            if i % 4 == 3 {
                writeln!(self.out, "{line}")?;
                line.clear();
            }
        }
        if a.star.is_some() {
            push_word(&mut line, &"*");
        }
        if !line.is_empty() {
            writeln!(self.out, "{line}")?;
        }
        Ok(())
    }

    fn play(&mut self, p: &Play) -> io::Result<()> {
        self.seat_tag("Play", p.first)?;
        let mut line = String::new();
        for t in &p.tricks {
            for c in &t.cards {
                match c.value {
                    PlayCard::Card(card) => push_word(&mut line, &card),
                    PlayCard::Missing => push_word(&mut line, &"-"),
                }
            }
            if let (Some(w), Some(pts)) = (t.winner, t.points) {
                push_word(&mut line, &format!("({}{})", w.value.char(), pts.value));
            }
            writeln!(self.out, "{line}")?;
            line.clear();
        }
        if p.star.is_some() {
            writeln!(self.out, "*")?;
        }
        Ok(())
    }
}

fn push_word(line: &mut String, w: &dyn Display) {
    if !line.is_empty() {
        line.push(' ');
    }
    line.push_str(&w.to_string());
}

/// The Melds value: from the first seat, clockwise, cards then `(points)`; `-`
/// for a player not given.
fn melds(m: &Melds) -> String {
    let mut s = format!("{}:", m.first.char());
    for i in 0..4 {
        if i > 0 {
            s.push(' ');
        }
        match &m.players[m.first.add(i)] {
            Some(e) => {
                s.push_str(&e.value.cards.to_string());
                if let Some(p) = e.value.points {
                    s.push_str(&format!("({})", p.value));
                }
            }
            None => s.push('-'),
        }
    }
    s
}
