//! Replays worked out by hand.
//!
//! The deal used most is `N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876
//! 2.5432.5432.5432`: North holds every top card, so in no trump North wins
//! every trick it leads and every trick led to it.

use super::*;
use crate::pbn::decode::values::parse_deal;
use crate::xorshift::Xorshift;

const DEAL: &str = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";

/// North plays 7NT; East leads. Rows in seat order from East (E S W N).
const CLEAN: &str = "ST S6 S2 SA  S9 S5 H2 SK  S8 S4 H3 SQ  S7 S3 H4 SJ
    HJ H8 H5 HA  HT H7 D2 HK  H9 H6 D3 HQ  DJ D8 D4 DA  DT D7 D5 DK
    D9 D6 C2 DQ  CJ C8 C3 CA  CT C7 C4 CK  C9 C6 C5 CQ";

fn items(rows: &str) -> Vec<PlayItem> {
    rows.split_whitespace()
        .enumerate()
        .map(|(i, t)| {
            let (r, t) = t.strip_prefix("^R").map_or((false, t), |x| (true, x));
            let (l, t) = t.strip_prefix("^L").map_or((false, t), |x| (true, x));
            PlayItem {
                card: match t {
                    "-" => crate::bridge::PlayCard::Unknown,
                    "+" => crate::bridge::PlayCard::Next,
                    _ => crate::bridge::PlayCard::Card(t.parse().unwrap()),
                },
                pos: Pos::new(10 + (i / 4) as u64, 1 + 3 * (i % 4) as u32),
                revoke_marked: r,
                lead_out_of_turn_marked: l,
                note: None,
            }
        })
        .collect()
}

fn setup(deal: &str, declarer: Seat, trump: Option<Suit>) -> Setup {
    let d = parse_deal(deal).unwrap();
    let size = d
        .hands
        .values
        .iter()
        .flatten()
        .map(|h| h.len())
        .max()
        .unwrap() as u8;
    Setup {
        hands: d.hands,
        size,
        trump: Some(trump),
        declarer: Some(declarer),
        auction_declarer: None,
        check_leader: size == 13,
    }
}

fn run_order(s: &Setup, first: Seat, rows: &str, order: PlayOrder) -> (PlayOutcome, Vec<String>) {
    let play = Play {
        first: Some(first),
        pos: Pos::new(9, 1),
        order,
        items: items(rows),
        star: None,
        notes: Vec::new(),
    };
    let mut v = Vec::new();
    let o = replay(&play, s, &mut |f| v.push(format!("{} {f}", f.rule().id)));
    (o, v)
}

fn run(s: &Setup, first: Seat, rows: &str) -> (PlayOutcome, Vec<String>) {
    run_order(s, first, rows, PlayOrder::SeatColumns)
}

#[test]
fn clean_grand_slam() {
    let (o, v) = run(&setup(DEAL, Seat::North, None), Seat::East, CLEAN);
    assert!(v.is_empty(), "{v:?}");
    assert_eq!(
        o,
        PlayOutcome {
            tricks: 13,
            declarer_tricks: 13,
            finished: true,
            broken: false,
            revokes: 0,
            transfers: Transfers::default(),
        }
    );
}

#[test]
fn revoke_with_proof() {
    // West discards H2 on the spade lead while holding S2, then plays S2 at trick 2.
    let rows = CLEAN.replacen("ST S6 S2 SA  S9 S5 H2 SK", "ST S6 H2 SA  S9 S5 S2 SK", 1);
    let (o, v) = run(&setup(DEAL, Seat::North, None), Seat::East, &rows);
    assert_eq!(
        v,
        [
            "bridge.play.revoke trick 1: West played H2 on a spade lead while holding S2 (played at trick 2)"
        ]
    );
    assert_eq!((o.declarer_tricks, o.revokes), (13, 1));
    // Marked ^R: a notice with the same proof.
    let rows = rows.replacen("H2", "^RH2", 1);
    let (_, v) = run(&setup(DEAL, Seat::North, None), Seat::East, &rows);
    assert_eq!(v.len(), 1);
    assert!(v[0].starts_with("bridge.play.revoke-marked trick 1: West played H2"));
}

#[test]
fn revoke_proven_by_a_later_card_of_an_unknown_hand() {
    // West's hand is not given (and cannot be inferred with two hands unknown).
    let deal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 - -";
    let rows = CLEAN.replacen("ST S6 S2 SA  S9 S5 H2 SK", "ST S6 H2 SA  S9 S5 S2 SK", 1);
    let (_, v) = run(&setup(deal, Seat::North, None), Seat::East, &rows);
    assert_eq!(
        v,
        [
            "bridge.play.revoke trick 1: West played H2 on a spade lead while holding S2 (played at trick 2)"
        ]
    );
}

#[test]
fn card_not_held_stops_the_replay() {
    // At trick 2 West plays SA, which North played at trick 1.
    let rows = CLEAN.replacen("S9 S5 H2 SK", "S9 S5 SA SK", 1);
    let (o, v) = run(&setup(DEAL, Seat::North, None), Seat::East, &rows);
    assert_eq!(
        v,
        ["bridge.play.played-twice trick 2: West plays SA, which was already played at trick 1"]
    );
    assert_eq!((o.tricks, o.broken), (1, true));
    // South plays East's JT9 heart jack.
    let rows = CLEAN.replacen("HJ H8 H5 HA", "HJ HJ H5 HA", 1);
    let (_, v) = run(&setup(DEAL, Seat::North, None), Seat::East, &rows);
    assert_eq!(
        v,
        ["bridge.play.played-twice trick 5: South plays HJ, which was already played at trick 5"]
    );
    let rows = CLEAN.replacen("HJ H8 H5 HA", "HJ HT H5 HA", 1);
    let (_, v) = run(&setup(DEAL, Seat::North, None), Seat::East, &rows);
    assert_eq!(
        v,
        ["bridge.play.not-held trick 5: South plays HT, which the deal gives to East"]
    );
}

#[test]
fn opening_leader() {
    // North declares: East must lead. Here the Play tag says South led.
    let rows = "S6 S2 SA ST";
    let (_, v) = run(&setup(DEAL, Seat::North, None), Seat::South, rows);
    assert_eq!(
        v,
        [
            "bridge.play.leader South makes the opening lead, but declarer North's left-hand opponent East leads"
        ]
    );
    // South leads out of turn, marked ^L: East, West and North follow clockwise.
    let (o, v) = run(&setup(DEAL, Seat::North, None), Seat::East, "ST ^LS6 S2 SA");
    assert_eq!(
        v,
        [
            "bridge.play.lead-marked trick 1: South leads out of turn (East was on lead), marked ^L as accepted"
        ]
    );
    assert_eq!(o.tricks, 1);
    // ^L on the card of the player who was on lead.
    let (_, v) = run(&setup(DEAL, Seat::North, None), Seat::East, "^LST S6 S2 SA");
    assert!(v[0].starts_with("bridge.play.wrong-marker trick 1: ^L marks East's ST"));
}

#[test]
fn wrong_revoke_markers() {
    let s = setup(DEAL, Seat::North, None);
    let (_, v) = run(&s, Seat::East, "^RST S6 S2 SA");
    assert!(v[0].ends_with("but it leads the trick"), "{v:?}");
    let (_, v) = run(&s, Seat::East, "ST ^RS6 S2 SA");
    assert!(v[0].ends_with("but it follows the spade lead"), "{v:?}");
    // Trick 3: West has no spade left.
    let rows = "ST S6 S2 SA  S9 S5 ^RH2 SK";
    let (_, v) = run(&s, Seat::East, rows);
    assert_eq!(
        v,
        [
            "bridge.play.wrong-marker trick 2: ^R marks West's H2 as a revoke, but West held no spade"
        ]
    );
}

#[test]
fn trumps_win_and_the_winner_leads() {
    // Hearts are trumps; North declares. West ruffs the second spade with H2 and
    // leads a diamond back; North wins it.
    let s = setup(DEAL, Seat::North, Some(Suit::Hearts));
    let rows = "ST S6 S2 SA  S9 S5 H2 SK  DJ D8 D2 DA";
    let (o, v) = run(&s, Seat::East, rows);
    assert!(v.is_empty(), "{v:?}");
    assert_eq!((o.tricks, o.declarer_tricks, o.finished), (3, 2, false));
}

#[test]
fn unknown_card_stops_the_replay() {
    let s = setup(DEAL, Seat::North, None);
    let (o, v) = run(&s, Seat::East, "ST S6 S2 SA  S9 - H2 SK  S8 S4 H3 SQ");
    assert!(v.is_empty());
    assert_eq!(o.tricks, 1);
}

#[test]
fn chronological_order() {
    // The same grand slam written in play order: East leads trick 1, North the rest.
    let s = setup(DEAL, Seat::North, None);
    let rows = "ST S6 S2 SA  SK S9 S5 H2";
    let (o, v) = run_order(&s, Seat::East, rows, PlayOrder::Chronological);
    assert!(v.is_empty(), "{v:?}");
    assert_eq!((o.tricks, o.declarer_tricks), (2, 2));
    // Chronologically, North's lead at trick 2 is not East's to play.
    let rows = "ST S6 S2 SA  S9 S5 H2 SK";
    let (_, v) = run_order(&s, Seat::East, rows, PlayOrder::Chronological);
    assert_eq!(
        v,
        ["bridge.play.not-held trick 2: North plays S9, which the deal gives to East"]
    );
}

#[test]
fn too_many_cards() {
    // An end position of one card each; a second trick has nothing to play.
    let s = setup("N:A... K... Q... J...", Seat::South, None);
    let (o, v) = run(&s, Seat::West, "SJ SA SK SQ  SJ SA SK SQ");
    assert_eq!(
        v,
        ["bridge.play.played-twice trick 2: North plays SA, which was already played at trick 1"]
    );
    assert!(o.finished && o.broken);
}

#[test]
fn one_unmarked_revoke_per_trick() {
    // East leads HJ at trick 1 instead of a spade: South and West, who hold
    // hearts, follow with spades, and North plays a spade while holding HA.
    let rows = "HJ S6 S2 SA";
    let (o, v) = run(&setup(DEAL, Seat::North, None), Seat::East, rows);
    assert_eq!(v.len(), 1, "{v:?}");
    assert!(v[0].starts_with(
        "bridge.play.revoke trick 1: South played S6 on a heart lead while holding H"
    ));
    assert_eq!(o.revokes, 3);
}

#[test]
fn nothing_follows_the_next_card() {
    // PBN 3.6: North led SK to trick 2 and East (`+`) plays next; South and West
    // have not played yet.
    let s = setup(DEAL, Seat::North, None);
    let rows = "ST S6 S2 SA  + - - SK";
    assert!(run(&s, Seat::East, rows).1.is_empty());
    let rows = "ST S6 S2 SA  + S5 - SK";
    let (_, v) = run(&s, Seat::East, rows);
    assert_eq!(v.len(), 1);
    assert!(
        v[0].starts_with("bridge.play.after-next trick 2: South's S5 comes after `+`"),
        "{v:?}"
    );
    // A card in a later row is after it too.
    let rows = "ST S6 S2 SA  + - - SK  S8 - - -";
    let (_, v) = run(&s, Seat::East, rows);
    assert!(
        v[0].starts_with("bridge.play.after-next trick 3: East's S8"),
        "{v:?}"
    );
}

/// Hearts trumps, North declarer, East leads. West ruffs the spade lead with H2
/// while holding S2 (a revoke) and wins trick 1; he ruffs trick 5 (SQ) with H5
/// and wins it too. North wins the other eleven.
const REVOKE_RUFF: &str = "ST S6 H2 SA  S9 S5 S2 SK  HJ H8 H3 HA  HT H7 H4 HK
    S8 S4 H5 SQ  D9 D6 D2 DA  H9 H6 D3 HQ  S7 S3 D4 SJ  DJ D8 D5 DK
    DT D7 C2 DQ  CJ C8 C3 CA  CT C7 C4 CK  C9 C6 C5 CQ";

#[test]
fn law_64_transfer_bound() {
    // The offender won the revoke trick and his side a later one: Law 64A1
    // moves two tricks from EW.
    let hearts = setup(DEAL, Seat::North, Some(Suit::Hearts));
    let (o, v) = run(&hearts, Seat::East, REVOKE_RUFF);
    assert_eq!(
        v,
        [
            "bridge.play.revoke trick 1: West played H2 on a spade lead while holding S2 (played at trick 2)"
        ]
    );
    assert_eq!((o.tricks, o.declarer_tricks, o.revokes), (13, 11, 1));
    assert_eq!(
        o.transfers,
        Transfers {
            from_ns: 0,
            from_ew: 2
        }
    );
    // The play stops after trick 1: the offender's side may still win a later
    // trick, so two is the bound.
    let first = REVOKE_RUFF
        .split_whitespace()
        .take(4)
        .collect::<Vec<_>>()
        .join(" ");
    let (o, _) = run(&hearts, Seat::East, &first);
    assert_eq!((o.tricks, o.declarer_tricks, o.finished), (1, 0, false));
    assert_eq!(o.transfers.from_ew, 2);
    // In no trump West's H2 loses trick 1 and EW win nothing later: Law 64A2
    // moves no trick.
    let rows = CLEAN.replacen("ST S6 S2 SA  S9 S5 H2 SK", "ST S6 H2 SA  S9 S5 S2 SK", 1);
    let (o, _) = run(&setup(DEAL, Seat::North, None), Seat::East, &rows);
    assert_eq!((o.declarer_tricks, o.revokes), (13, 1));
    assert_eq!(o.transfers, Transfers::default());
}

/// The replay with and without the fast path: outcome, Law 64 state, faults.
fn both_ways(play: &Play, s: &Setup) -> [(PlayOutcome, Vec<Fault>, Law64); 2] {
    [true, false].map(|fast| {
        let mut law64 = Law64::default();
        let mut faults = Vec::new();
        let out = replay_all(play, s, &mut |f| faults.push(f), &mut law64, fast);
        (out, faults, law64)
    })
}

#[test]
fn fast_path_agrees_with_the_general_replay() {
    use crate::bridge::generate::{Fault as Planted, Settings, generate_board};
    use crate::bridge::{ContractTag, DeclarerTag};
    use crate::choose::ByteChooser;
    let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15);
    // How many cases took some tricks fast and handed over to the general
    // replay, and how many went all the way fast: both must occur.
    let (mut handed_over, mut all_fast, mut faults_seen) = (0, 0, 0);
    for n in 0..600u32 {
        let bytes: Vec<u8> = (0..900).map(|_| rng.next() as u8).collect();
        let settings = Settings {
            claims: n % 3 != 0,
            fault: match n % 5 {
                1 => Some(Planted::Revoke),
                2 => Some(Planted::CardNotHeld),
                _ => None,
            },
        };
        let g = generate_board(&mut ByteChooser::new(&bytes), n + 1, &settings);
        let (Some(mut play), Some(deal)) = (g.board.play.clone(), g.board.deal.as_ref()) else {
            continue;
        };
        let contract = match g.board.contract.map(|c| c.value) {
            Some(ContractTag::Contract(c)) => c,
            _ => continue,
        };
        let declarer = match g.board.declarer.map(|d| d.value) {
            Some(DeclarerTag::Seat { seat, .. }) => seat,
            _ => continue,
        };
        let mut s = Setup {
            hands: deal.value.hands,
            size: 13,
            trump: Some(contract.bid.strain().trump()),
            declarer: Some(declarer),
            auction_declarer: None,
            check_leader: true,
        };
        let len = play.items.len();
        let i = rng.below(len);
        let j = rng.below(len);
        match rng.below(12) {
            0 | 1 => {}
            2 if len > 0 => play.items[i].card = PlayCard::Unknown,
            3 if len > 0 => play.items[i].card = PlayCard::Next,
            4 if len > 0 => play.items[i].revoke_marked = true,
            5 if len > 0 => play.items[i].lead_out_of_turn_marked = true,
            6 => play.items.swap(i, j),
            7 => play.items.truncate(i),
            8 => s.hands.values[i % 4] = None,
            9 => s.trump = None,
            10 => play.first = play.first.map(|f| f.add(1 + i % 3)),
            11 if len > 0 => {
                // A card of another seat's hand, or one played already.
                play.items[i].card = play.items[j].card;
            }
            _ => play.order = PlayOrder::Chronological,
        }
        let [fast, general] = both_ways(&play, &s);
        assert_eq!(fast.0, general.0, "outcome, case {n}");
        assert_eq!(fast.1, general.1, "faults, case {n}");
        assert_eq!(fast.2.revokes, general.2.revokes, "revokes, case {n}");
        assert_eq!(fast.2.winners, general.2.winners, "winners, case {n}");
        let t = fast.0.tricks;
        if !fast.1.is_empty() {
            faults_seen += 1;
        }
        if t > 0 && fast.0.tricks as usize * 4 < play.items.len() {
            handed_over += 1;
        } else if t > 0 {
            all_fast += 1;
        }
    }
    assert!(handed_over > 50, "{handed_over}");
    assert!(all_fast > 50, "{all_fast}");
    assert!(faults_seen > 50, "{faults_seen}");
}

#[test]
fn fast_path_stops_where_the_general_replay_reports() {
    // South discards H8 on North's SK at trick 2 while holding S5 S4 S3, and
    // plays S5 on the heart lead of trick 5 while holding H7 H6. The fast path
    // takes trick 1 and hands over with North's SA played.
    let s = setup(DEAL, Seat::North, None);
    let rows =
        CLEAN
            .replacen("S9 S5 H2 SK", "S9 H8 H2 SK", 1)
            .replacen("HJ H8 H5 HA", "HJ S5 H5 HA", 1);
    let play = Play {
        first: Some(Seat::East),
        pos: Pos::new(9, 1),
        order: PlayOrder::SeatColumns,
        items: items(&rows),
        star: None,
        notes: Vec::new(),
    };
    let mut out = PlayOutcome::default();
    let mut winners = [None; 13];
    let done = fast::replay(&play, &s, Seat::East, &mut out, &mut winners);
    assert_eq!((done.tricks, done.leader), (1, Seat::North));
    assert_eq!(
        done.remaining[Seat::North].unwrap().to_string(),
        "KQJ.AKQ.AKQ.AKQ"
    );
    assert_eq!(winners[..2], [Some(Seat::North), None]);
    assert_eq!(
        (out.tricks, out.declarer_tricks, out.finished),
        (1, 1, false)
    );
    let [fast, general] = both_ways(&play, &s);
    assert_eq!(fast.0, general.0);
    assert_eq!(fast.1, general.1);
    assert_eq!(
        fast.1.iter().map(ToString::to_string).collect::<Vec<_>>(),
        [
            "trick 2: South played H8 on a spade lead while holding S4 (played at trick 3)",
            "trick 5: South played S5 on a heart lead while holding H7 (played at trick 6)"
        ]
    );
    assert_eq!((fast.0.tricks, fast.0.revokes), (13, 2));
    // A wrong opening leader: no trick is taken fast.
    let wrong = Play {
        first: Some(Seat::South),
        ..play.clone()
    };
    let [fast, general] = both_ways(&wrong, &s);
    assert_eq!(fast.1, general.1);
    assert_eq!(fast.1[0].rule().id, "bridge.play.leader");
}
