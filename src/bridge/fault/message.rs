//! The messages of [`Fault`]s: each shows the proof (cards, calls, seats and
//! numbers) of what it reports.

use std::fmt;

use super::*;

/// The cards of `set` as `SK, H5`, highest first.
///
/// ```
/// use kibitz::bridge::fault::card_list;
/// assert_eq!(card_list("K.5..".parse().unwrap()), "SK, H5");
/// ```
pub fn card_list(set: CardSet) -> String {
    let mut s = String::new();
    for (i, c) in set.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        s.push_str(&c.to_string());
    }
    s
}

impl Fault {
    /// Appends the message of the faults so common that `write!` would be a
    /// noticeable part of an audit (the cycle notices, on many boards of some
    /// files), piece by piece; for any other fault appends nothing and returns
    /// false. The text is the [`fmt::Display`] text (a test compares them).
    pub(super) fn push_quick_message(&self, out: &mut String) -> bool {
        let Fault::Cycle { board, fault, .. } = *self else {
            return false;
        };
        let (what, written, expected) = match fault {
            CycleFault::Dealer { written, expected } => {
                ("dealer ", seat_name(written), seat_name(expected))
            }
            CycleFault::Vulnerable { written, expected } => {
                ("vulnerable ", written.as_str(), expected.as_str())
            }
        };
        out.push_str("board ");
        push_decimal(out, board);
        out.push_str(": ");
        out.push_str(what);
        out.push_str(written);
        out.push_str(", the standard cycle has ");
        out.push_str(expected);
        true
    }
}

/// The name of `seat`, as its [`fmt::Display`] writes it.
fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::North => "North",
        Seat::East => "East",
        Seat::South => "South",
        Seat::West => "West",
    }
}

/// Appends `n` in decimal.
fn push_decimal(out: &mut String, mut n: u32) {
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[i..] {
        out.push(char::from(d));
    }
}

fn contract_tag(t: ContractTag) -> String {
    match t {
        ContractTag::Pass => "Pass".into(),
        ContractTag::Contract(c) => c.to_string(),
        ContractTag::Strain(s) => s.to_string(),
    }
}

fn risk_word(c: Contract) -> &'static str {
    match c.risk {
        crate::Risk::Undoubled => "",
        crate::Risk::Doubled => " doubled",
        crate::Risk::Redoubled => " redoubled",
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Fault::DuplicateCard { ref groups, .. } => {
                for (i, &(cards, first, second)) in groups.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    let verb = if cards.len() == 1 { "is" } else { "are" };
                    let list = card_list(cards);
                    if first == second {
                        write!(f, "{list} {verb} written twice in {first}'s hand")?;
                    } else {
                        write!(f, "{list} {verb} held twice: by {first} and by {second}")?;
                    }
                }
                Ok(())
            }
            Fault::HandSize { fault, .. } => match fault {
                HandSizeFault::TooMany { seat, len } => {
                    write!(f, "{seat} holds {len} cards; a hand holds at most 13")
                }
                HandSizeFault::Short { seat, len, full } => write!(
                    f,
                    "{seat} holds {len} cards while {full} holds 13: in a full deal every hand holds 13"
                ),
                HandSizeFault::Unequal {
                    seat,
                    len,
                    other,
                    other_len,
                } => write!(
                    f,
                    "end position with play: {seat} holds {len} cards but {other} holds {other_len}; the hands must be equal"
                ),
            },
            Fault::NoHand { .. } => f.write_str("the deal gives no hand: all four are `-`"),
            Fault::Cycle { board, fault, .. } => match fault {
                CycleFault::Dealer { written, expected } => write!(
                    f,
                    "board {board}: dealer {written}, the standard cycle has {expected}"
                ),
                CycleFault::Vulnerable { written, expected } => write!(
                    f,
                    "board {board}: vulnerable {written}, the standard cycle has {expected}"
                ),
            },
            Fault::Rotation { seat, dealer, .. } => write!(
                f,
                "the first call is {seat}'s, but the dealer {dealer} calls first"
            ),
            Fault::LateNotYet { .. } => f.write_str(
                "`-` (not yet this player's turn) after the first call: calls rotate clockwise",
            ),
            Fault::Insufficient {
                seat,
                bid,
                over,
                by,
                marked,
                ..
            } => {
                let why = if over == Bid::new(7, crate::Strain::NoTrump).expect("7NT") {
                    " (no bid ranks above 7NT)".to_string()
                } else {
                    String::new()
                };
                if marked {
                    write!(
                        f,
                        "{seat}'s insufficient {bid} over {by}'s {over}{why} is marked ^I as accepted"
                    )
                } else {
                    write!(
                        f,
                        "{seat} bids {bid}, which does not rank above {by}'s {over}{why}"
                    )
                }
            }
            Fault::SkipMarked { seat, .. } => write!(
                f,
                "{seat}'s turn to call was skipped by a call out of rotation (^S, accepted)"
            ),
            Fault::InsufficientMarkerWrong {
                seat, bid, over, ..
            } => match over {
                Some((o, by)) => write!(
                    f,
                    "^I marks {seat}'s {bid} as insufficient, but it ranks above {by}'s {o}"
                ),
                None => write!(
                    f,
                    "^I marks {seat}'s {bid} as insufficient, but no bid precedes it"
                ),
            },
            Fault::Double { seat, fault, .. } => match fault {
                DoubleFault::NoBid => write!(f, "{seat} doubles, but no bid has been made"),
                DoubleFault::OwnSide { bid, by } => write!(
                    f,
                    "{seat} doubles {by}'s {bid}: only a bid of the opponents may be doubled"
                ),
                DoubleFault::AlreadyDoubled { bid } => {
                    write!(f, "{seat} doubles {bid}, which is already doubled")
                }
            },
            Fault::Redouble { seat, fault, .. } => match fault {
                RedoubleFault::NotDoubled { bid: Some(b) } => {
                    write!(f, "{seat} redoubles, but the last bid {b} is not doubled")
                }
                RedoubleFault::NotDoubled { bid: None } => {
                    write!(f, "{seat} redoubles, but no bid has been made")
                }
                RedoubleFault::OwnDouble { doubler } => write!(
                    f,
                    "{seat} redoubles {doubler}'s double: only the doubled side may redouble"
                ),
                RedoubleFault::AlreadyRedoubled { bid } => {
                    write!(f, "{seat} redoubles {bid}, which is already redoubled")
                }
            },
            Fault::AfterEnd { seat, end, .. } => {
                write!(f, "a call by {seat} after the auction ended (at {end})")
            }
            Fault::Incomplete { calls: 0, .. } => {
                f.write_str("the auction section has no call, and no `*` or `+`")
            }
            Fault::Incomplete { calls, .. } => write!(
                f,
                "the auction stops after {calls} calls before it has ended, without `*` or `+`"
            ),
            Fault::Contract {
                written, derived, ..
            } => match derived {
                Some(c) => write!(
                    f,
                    "Contract {}, but the auction ends in {c}",
                    contract_tag(written)
                ),
                None => write!(
                    f,
                    "Contract {}, but the auction was passed out",
                    contract_tag(written)
                ),
            },
            Fault::Declarer {
                written, derived, ..
            } => match (written, derived) {
                (DeclarerTag::PassedOut, Some((d, c))) => write!(
                    f,
                    "Declarer is empty (passed out), but the auction gives {c} by {d}"
                ),
                (DeclarerTag::Seat { seat, .. }, None) => {
                    write!(f, "Declarer {seat}, but the auction was passed out")
                }
                (
                    DeclarerTag::Seat {
                        seat,
                        swapped: true,
                    },
                    Some((d, c)),
                ) if seat == d => write!(
                    f,
                    "Declarer ^{}: ^ names the player who took dummy's place, but {d} is declarer of {c} by the auction (the swap would be ^{})",
                    seat.char(),
                    d.partner().char()
                ),
                (DeclarerTag::Seat { seat, .. }, Some((d, c))) => write!(
                    f,
                    "Declarer {seat}, but {d} first named {} for the side that won the auction ({c}{})",
                    strain_name(c),
                    risk_word(c)
                ),
                (DeclarerTag::PassedOut, None) => {
                    f.write_str("Declarer is empty and the auction was passed out")
                }
            },
            Fault::NotAudited { calls, why, .. } => {
                let (s, were) = if calls == 1 {
                    ("", "was")
                } else {
                    ("s", "were")
                };
                write!(
                    f,
                    "{calls} call{s} of this auction {were} not audited: {why}, so the replay stops here"
                )
            }
            Fault::ContractOpen {
                written,
                last: (bid, by),
                ..
            } => write!(
                f,
                "Contract {}, but {by} already bid {bid} in the calls recorded (the auction stops before its end)",
                contract_tag(written)
            ),
            Fault::DeclarerOpen {
                written,
                namer,
                strain,
                ..
            } => {
                let seat = match written {
                    DeclarerTag::Seat {
                        seat,
                        swapped: true,
                    } => format!("^{} (so {} by the auction)", seat.char(), seat.partner()),
                    DeclarerTag::Seat { seat, .. } => seat.to_string(),
                    DeclarerTag::PassedOut => String::new(),
                };
                write!(
                    f,
                    "Declarer {seat}, but {namer} already named {} first for the side in the calls recorded (the auction stops before its end)",
                    strain_word(strain)
                )
            }
            Fault::MissingPasses {
                passes,
                written,
                shifted: (c, d),
                ..
            } => {
                let s = if passes == 1 { "" } else { "es" };
                f.write_str("the auction seems to lack the dealer's opening pass(es): ")?;
                match written {
                    Some((wc, wd)) => write!(f, "as written it gives {wc} by {wd}")?,
                    None => f.write_str("as written it is not a legal auction")?,
                }
                write!(
                    f,
                    ", but with {passes} pass{s} before its first call it is legal and gives {c} by {d}, as the tags say"
                )
            }
            Fault::SwapMarked { playing, .. } => write!(
                f,
                "declarer and dummy swapped (^): {playing} plays the contract bid by {}",
                playing.partner()
            ),
            Fault::Leader {
                actual, declarer, ..
            } => write!(
                f,
                "{actual} makes the opening lead, but declarer {declarer}'s left-hand opponent {} leads",
                declarer.lho()
            ),
            Fault::LeadMarked {
                trick,
                seat,
                expected,
                ..
            } => write!(
                f,
                "trick {trick}: {seat} leads out of turn ({expected} was on lead), marked ^L as accepted"
            ),
            Fault::NotHeld {
                trick,
                seat,
                card,
                fault,
                ..
            } => match fault {
                NotHeldFault::OtherHand(h) => write!(
                    f,
                    "trick {trick}: {seat} plays {card}, which the deal gives to {h}"
                ),
                NotHeldFault::NotInHand => write!(
                    f,
                    "trick {trick}: {seat} plays {card}, which is not in {seat}'s hand"
                ),
                NotHeldFault::NoCardsLeft => write!(
                    f,
                    "trick {trick}: {seat} plays {card} but has no cards left"
                ),
            },
            Fault::PlayNotAudited {
                trick, cards, held, ..
            } => {
                let s = if cards == 1 { "" } else { "s" };
                let checked = if held {
                    "for being held by their seat and played once"
                } else {
                    "for being played once"
                };
                write!(
                    f,
                    "the {cards} card{s} after trick {trick} were checked only {checked}: the \
                     contract's strain is unknown, so who won trick {trick} and led next is \
                     unknown (no revoke, lead or trick count is checked after it)"
                )
            }
            Fault::PlayNotReplayed { cards, .. } => write!(
                f,
                "the play ({}) was not replayed: the deal is at fault, so the hands its cards \
                 come from are not known (no card held, revoke, lead or trick count is checked)",
                Count(cards, "card")
            ),
            Fault::PlayedTwice {
                trick,
                seat,
                card,
                first,
                ..
            } => write!(
                f,
                "trick {trick}: {seat} plays {card}, which was already played at trick {first}"
            ),
            Fault::Revoke {
                trick,
                seat,
                card,
                led,
                proof,
                proof_trick,
                marked,
                ..
            } => {
                let lead = suit_name(led);
                let when = match proof_trick {
                    Some(t) => format!("played at trick {t}"),
                    None => "still held when the play record ends".to_string(),
                };
                match (proof, marked) {
                    (Some(p), false) => write!(
                        f,
                        "trick {trick}: {seat} played {card} on a {lead} lead while holding {p} ({when})"
                    ),
                    (Some(p), true) => write!(
                        f,
                        "trick {trick}: {seat} played {card} on a {lead} lead while holding {p} ({when}); marked ^R as accepted"
                    ),
                    (None, _) => write!(
                        f,
                        "trick {trick}: {seat} played {card} on a {lead} lead, marked ^R as a revoke accepted"
                    ),
                }
            }
            Fault::PlayMarkerWrong {
                trick,
                seat,
                card,
                fault,
                ..
            } => match fault {
                MarkerFault::RevokeOnLead => write!(
                    f,
                    "trick {trick}: ^R marks {seat}'s {card} as a revoke, but it leads the trick"
                ),
                MarkerFault::RevokeFollowed { led } => write!(
                    f,
                    "trick {trick}: ^R marks {seat}'s {card} as a revoke, but it follows the {} lead",
                    suit_name(led)
                ),
                MarkerFault::RevokeVoid { led } => write!(
                    f,
                    "trick {trick}: ^R marks {seat}'s {card} as a revoke, but {seat} held no {}",
                    suit_name(led)
                ),
                MarkerFault::LeadInTurn => write!(
                    f,
                    "trick {trick}: ^L marks {seat}'s {card} as a lead out of turn, but {seat} was on lead"
                ),
                MarkerFault::SecondLead => write!(
                    f,
                    "trick {trick}: a second ^L ({seat}'s {card}) in one trick"
                ),
            },
            Fault::AfterNext {
                trick,
                seat,
                card,
                next,
                ..
            } => write!(
                f,
                "trick {trick}: {seat}'s {card} comes after `+` (at {next}), the card still to be played"
            ),
            Fault::ResultTricks {
                written,
                computed,
                declarer,
                ..
            } => write!(
                f,
                "Result gives declarer {declarer} {}, but {declarer}'s side won {computed} in the play",
                Count(written, "trick")
            ),
            Fault::ResultClaim {
                written,
                won,
                left,
                declarer,
                ..
            } => write!(
                f,
                "Result gives declarer {declarer} {}, but the side had won {won} with {left} left when the play stopped: {won} to {} is possible",
                Count(written, "trick"),
                won + left
            ),
            Fault::ResultRevoke { bound, .. } => write!(f, "Result {bound}"),
            Fault::ResultDeclarers {
                tag,
                auction_declarer,
                auction,
                ..
            } => {
                write!(f, "Result {tag}")?;
                match auction {
                    Some(a) => write!(
                        f,
                        "; nor is it possible for {auction_declarer}, declarer by the auction: {a}"
                    ),
                    None => write!(
                        f,
                        "; it is possible only for {auction_declarer}, declarer by the auction, not for the Declarer tag's side"
                    ),
                }
            }
            Fault::ResultAgreed { .. } => f.write_str(
                "Result marked ^: the players agreed on a count that differs from the tricks won",
            ),
            Fault::ResultTotal { ns, ew, .. } => write!(
                f,
                "Result NS {ns} EW {ew}: the tricks add up to {}, not 13",
                u16::from(ns) + u16::from(ew)
            ),
            Fault::ResultPassedOut { .. } => {
                f.write_str("the Result gives tricks, but the board was passed out")
            }
            Fault::ResultList {
                stated, against, ..
            } => {
                write!(f, "the results list gives {stated}, but ")?;
                match against {
                    ListAgainst::Auction(Some((c, d))) => {
                        write!(f, "the auction ends in {c} by {d}")
                    }
                    ListAgainst::Auction(None) => f.write_str("the auction was passed out"),
                    ListAgainst::Result(n) => {
                        write!(f, "the Result gives declarer {}", Count(n, "trick"))
                    }
                    ListAgainst::Play(b) => b.write_play(f),
                }
            }
            Fault::PassedOutTags {
                declarer,
                result_zero,
                ..
            } => {
                f.write_str("passed out, but ")?;
                if let Some(d) = declarer {
                    write!(f, "the Declarer tag names {d}")?;
                    if result_zero {
                        f.write_str(" and ")?;
                    }
                }
                if result_zero {
                    f.write_str("the Result is 0")?;
                }
                f.write_str(": PBN leaves both empty when all four pass")
            }
            Fault::Points {
                form,
                written,
                computed,
                basis,
                ..
            } => match basis {
                Some((c, d, vul, tricks)) => write!(
                    f,
                    "Score {}, but {c} by {d}, {}, {} scores {} (Law 77)",
                    form.show(written),
                    if vul { "vulnerable" } else { "not vulnerable" },
                    Count(tricks, "trick"),
                    form.show(computed)
                ),
                None => write!(
                    f,
                    "Score {}, but a passed-out board scores 0",
                    form.show(written)
                ),
            },
            Fault::PointsEitherVulnerability {
                form,
                written,
                not_vulnerable,
                vulnerable,
                basis: (c, d, tricks),
                ..
            } => {
                write!(
                    f,
                    "Score {}, but {c} by {d}, {} scores {}",
                    form.show(written),
                    Count(tricks, "trick"),
                    form.show(not_vulnerable),
                )?;
                either_vulnerability(f, &form.show(vulnerable))
            }
            Fault::TableScore {
                row,
                side,
                written,
                computed,
                vulnerable,
                basis,
                ..
            } => {
                let col = if side == Side::NorthSouth { "NS" } else { "EW" };
                write!(f, "ScoreTable row {row}: Score_{col} {written}, but ")?;
                match basis {
                    None => write!(f, "a passed-out board scores 0"),
                    Some((c, d, vul, tricks)) => {
                        write!(f, "{c} by {d}, ")?;
                        match vul {
                            Some(true) => f.write_str("vulnerable, ")?,
                            Some(false) => f.write_str("not vulnerable, ")?,
                            None => {}
                        }
                        write!(f, "{} scores {col} {computed}", Count(tricks, "trick"))?;
                        match vulnerable {
                            Some(v) => either_vulnerability(f, &format!("{col} {v}")),
                            None => f.write_str(" (Law 77)"),
                        }
                    }
                }
            }
            Fault::RoomDeals {
                board,
                seat,
                here,
                there,
                other_room,
                other_line,
                ..
            } => {
                let list = |c: CardSet| {
                    if c.is_empty() {
                        "no other card".to_string()
                    } else {
                        card_list(c)
                    }
                };
                write!(
                    f,
                    "board {board}'s deal differs from the {} room's (line {other_line}): {seat} holds {} here and {} there; the two rooms of a teams board play the same deal",
                    room_name(other_room),
                    list(here),
                    list(there)
                )
            }
            Fault::Imp {
                form,
                written,
                computed,
                this_ns,
                other_ns,
                other_room,
                other_line,
                in_doubt,
                ..
            } => {
                let diff = this_ns - other_ns;
                let (side, swing) = if diff < 0 {
                    ("EW", -diff)
                } else {
                    ("NS", diff)
                };
                write!(
                    f,
                    "ScoreIMP {}, but NS {this_ns} here against NS {other_ns} in the {} room (line {other_line}) is {swing} to {side}: {} to {side}, that is {}",
                    form.show(written),
                    room_name(other_room),
                    Count(crate::bridge::score::imps(swing), "IMP"),
                    form.show(computed)
                )?;
                if in_doubt {
                    f.write_str(
                        "; nor does it follow from the scores the contracts and tricks give",
                    )?;
                }
                Ok(())
            }
        }
    }
}

fn strain_name(c: Contract) -> &'static str {
    strain_word(c.bid.strain())
}

fn strain_word(s: crate::Strain) -> &'static str {
    match s {
        crate::Strain::Clubs => "clubs",
        crate::Strain::Diamonds => "diamonds",
        crate::Strain::Hearts => "hearts",
        crate::Strain::Spades => "spades",
        crate::Strain::NoTrump => "no trump",
    }
}

/// A room as messages name it: `Open`, `Closed`.
fn room_name(r: Room) -> &'static str {
    match r {
        Room::Open => "Open",
        Room::Closed => "Closed",
    }
}

/// The end of a score message when the vulnerability is not known: the
/// not-vulnerable score written before it, `vulnerable` the other.
fn either_vulnerability(f: &mut fmt::Formatter<'_>, vulnerable: &str) -> fmt::Result {
    write!(
        f,
        " not vulnerable and {vulnerable} vulnerable (the vulnerability is not known; Law 77)"
    )
}

/// `n` of a thing: `1 trick`, `0 tricks`, `5 IMPs`.
struct Count<T>(T, &'static str);

impl<T: fmt::Display + PartialEq + From<u8>> fmt::Display for Count<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = if self.0 == T::from(1) { "" } else { "s" };
        write!(f, "{} {}{s}", self.0, self.1)
    }
}

impl fmt::Display for TrickBound {
    /// `gives declarer N 13 tricks, but ...: 10 to 12 is possible`, with the
    /// arithmetic of the bound.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "gives declarer {} {}, but ",
            self.declarer,
            Count(self.written, "trick")
        )?;
        self.write_play(f)
    }
}

impl TrickBound {
    /// What the play allows: `South's side won 9 in the play`, or the side's
    /// tricks, the tricks left and Law 64's transfers with the range they give.
    fn write_play(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let TrickBound {
            declarer,
            won,
            left,
            from,
            to,
            revokes,
            ..
        } = *self;
        let (lo, hi) = self.range();
        if revokes == 0 && left == 0 {
            return write!(f, "{declarer}'s side won {won} in the play");
        }
        write!(f, "the side won {won}")?;
        if left > 0 {
            write!(f, " with {left} left when the play stopped")?;
        }
        if revokes > 0 {
            let s = if revokes == 1 { "" } else { "s" };
            write!(
                f,
                ", and for the {revokes} revoke{s} Law 64 moves at most {to} to it and {from} from it: {won} - {from} to {won}"
            )?;
            if left > 0 {
                write!(f, " + {left}")?;
            }
            write!(f, " + {to}")?;
        } else {
            write!(f, ": {won} to {won} + {left}")?;
        }
        write!(f, ", so {lo} to {hi} is possible")
    }
}
