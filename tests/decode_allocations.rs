//! The decoders allocate nothing per record once their buffers have grown (the
//! design card: "hot paths allocate nothing per record"): records decoded a
//! second time into the same board, hand or deal allocate not one byte. The
//! readers the same: a text written three times over, read by one reader into
//! one raw record, allocates nothing while its third copy is read (the RBN
//! reader allocated each repeating label's value anew, about 55 bytes a
//! record, and the pinochle reader each tag name's quoted form for messages
//! it might never write, about 124 bytes a hand, until the fourteenth
//! session). Bridge (PBN, LIN, RBN, RBX), pinochle (Portable Pinochle
//! Notation) and preferans (PPN text). A test binary of its own, with one
//! test, so that no other test's allocations are counted (the counting
//! allocator is global).
//!
//! The JSON form of preferans is not here: its reader builds a `serde_json` map
//! of every deal object, so each record allocates before the decoder sees it.

mod common;

use cap::Cap;
use kibitz::bridge::Board;
use kibitz::choose::{ByteChooser, splitmix_bytes};
use kibitz::notation::{Decode, RecordReader};
use kibitz::{Pos, Rule};

#[global_allocator]
static ALLOCATOR: Cap<std::alloc::System> = Cap::new(std::alloc::System, usize::MAX);

/// Games without planted faults, claims among them; every third one with
/// alerted calls and their explanations, of lengths that differ from game to
/// game (PBN notes, LIN `an`, RBN notes: each decoder kept every text in a new
/// `String` until the fifteenth session).
fn games() -> Vec<Board> {
    (0..200u64)
        .map(|i| {
            let mut board = common::generated_game(i, u64::MAX).board;
            if i % 3 == 0
                && let Some(a) = board.auction.as_mut()
            {
                let alerted = a.items.len().min(2);
                for (k, item) in a.items.iter_mut().take(alerted).enumerate() {
                    let number = k as u8 + 1;
                    item.note = Some(number);
                    let text = format!("alert {number}: {}", "shows ".repeat(1 + (i as usize) % 7));
                    a.notes.push(kibitz::bridge::Note { number, text });
                }
            }
            board
        })
        .collect()
}

/// Reads every record of `reader`, decodes them all once (the board's buffers
/// grow), then again; returns the records read and the bytes the second pass
/// allocated.
fn second_pass_bytes<R>(mut reader: R) -> (usize, usize)
where
    R: RecordReader,
    R::Raw: Decode<Board>,
{
    let mut raws = Vec::new();
    loop {
        let mut raw = R::Raw::default();
        if !reader.read_record(&mut raw).unwrap() {
            break;
        }
        raws.push(raw);
    }
    let (mut board, mut findings) = (Board::default(), Vec::with_capacity(64));
    let bytes = second_run_bytes(|| {
        for raw in &raws {
            findings.clear();
            raw.decode(&mut board, &mut findings);
            // A finding's message is an allocation of its own: these records
            // must have none.
            assert!(findings.is_empty(), "{:?}", findings.first());
        }
    });
    (raws.len(), bytes)
}

/// Runs `pass` once (buffers grow), then again; the bytes the second run
/// allocated.
fn second_run_bytes(mut pass: impl FnMut()) -> usize {
    pass();
    let before = ALLOCATOR.total_allocated();
    pass();
    ALLOCATOR.total_allocated() - before
}

/// Reads with `reader` a text written three times over (`per_copy` records
/// each) into one raw record: the records of the third copy, and the bytes
/// allocated while it was read. Every buffer has grown for the same records
/// twice by then (the second copy may still grow one: RBN's inherited N the
/// first time it alternates).
fn third_read_bytes<R: RecordReader>(mut reader: R, per_copy: usize) -> (usize, usize) {
    let mut raw = R::Raw::default();
    let (mut n, mut before) = (0, 0);
    while reader.read_record(&mut raw).unwrap() {
        n += 1;
        if n == 2 * per_copy {
            before = ALLOCATOR.total_allocated();
        }
    }
    (n - 2 * per_copy, ALLOCATOR.total_allocated() - before)
}

/// Generated pinochle games (several hands each, no mutation) written in EXPORT
/// form, read back and decoded twice into one hand: the hands read and the bytes
/// the second pass allocated.
fn pinochle_second_pass() -> (usize, usize, usize) {
    use kibitz::Seat;
    use kibitz::notation::pinochle::{RawRecord, Reader, decode::decode};
    use kibitz::pinochle::generate::{Settings, generate_game};
    use kibitz::pinochle::{At, Hand, Termination, Written, value};
    let (mut raws, mut generated, mut unplayed) = (Vec::new(), 0, 0);
    for seed in 1..=4u64 {
        let settings = Settings {
            max_hands: 8,
            ..Settings::default()
        };
        let bytes = splitmix_bytes(seed, 60_000);
        let game = generate_game(&mut ByteChooser::new(&bytes), &settings);
        let mut hands = game.hands;
        generated += hands.len();
        unplayed += hands.iter().filter(|h| h.play.is_none()).count();
        // The last hand says it was terminated: a Termination tag, whose cause
        // is text the hand keeps (no notation finding; the rules' notices are
        // not the decoder's).
        if let Some(last) = hands.last_mut() {
            let cause = Termination {
                seat: Some(Seat::West),
                cause: "Time out".to_string(),
            };
            last.termination = Some(At::new(Written::Value(cause), Pos::default()));
        }
        let text = kibitz::fuzzing::write_pinochle(&hands);
        // The reader too: nothing allocated on the third copy of the game.
        let thrice = [&text[..], b"\n"].concat().repeat(3);
        let read = third_read_bytes(Reader::new(&thrice[..]), hands.len());
        assert_eq!(read, (hands.len(), 0), "pinochle reader");
        let mut reader = Reader::new(&text[..]);
        let mut raw = RawRecord::default();
        while reader.read_record(&mut raw).unwrap() {
            assert!(raw.findings.is_empty(), "{:?}", raw.findings.first());
            raws.push(raw.clone());
        }
    }
    let (mut hand, mut findings) = (Hand::default(), Vec::with_capacity(64));
    let mut terminated = 0;
    let bytes = second_run_bytes(|| {
        for raw in &raws {
            findings.clear();
            decode(raw, &mut hand, &mut findings);
            assert!(findings.is_empty(), "{:?}", findings.first());
            terminated +=
                usize::from(value(&hand.termination).is_some_and(|t| t.cause == "Time out"));
        }
    });
    assert_eq!(
        terminated,
        2 * 4,
        "one terminated hand a game, decoded twice"
    );
    // A hand not played: the buffer its empty Play section took goes back.
    assert!(unplayed > 0, "every generated hand was played");
    (generated, raws.len(), bytes)
}

/// One deal line as read, kept apart from the reader's buffer.
struct DealLine {
    text: Vec<u8>,
    line: u64,
    col: u32,
    spans: smallvec::SmallVec<[(u32, u32); kibitz::ppn::MAX_FIELDS]>,
    count: usize,
    closed: bool,
}

/// Generated preferans games written as PPN text, read back and decoded twice
/// into one deal: the deals read and the bytes the second pass allocated.
fn preferans_second_pass() -> (usize, usize, usize) {
    use kibitz::ppn::{Item, RawDeal, TextReader, decode_deal, write_game};
    use kibitz::preferans::Deal;
    use kibitz::preferans::generate::{Settings, generate_game};
    let (mut lines, mut generated) = (Vec::new(), 0);
    for seed in 1..=4u64 {
        let settings = Settings {
            deals: 30,
            ..Settings::default()
        };
        let bytes = splitmix_bytes(seed, 30 * 160);
        let game = generate_game(&mut ByteChooser::new(&bytes), &settings);
        generated += game.deals.len();
        let mut text = String::new();
        write_game(&game.tags, &game.deals, &mut text);
        // The reader too: nothing allocated on the third copy of the game.
        let thrice = text.repeat(3);
        let mut reader = TextReader::new(thrice.as_bytes());
        let (mut deals, mut before) = (0, 0);
        while let Some(item) = reader.next_item().unwrap() {
            if matches!(item, Item::Deal(_)) {
                deals += 1;
                if deals == 2 * game.deals.len() {
                    before = ALLOCATOR.total_allocated();
                }
            }
        }
        let read = (deals, ALLOCATOR.total_allocated() - before);
        assert_eq!(read, (3 * game.deals.len(), 0), "PPN reader");
        let mut reader = TextReader::new(text.as_bytes());
        while let Some(item) = reader.next_item().unwrap() {
            match item {
                Item::Deal(d) => lines.push(DealLine {
                    text: d.text.to_vec(),
                    line: d.line,
                    col: d.col,
                    spans: d.spans.clone(),
                    count: d.count,
                    closed: d.closed,
                }),
                Item::Tag(_) | Item::Blank => {}
                other => panic!("not a tag, deal or blank line: {other:?}"),
            }
        }
    }
    // Deals where all passed (4 fields) and deals played (14) among them.
    assert!(lines.iter().any(|l| l.count == 4) && lines.iter().any(|l| l.count == 14));
    let mut deal = Deal::default();
    let mut findings: Vec<(Rule, Pos)> = Vec::with_capacity(64);
    let bytes = second_run_bytes(|| {
        for l in &lines {
            let raw = RawDeal {
                text: &l.text,
                line: l.line,
                col: l.col,
                spans: l.spans.clone(),
                count: l.count,
                closed: l.closed,
            };
            findings.clear();
            // The message is not kept: a finding's text would be an allocation
            // of its own, and these deals must have none.
            decode_deal(&raw, &mut deal, &mut |rule, pos, _| {
                findings.push((rule, pos))
            });
            assert!(findings.is_empty(), "{:?}", findings.first());
        }
    });
    (generated, lines.len(), bytes)
}

#[test]
fn a_record_decoded_again_allocates_nothing() {
    use kibitz::notation::{lin, pbn, rbn};
    let games = games();

    let mut w = pbn::writer::Writer::new(Vec::new()).unwrap();
    games.iter().for_each(|b| w.write_game(b).unwrap());
    let text = w.into_inner();
    let (records, bytes) = second_pass_bytes(pbn::Reader::new(&text[..]));
    assert_eq!((records, bytes), (200, 0), "PBN");
    let thrice = [&text[..], b"\n"].concat().repeat(3);
    let read = third_read_bytes(pbn::Reader::new(&thrice[..]), 200);
    assert_eq!(read, (200, 0), "PBN reader");

    let mut w = lin::writer::Writer::new(Vec::new());
    games.iter().for_each(|b| w.write_board(b).unwrap());
    let text = w.into_inner();
    let (records, bytes) = second_pass_bytes(lin::Reader::new(&text[..]));
    assert_eq!((records, bytes), (200, 0), "LIN");
    let thrice = text.repeat(3);
    let read = third_read_bytes(lin::Reader::new(&thrice[..]), 200);
    assert_eq!(read, (200, 0), "LIN reader");

    for form in [rbn::writer::Form::Rbn, rbn::writer::Form::Rbx] {
        let mut w = rbn::writer::Writer::new(Vec::new(), form);
        for b in &games {
            w.write_board(b).unwrap();
        }
        let text = w.into_inner();
        let (records, bytes) = second_pass_bytes(rbn::Reader::new(&text[..]));
        assert_eq!((records, bytes), (200, 0), "{form:?}");
        let thrice = text.repeat(3);
        let read = third_read_bytes(rbn::Reader::new(&thrice[..]), 200);
        assert_eq!(read, (200, 0), "{form:?} reader");
    }

    let (generated, records, bytes) = pinochle_second_pass();
    assert!(generated >= 12, "only {generated} pinochle hands generated");
    assert_eq!((records, bytes), (generated, 0), "pinochle");

    let (generated, records, bytes) = preferans_second_pass();
    assert_eq!(generated, 120);
    assert_eq!((records, bytes), (generated, 0), "preferans");
}
