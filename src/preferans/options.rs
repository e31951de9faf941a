//! Rule options: the variants `../shared/reference/preferans.md` names, with its
//! defaults.

use std::fmt;

/// What a follower writes when main fails a betl.
///
/// ```
/// use kibitz::preferans::BetlSupa;
/// assert_eq!(BetlSupa::default(), BetlSupa::ValueTimesTricks);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum BetlSupa {
    /// Value x own tricks, as for every other contract (Prefko).
    #[default]
    ValueTimesTricks,
    /// 60 per follower, 70 for a game betl.
    Fixed60,
}

/// Who answers for the tricks when a follower invites the other (the reference
/// is silent; the default is the common Serbian rule).
///
/// ```
/// use kibitz::preferans::Invitation;
/// assert_eq!(Invitation::default(), Invitation::InviterAnswers);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Invitation {
    /// The inviter needs 4 tricks together with the invited player, who cannot fail.
    #[default]
    InviterAnswers,
    /// As if both had followed: each needs 2, or both 4 together.
    AsBothFollowing,
}

/// The rule options of a preferans audit.
///
/// | name | default | meaning |
/// |---|---|---|
/// | `must_head` | off | following suit, beat the best card of the suit led if able (while no trump is in the trick) |
/// | `must_overtrump` | off | trumping, beat the best trump in the trick if able |
/// | `kontra_pair_needs_five` | off | under a kontra the followers together need 5 tricks |
/// | `sub_mort_kontra` | on | subkontra and mortkontra are allowed |
/// | `betl_supa` | `value_times_tricks` | or `fixed_60` |
/// | `invitation` | `inviter_answers` | or `as_both_following` (not in the reference: see [`Invitation`]) |
///
/// ```
/// use kibitz::preferans::{BetlSupa, Options};
/// let mut o = Options::default();
/// assert!(o.sub_mort_kontra && !o.must_head);
/// o.set("must_head").unwrap();
/// o.set("betl_supa=fixed_60").unwrap();
/// o.set("sub_mort_kontra=off").unwrap();
/// assert!(o.must_head && !o.sub_mort_kontra);
/// assert_eq!(o.betl_supa, BetlSupa::Fixed60);
/// assert!(o.set("no_such_option").is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Must beat the best card of the suit led when following, if able.
    pub must_head: bool,
    /// Must beat the best trump in the trick when trumping, if able.
    pub must_overtrump: bool,
    /// Under a kontra (K, R, S, M) the followers fail unless together they take 5.
    pub kontra_pair_needs_five: bool,
    /// Subkontra and mortkontra allowed.
    pub sub_mort_kontra: bool,
    /// Supa when a betl fails.
    pub betl_supa: BetlSupa,
    /// Who answers for the tricks after an invitation.
    pub invitation: Invitation,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            must_head: false,
            must_overtrump: false,
            kontra_pair_needs_five: false,
            sub_mort_kontra: true,
            betl_supa: BetlSupa::ValueTimesTricks,
            invitation: Invitation::InviterAnswers,
        }
    }
}

/// An option name or value that is not known.
///
/// ```
/// use kibitz::preferans::Options;
/// let e = Options::default().set("must_head=maybe").unwrap_err();
/// assert!(e.to_string().contains("must_head"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown preferans option {0:?} (known: must_head, must_overtrump, kontra_pair_needs_five, sub_mort_kontra, betl_supa=value_times_tricks|fixed_60, invitation=inviter_answers|as_both_following)"
)]
///
/// ```
/// use kibitz::preferans::Options;
/// assert!(Options::default().set("betl_supa=fixed_70").is_err());
/// ```
pub struct OptionError(pub String);

impl Options {
    /// Sets one option from `name` (a flag turned on) or `name=value`
    /// (`on`/`off`/`true`/`false` for flags).
    ///
    /// # Errors
    ///
    /// An unknown name or value.
    ///
    /// ```
    /// use kibitz::preferans::Options;
    /// let mut o = Options::default();
    /// o.set("must_overtrump=on").unwrap();
    /// assert!(o.must_overtrump);
    /// ```
    pub fn set(&mut self, spec: &str) -> Result<(), OptionError> {
        let (name, value) = spec.split_once('=').unwrap_or((spec, "on"));
        let err = || OptionError(spec.to_string());
        let flag = || match value {
            "on" | "true" | "yes" | "1" => Ok(true),
            "off" | "false" | "no" | "0" => Ok(false),
            _ => Err(err()),
        };
        match name.trim() {
            "must_head" => self.must_head = flag()?,
            "must_overtrump" => self.must_overtrump = flag()?,
            "kontra_pair_needs_five" => self.kontra_pair_needs_five = flag()?,
            "sub_mort_kontra" => self.sub_mort_kontra = flag()?,
            "betl_supa" => {
                self.betl_supa = match value {
                    "value_times_tricks" => BetlSupa::ValueTimesTricks,
                    "fixed_60" => BetlSupa::Fixed60,
                    _ => return Err(err()),
                }
            }
            "invitation" => {
                self.invitation = match value {
                    "inviter_answers" => Invitation::InviterAnswers,
                    "as_both_following" => Invitation::AsBothFollowing,
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
            "must_head={} must_overtrump={} kontra_pair_needs_five={} sub_mort_kontra={} betl_supa={} invitation={}",
            self.must_head,
            self.must_overtrump,
            self.kontra_pair_needs_five,
            self.sub_mort_kontra,
            match self.betl_supa {
                BetlSupa::ValueTimesTricks => "value_times_tricks",
                BetlSupa::Fixed60 => "fixed_60",
            },
            match self.invitation {
                Invitation::InviterAnswers => "inviter_answers",
                Invitation::AsBothFollowing => "as_both_following",
            }
        )
    }
}
