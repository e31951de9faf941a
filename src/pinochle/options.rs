//! Rule options: the variants `../shared/reference/pinochle.md` names, with its
//! defaults.

use std::fmt;

use super::{ACE_TEN_KING, Counters, TENS_AND_FIVES};

/// The counter scheme.
///
/// ```
/// use kibitz::pinochle::CounterScheme;
/// assert_eq!(CounterScheme::default().counters().total(), 50);
/// assert_eq!(CounterScheme::TensAndFives.counters().total(), 490);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum CounterScheme {
    /// A, T, K one point each, last trick 2 (50 per hand).
    #[default]
    AceTenKing,
    /// A, T 10; K, Q 5; last trick 10 (490 per hand).
    TensAndFives,
}

impl CounterScheme {
    /// The counter values of the scheme.
    ///
    /// ```
    /// use kibitz::pinochle::{CounterScheme, Rank};
    /// assert_eq!(CounterScheme::TensAndFives.counters().rank(Rank::Queen), 5);
    /// ```
    pub const fn counters(self) -> Counters {
        match self {
            CounterScheme::AceTenKing => ACE_TEN_KING,
            CounterScheme::TensAndFives => TENS_AND_FIVES,
        }
    }

    /// The option value naming the scheme.
    ///
    /// ```
    /// assert_eq!(kibitz::pinochle::CounterScheme::AceTenKing.name(), "ace_ten_king");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            CounterScheme::AceTenKing => "ace_ten_king",
            CounterScheme::TensAndFives => "tens_and_fives",
        }
    }
}

/// The rule options of a pinochle audit.
///
/// | name | default | meaning |
/// |---|---|---|
/// | `min_bid=N` | 50 | lowest opening bid |
/// | `bid_steps` | on | bids from 60 are multiples of 5, from 100 multiples of 10 (off: any higher number) |
/// | `meld_minimum=N` | 20 | a team's meld below N counts 0 (0: no minimum) |
/// | `counter_minimum=N` | 20 | a team taking fewer counters scores nothing for the hand |
/// | `must_head` | on | following suit, beat the best card of the suit led when able (while no trump is in the trick) |
/// | `must_overtrump` | on | trumping, beat the best trump in the trick when able |
/// | `counters` | `ace_ten_king` | or `tens_and_fives` |
/// | `no_board` | `not_played` | or `play_out`: a declaring team below the meld minimum plays the hand |
/// | `game=N` | 500 | points that win the game |
///
/// ```
/// use kibitz::pinochle::Options;
/// let mut o = Options::default();
/// assert!(o.must_head && o.must_overtrump && o.bid_steps);
/// assert_eq!((o.min_bid, o.meld_minimum, o.game), (50, 20, 500));
/// o.set("min_bid=60").unwrap();
/// o.set("must_head=off").unwrap();
/// o.set("no_board=play_out").unwrap();
/// assert_eq!(o.min_bid, 60);
/// assert!(!o.must_head && o.no_board_played);
/// assert!(o.set("min_bid=lots").is_err());
/// assert!(o.set("no_such_option").is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Lowest opening bid.
    pub min_bid: u32,
    /// Bids of 60 and above are multiples of 5, of 100 and above of 10.
    pub bid_steps: bool,
    /// A team's meld below this counts 0 (and a declaring team below it has no board).
    pub meld_minimum: u32,
    /// A team that takes fewer counters scores nothing for the hand.
    pub counter_minimum: u32,
    /// Must beat the best card of the suit led when following, if able.
    pub must_head: bool,
    /// Must beat the best trump in the trick when trumping, if able.
    pub must_overtrump: bool,
    /// Counter values.
    pub counters: CounterScheme,
    /// A declaring team below the meld minimum plays the hand anyway.
    pub no_board_played: bool,
    /// Points that win the game.
    pub game: i32,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            min_bid: 50,
            bid_steps: true,
            meld_minimum: 20,
            counter_minimum: 20,
            must_head: true,
            must_overtrump: true,
            counters: CounterScheme::AceTenKing,
            no_board_played: false,
            game: 500,
        }
    }
}

/// An option name or value that is not known.
///
/// ```
/// use kibitz::pinochle::Options;
/// let e = Options::default().set("counters=nines").unwrap_err();
/// assert!(e.to_string().contains("counters=nines"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown pinochle option {0:?} (known: min_bid=N, bid_steps, meld_minimum=N, counter_minimum=N, must_head, must_overtrump, counters=ace_ten_king|tens_and_fives, no_board=not_played|play_out, game=N)"
)]
pub struct OptionError(pub String);

impl Options {
    /// Sets one option from `name` (a flag turned on) or `name=value`
    /// (`on`/`off`/`true`/`false` for flags, a number for numbers).
    ///
    /// # Errors
    ///
    /// An unknown name or value.
    ///
    /// ```
    /// use kibitz::pinochle::{CounterScheme, Options};
    /// let mut o = Options::default();
    /// o.set("counters=tens_and_fives").unwrap();
    /// assert_eq!(o.counters, CounterScheme::TensAndFives);
    /// ```
    pub fn set(&mut self, spec: &str) -> Result<(), OptionError> {
        let (name, value) = spec.split_once('=').unwrap_or((spec, "on"));
        let value = value.trim();
        let err = || OptionError(spec.to_string());
        let flag = || match value {
            "on" | "true" | "yes" | "1" => Ok(true),
            "off" | "false" | "no" | "0" => Ok(false),
            _ => Err(err()),
        };
        let number = || {
            value
                .parse::<u32>()
                .ok()
                .filter(|&n| n <= 100_000)
                .ok_or_else(err)
        };
        match name.trim() {
            "min_bid" => self.min_bid = number()?,
            "bid_steps" => self.bid_steps = flag()?,
            "meld_minimum" => self.meld_minimum = number()?,
            "counter_minimum" => self.counter_minimum = number()?,
            "must_head" => self.must_head = flag()?,
            "must_overtrump" => self.must_overtrump = flag()?,
            "game" => self.game = number()? as i32,
            "counters" => {
                self.counters = match value {
                    "ace_ten_king" => CounterScheme::AceTenKing,
                    "tens_and_fives" => CounterScheme::TensAndFives,
                    _ => return Err(err()),
                }
            }
            "no_board" => {
                self.no_board_played = match value {
                    "not_played" => false,
                    "play_out" => true,
                    _ => return Err(err()),
                }
            }
            _ => return Err(err()),
        }
        Ok(())
    }
}

impl fmt::Display for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "min_bid={} bid_steps={} meld_minimum={} counter_minimum={} must_head={} must_overtrump={} counters={} no_board={} game={}",
            self.min_bid,
            self.bid_steps,
            self.meld_minimum,
            self.counter_minimum,
            self.must_head,
            self.must_overtrump,
            self.counters.name(),
            if self.no_board_played {
                "play_out"
            } else {
                "not_played"
            },
            self.game
        )
    }
}
