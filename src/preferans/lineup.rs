//! Who plays a deal: main, the followers who accepted, an invited follower; and
//! who leads the first trick.

use super::{Accepted, ByPlayer, Contract, DealOrder, Kontra, KontraLevel, Player};

/// How a player takes part in the play.
///
/// ```
/// use kibitz::preferans::{Accepted, Lineup, Player, Role};
/// let l = Lineup::new(Player::One, Accepted::Both(8), None);
/// assert_eq!(l.roles[Player::Two], Role::Follower);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// The auction winner.
    Main,
    /// A follower who decided to play (named in `accepted`).
    Follower,
    /// A follower who did not accept but plays on the other's invitation.
    Invited,
    /// Does not play.
    Out,
}

/// Who plays a deal: main, the followers who accepted, and an invited follower.
///
/// A kontra (K, R, S, M) only multiplies the value: it brings nobody into play.
/// An invitation (`I`) brings the follower who did not accept into play.
///
/// ```
/// use kibitz::preferans::{Accepted, Kontra, Lineup, Player, Role};
/// let k = Kontra::parse(b"I3").unwrap();
/// let l = Lineup::new(Player::Two, Accepted::One(Player::Three), Some(k));
/// assert_eq!(l.roles[Player::One], Role::Invited);
/// assert_eq!(l.count(), 3);
/// let l = Lineup::new(Player::Two, Accepted::One(Player::Three), Kontra::parse(b"S3"));
/// assert_eq!(l.roles[Player::One], Role::Out);
/// assert_eq!(l.count(), 2);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Lineup {
    /// Main.
    pub main: Player,
    /// Each player's role.
    pub roles: ByPlayer<Role>,
}

impl Lineup {
    /// The lineup for `main`, `accepted` and the kontra field. An `accepted` that
    /// names main is read as nobody following (the rules report it).
    ///
    /// ```
    /// use kibitz::preferans::{Accepted, Lineup, Player};
    /// // Accepted naming main counts as nobody following.
    /// let l = Lineup::new(Player::One, Accepted::One(Player::One), None);
    /// assert!(!l.has_play());
    /// ```
    pub fn new(main: Player, accepted: Accepted, kontra: Option<Kontra>) -> Lineup {
        let mut roles = ByPlayer::new_with(|p| if p == main { Role::Main } else { Role::Out });
        let followers = [main.right(), main.left()];
        match accepted {
            Accepted::Nobody => {}
            Accepted::One(f) if f == main => {}
            Accepted::One(f) => {
                roles[f] = Role::Follower;
                if kontra.is_some_and(|k| k.level == KontraLevel::Invitation) {
                    for g in followers {
                        if g != f {
                            roles[g] = Role::Invited;
                        }
                    }
                }
            }
            Accepted::Both(_) => {
                for g in followers {
                    roles[g] = Role::Follower;
                }
            }
        }
        Lineup { main, roles }
    }

    /// Whether `p` plays.
    ///
    /// ```
    /// use kibitz::preferans::{Accepted, Lineup, Player};
    /// let l = Lineup::new(Player::One, Accepted::One(Player::Two), None);
    /// assert!(l.plays(Player::Two) && !l.plays(Player::Three));
    /// ```
    pub fn plays(&self, p: Player) -> bool {
        self.roles[p] != Role::Out
    }

    /// Number of players who play (1 when nobody follows: there is no play).
    ///
    /// ```
    /// use kibitz::preferans::{Accepted, Lineup, Player};
    /// assert_eq!(Lineup::new(Player::One, Accepted::Nobody, None).count(), 1);
    /// ```
    pub fn count(&self) -> usize {
        self.roles
            .values
            .iter()
            .filter(|r| **r != Role::Out)
            .count()
    }

    /// Whether there is play at all (someone follows).
    ///
    /// ```
    /// use kibitz::preferans::{Accepted, Lineup, Player};
    /// assert!(Lineup::new(Player::One, Accepted::Both(8), None).has_play());
    /// ```
    pub fn has_play(&self) -> bool {
        self.count() > 1
    }

    /// The followers who play, in id order.
    ///
    /// ```
    /// use kibitz::preferans::{Accepted, Lineup, Player};
    /// let l = Lineup::new(Player::Two, Accepted::Both(8), None);
    /// assert_eq!(l.followers().collect::<Vec<_>>(), [Player::One, Player::Three]);
    /// ```
    pub fn followers(&self) -> impl Iterator<Item = Player> + '_ {
        Player::ALL
            .into_iter()
            .filter(|&p| matches!(self.roles[p], Role::Follower | Role::Invited))
    }

    /// The next player after `p` in play order who plays.
    ///
    /// ```
    /// use kibitz::preferans::{Accepted, DealOrder, Lineup, Player};
    /// let o = DealOrder::from_digits(b"123").unwrap();
    /// let l = Lineup::new(Player::One, Accepted::One(Player::Three), None);
    /// assert_eq!(l.next_playing(o, Player::One), Player::Three); // 2 does not play
    /// ```
    pub fn next_playing(&self, order: DealOrder, p: Player) -> Player {
        let mut q = order.next(p);
        for _ in 0..3 {
            if self.plays(q) {
                return q;
            }
            q = order.next(q);
        }
        p
    }

    /// The first leader: the first bidder, or in sans and preferans the player
    /// before main in play order; if that player does not play, the next one who
    /// does.
    ///
    /// ```
    /// use kibitz::preferans::{Accepted, Contract, DealOrder, Lineup, Player};
    /// let o = DealOrder::from_digits(b"231").unwrap();
    /// let l = Lineup::new(Player::Two, Accepted::One(Player::Three), None);
    /// // Hearts: first bidder 2 (main) leads.
    /// assert_eq!(l.first_leader(o, Contract::parse(b"4").unwrap()), Player::Two);
    /// // Sans: the player before main is 1, who does not play; next who plays is 2.
    /// assert_eq!(l.first_leader(o, Contract::parse(b"7").unwrap()), Player::Two);
    /// ```
    pub fn first_leader(&self, order: DealOrder, contract: Contract) -> Player {
        let base = if contract.is_sans() || contract.is_preferans() {
            order.prev(self.main)
        } else {
            order.first()
        };
        if self.plays(base) {
            base
        } else {
            self.next_playing(order, base)
        }
    }
}
