//! The bridge decoders allocate nothing per record once their buffers have
//! grown (the design card: "hot paths allocate nothing per record"): records
//! decoded a second time into the same board allocate not one byte. A test
//! binary of its own, with one test, so that no other test's allocations are
//! counted.

mod common;

use cap::Cap;
use kibitz::bridge::Board;
use kibitz::notation::{Decode, RecordReader};

#[global_allocator]
static ALLOCATOR: Cap<std::alloc::System> = Cap::new(std::alloc::System, usize::MAX);

/// Games without planted faults, claims among them.
fn games() -> Vec<Board> {
    (0..200u64)
        .map(|i| common::generated_game(i, u64::MAX).board)
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
    let mut pass = || {
        for raw in &raws {
            findings.clear();
            raw.decode(&mut board, &mut findings);
            // A finding's message is an allocation of its own: these records
            // must have none.
            assert!(findings.is_empty(), "{:?}", findings.first());
        }
    };
    pass();
    let before = ALLOCATOR.total_allocated();
    pass();
    (raws.len(), ALLOCATOR.total_allocated() - before)
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

    let mut w = lin::writer::Writer::new(Vec::new());
    games.iter().for_each(|b| w.write_board(b).unwrap());
    let text = w.into_inner();
    let (records, bytes) = second_pass_bytes(lin::Reader::new(&text[..]));
    assert_eq!((records, bytes), (200, 0), "LIN");

    for form in [rbn::writer::Form::Rbn, rbn::writer::Form::Rbx] {
        let mut w = rbn::writer::Writer::new(Vec::new(), form);
        for b in &games {
            w.write_board(b).unwrap();
        }
        let text = w.into_inner();
        let (records, bytes) = second_pass_bytes(rbn::Reader::new(&text[..]));
        assert_eq!((records, bytes), (200, 0), "{form:?}");
    }
}
