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
    /// Classifies a tag name (case matters, as in PBN). A `match` on byte
    /// strings, which the compiler turns into a switch on the length and then
    /// a few comparisons.
    pub fn of(name: &[u8]) -> TagKind {
        match name {
            b"Event" => TagKind::Event,
            b"Site" => TagKind::Site,
            b"Date" => TagKind::Date,
            b"Board" => TagKind::Board,
            b"West" => TagKind::West,
            b"North" => TagKind::North,
            b"East" => TagKind::East,
            b"South" => TagKind::South,
            b"Dealer" => TagKind::Dealer,
            b"Vulnerable" => TagKind::Vulnerable,
            b"Deal" => TagKind::Deal,
            b"Scoring" => TagKind::Scoring,
            b"Declarer" => TagKind::Declarer,
            b"Contract" => TagKind::Contract,
            b"Result" => TagKind::Result,
            b"Competition" => TagKind::Competition,
            b"DealId" => TagKind::DealId,
            b"Description" => TagKind::Description,
            b"FrenchMP" => TagKind::FrenchMP,
            b"Generator" => TagKind::Generator,
            b"Hidden" => TagKind::Hidden,
            b"Room" => TagKind::Room,
            b"Termination" => TagKind::Termination,
            b"Score" => TagKind::Score,
            b"ScoreIMP" => TagKind::ScoreIMP,
            b"ScoreMP" => TagKind::ScoreMP,
            b"ScorePercentage" => TagKind::ScorePercentage,
            b"ScoreRubber" => TagKind::ScoreRubber,
            b"ScoreRubberHistory" => TagKind::ScoreRubberHistory,
            b"OptimumScore" => TagKind::OptimumScore,
            b"BidSystemEW" => TagKind::BidSystemEW,
            b"BidSystemNS" => TagKind::BidSystemNS,
            b"PairEW" => TagKind::PairEW,
            b"PairNS" => TagKind::PairNS,
            b"WestNA" => TagKind::WestNA,
            b"NorthNA" => TagKind::NorthNA,
            b"EastNA" => TagKind::EastNA,
            b"SouthNA" => TagKind::SouthNA,
            b"WestType" => TagKind::WestType,
            b"NorthType" => TagKind::NorthType,
            b"EastType" => TagKind::EastType,
            b"SouthType" => TagKind::SouthType,
            b"EventDate" => TagKind::EventDate,
            b"EventSponsor" => TagKind::EventSponsor,
            b"HomeTeam" => TagKind::HomeTeam,
            b"Round" => TagKind::Round,
            b"Section" => TagKind::Section,
            b"Stage" => TagKind::Stage,
            b"Table" => TagKind::Table,
            b"VisitTeam" => TagKind::VisitTeam,
            b"Time" => TagKind::Time,
            b"UTCDate" => TagKind::UTCDate,
            b"UTCTime" => TagKind::UTCTime,
            b"TimeControl" => TagKind::TimeControl,
            b"TimeCall" => TagKind::TimeCall,
            b"TimeCard" => TagKind::TimeCard,
            b"Annotator" => TagKind::Annotator,
            b"AnnotatorNA" => TagKind::AnnotatorNA,
            b"Application" => TagKind::Application,
            b"Mode" => TagKind::Mode,
            b"Auction" => TagKind::Auction,
            b"Play" => TagKind::Play,
            b"Note" => TagKind::Note,
            b"ActionTable" => TagKind::ActionTable,
            b"AuctionTimeTable" => TagKind::AuctionTimeTable,
            b"InstantScoreTable" => TagKind::InstantScoreTable,
            b"OptimumPlayTable" => TagKind::OptimumPlayTable,
            b"OptimumResultTable" => TagKind::OptimumResultTable,
            b"PlayTimeTable" => TagKind::PlayTimeTable,
            b"ScoreTable" => TagKind::ScoreTable,
            b"TotalScoreTable" => TagKind::TotalScoreTable,
            _ => TagKind::Other,
        }
    }

    /// The name as PBN spells it, or `None` for [`TagKind::Other`].
    ///
    /// ```
    /// use kibitz::pbn::TagKind;
    /// assert_eq!(TagKind::Other.name(), None);
    /// ```
    pub fn name(self) -> Option<&'static str> {
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

    /// Whether PBN defines this tag as a table (PBN 5).
    ///
    /// ```
    /// use kibitz::pbn::TagKind;
    /// assert!(TagKind::ScoreTable.is_table());
    /// assert!(!TagKind::Score.is_table());
    /// ```
    pub fn is_table(self) -> bool {
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
    fn plain_table_and_section_tags_are_disjoint() {
        for k in ALL {
            let section = matches!(k, TagKind::Auction | TagKind::Play | TagKind::Note);
            let n = usize::from(k.is_plain()) + usize::from(k.is_table()) + usize::from(section);
            assert_eq!(n, 1, "{k:?}");
        }
    }
}
