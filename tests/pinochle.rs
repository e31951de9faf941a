//! The pinochle rules on the model: generated legal games check clean, every
//! planted fault is reported under its own rule at its place, and hand-built
//! records exercise each rule directly.

use kibitz::Pos;
use kibitz::Severity;
use kibitz::choose::{ByteChooser, splitmix_bytes};
use kibitz::pinochle::generate::{MARK, Mutation, Settings, generate_game};
use kibitz::pinochle::{Checker, Fault, Hand, Options};

fn check_all(hands: &[Hand], opts: Options) -> Vec<(Fault, Pos, usize)> {
    let mut c = Checker::new(opts);
    let mut out = Vec::new();
    for (i, h) in hands.iter().enumerate() {
        c.check(h, &mut |f, p| out.push((f, p, i)));
    }
    out
}

#[test]
fn generated_hands_check_clean() {
    let mut hands = 0;
    let mut seed = 0;
    let mut outcomes = std::collections::BTreeMap::new();
    while hands < 2_000 {
        seed += 1;
        let bytes = splitmix_bytes(seed, 60_000);
        let g = generate_game(&mut ByteChooser::new(&bytes), &Settings::default());
        let found = check_all(&g.hands, Options::default());
        let bad: Vec<_> = found
            .iter()
            .filter(|(f, _, _)| f.rule().severity != Severity::Notice)
            .collect();
        assert!(bad.is_empty(), "seed {seed}: {bad:#?}");
        for h in &g.hands {
            *outcomes
                .entry(format!("{:?}", kibitz::pinochle::value(&h.result)))
                .or_insert(0) += 1;
        }
        hands += g.hands.len();
    }
    eprintln!("{hands} hands in {seed} games: {outcomes:?}");
}

#[test]
fn every_mutation_is_reported_at_its_place() {
    for m in Mutation::ALL {
        let mut planted = 0;
        for seed in 0..40u64 {
            let bytes = splitmix_bytes(seed * 7 + 3, 60_000);
            let s = Settings {
                mutation: Some(m),
                ..Settings::default()
            };
            let g = generate_game(&mut ByteChooser::new(&bytes), &s);
            let Some((at, rule)) = g.planted else {
                continue;
            };
            planted += 1;
            assert_eq!(rule, m.rule());
            let found = check_all(&g.hands, Options::default());
            let violations: Vec<_> = found
                .iter()
                .filter(|(f, _, _)| f.rule().severity == Severity::Violation)
                .collect();
            assert!(
                found
                    .iter()
                    .any(|(f, p, i)| f.rule() == rule && *p == MARK && *i == at),
                "{m:?} seed {seed}: not reported at hand {at}: {found:#?}"
            );
            assert_eq!(violations.len(), 1, "{m:?} seed {seed}: {violations:#?}");
        }
        assert!(planted >= 10, "{m:?} planted only {planted} times");
    }
}

#[test]
fn one_wrong_game_scores_is_one_finding_whether_or_not_later_hands_carry_it() {
    // The generator's GameScores fault carries the error into every later
    // hand's total (`every_mutation_is_reported_at_its_place`); a typo does
    // not: hand 2's GameScores 10 too high, hand 3's the correct total. Both
    // are one finding, at hand 2 (the reference: running totals come from
    // the correct values; one fault, one finding).
    let mut games = 0;
    for seed in 0..200u64 {
        let bytes = splitmix_bytes(seed * 13 + 5, 60_000);
        let mut g = generate_game(&mut ByteChooser::new(&bytes), &Settings::default());
        if g.hands.len() < 3 {
            continue;
        }
        let Some(at) = g.hands[1].game_scores.as_mut() else {
            continue;
        };
        let Written::Value(v) = &mut at.value else {
            continue;
        };
        v.values[0] += 10;
        let found = check_all(&g.hands, Options::default());
        let game: Vec<usize> = found
            .iter()
            .filter(|(f, _, _)| f.rule().id == "pinochle.score.game")
            .map(|(_, _, i)| *i)
            .collect();
        assert_eq!(game, [1], "seed {seed}: {found:#?}");
        games += 1;
    }
    assert!(games >= 20, "{games} games of three hands or more");
}

// ---------------------------------------------------------------------------
// Hand-built records. Every expected value below was worked out by hand from the
// reference's tables (`../shared/reference/pinochle.md`).

use kibitz::pinochle::{
    At, Auction, ByTeam, Call, Cards, Competition, Holdings, MeldEntry, Melds, Outcome, Play,
    PlayCard, Termination, Trick, Trump, Written,
};
use kibitz::{BySeat, Seat, Side, Suit};

const N: &str = "AAATTTTKKKKQQQQJ..AA.KQ";
const E: &str = "JJJA.AAAATTTTKKKK..AAAA";
const S: &str = ".QQQQJJJJ.TTTTKKKKA.JJJ";
const W: &str = "..AQQQQJJJJ.TTTTKKKQQQJ";

/// A distinct position per field, so a test can say where a finding must be.
const fn p(n: u32) -> Pos {
    Pos::new(100, n)
}

fn tag<T>(v: T, n: u32) -> Option<At<Written<T>>> {
    Some(At::new(Written::Value(v), p(n)))
}

fn cards(s: &str) -> Cards {
    s.parse().unwrap()
}

/// Dealer West, so North (dealer's left) is written first, bids first and is
/// declarer with 50, hearts trump. No auction section: the tags stand.
fn base() -> Hand {
    Hand {
        number: tag(1, 1),
        game_scores: tag(ByTeam::new(0, 0), 2),
        dealer: tag(Seat::West, 3),
        deal: tag(
            Holdings {
                first: Seat::North,
                hands: BySeat {
                    values: [N, E, S, W].map(|h| Some(cards(h))),
                },
            },
            4,
        ),
        declarer: tag(Seat::North, 5),
        contract: tag(50, 6),
        trump: tag(Trump::Suit(Suit::Hearts), 7),
        ..Hand::default()
    }
}

/// The melds of the base deal under hearts, by hand: North K Q of hearts (royal
/// marriage 4) and four club marriages (8) = 12; East and South nothing; West
/// three royal marriages = 12. Teams 12 and 12, both below 20: MeldScores 0:0,
/// and the declaring team has no board: not played, -50 for North-South.
fn melded() -> Hand {
    let entry = |c: &str, pts: u32, n: u32| {
        Some(At::new(
            MeldEntry {
                cards: cards(c),
                points: Some(At::new(pts, p(n + 1))),
            },
            p(n),
        ))
    };
    Hand {
        melds: tag(
            Melds {
                first: Seat::North,
                players: BySeat {
                    values: [
                        entry("KKKKQQQQ...KQ", 12, 20),
                        entry("...", 0, 22),
                        entry("...", 0, 24),
                        entry("...KKKQQQ", 12, 26),
                    ],
                },
            },
            8,
        ),
        meld_scores: tag(ByTeam::new(0, 0), 9),
        play_scores: tag(ByTeam::new(0, 0), 10),
        result: tag(Outcome::NoBoard, 11),
        hand_scores: tag(ByTeam::new(-50, 0), 12),
        ..base()
    }
}

/// One trick, seat order from North, then `*` and a Termination tag.
fn one_trick(cards: [&str; 4], winner: Seat, points: u32) -> Hand {
    let mut t = Trick::from_cards(cards.map(|c| c.parse().unwrap()), Some((winner, points)));
    for (k, c) in t.cards.iter_mut().enumerate() {
        c.pos = p(40 + k as u32);
    }
    t.winner.as_mut().unwrap().pos = p(44);
    t.points.as_mut().unwrap().pos = p(45);
    Hand {
        play: Some(Play {
            first: Some(Seat::North),
            pos: p(30),
            tricks: vec![t],
            star: Some(p(46)),
        }),
        termination: tag(
            Termination {
                seat: None,
                cause: "Abandoned".into(),
            },
            13,
        ),
        ..base()
    }
}

fn found(hands: &[Hand]) -> Vec<(&'static str, Pos)> {
    check_all(hands, Options::default())
        .into_iter()
        .map(|(f, pos, _)| (f.rule().id, pos))
        .collect()
}

fn violations(hands: &[Hand]) -> Vec<(&'static str, Pos)> {
    check_all(hands, Options::default())
        .into_iter()
        .filter(|(f, _, _)| f.rule().severity == Severity::Violation)
        .map(|(f, pos, _)| (f.rule().id, pos))
        .collect()
}

#[test]
fn the_hand_built_deal_and_melds_are_legal() {
    assert_eq!(found(&[base()]), []);
    assert_eq!(found(&[melded()]), []);
    // The legal first trick: North leads CQ, East must head with CA, South
    // (void) must trump and has only HJ, West must overtrump HJ: HQ. West wins,
    // one counter (CA).
    let h = one_trick(["CQ", "CA", "HJ", "HQ"], Seat::West, 1);
    assert_eq!(found(&[h]), [("pinochle.termination.hand", p(13))]);
}

#[test]
fn play_faults_each_under_their_rule_at_the_card() {
    let cases = [
        (
            ["CQ", "DA", "HJ", "HQ"],
            Seat::West,
            1,
            "pinochle.play.renege",
            p(41),
        ),
        (
            ["CQ", "CJ", "HJ", "HQ"],
            Seat::West,
            0,
            "pinochle.play.head",
            p(41),
        ),
        (
            ["CQ", "CA", "DQ", "HQ"],
            Seat::West,
            1,
            "pinochle.play.trump",
            p(42),
        ),
        // West's HJ equals South's and does not beat it; South's, played
        // first, wins.
        (
            ["CQ", "CA", "HJ", "HJ"],
            Seat::South,
            1,
            "pinochle.play.overtrump",
            p(43),
        ),
        (
            ["CQ", "CA", "HJ", "HQ"],
            Seat::South,
            1,
            "pinochle.play.winner",
            p(44),
        ),
        (
            ["CQ", "CA", "HJ", "HQ"],
            Seat::West,
            2,
            "pinochle.play.points",
            p(45),
        ),
        (
            ["SK", "CA", "HJ", "HQ"],
            Seat::West,
            2,
            "pinochle.play.not-held",
            p(40),
        ),
    ];
    for (trick, winner, pts, rule, pos) in cases {
        let v = violations(&[one_trick(trick, winner, pts)]);
        assert_eq!(v, [(rule, pos)], "{trick:?}");
    }
}

#[test]
fn a_card_not_held_leaves_the_other_players_checked_from_the_next_trick() {
    // Trick 1 as in the case above: North leads SK, which he does not hold.
    // West wins (HQ over HJ, hearts trump) and leads SQ; North heads with
    // SA, East trumps with HA, South plays DQ holding spades (TTTTKKKKA):
    // a renege, reported though North's hand is no longer known (it used
    // to stop every player's checks).
    let mut h = one_trick(["SK", "CA", "HJ", "HQ"], Seat::West, 2);
    let mut t = Trick::from_cards(
        ["SA", "HA", "DQ", "SQ"].map(|c| c.parse().unwrap()),
        Some((Seat::East, 2)),
    );
    for (k, c) in t.cards.iter_mut().enumerate() {
        c.pos = p(50 + k as u32);
    }
    t.winner.as_mut().unwrap().pos = p(54);
    t.points.as_mut().unwrap().pos = p(55);
    h.play.as_mut().unwrap().tricks.push(t);
    assert_eq!(
        violations(&[h]),
        [
            ("pinochle.play.not-held", p(40)),
            ("pinochle.play.renege", p(52))
        ]
    );
}

#[test]
fn play_section_faults() {
    // No `*`, no Termination: the play stops after one trick.
    let mut h = one_trick(["CQ", "CA", "HJ", "HQ"], Seat::West, 1);
    h.termination = None;
    h.play.as_mut().unwrap().star = None;
    assert_eq!(
        violations(&[h.clone()]),
        [("pinochle.play.incomplete", Pos::default())]
    );
    // The Play tag names East, not the declarer.
    h.play.as_mut().unwrap().first = Some(Seat::East);
    assert!(violations(&[h]).contains(&("pinochle.play.leader", p(30))));
    // 20 tricks of unknown cards whose points add up to 40, not 50.
    let mut h = base();
    let mut t = Trick::from_cards(
        ["CA", "CA", "CA", "CA"].map(|c| c.parse().unwrap()),
        Some((Seat::North, 2)),
    );
    t.cards.iter_mut().for_each(|c| c.value = PlayCard::Missing);
    h.play = Some(Play {
        first: Some(Seat::North),
        pos: p(30),
        tricks: vec![t; 20],
        star: None,
    });
    assert_eq!(violations(&[h]), [("pinochle.play.total", p(30))]);
    // A No Board hand with a trick.
    let mut h = melded();
    h.play = one_trick(["CQ", "CA", "HJ", "HQ"], Seat::West, 1).play;
    h.play.as_mut().unwrap().star = None;
    assert_eq!(violations(&[h]), [("pinochle.play.extra", Pos::default())]);
}

#[test]
fn deal_faults() {
    // A club ace for a club king in North's hand: five aces, three kings.
    let mut h = base();
    let Some(At {
        value: Written::Value(d),
        ..
    }) = h.deal.as_mut()
    else {
        unreachable!()
    };
    d.hands[Seat::North] = Some(cards("AAAATTTTKKKQQQQJ..AA.KQ"));
    let v = violations(&[h]);
    assert_eq!(
        v,
        [("pinochle.deal.cards", p(4)), ("pinochle.deal.cards", p(4))]
    );
    // A card moved from North to East.
    let mut h = base();
    let Some(At {
        value: Written::Value(d),
        ..
    }) = h.deal.as_mut()
    else {
        unreachable!()
    };
    d.hands[Seat::North] = Some(cards("AAATTTTKKKKQQQQ..AA.KQ"));
    d.hands[Seat::East] = Some(cards("JJJJA.AAAATTTTKKKK..AAAA"));
    assert_eq!(
        violations(&[h]),
        [
            ("pinochle.deal.hand-size", p(4)),
            ("pinochle.deal.hand-size", p(4))
        ]
    );
    // Written from the dealer instead of his left: a warning.
    let mut h = base();
    let Some(At {
        value: Written::Value(d),
        ..
    }) = h.deal.as_mut()
    else {
        unreachable!()
    };
    d.first = Seat::West;
    assert_eq!(found(&[h]), [("pinochle.deal.first", p(4))]);
    // A Holding that differs from the deal without any exchange.
    let mut h = base();
    let mut hold = *kibitz::pinochle::value(&h.deal).unwrap();
    hold.hands[Seat::North] = Some(cards("AAATTTTKKKKQQQQ..AA.KQJ"));
    hold.hands[Seat::West] = Some(cards("J..AQQQQJJJJ.TTTTKKKQQQ"));
    h.holding = tag(hold, 14);
    let v = violations(&[h]);
    assert!(v.contains(&("pinochle.exchange.holding", p(14))), "{v:?}");
    // The next hand dealt by East instead of North (the seat after West).
    let first = Hand {
        number: tag(1, 1),
        dealer: tag(Seat::West, 3),
        ..Hand::default()
    };
    let second = Hand {
        number: tag(2, 1),
        dealer: tag(Seat::East, 50),
        ..Hand::default()
    };
    assert_eq!(found(&[first, second]), [("pinochle.deal.dealer", p(50))]);
}

fn auction_hand(calls: &[Call]) -> Hand {
    let mut a = Auction::from_calls(Seat::North, calls);
    for (i, c) in a.calls.iter_mut().enumerate() {
        c.pos = p(60 + i as u32);
    }
    a.pos = p(59);
    Hand {
        dealer: tag(Seat::West, 3),
        auction: Some(a),
        ..Hand::default()
    }
}

#[test]
fn auction_faults() {
    use Call::{Bid, Pass, Skip};
    // North 50, East 55, South and West pass, North 60, East passes: North
    // wins with 60 (three passed).
    let legal = [Bid(50), Bid(55), Pass, Pass, Bid(60), Pass];
    assert_eq!(found(&[auction_hand(&legal)]), []);
    let with_skips = [Bid(50), Bid(55), Pass, Pass, Bid(60), Pass];
    let mut h = auction_hand(&with_skips);
    h.contract = tag(65, 6);
    h.declarer = tag(Seat::South, 5);
    assert_eq!(
        found(&[h]),
        [
            ("pinochle.auction.contract", p(6)),
            ("pinochle.auction.declarer", p(5))
        ]
    );
    let cases: [(&[Call], &str, u32); 8] = [
        (&[Bid(45), Pass, Pass, Pass], "pinochle.auction.minimum", 60),
        (
            &[Bid(50), Bid(50), Pass, Pass, Pass],
            "pinochle.auction.insufficient",
            61,
        ),
        (
            &[Bid(50), Bid(61), Pass, Pass, Pass],
            "pinochle.auction.step",
            61,
        ),
        (
            &[Bid(50), Pass, Bid(55), Pass, Bid(60), Bid(65), Pass],
            "pinochle.auction.passed",
            65,
        ),
        (&[Bid(50), Skip, Pass, Pass], "pinochle.auction.skip", 61),
        (&[Pass, Pass, Pass, Pass], "pinochle.auction.end", 63),
        (
            &[Bid(50), Pass, Pass, Pass, Bid(55)],
            "pinochle.auction.end",
            64,
        ),
        (&[Bid(50), Pass], "pinochle.auction.end", 61),
    ];
    for (calls, rule, at) in cases {
        let v = violations(&[auction_hand(calls)]);
        assert_eq!(v, [(rule, p(at))], "{calls:?}");
    }
    // The auction must start at the dealer's left (North), not at the dealer.
    let mut h = auction_hand(&[Bid(50), Pass, Pass, Pass]);
    h.auction.as_mut().unwrap().first = Some(Seat::West);
    assert_eq!(violations(&[h]), [("pinochle.auction.first", p(59))]);
}

#[test]
fn trump_and_meld_faults() {
    // North holds no king of spades.
    let mut h = base();
    h.trump = tag(Trump::Suit(Suit::Spades), 7);
    assert_eq!(violations(&[h]), [("pinochle.trump.marriage", p(7))]);
    // `-` although North holds K Q of hearts (and of clubs).
    let mut h = base();
    h.trump = tag(Trump::NoMarriage, 7);
    assert_eq!(violations(&[h]), [("pinochle.trump.marriage", p(7))]);

    let set_entry = |h: &mut Hand, seat: Seat, c: &str, pts: u32| {
        let Some(At {
            value: Written::Value(m),
            ..
        }) = h.melds.as_mut()
        else {
            unreachable!()
        };
        let e = m.players[seat].as_mut().unwrap();
        e.value.cards = cards(c);
        e.value.points.as_mut().unwrap().value = pts;
    };
    let mut h = melded();
    set_entry(&mut h, Seat::North, "KKKKQQQQ...KQ", 13);
    assert_eq!(found(&[h]), [("pinochle.meld.points", p(21))]);
    // A third ace of spades: not held (and it counts in no meld).
    let mut h = melded();
    set_entry(&mut h, Seat::North, "KKKKQQQQ..AAA.KQ", 12);
    assert_eq!(
        found(&[h]),
        [("pinochle.meld.held", p(20)), ("pinochle.meld.idle", p(20))]
    );
    let mut h = melded();
    set_entry(&mut h, Seat::North, "AKKKKQQQQ...KQ", 12);
    assert_eq!(found(&[h]), [("pinochle.meld.idle", p(20))]);
    // Only the royal marriage: 4 of North's 12.
    let mut h = melded();
    set_entry(&mut h, Seat::North, "...KQ", 4);
    assert_eq!(found(&[h]), [("pinochle.meld.less", p(20))]);
    let mut h = melded();
    h.meld_scores = tag(ByTeam::new(12, 12), 9);
    assert_eq!(found(&[h]), [("pinochle.meld.scores", p(9))]);
}

#[test]
fn result_and_score_faults() {
    let mut h = melded();
    h.result = tag(Outcome::Set, 11);
    assert_eq!(found(&[h]), [("pinochle.result.outcome", p(11))]);
    let mut h = melded();
    h.hand_scores = tag(ByTeam::new(-50, 12), 12);
    assert_eq!(found(&[h]), [("pinochle.score.hand", p(12))]);
    let mut h = melded();
    h.play_scores = tag(ByTeam::new(1, 0), 10);
    assert_eq!(found(&[h]), [("pinochle.play.scores", p(10))]);
    // Hand 1 starts at 0:0.
    let mut h = melded();
    h.game_scores = tag(ByTeam::new(10, 0), 2);
    assert_eq!(found(&[h]), [("pinochle.score.game", p(2))]);
    // Hand 2 after the base hand: 0:0 + (-50:0).
    let first = melded();
    let mut second = Hand {
        number: tag(2, 1),
        dealer: tag(Seat::North, 3),
        game_scores: tag(ByTeam::new(-50, 0), 2),
        ..Hand::default()
    };
    assert_eq!(found(&[first.clone(), second.clone()]), []);
    second.game_scores = tag(ByTeam::new(0, 0), 2);
    assert_eq!(found(&[first, second]), [("pinochle.score.game", p(2))]);
    // Victor: nobody is at 500 after this hand.
    let mut h = melded();
    h.victor = tag(Side::NorthSouth, 15);
    assert_eq!(found(&[h]), [("pinochle.score.victor", p(15))]);
    // From 560:100 (a later hand, no chain to check) North-South end at 510.
    let mut h = melded();
    h.number = tag(7, 1);
    h.game_scores = tag(ByTeam::new(560, 100), 2);
    h.victor = tag(Side::NorthSouth, 15);
    assert_eq!(found(&[h.clone()]), []);
    h.victor = tag(Side::EastWest, 15);
    assert_eq!(found(&[h]), [("pinochle.score.victor", p(15))]);
}

#[test]
fn termination_and_variant() {
    let legal = one_trick(["CQ", "CA", "HJ", "HQ"], Seat::West, 1);
    let mut h = legal.clone();
    h.play.as_mut().unwrap().star = None;
    h.termination = tag(
        Termination {
            seat: Some(Seat::West),
            cause: "Time out".into(),
        },
        13,
    );
    // Without the `*` the play is still taken as cut short by the Termination.
    assert_eq!(
        found(&[h]),
        [
            ("pinochle.termination.hand", p(13)),
            ("pinochle.termination.marker", p(13))
        ]
    );
    let mut h = legal;
    h.termination = None;
    assert_eq!(
        found(&[h]),
        [
            ("pinochle.termination.marker", p(46)),
            ("pinochle.termination.hand", p(46))
        ]
    );
    let mut h = base();
    h.competition = Some(At::new(Competition::Other, p(16)));
    h.trump = tag(Trump::Suit(Suit::Spades), 7);
    assert_eq!(found(&[h]), [("pinochle.variant.other", p(16))]);
}

#[test]
fn every_rule_is_exercised_here() {
    let src = include_str!("pinochle.rs");
    for r in kibitz::pinochle::rules::ALL {
        assert!(
            src.contains(&format!("\"{}\"", r.id)),
            "{} has no test",
            r.id
        );
    }
}

#[test]
fn generated_games_follow_each_option() {
    let specs = [
        "must_head=off",
        "must_overtrump=off",
        "counters=tens_and_fives",
        "no_board=play_out",
        "meld_minimum=0",
        "counter_minimum=0",
        "min_bid=60",
        "bid_steps=off",
        "game=1000",
    ];
    for spec in specs {
        let mut opts = Options::default();
        opts.set(spec).unwrap();
        let mut hands = 0;
        let mut seed = 100;
        while hands < 300 {
            seed += 1;
            let s = Settings {
                options: opts,
                ..Settings::default()
            };
            let g = generate_game(&mut ByteChooser::new(&splitmix_bytes(seed, 60_000)), &s);
            let bad: Vec<_> = check_all(&g.hands, opts)
                .into_iter()
                .filter(|(f, _, _)| f.rule().severity != Severity::Notice)
                .collect();
            assert!(bad.is_empty(), "{spec}, seed {seed}: {bad:#?}");
            hands += g.hands.len();
        }
    }
}

#[test]
fn options_change_the_verdict() {
    let head = || vec![one_trick(["CQ", "CJ", "HJ", "HQ"], Seat::West, 0)];
    let mut off = Options::default();
    off.set("must_head=off").unwrap();
    assert!(
        check_all(&head(), off)
            .iter()
            .all(|(f, _, _)| f.rule().severity != Severity::Violation)
    );
    let over = || vec![one_trick(["CQ", "CA", "HJ", "HJ"], Seat::South, 1)];
    let mut off = Options::default();
    off.set("must_overtrump=off").unwrap();
    assert!(
        check_all(&over(), off)
            .iter()
            .all(|(f, _, _)| f.rule().severity != Severity::Violation)
    );
    // Under tens_and_fives the trick CQ CA HJ HQ holds Q 5 + A 10 + Q 5 = 20.
    let mut tf = Options::default();
    tf.set("counters=tens_and_fives").unwrap();
    let h = vec![one_trick(["CQ", "CA", "HJ", "HQ"], Seat::West, 20)];
    assert!(
        check_all(&h, tf)
            .iter()
            .all(|(f, _, _)| f.rule().severity != Severity::Violation)
    );
    assert!(!violations(&h).is_empty());
    // Without a meld minimum both teams keep their 12: MeldScores 12:12, and the
    // declaring team has a board: the hand is to be played, and with no Play
    // section its Result and scores cannot be checked (IMPORT leaves it out).
    let mut nomin = Options::default();
    nomin.set("meld_minimum=0").unwrap();
    let mut h = melded();
    h.meld_scores = tag(ByTeam::new(12, 12), 9);
    let ids: Vec<_> = check_all(&[h], nomin)
        .into_iter()
        .map(|(f, _, _)| f.rule().id)
        .collect();
    assert_eq!(ids, Vec::<&str>::new());
    let ids: Vec<_> = found(&[{
        let mut h = melded();
        h.meld_scores = tag(ByTeam::new(12, 12), 9);
        h
    }]);
    assert_eq!(ids, [("pinochle.meld.scores", p(9))]);
    // A 45 opening is fine with min_bid=40.
    let mut low = Options::default();
    low.set("min_bid=40").unwrap();
    let a = vec![auction_hand(&[
        Call::Bid(45),
        Call::Pass,
        Call::Pass,
        Call::Pass,
    ])];
    assert!(check_all(&a, low).is_empty());
}
