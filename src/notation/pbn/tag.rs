//! Tag names classified once, when the reader meets them, so that later stages
//! branch on a small enum instead of comparing strings.

/// Number of tag names PBN defines (every [`TagKind`] but [`TagKind::Other`]).
pub const KNOWN_TAGS: usize = 71;

/// A tag name PBN 2.1 defines, or [`TagKind::Other`].
///
/// ```
/// use kibitz::pbn::TagKind;
/// assert_eq!(TagKind::of(b"Deal"), TagKind::Deal);
/// assert_eq!(TagKind::of(b"deal"), TagKind::Other);
/// assert_eq!(TagKind::Deal.name(), Some("Deal"));
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum TagKind {
    /// `Event`.
    Event,
    /// `Site`.
    Site,
    /// `Date`.
    Date,
    /// `Board`.
    Board,
    /// `West`.
    West,
    /// `North`.
    North,
    /// `East`.
    East,
    /// `South`.
    South,
    /// `Dealer`.
    Dealer,
    /// `Vulnerable`.
    Vulnerable,
    /// `Deal`.
    Deal,
    /// `Scoring`.
    Scoring,
    /// `Declarer`.
    Declarer,
    /// `Contract`.
    Contract,
    /// `Result`.
    Result,
    /// `Competition`.
    Competition,
    /// `DealId`.
    DealId,
    /// `Description`.
    Description,
    /// `FrenchMP`.
    FrenchMP,
    /// `Generator`.
    Generator,
    /// `Hidden`.
    Hidden,
    /// `Room`.
    Room,
    /// `Termination`.
    Termination,
    /// `Score`.
    Score,
    /// `ScoreIMP`.
    ScoreIMP,
    /// `ScoreMP`.
    ScoreMP,
    /// `ScorePercentage`.
    ScorePercentage,
    /// `ScoreRubber`.
    ScoreRubber,
    /// `ScoreRubberHistory`.
    ScoreRubberHistory,
    /// `OptimumScore`.
    OptimumScore,
    /// `BidSystemEW`.
    BidSystemEW,
    /// `BidSystemNS`.
    BidSystemNS,
    /// `PairEW`.
    PairEW,
    /// `PairNS`.
    PairNS,
    /// `WestNA`.
    WestNA,
    /// `NorthNA`.
    NorthNA,
    /// `EastNA`.
    EastNA,
    /// `SouthNA`.
    SouthNA,
    /// `WestType`.
    WestType,
    /// `NorthType`.
    NorthType,
    /// `EastType`.
    EastType,
    /// `SouthType`.
    SouthType,
    /// `EventDate`.
    EventDate,
    /// `EventSponsor`.
    EventSponsor,
    /// `HomeTeam`.
    HomeTeam,
    /// `Round`.
    Round,
    /// `Section`.
    Section,
    /// `Stage`.
    Stage,
    /// `Table`.
    Table,
    /// `VisitTeam`.
    VisitTeam,
    /// `Time`.
    Time,
    /// `UTCDate`.
    UTCDate,
    /// `UTCTime`.
    UTCTime,
    /// `TimeControl`.
    TimeControl,
    /// `TimeCall`.
    TimeCall,
    /// `TimeCard`.
    TimeCard,
    /// `Annotator`.
    Annotator,
    /// `AnnotatorNA`.
    AnnotatorNA,
    /// `Application`.
    Application,
    /// `Mode`.
    Mode,
    /// `Auction`.
    Auction,
    /// `Play`.
    Play,
    /// `Note`.
    Note,
    /// `ActionTable`.
    ActionTable,
    /// `AuctionTimeTable`.
    AuctionTimeTable,
    /// `InstantScoreTable`.
    InstantScoreTable,
    /// `OptimumPlayTable`.
    OptimumPlayTable,
    /// `OptimumResultTable`.
    OptimumResultTable,
    /// `PlayTimeTable`.
    PlayTimeTable,
    /// `ScoreTable`.
    ScoreTable,
    /// `TotalScoreTable`.
    TotalScoreTable,
    /// A name PBN does not define (or not a name at all).
    #[default]
    Other,
}

impl TagKind {
    /// Classifies a tag name (case matters, as in PBN): a perfect hash of the
    /// defined names picks the one candidate, then one comparison decides.
    #[inline]
    pub fn of(name: &[u8]) -> TagKind {
        if name.len() < SHORTEST || name.len() > LONGEST {
            return TagKind::Other;
        }
        let kind = SLOTS[slot(name)];
        if kind != TagKind::Other && same_name(NAMES[kind as usize], name) {
            kind
        } else {
            TagKind::Other
        }
    }

    /// The defined tag whose name is `name` in another case (`AUCTION`,
    /// `play`), else [`TagKind::Other`]. PBN's tag names are case-sensitive
    /// (PBN 2.1 §3.3), but real files write these meaning the tag: the
    /// reader reads them as it with a warning (`pbn.tag.case`).
    ///
    /// ```
    /// use kibitz::pbn::TagKind;
    /// assert_eq!(TagKind::of_any_case(b"AUCTION"), TagKind::Auction);
    /// assert_eq!(TagKind::of_any_case(b"scoreimp"), TagKind::ScoreIMP);
    /// assert_eq!(TagKind::of_any_case(b"Auctions"), TagKind::Other);
    /// ```
    pub fn of_any_case(name: &[u8]) -> TagKind {
        if name.len() < SHORTEST || name.len() > LONGEST {
            return TagKind::Other;
        }
        ALL.into_iter()
            .find(|&k| NAMES[k as usize].eq_ignore_ascii_case(name))
            .unwrap_or(TagKind::Other)
    }

    /// The name as PBN spells it, or `None` for [`TagKind::Other`].
    ///
    /// ```
    /// use kibitz::pbn::TagKind;
    /// assert_eq!(TagKind::Other.name(), None);
    /// ```
    pub const fn name(self) -> Option<&'static str> {
        Some(match self {
            TagKind::Event => "Event",
            TagKind::Site => "Site",
            TagKind::Date => "Date",
            TagKind::Board => "Board",
            TagKind::West => "West",
            TagKind::North => "North",
            TagKind::East => "East",
            TagKind::South => "South",
            TagKind::Dealer => "Dealer",
            TagKind::Vulnerable => "Vulnerable",
            TagKind::Deal => "Deal",
            TagKind::Scoring => "Scoring",
            TagKind::Declarer => "Declarer",
            TagKind::Contract => "Contract",
            TagKind::Result => "Result",
            TagKind::Competition => "Competition",
            TagKind::DealId => "DealId",
            TagKind::Description => "Description",
            TagKind::FrenchMP => "FrenchMP",
            TagKind::Generator => "Generator",
            TagKind::Hidden => "Hidden",
            TagKind::Room => "Room",
            TagKind::Termination => "Termination",
            TagKind::Score => "Score",
            TagKind::ScoreIMP => "ScoreIMP",
            TagKind::ScoreMP => "ScoreMP",
            TagKind::ScorePercentage => "ScorePercentage",
            TagKind::ScoreRubber => "ScoreRubber",
            TagKind::ScoreRubberHistory => "ScoreRubberHistory",
            TagKind::OptimumScore => "OptimumScore",
            TagKind::BidSystemEW => "BidSystemEW",
            TagKind::BidSystemNS => "BidSystemNS",
            TagKind::PairEW => "PairEW",
            TagKind::PairNS => "PairNS",
            TagKind::WestNA => "WestNA",
            TagKind::NorthNA => "NorthNA",
            TagKind::EastNA => "EastNA",
            TagKind::SouthNA => "SouthNA",
            TagKind::WestType => "WestType",
            TagKind::NorthType => "NorthType",
            TagKind::EastType => "EastType",
            TagKind::SouthType => "SouthType",
            TagKind::EventDate => "EventDate",
            TagKind::EventSponsor => "EventSponsor",
            TagKind::HomeTeam => "HomeTeam",
            TagKind::Round => "Round",
            TagKind::Section => "Section",
            TagKind::Stage => "Stage",
            TagKind::Table => "Table",
            TagKind::VisitTeam => "VisitTeam",
            TagKind::Time => "Time",
            TagKind::UTCDate => "UTCDate",
            TagKind::UTCTime => "UTCTime",
            TagKind::TimeControl => "TimeControl",
            TagKind::TimeCall => "TimeCall",
            TagKind::TimeCard => "TimeCard",
            TagKind::Annotator => "Annotator",
            TagKind::AnnotatorNA => "AnnotatorNA",
            TagKind::Application => "Application",
            TagKind::Mode => "Mode",
            TagKind::Auction => "Auction",
            TagKind::Play => "Play",
            TagKind::Note => "Note",
            TagKind::ActionTable => "ActionTable",
            TagKind::AuctionTimeTable => "AuctionTimeTable",
            TagKind::InstantScoreTable => "InstantScoreTable",
            TagKind::OptimumPlayTable => "OptimumPlayTable",
            TagKind::OptimumResultTable => "OptimumResultTable",
            TagKind::PlayTimeTable => "PlayTimeTable",
            TagKind::ScoreTable => "ScoreTable",
            TagKind::TotalScoreTable => "TotalScoreTable",
            TagKind::Other => return None,
        })
    }

    /// A dense index below [`KNOWN_TAGS`], or `None` for [`TagKind::Other`].
    ///
    /// ```
    /// use kibitz::pbn::{KNOWN_TAGS, TagKind};
    /// assert!(TagKind::TotalScoreTable.index().unwrap() < KNOWN_TAGS);
    /// ```
    pub fn index(self) -> Option<usize> {
        (self != TagKind::Other).then_some(self as usize)
    }

    /// Whether PBN defines this tag without section data.
    ///
    /// ```
    /// use kibitz::pbn::TagKind;
    /// assert!(TagKind::Board.is_plain());
    /// assert!(!TagKind::Auction.is_plain());
    /// ```
    pub fn is_plain(self) -> bool {
        matches!(
            self,
            TagKind::Event
                | TagKind::Site
                | TagKind::Date
                | TagKind::Board
                | TagKind::West
                | TagKind::North
                | TagKind::East
                | TagKind::South
                | TagKind::Dealer
                | TagKind::Vulnerable
                | TagKind::Deal
                | TagKind::Scoring
                | TagKind::Declarer
                | TagKind::Contract
                | TagKind::Result
                | TagKind::Competition
                | TagKind::DealId
                | TagKind::Description
                | TagKind::FrenchMP
                | TagKind::Generator
                | TagKind::Hidden
                | TagKind::Room
                | TagKind::Termination
                | TagKind::Score
                | TagKind::ScoreIMP
                | TagKind::ScoreMP
                | TagKind::ScorePercentage
                | TagKind::ScoreRubber
                | TagKind::ScoreRubberHistory
                | TagKind::OptimumScore
                | TagKind::BidSystemEW
                | TagKind::BidSystemNS
                | TagKind::PairEW
                | TagKind::PairNS
                | TagKind::WestNA
                | TagKind::NorthNA
                | TagKind::EastNA
                | TagKind::SouthNA
                | TagKind::WestType
                | TagKind::NorthType
                | TagKind::EastType
                | TagKind::SouthType
                | TagKind::EventDate
                | TagKind::EventSponsor
                | TagKind::HomeTeam
                | TagKind::Round
                | TagKind::Section
                | TagKind::Stage
                | TagKind::Table
                | TagKind::VisitTeam
                | TagKind::Time
                | TagKind::UTCDate
                | TagKind::UTCTime
                | TagKind::TimeControl
                | TagKind::TimeCall
                | TagKind::TimeCard
                | TagKind::Annotator
                | TagKind::AnnotatorNA
                | TagKind::Application
                | TagKind::Mode
        )
    }

    /// Whether the [`Board`](crate::bridge::Board) keeps this tag's value,
    /// so that a conversion carries it: the mandatory tags, the sections and
    /// their notes, Score, ScoreIMP, Room, and the match's HomeTeam,
    /// VisitTeam, Stage, Round, Section and Table
    /// ([`Identification`](crate::bridge::Identification)). Every other tag is
    /// read and checked, then dropped.
    ///
    /// ```
    /// use kibitz::pbn::TagKind;
    /// assert!(TagKind::Deal.kept_by_board() && TagKind::Result.kept_by_board());
    /// assert!(!TagKind::Competition.kept_by_board()); // the first after them
    /// assert!(TagKind::HomeTeam.kept_by_board() && TagKind::Round.kept_by_board());
    /// assert!(!TagKind::EventSponsor.kept_by_board());
    /// assert!(!TagKind::Other.kept_by_board());
    /// ```
    pub const fn kept_by_board(self) -> bool {
        // The 15 tags of the mandatory tag set come first, in their order
        // (PBN 3.4), as the export checks' `MTS` also reads them.
        (self as usize) < 15
            || matches!(
                self,
                TagKind::Auction
                    | TagKind::Play
                    | TagKind::Note
                    | TagKind::Score
                    | TagKind::ScoreIMP
                    | TagKind::Room
                    | TagKind::HomeTeam
                    | TagKind::VisitTeam
                    | TagKind::Stage
                    | TagKind::Round
                    | TagKind::Section
                    | TagKind::Table
            )
    }

    /// Whether PBN defines this tag as a table (PBN 5).
    ///
    /// ```
    /// use kibitz::pbn::TagKind;
    /// assert!(TagKind::ScoreTable.is_table());
    /// assert!(!TagKind::Score.is_table());
    /// ```
    pub const fn is_table(self) -> bool {
        matches!(
            self,
            TagKind::ActionTable
                | TagKind::AuctionTimeTable
                | TagKind::InstantScoreTable
                | TagKind::OptimumPlayTable
                | TagKind::OptimumResultTable
                | TagKind::PlayTimeTable
                | TagKind::ScoreTable
                | TagKind::TotalScoreTable
        )
    }

    /// Whether PBN forbids `#` and `##` for this tag (PBN 4.8).
    ///
    /// ```
    /// use kibitz::pbn::TagKind;
    /// assert!(TagKind::Deal.no_inherit());
    /// assert!(!TagKind::Event.no_inherit());
    /// ```
    pub fn no_inherit(self) -> bool {
        matches!(
            self,
            TagKind::Dealer
                | TagKind::Vulnerable
                | TagKind::Deal
                | TagKind::Declarer
                | TagKind::Contract
                | TagKind::Auction
                | TagKind::Play
                | TagKind::Note
        )
    }

    /// Whether a second one in a record means a new record began without a
    /// blank line (`Event`, `Board`, `Deal`).
    ///
    /// ```
    /// use kibitz::pbn::TagKind;
    /// assert!(TagKind::Board.starts_record());
    /// ```
    pub fn starts_record(self) -> bool {
        matches!(self, TagKind::Event | TagKind::Board | TagKind::Deal)
    }
}

/// Every known kind, in declaration order: the plain tags, Auction, Play,
/// Note, then the tables (PBN 2.1's tag lists).
pub(crate) const ALL: [TagKind; KNOWN_TAGS] = [
    TagKind::Event,
    TagKind::Site,
    TagKind::Date,
    TagKind::Board,
    TagKind::West,
    TagKind::North,
    TagKind::East,
    TagKind::South,
    TagKind::Dealer,
    TagKind::Vulnerable,
    TagKind::Deal,
    TagKind::Scoring,
    TagKind::Declarer,
    TagKind::Contract,
    TagKind::Result,
    TagKind::Competition,
    TagKind::DealId,
    TagKind::Description,
    TagKind::FrenchMP,
    TagKind::Generator,
    TagKind::Hidden,
    TagKind::Room,
    TagKind::Termination,
    TagKind::Score,
    TagKind::ScoreIMP,
    TagKind::ScoreMP,
    TagKind::ScorePercentage,
    TagKind::ScoreRubber,
    TagKind::ScoreRubberHistory,
    TagKind::OptimumScore,
    TagKind::BidSystemEW,
    TagKind::BidSystemNS,
    TagKind::PairEW,
    TagKind::PairNS,
    TagKind::WestNA,
    TagKind::NorthNA,
    TagKind::EastNA,
    TagKind::SouthNA,
    TagKind::WestType,
    TagKind::NorthType,
    TagKind::EastType,
    TagKind::SouthType,
    TagKind::EventDate,
    TagKind::EventSponsor,
    TagKind::HomeTeam,
    TagKind::Round,
    TagKind::Section,
    TagKind::Stage,
    TagKind::Table,
    TagKind::VisitTeam,
    TagKind::Time,
    TagKind::UTCDate,
    TagKind::UTCTime,
    TagKind::TimeControl,
    TagKind::TimeCall,
    TagKind::TimeCard,
    TagKind::Annotator,
    TagKind::AnnotatorNA,
    TagKind::Application,
    TagKind::Mode,
    TagKind::Auction,
    TagKind::Play,
    TagKind::Note,
    TagKind::ActionTable,
    TagKind::AuctionTimeTable,
    TagKind::InstantScoreTable,
    TagKind::OptimumPlayTable,
    TagKind::OptimumResultTable,
    TagKind::PlayTimeTable,
    TagKind::ScoreTable,
    TagKind::TotalScoreTable,
];

const _: () = assert!(KNOWN_TAGS <= 128, "Parser::seen is a u128");

/// Lengths of the shortest and the longest defined name.
const SHORTEST: usize = 4;
const LONGEST: usize = 18;

/// Multiplier of the hash in [`slot`], found by search so that no two defined
/// names share a slot (which building [`SLOTS`] checks at compile time).
const HASH_MUL: u32 = 0xb28d_5895;

/// The hash slot of a name of [`SHORTEST`] bytes or more: its length, first,
/// fourth and last bytes, mixed by one multiplication.
const fn slot(name: &[u8]) -> usize {
    let n = name.len();
    let key =
        name[0] as u32 | (name[3] as u32) << 8 | (name[n - 1] as u32) << 16 | (n as u32) << 24;
    (key.wrapping_mul(HASH_MUL) >> 24) as usize
}

/// The defined names by [`TagKind::index`].
static NAMES: [&[u8]; KNOWN_TAGS] = {
    let mut t: [&[u8]; KNOWN_TAGS] = [b""; KNOWN_TAGS];
    let mut i = 0;
    while i < KNOWN_TAGS {
        t[i] = match ALL[i].name() {
            Some(n) => n.as_bytes(),
            None => panic!("every kind in ALL has a name"),
        };
        i += 1;
    }
    t
};

/// A defined name of up to 16 bytes as two words (its bytes, zero above) and the
/// masks that keep a name of its length from the 16 bytes where it starts.
#[derive(Copy, Clone)]
pub(crate) struct NameWords {
    pub(crate) words: [u64; 2],
    pub(crate) masks: [u64; 2],
    pub(crate) len: u8,
}

/// [`NameWords`] of each defined name, by [`TagKind::index`]. The entries of
/// longer names and the last one, [`TagKind::Other`]'s, match no text: their
/// masks are zero and their first word is not.
pub(crate) static NAME_WORDS: [NameWords; KNOWN_TAGS + 1] = {
    const NONE: NameWords = NameWords {
        words: [1, 0],
        masks: [0, 0],
        len: 0,
    };
    let mut t = [NONE; KNOWN_TAGS + 1];
    let mut i = 0;
    while i < KNOWN_TAGS {
        let name = NAMES[i];
        if name.len() <= 16 {
            let mut e = NameWords {
                words: [0, 0],
                masks: [0, 0],
                len: name.len() as u8,
            };
            let mut k = 0;
            while k < name.len() {
                e.words[k / 8] |= (name[k] as u64) << (8 * (k % 8));
                e.masks[k / 8] |= 0xff << (8 * (k % 8));
                k += 1;
            }
            t[i] = e;
        }
        i += 1;
    }
    t
};
const _: () = assert!(TagKind::Other as usize == KNOWN_TAGS);

/// The defined kind whose name hashes to each slot, or [`TagKind::Other`].
static SLOTS: [TagKind; 256] = {
    let mut t = [TagKind::Other; 256];
    let mut i = 0;
    while i < KNOWN_TAGS {
        let name = NAMES[i];
        assert!(name.len() >= SHORTEST && name.len() <= LONGEST);
        let s = slot(name);
        assert!(
            matches!(t[s], TagKind::Other),
            "two tag names share a hash slot"
        );
        t[s] = ALL[i];
        i += 1;
    }
    t
};

/// Whether two names of [`SHORTEST`]..=[`LONGEST`] bytes are equal: two
/// overlapping word comparisons instead of a call to `memcmp`.
fn same_name(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    let w8 = |s: &[u8], i: usize| u64::from_le_bytes(s[i..i + 8].try_into().unwrap_or([0; 8]));
    let w4 = |s: &[u8], i: usize| u32::from_le_bytes(s[i..i + 4].try_into().unwrap_or([0; 4]));
    match n {
        0..4 => a == b,
        4..8 => w4(a, 0) == w4(b, 0) && w4(a, n - 4) == w4(b, n - 4),
        8..=16 => w8(a, 0) == w8(b, 0) && w8(a, n - 8) == w8(b, n - 8),
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_known_name_round_trips_and_indices_are_dense() {
        assert_eq!(ALL.len(), KNOWN_TAGS);
        let mut seen = [false; KNOWN_TAGS];
        for i in 0..KNOWN_TAGS as u8 {
            // Every index below KNOWN_TAGS is a known kind whose name classifies
            // back to it.
            let kind = ALL[usize::from(i)];
            let name = kind.name().expect("known kinds have names");
            assert_eq!(TagKind::of(name.as_bytes()), kind);
            assert_eq!(kind.index(), Some(usize::from(i)));
            seen[usize::from(i)] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(
            TagKind::of(b"Auction").index(),
            Some(TagKind::Auction as usize)
        );
        assert_eq!(TagKind::of(b"Unknown"), TagKind::Other);
        assert_eq!(TagKind::of(b""), TagKind::Other);
    }

    #[test]
    fn names_close_to_defined_ones_are_other() {
        // Same length, first, fourth and last byte as a defined name (so the same
        // hash slot), or one byte off in the middle, or a case change.
        for name in [
            "EvXnt",
            "ScoreIMQ",
            "ScoreXMP",
            "UTCDaXe",
            "OptimumResultTablx",
            "OptimumResuXtTable",
            "site",
            "DEAL",
            "Dea",
            "TotalScoreTables",
            "Deal ",
            "Dealx",
        ] {
            assert_eq!(TagKind::of(name.as_bytes()), TagKind::Other, "{name}");
        }
        for long in [
            "ScoreRubberHistory",
            "OptimumResultTable",
            "AuctionTimeTable",
        ] {
            assert_ne!(TagKind::of(long.as_bytes()), TagKind::Other, "{long}");
        }
    }

    #[test]
    fn plain_table_and_section_tags_are_disjoint() {
        for k in ALL {
            let section = matches!(k, TagKind::Auction | TagKind::Play | TagKind::Note);
            let n = usize::from(k.is_plain()) + usize::from(k.is_table()) + usize::from(section);
            assert_eq!(n, 1, "{k:?}");
        }
    }
}
