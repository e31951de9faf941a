"""kibitz.read: records as dicts, checked by hand against a small PBN board."""

from __future__ import annotations

import kibitz

from conftest import EXAMPLES, run_cli

# Board 7 (standard cycle: dealer South, both vulnerable). Hands, from South
# clockwise: South S AKQJ8 H A63 D A2 C AKQ; West S T3 H KT9 D T987 C 6532;
# North S 9652 H 872 D K43 C 987; East S 74 H QJ54 D QJ65 C JT4.
# South opens 1S, North raises to 2S: South declares 2S, West leads.
# Trick 1: W HK, N H2, E H5, S HA (South wins); trick 2: S SA, W S3, N S2,
# E S4; then South claims. PBN writes the tricks in seat columns from West
# (W N E S), so trick 2's row is "S3 S2 S4 SA".
# 2S made with 8 tricks: 60 + 50 (part score) = NS 110.
BOARD = """\
[Event "Hand check"]
[Site "Here"]
[Date "2026.01.02"]
[Board "7"]
[West "Wanda"]
[North "Ned"]
[East "Ed"]
[South "Sue"]
[Dealer "S"]
[Vulnerable "All"]
[Deal "S:AKQJ8.A63.A2.AKQ T3.KT9.T987.6532 9652.872.K43.987 74.QJ54.QJ65.JT4"]
[Scoring "IMP"]
[Declarer "S"]
[Contract "2S"]
[Result "8"]
[Score "NS 110"]
[Auction "S"]
1S Pass 2S Pass
Pass Pass
[Play "W"]
HK H2 H5 HA
S3 S2 S4 SA
*
"""


def test_board_fields_by_hand(tmp_path):
    path = tmp_path / "board7.pbn"
    path.write_text(BOARD)
    records = list(kibitz.read(str(path)))
    assert len(records) == 1
    r = records[0]
    assert r["file"] == str(path)
    assert (r["record"], r["line"], r["game"], r["notation"]) == (1, 1, "bridge", "pbn")
    assert r["board"] == 7
    assert r["dealer"] == "S"
    assert r["vulnerable"] == "All"
    assert r["hands"] == {
        "N": "9652.872.K43.987",
        "E": "74.QJ54.QJ65.JT4",
        "S": "AKQJ8.A63.A2.AKQ",
        "W": "T3.KT9.T987.6532",
    }
    assert r["auction"] == ["1S", "Pass", "2S", "Pass", "Pass", "Pass"]
    assert r["contract"] == "2S"
    assert r["declarer"] == "S"
    assert r["leader"] == "W"
    # In the order played: trick 2 is led by South, the winner of trick 1.
    assert r["play"] == ["HK", "H2", "H5", "HA", "SA", "S3", "S2", "S4"]
    assert r["play_order"] == "played"
    assert r["result"] == 8
    assert r["score"] == 110
    assert (r["event"], r["site"], r["date"], r["scoring"]) == ("Hand check", "Here", "2026.01.02", "IMP")
    assert r["players"] == {"N": "Ned", "E": "Ed", "S": "Sue", "W": "Wanda"}
    assert [r[k] for k in ("home_team", "visit_team", "stage", "round", "section", "table")] == [""] * 6
    # The board is legal: the audit finds no violation in it.
    a = kibitz.audit(str(path))
    assert [f.rule for f in a if f.severity == "violation"] == []


def test_contract_from_auction_when_no_tag():
    text = BOARD.replace('[Declarer "S"]\n', "").replace('[Contract "2S"]\n', "")
    import tempfile, os

    with tempfile.TemporaryDirectory() as d:
        p = os.path.join(d, "x.pbn")
        with open(p, "w") as f:
            f.write(text)
        (r,) = list(kibitz.read(p))
    assert (r["contract"], r["declarer"]) == ("2S", "S")


def test_malformed_values_are_none(tmp_path):
    path = tmp_path / "bad.pbn"
    path.write_text('[Board "x"]\n[Dealer "Q"]\n[Vulnerable "None"]\n')
    (r,) = list(kibitz.read(path))
    assert (r["board"], r["dealer"], r["vulnerable"]) == (None, None, "None")


def test_record_counts_equal_cli(cli, corpus):
    """Every bridge record the audit counts is read (the corpus is all bridge)."""
    _, summary = run_cli(cli, "-q", str(corpus))
    recs = kibitz.read(str(corpus))
    n = sum(1 for _ in recs)
    assert n == summary["records"]
    assert recs.errors == []


def test_preferans_and_pinochle_examples():
    deals = list(kibitz.read(str(EXAMPLES / "club-night.ppn")))
    assert all(d["game"] == "preferans" for d in deals)
    first = deals[0]
    assert first["tags"]["Bula"] == "60"
    assert first["deal"] == 1
    assert len(first["hands"]) == 3 and all(len(h) == 10 for h in first["hands"])
    assert len(first["talon"]) == 2
    hands = list(kibitz.read(str(EXAMPLES / "pinochle-sample.ppn")))
    assert all(h["game"] == "pinochle" for h in hands)
    h = hands[0]
    # 80 cards, 20 per hand.
    assert all(len(cards.replace(".", "")) == 20 for cards in h["hands"].values())
    assert all(len(t["cards"]) == 4 for t in h["play"])


def test_dataframe(tmp_path):
    pd = __import__("pytest").importorskip("pandas")
    df = pd.DataFrame(kibitz.read(str(EXAMPLES / "club-night.pbn")))
    assert list(df["board"]) == [1, 2, 3]


def test_unreadable_path_is_an_error_not_an_exception(tmp_path):
    recs = kibitz.read(str(tmp_path / "missing.pbn"))
    assert list(recs) == []
    assert len(recs.errors) == 1


def test_the_match_of_a_teams_board(tmp_path):
    # PBN's HomeTeam, VisitTeam, Stage, Round, Section and Table, as written.
    match = '[HomeTeam "Reds"]\n[VisitTeam "Blues"]\n[Stage "Final"]\n[Round "2"]\n[Section "Open"]\n[Table "7"]\n'
    path = tmp_path / "teams.pbn"
    path.write_text(BOARD.replace('[Board "7"]\n', '[Board "7"]\n' + match))
    (r,) = kibitz.read(str(path))
    got = [r[k] for k in ("home_team", "visit_team", "stage", "round", "section", "table")]
    assert got == ["Reds", "Blues", "Final", "2", "Open", "7"]
