//! A whole game: the info section's numbers, every deal in turn, the game sheet
//! and the final Result and Place tags.

use super::check::check_deal;
use super::rules;
use super::{ByPlayer, DealOrder, Options, Sheet};
use super::{Deal, Field};
use crate::{Pos, Rule};

/// The values of a game's info section the rules need, each with the position of
/// its value. Decoders fill it; syntax errors are theirs to report.
///
/// ```
/// use kibitz::preferans::Info;
/// assert!(Info::default().bula.is_none());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Info {
    /// Where the game starts.
    pub pos: Pos,
    /// Bula: starting middle column.
    pub bula: Option<(i64, Pos)>,
    /// Refe: most refas per player (0 = none).
    pub refe: Option<(u32, Pos)>,
    /// Result1..3.
    pub results: ByPlayer<Option<(i64, Pos)>>,
    /// Place1..3.
    pub places: ByPlayer<Option<(u8, Pos)>>,
}

/// A game being checked, deal by deal, in bounded memory.
///
/// ```
/// use kibitz::preferans::{Game, Info, Options};
/// use kibitz::Pos;
/// let info = Info { bula: Some((60, Pos::new(1, 7))), ..Info::default() };
/// let mut found = Vec::new();
/// let game = Game::new(&info, Options::default(), &mut |r, _, m| found.push((r.id, m)));
/// game.finish(&info, &mut |r, _, m| found.push((r.id, m)));
/// assert!(found.is_empty());
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    opts: Options,
    sheet: Sheet,
    /// Whether every deal could be written on the sheet (else results are not checked).
    sheet_complete: bool,
    last_refa_deal: Option<u64>,
}

/// A sink for findings: rule, place, message.
///
/// ```
/// use kibitz::preferans::Sink;
/// let mut n = 0;
/// let sink: &mut Sink = &mut |_, _, _| n += 1;
/// sink(kibitz::preferans::rules::VALUE, Default::default(), String::new());
/// assert_eq!(n, 1);
/// ```
pub type Sink<'a> = dyn FnMut(Rule, Pos, String) + 'a;

impl Game {
    /// Starts a game with the info section's values, reporting a Bula that is not
    /// an even number above 0.
    ///
    /// ```
    /// use kibitz::preferans::{Game, Info, Options};
    /// use kibitz::Pos;
    /// let info = Info { bula: Some((61, Pos::new(1, 7))), ..Info::default() };
    /// let mut ids = Vec::new();
    /// Game::new(&info, Options::default(), &mut |r, _, _| ids.push(r.id));
    /// assert_eq!(ids, ["preferans.sheet.bula"]);
    /// ```
    pub fn new(info: &Info, opts: Options, out: &mut Sink) -> Game {
        let mut sheet_complete = true;
        let bula = match info.bula {
            Some((b, pos)) => {
                if b <= 0 || b % 2 != 0 {
                    out(
                        rules::SHEET_BULA,
                        pos,
                        format!("Bula is {b}; it is an even number above 0"),
                    );
                }
                b
            }
            None => {
                sheet_complete = false;
                0
            }
        };
        Game {
            opts,
            sheet: Sheet::new(bula, info.refe.map(|r| r.0)),
            sheet_complete,
            last_refa_deal: None,
        }
    }

    /// The sheet so far.
    ///
    /// ```
    /// use kibitz::preferans::{Game, Info, Options, Player};
    /// let g = Game::new(&Info::default(), Options::default(), &mut |_, _, _| {});
    /// assert!(!g.sheet().holds_refa(Player::One));
    /// ```
    pub fn sheet(&self) -> &Sheet {
        &self.sheet
    }

    /// Checks one deal and writes it on the sheet.
    ///
    /// ```
    /// use kibitz::preferans::{Deal, Game, Info, Options, Player};
    /// let mut g = Game::new(&Info::default(), Options::default(), &mut |_, _, _| {});
    /// let d = Deal { id: Some(1), fields: 4, ..Deal::default() }; // all passed
    /// g.deal(&d, &mut |_, _, _| {});
    /// assert!(g.sheet().holds_refa(Player::Two));
    /// ```
    pub fn deal(&mut self, d: &Deal, out: &mut Sink) {
        let label = d.label();
        let mut out = |r: Rule, p: Pos, m: String| out(r, p, format!("{label}: {m}"));
        if d.all_passed() {
            check_deal(d, &self.opts, false, &mut out);
            if self.sheet.all_passed() {
                self.last_refa_deal = d.id;
            }
            return;
        }
        let held = d.main.is_some_and(|m| self.sheet.holds_refa(m));
        check_deal(d, &self.opts, held, &mut out);
        if let (Some(refa), Some(m)) = (d.refa, d.main)
            && refa != held
        {
            let from = self.last_refa_deal.map_or(String::new(), |id| {
                format!(" (last written after deal {id})")
            });
            let msg = if refa {
                format!(
                    "the deal is played under refa, but main {m} holds no unplayed refa ({} written for each player{from})",
                    self.sheet.refas_written()
                )
            } else {
                format!(
                    "main {m} holds an unplayed refa{from}, so the deal is played under refa: the field is 1, not 0"
                )
            };
            out(rules::SHEET_REFA, d.at(Field::Refa), msg);
        }
        if let Some(m) = d.main
            && held
        {
            self.sheet.use_refa(m);
        }
        match (d.summary, d.order.and_then(DealOrder::new)) {
            (Some(entries), Some(o)) => {
                for (i, e) in entries.iter().enumerate() {
                    self.sheet.write(o.at(i), *e);
                }
            }
            _ => self.sheet_complete = false,
        }
    }

    /// Checks the Result and Place tags against the finished sheet.
    ///
    /// ```
    /// use kibitz::preferans::{ByPlayer, Game, Info, Options};
    /// use kibitz::Pos;
    /// let p = Pos::new(1, 1);
    /// let info = Info {
    ///     bula: Some((60, p)),
    ///     results: ByPlayer { values: [Some((5, p)), Some((0, p)), Some((-5, p))] },
    ///     ..Info::default()
    /// };
    /// let g = Game::new(&info, Options::default(), &mut |_, _, _| {});
    /// let mut ids = Vec::new();
    /// g.finish(&info, &mut |r, _, _| ids.push(r.id));
    /// assert_eq!(ids, ["preferans.result.formula"]); // an untouched sheet gives 0, 0, 0
    /// ```
    pub fn finish(&self, info: &Info, out: &mut Sink) {
        let results: Option<Vec<(i64, Pos)>> = info.results.values.iter().copied().collect();
        let Some(results) = results else {
            return;
        };
        if self.sheet_complete {
            let x3 = self.sheet.results_x3();
            let fits = super::Player::ALL
                .iter()
                .all(|&p| self.sheet.result_fits(p, results[p.index()].0));
            let sum: i64 = results.iter().map(|r| r.0).sum();
            if !fits || sum != 0 {
                let scores: Vec<String> = super::Player::ALL
                    .iter()
                    .map(|&p| self.sheet.score(p).to_string())
                    .collect();
                let want: Vec<String> = x3.values.iter().map(|&x| thirds(x)).collect();
                let got: Vec<String> = results.iter().map(|r| r.0.to_string()).collect();
                out(
                    rules::RESULT_FORMULA,
                    results[0].1,
                    format!(
                        "Result1..3 are {}, but the game sheet gives scores {} and score - mean = {}",
                        got.join(", "),
                        scores.join(", "),
                        want.join(", ")
                    ),
                );
            }
        }
        let places: Option<Vec<(u8, Pos)>> = info.places.values.iter().copied().collect();
        let Some(places) = places else {
            return;
        };
        let mut wrong = Vec::new();
        for a in 0..3 {
            for b in 0..3 {
                if results[a].0 > results[b].0 && places[a].0 >= places[b].0 {
                    wrong.push(format!(
                        "player {} (Result {}) has Place {}, player {} (Result {}) Place {}",
                        a + 1,
                        results[a].0,
                        places[a].0,
                        b + 1,
                        results[b].0,
                        places[b].0
                    ));
                }
            }
        }
        if !wrong.is_empty() {
            out(
                rules::RESULT_PLACE,
                places[0].1,
                format!(
                    "Place tags do not rank the players by Result, highest first: {}",
                    wrong.join("; ")
                ),
            );
        }
    }
}

/// `x / 3` written exactly: `12`, `12.33`, `-0.67`.
fn thirds(x: i64) -> String {
    match x.rem_euclid(3) {
        0 => (x / 3).to_string(),
        r => {
            let whole = x.div_euclid(3);
            let frac = if r == 1 { 0.333_333_f64 } else { 0.666_667 };
            format!("{:.2}", whole as f64 + frac)
        }
    }
}
