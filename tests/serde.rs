//! The `serde` feature: a decoded bridge board, a pinochle hand, a preferans
//! deal, a finding and a summary as JSON, checked field by field against the
//! sample files in `examples/` (values read off the files by hand), and read
//! back equal.
//!
//! Run with `cargo test --features serde --test serde`.

#![cfg(feature = "serde")]

use kibitz::bridge::Board;
use kibitz::notation::pinochle as pinochle_notation;
use kibitz::notation::ppn::{self, Item, TextReader};
use kibitz::{Auditor, pbn, pinochle, preferans};
use serde_json::{Value, json};

fn example(name: &str) -> String {
    let path = format!("{}/examples/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).unwrap()
}

/// The `n`th (1-based) board of `examples/club-night.pbn`, decoded.
fn club_night_board(n: usize) -> Board {
    let text = example("club-night.pbn");
    let mut reader = pbn::Reader::new(text.as_bytes());
    let mut raw = pbn::RawRecord::default();
    for _ in 0..n {
        assert!(reader.read_record(&mut raw).unwrap());
    }
    let mut board = Board::default();
    let mut findings = Vec::new();
    pbn::decode::decode(&raw, &mut board, &mut findings);
    assert!(findings.is_empty(), "{findings:?}");
    board
}

#[test]
fn bridge_board_as_json() {
    // Board 2: lines 39-71 of the file.
    let board = club_night_board(2);
    let v = serde_json::to_value(&board).unwrap();
    assert_eq!(v["record"], 2);
    // `[Board "2"]` on line 42: values are placed at their opening quote,
    // column 8 after `[Board `.
    assert_eq!(
        v["number"],
        json!({"value": 2, "pos": {"line": 42, "col": 8}})
    );
    assert_eq!(v["dealer"]["value"], "East");
    assert_eq!(v["vulnerability"]["value"], "NorthSouth");
    // `[Deal "E:72.K97.T9.KQ9874 AK3.T2.KQ875.A65 QJ94.AJ84.32.JT3 T865.Q653.AJ64.2"]`:
    // East first, clockwise; BySeat keeps North, East, South, West.
    assert_eq!(
        v["deal"]["value"]["hands"]["values"],
        json!([
            "T865.Q653.AJ64.2",
            "72.K97.T9.KQ9874",
            "AK3.T2.KQ875.A65",
            "QJ94.AJ84.32.JT3"
        ])
    );
    assert_eq!(v["deal"]["value"]["repeated"], json!([]));
    assert_eq!(
        v["declarer"]["value"],
        json!({"Seat": {"seat": "East", "swapped": false}})
    );
    assert_eq!(v["contract"]["value"], json!({"Contract": "1NT"}));
    assert_eq!(
        v["result"]["value"],
        json!({"declarer": 4, "ns": null, "ew": null, "agreed_wrong": false})
    );
    assert_eq!(
        v["score"]["value"],
        json!({"declarer": null, "ns": 100, "ew": null})
    );
    assert_eq!(v["id"]["event"], "Kibitz Club Night");
    assert_eq!(
        v["id"]["players"]["values"],
        json!(["N. North", "E. East", "S. South", "W. West"])
    );
    assert_eq!(v["id"]["scoring"], "MP");
    assert_eq!(v["scoring"], "MP");
    // `[Auction "E"]` then `1NT Pass Pass Pass` on line 56.
    let auction = &v["auction"];
    assert_eq!(auction["first"], "East");
    let calls: Vec<&Value> = auction["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| &i["call"])
        .collect();
    assert_eq!(
        calls,
        [
            &json!({"Call": "1NT"}),
            &json!({"Call": "Pass"}),
            &json!({"Call": "Pass"}),
            &json!({"Call": "Pass"})
        ]
    );
    assert_eq!(auction["items"][1]["pos"], json!({"line": 56, "col": 5}));
    // `[Play "S"]`, 13 rows of four cards in seat columns, then `*`.
    let play = &v["play"];
    assert_eq!(play["first"], "South");
    assert_eq!(play["order"], "SeatColumns");
    assert_eq!(play["items"].as_array().unwrap().len(), 52);
    assert_eq!(play["items"][0]["card"], json!({"Card": "SA"}));
    assert_eq!(play["items"][51]["card"], json!({"Card": "CK"}));
    assert_eq!(play["star"]["line"], 71);
    // The board's spare buffers are no part of the record.
    assert!(v.get("spare_calls").is_none());

    let back: Board = serde_json::from_value(v).unwrap();
    assert_eq!(back, board);
}

#[test]
fn bridge_vocabulary_is_written_as_its_notation() {
    let hand: kibitz::CardSet = "AK.QJT..98765432".parse().unwrap();
    assert_eq!(
        serde_json::to_string(&hand).unwrap(),
        "\"AK.QJT..98765432\""
    );
    let call: kibitz::Call = "X".parse().unwrap();
    assert_eq!(serde_json::to_string(&call).unwrap(), "\"X\"");
    let contract: kibitz::Contract = "4SX".parse().unwrap();
    assert_eq!(serde_json::to_string(&contract).unwrap(), "\"4SX\"");
    assert_eq!(
        serde_json::from_str::<kibitz::Contract>("\"4SX\"").unwrap(),
        contract
    );
    // A hand that does not parse (a card twice) is an error, not a value.
    assert!(serde_json::from_str::<kibitz::CardSet>("\"AA...\"").is_err());
    assert!(serde_json::from_str::<kibitz::Card>("\"S1\"").is_err());
}

#[test]
fn finding_and_summary_as_json() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/club-night.pbn");
    let mut audit = Auditor::new().audit_path(path);
    let first = audit.next().unwrap();
    // Board 2: 1NT by East, not vulnerable, 4 tricks: three down, 150 to
    // North-South; the record says `[Score "NS 100"]` on line 54.
    let v = serde_json::to_value(&first).unwrap();
    assert_eq!(v["file"], path);
    let f = &v["finding"];
    assert_eq!(f["rule"], "bridge.score.points");
    assert_eq!(f["severity"], "violation");
    assert_eq!(f["record"], 2);
    assert_eq!(f["pos"], json!({"line": 54, "col": 8}));
    assert_eq!(f["game"], "bridge");
    let message = f["message"].as_str().unwrap();
    assert!(
        message.contains("NS 100") && message.contains("NS 150"),
        "{message}"
    );

    let totals = audit.finish();
    let s = serde_json::to_value(&totals.summary).unwrap();
    assert_eq!(s["files"], 1);
    assert_eq!(s["records"], 3);
    assert_eq!(s["violations"], 2);
    // Board 3: the play gives South's side 7 tricks, `[Result "8"]` says 8.
    assert_eq!(
        s["rules"]["bridge.result.tricks"],
        json!({"severity": "violation", "findings": 1})
    );
    let back: kibitz::audit::Summary = serde_json::from_value(s).unwrap();
    assert_eq!(back, totals.summary);

    let pos: kibitz::Pos = serde_json::from_str(r#"{"line": 3, "col": 7}"#).unwrap();
    assert_eq!(pos, kibitz::Pos::new(3, 7));
    let game: kibitz::Game = serde_json::from_str("\"pinochle\"").unwrap();
    assert_eq!(game, kibitz::Game::Pinochle);
}

#[test]
fn pinochle_hand_as_json() {
    let text = example("pinochle-sample.ppn");
    let mut reader = pinochle_notation::Reader::new(text.as_bytes());
    let mut raw = pinochle_notation::RawRecord::default();
    assert!(reader.read_record(&mut raw).unwrap());
    let mut hand = pinochle::Hand::default();
    pinochle_notation::decode::decode(&raw, &mut hand, &mut Vec::new());
    let v = serde_json::to_value(&hand).unwrap();
    // `[Hand "1"]`, `[Declarer "N"]`, `[Contract "51"]`, `[Trump "S"]`.
    assert_eq!(v["number"]["value"], json!({"Value": 1}));
    assert_eq!(v["declarer"]["value"], json!({"Value": "North"}));
    assert_eq!(v["contract"]["value"], json!({"Value": 51}));
    assert_eq!(v["trump"]["value"], json!({"Value": {"Suit": "Spades"}}));
    assert_eq!(v["result"]["value"], json!({"Value": "Set"}));
    // `[HandScores "-51:31"]`: team 1 (North-South), team 2.
    assert_eq!(
        v["hand_scores"]["value"],
        json!({"Value": {"values": [-51, 31]}})
    );
    // Trick 3, line 36: `HQ HK HA ST (S3)`, led by North; South written as
    // the winner (the planted fault), 3 points.
    let trick = &v["play"]["tricks"][2];
    let cards: Vec<&Value> = trick["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| &c["value"])
        .collect();
    assert_eq!(
        cards,
        [
            &json!({"Card": "HQ"}),
            &json!({"Card": "HK"}),
            &json!({"Card": "HA"}),
            &json!({"Card": "ST"})
        ]
    );
    assert_eq!(
        trick["winner"],
        json!({"value": "South", "pos": {"line": 36, "col": 13}})
    );
    assert_eq!(trick["points"]["value"], 3);
    assert!(v.get("buffers").is_none());
    let back: pinochle::Hand = serde_json::from_value(v).unwrap();
    assert_eq!(back, hand);
}

#[test]
fn preferans_deal_as_json() {
    let text = example("club-night.ppn");
    let mut reader = TextReader::new(text.as_bytes());
    let mut deals = Vec::new();
    while let Some(item) = reader.next_item().unwrap() {
        if let Item::Deal(raw) = item {
            let mut deal = preferans::Deal::default();
            ppn::decode_deal(&raw, &mut deal, &mut |_, _, _| {});
            deals.push(deal);
        }
    }
    assert_eq!(deals.len(), 6);
    // Line 17: `[5 123 EVLQ... P,P,2 3 SP 2 2 R2 0 16 2 D93,FC2,...]`.
    let deal = &deals[4];
    let v = serde_json::to_value(deal).unwrap();
    assert_eq!(v["id"], 5);
    assert_eq!(v["order"], json!(["One", "Two", "Three"]));
    assert_eq!(v["bids"], json!(["Pass", "Pass", {"Level": 2}]));
    assert_eq!(v["main"], "Three");
    assert_eq!(v["contract"], json!({"level": 2, "game": false}));
    assert_eq!(v["value"], 16);
    assert_eq!(v["starts"], "Two");
    // Cards are PPN codes, index = suit * 8 + rank (spades, diamonds, hearts,
    // clubs; 7 up to ace): `E` is 13, diamonds, rank 5 = queen; `V` is 30,
    // clubs, rank 6 = king.
    assert_eq!(v["cards"][0], "QD");
    assert_eq!(v["cards"][1], "KC");
    // Discarded `SP`: 27 (clubs, rank 3 = ten, `X`) and 24 (clubs, 7).
    assert_eq!(v["discarded"], json!({"Cards": ["XC", "7C"]}));
    // Trick 1 `D93` at column 66: `D` (12) the jack of diamonds, `9` (8) the
    // seven of diamonds, player 3 written as the winner.
    assert_eq!(
        v["tricks"][0],
        json!({"cards": ["JD", "7D"], "winner": "Three", "pos": {"line": 17, "col": 66}})
    );
    // Deal 1 (line 13) writes `0` for kontra: no kontra, which is not the same
    // as a kontra field left unread (absent).
    let v1 = serde_json::to_value(&deals[0]).unwrap();
    assert_eq!(v1["kontra"], Value::Null);
    let unread = preferans::Deal::default();
    assert!(
        serde_json::to_value(&unread)
            .unwrap()
            .get("kontra")
            .is_none()
    );
    for d in &deals {
        let back: preferans::Deal =
            serde_json::from_value(serde_json::to_value(d).unwrap()).unwrap();
        assert_eq!(&back, d);
    }
    let back: preferans::Deal = serde_json::from_value(v).unwrap();
    assert_eq!(&back, deal);
}
