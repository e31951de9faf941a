use super::*;

fn read(text: &[u8]) -> Vec<RawRecord> {
    let mut r = Reader::new(text);
    let mut out = Vec::new();
    let mut rec = RawRecord::default();
    while r.read_record(&mut rec).unwrap() {
        out.push(rec.clone());
    }
    assert_eq!(r.bytes_read(), text.len() as u64);
    out
}

/// A reader that gives one byte per read, to cross buffer boundaries.
struct Trickle<'a>(&'a [u8]);

impl Read for Trickle<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        match (self.0.split_first(), out.first_mut()) {
            (Some((&b, rest)), Some(o)) => {
                *o = b;
                self.0 = rest;
                Ok(1)
            }
            _ => Ok(0),
        }
    }
}

#[test]
fn positions_of_tags_and_values() {
    let recs = read(b"pn|a,b,c,d|st||\nmd|3SA,SK,SQ,|");
    let r = &recs[0];
    let pos: Vec<_> = r.tags.iter().map(|t| (t.pos(), t.value_pos())).collect();
    assert_eq!(
        pos,
        [
            (Pos::new(1, 1), Pos::new(1, 4)),
            (Pos::new(1, 12), Pos::new(1, 15)),
            (Pos::new(2, 1), Pos::new(2, 4)),
        ]
    );
    assert_eq!(r.start, Pos::new(1, 1));
}

#[test]
fn single_board_records_split_at_pn_or_md_after_md() {
    let recs = read(b"pn|a|md|1SA|mb|p|pn|b|md|2SK|md|3SQ|");
    assert_eq!(recs.len(), 3);
    assert_eq!(recs[1].tags.len(), 2);
    assert_eq!(recs[2].value(&recs[2].tags[0]), b"3SQ");
}

#[test]
fn vugraph_header_is_inherited_and_qx_splits() {
    let text = b"vg|E,S,I,1,2,A,0,B,0|\nrs|,|\npn|a,b,c,d,e,f,g,h|pg||\nqx|o1|md|1SA|pn|x|md|2SA|qx|c1|md|1SA|\nvg|F,S,I,1,2,A,0,B,0|qx|o2|";
    let recs = read(text);
    assert_eq!(recs.len(), 3);
    assert_eq!(recs[0].header.len(), 4);
    assert!(recs[0].header_new && !recs[1].header_new && recs[2].header_new);
    // Inside a qx record, pn and md do not split.
    assert_eq!(recs[0].tags.len(), 4);
    assert_eq!(recs[1].value(&recs[1].header[0]), b"E,S,I,1,2,A,0,B,0");
    assert_eq!(recs[2].value(&recs[2].header[0]), b"F,S,I,1,2,A,0,B,0");
    assert_eq!(recs[2].header.len(), 1);
}

#[test]
fn a_header_alone_is_a_record() {
    let recs = read(b"vg|E,S,I,1,2,A,0,B,0|pn|a,b,c,d|");
    assert_eq!(recs.len(), 1);
    assert!(recs[0].tags.is_empty());
    assert_eq!(recs[0].header.len(), 2);
}

#[test]
fn bad_tag_resumes_at_the_next_known_tag() {
    let recs = read(b"mb|1C|x y|zz|mb|p|");
    assert_eq!(recs.len(), 1);
    let r = &recs[0];
    assert_eq!(r.findings.len(), 1);
    assert_eq!(r.findings[0].rule, rules::TAG.id);
    assert_eq!(r.findings[0].pos, Pos::new(1, 7));
    assert_eq!(r.findings[0].record, 1);
    let vals: Vec<&[u8]> = r.tags.iter().map(|t| r.value(t)).collect();
    assert_eq!(vals, [&b"1C"[..], b"p"]);
}

#[test]
fn unterminated_value_and_tail() {
    let recs = read(b"md|1SA|mb|p");
    assert_eq!(recs[0].findings[0].rule, rules::UNTERMINATED.id);
    assert_eq!(recs[0].findings[0].pos, Pos::new(1, 8));
    let recs = read(b"md|1SA|\n  junk");
    assert_eq!(recs.len(), 1);
    assert_eq!(recs[0].findings[0].rule, rules::UNTERMINATED.id);
    assert_eq!(recs[0].findings[0].pos, Pos::new(2, 3));
    // Blanks after the last pair are not a finding.
    assert!(read(b"md|1SA|\r\n\n").iter().all(|r| r.findings.is_empty()));
}

#[test]
fn value_limit_and_record_limit() {
    let limits = Limits {
        max_value: 4,
        max_record_bytes: 1 << 20,
        max_tags: 3,
    };
    let mut r = Reader::with_limits(&b"nt|abcdefgh|pg||pg||pg||pg||"[..], limits);
    let mut rec = RawRecord::default();
    assert!(r.read_record(&mut rec).unwrap());
    assert_eq!(rec.value(&rec.tags[0]), b"abcd");
    let ids: Vec<_> = rec.findings.iter().map(|f| f.rule).collect();
    assert_eq!(ids, [rules::VALUE_LIMIT.id, rules::RECORD_LIMIT.id]);
    assert_eq!(rec.tags.len(), 3);
}

#[test]
fn one_byte_reads_give_the_same_records() {
    let text = b"vg|E,S,I,1,2,A,0,B,0|\r\npn|a,b,c,d,e,f,g,h|pg||\r\nqx|o1|md|1SA|mb|1C!|an|x y|\r\nqx|c1|md|1SA|nt|hi|\r\n";
    let whole = read(text);
    let mut r = Reader::new(Trickle(text));
    let mut rec = RawRecord::default();
    let mut i = 0;
    while r.read_record(&mut rec).unwrap() {
        assert_eq!(rec.tags, whole[i].tags);
        assert_eq!(rec.header, whole[i].header);
        i += 1;
    }
    assert_eq!(i, whole.len());
}

/// Everything a record holds, comparable: tags and header with their values'
/// text, findings, start and end line.
type Seen = (Vec<([u8; 2], Vec<u8>, Pos, Pos)>, Vec<Finding>, Pos, u64);

fn seen(rec: &RawRecord) -> Seen {
    let tags = (rec.header.iter().chain(&rec.tags))
        .map(|t| (t.name, rec.value(t).to_vec(), t.pos(), t.value_pos()))
        .collect();
    (tags, rec.findings.clone(), rec.start, rec.end_line)
}

fn read_all<R: Read>(input: R, limits: Limits) -> Vec<Seen> {
    let mut r = Reader::with_limits(input, limits);
    let mut rec = RawRecord::default();
    let mut out = Vec::new();
    while r.read_record(&mut rec).unwrap() {
        out.push(seen(&rec));
    }
    out
}

#[test]
fn short_and_long_segments_read_alike_from_the_buffer_and_one_byte_at_a_time() {
    // Values on both sides of the short path's 16 bytes, with line ends and
    // blanks inside and around them, a bad tag, a value over the limit, an
    // unterminated tail: read whole, the short path takes most segments; read
    // one byte at a time, none. Positions, values and findings must agree.
    let mut text = b"vg|Event,Seg,I,1,2,A,0,B,0|\r\npn|a,b,c,d|".to_vec();
    for n in [0, 1, 2, 14, 15, 16, 17, 30] {
        text.extend_from_slice(b"qx|o1|md|1SA|nt|");
        text.extend(std::iter::repeat_n(b'x', n));
        text.extend_from_slice(b"| pc|SA|\n mb|1C|an|two\nlines|");
        text.extend_from_slice(b"xyz|bad|mb|p|");
    }
    text.extend_from_slice(b"nt|tail without end");
    for max_value in [4, 15, 16, 64 * 1024] {
        let limits = Limits {
            max_value,
            ..Limits::default()
        };
        let whole = read_all(&text[..], limits);
        let trickled = read_all(Trickle(&text), limits);
        assert_eq!(whole, trickled, "max_value {max_value}");
        assert!(whole.len() >= 8, "{} records", whole.len());
        let findings: usize = whole.iter().map(|r| r.1.len()).sum();
        assert!(
            findings >= 9,
            "{findings} findings with max_value {max_value}"
        );
    }
}

/// A reader that gives at most `n` bytes per read: the buffer then ends
/// anywhere in a tag pair.
struct Chunks<'a>(&'a [u8], usize);

impl Read for Chunks<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = self.0.len().min(self.1).min(out.len());
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn tags_read_in_one_pass_read_as_on_the_general_path() {
    // `Reader::fast_tag` takes a record's tags after its first, whole in the
    // buffer; one byte at a time it never runs. Tags of either case, single
    // board records that a `pn` or `md` ends, `qx` records, values of 15,
    // 16 and 17 bytes, blanks and line ends around tags, bad tags, and
    // record limits that the one-pass path must leave to the general one.
    // Single-board files first (no `qx`: a `pn` or `md` after the record's
    // `md` starts the next record), then a vugraph header and `qx` records.
    let mut text = Vec::new();
    for i in 0..300usize {
        let v = "v".repeat(i % 19);
        let tags = match (i >= 150, i % 4) {
            (false, 0) => format!("pn|a,b,c,d|md|1SA,SK,SQ,|MB|1C|mb|P|Pc|SA|pc|sk|nt|{v}|"),
            (false, 1) => format!("md|3SA,,,|ah|Board {i}|\nmb|p|\r\n mb|p|pg||9x|bad|pc|HA|"),
            (false, 2) => format!("st||MD|4SA|sv|b|pn|x|rh||nt|{v}\n{v}|pc|C2|Pn|y|"),
            (false, _) => format!("mb|2c|Md|1SA|an|{v}|pc|S3|\tpc|S4| pc|{v}|zz|unknown|"),
            (true, 0) => {
                format!("vg|Ev,S,I,1,9,A,0,B,0|pn|a,b,c,d,e,f,g,h|rs|3N,4S|qx|o{i}|pc|D2|")
            }
            (true, 1) => format!("qx|o{i}|md|2SA|sv|n|mb|1n!|an|{v}|pc|D2|mc|3|"),
            (true, 2) => format!("QX|c{i}|pn|p,q,r,s|md|3SA|pc|S3|\tpc|S4| pc|{v}|md|1SA|"),
            (true, _) => format!("qx|c{i}|zz|unknown|mb|d|pc|{v}\n|nt|{v}|"),
        };
        text.extend_from_slice(tags.as_bytes());
    }
    let big = Limits::default();
    let few_tags = Limits { max_tags: 5, ..big };
    let few_bytes = Limits {
        max_record_bytes: 12,
        ..big
    };
    let short_values = Limits {
        max_value: 2,
        ..big
    };
    for limits in [big, few_tags, few_bytes, short_values] {
        let trickled = read_all(Trickle(&text), limits);
        assert!(trickled.len() >= 250, "{} records", trickled.len());
        assert_eq!(read_all(&text[..], limits), trickled, "{limits:?}");
        for n in [5, 7, 19, 64] {
            assert_eq!(
                read_all(Chunks(&text, n), limits),
                trickled,
                "{limits:?}, {n}"
            );
        }
    }
}

/// What a reader hands on when its input has ended: reads `text` whole.
fn handover_of(text: &[u8], from: Option<std::sync::Arc<Carried>>) -> Handover {
    let mut r = match from {
        Some(h) => Reader::resume(text, Limits::default(), 4, 0, h),
        None => Reader::new(text),
    };
    let mut rec = RawRecord::default();
    while r.read_record(&mut rec).unwrap() {}
    r.handover()
}

#[test]
fn a_record_boundary_at_the_end_depends_on_the_record_and_the_next_tag() {
    let single = handover_of(b"pn|a,b,c,d|md|3SA,SK,SQ,|mb|p|\n", None);
    let vugraph = handover_of(b"vg|t|pn|a|qx|o1|md|3SA,SK,SQ,|\n", None);
    let no_md = handover_of(b"pn|a,b,c,d|ah|Board 1|\n", None);
    for (h, starts) in [
        // After a record of one board per line, `pn` and `md` start the next.
        (&single, [true, true, true, true, false]),
        // After a `qx` record only `qx` and `vg` do.
        (&vugraph, [false, false, true, true, false]),
        // Before the record's `md`, `pn` and `md` are its own; a record of
        // no tag that carries a board (a `pn` and a heading) is joined by
        // the `qx` record after it.
        (&no_md, [false, false, false, true, false]),
    ] {
        let tags: [&[u8]; 5] = [b"pn|e", b"MD|3", b"qx|o2", b"vg|x", b"mb|p"];
        let got = tags.map(|t| h.ends_before(t));
        assert_eq!(got, starts, "{h:?}");
        assert!(!h.ends_before(b"") && !h.ends_before(b"pn"));
    }
    // The input ends inside a value, while skipping text where a tag should
    // be, or after a header no record used: no boundary.
    for text in [
        &b"pn|a|md|3SA,SK,SQ,|nt|open"[..],
        b"pn|a|md|3SA,SK,SQ,|\nxyz|junk|",
        b"pn|a|md|3SA,SK,SQ,|\nvg|t|pn|a|\n",
    ] {
        let h = handover_of(text, None);
        assert!(
            !h.ends_before(b"qx|o1|"),
            "{:?}",
            String::from_utf8_lossy(text)
        );
    }
}

#[test]
fn a_resumed_reader_says_which_header_it_started_from_and_ends_with() {
    let text = b"vg|t,1,I,1,2,A,0,B,0|pn|a,b,c,d|\nqx|o1|md|3SA,SK,SQ,|\n";
    let header = std::sync::Arc::new(Carried::at(text, Pos::new(3, 1), Limits::default()));
    assert_eq!(header.start(), Pos::new(3, 1));
    // The records of a resumed reader inherit the header, found on line 3.
    let mut r = Reader::resume(
        &b"qx|c1|md|3SA,SK,SQ,|\n"[..],
        Limits::default(),
        9,
        0,
        header.clone(),
    );
    let mut rec = RawRecord::default();
    assert!(r.read_record(&mut rec).unwrap());
    let names: Vec<_> = rec.header.iter().map(|t| (t.name, t.pos())).collect();
    assert_eq!(names, [(*b"vg", Pos::new(3, 1)), (*b"pn", Pos::new(3, 22))]);
    assert_eq!(rec.tags[0].pos(), Pos::new(10, 1));
    assert!(
        !rec.header_new,
        "used by a record before the reader's start"
    );
    // It holds for the header it started from only; it hands on that header,
    // or the one it read last.
    let h = handover_of(b"qx|c1|md|3SA,SK,SQ,|\n", Some(header.clone()));
    assert!(h.holds(&header) && !h.holds(&Carried::default()));
    assert_eq!(h.next(), *header);
    let h = handover_of(b"qx|c1|\nvg|u|qx|o2|\n", Some(header.clone()));
    assert_eq!(h.next().start(), Pos::new(6, 1));
    assert_ne!(h.next(), *header);
    // A reader that was not resumed started from no header.
    assert!(handover_of(b"qx|o1|", None).holds(&Carried::default()));
}

#[test]
fn line_breaks_inside_values_carry_no_meaning() {
    // lin-notes §1: line breaks carry no meaning. Real files end a value's
    // line before its `|` (`sv|o` then `|mb|...` on the next line), in a
    // header's `pn` as in a record's tags; CRLF as LF; byte by byte as well.
    let text = b"pn|Ann,Bob,Cid,Dan\r\n|qx|o1|sv|o\n|mb|1S\r\n|mb|\np|nt|two\nlines|";
    for recs in [read(text), {
        let mut r = Reader::new(Trickle(text));
        let mut rec = RawRecord::default();
        let mut out = Vec::new();
        while r.read_record(&mut rec).unwrap() {
            out.push(rec.clone());
        }
        out
    }] {
        let r = &recs[0];
        let values: Vec<&[u8]> = r.header.iter().chain(&r.tags).map(|t| r.value(t)).collect();
        assert_eq!(
            values,
            [
                &b"Ann,Bob,Cid,Dan"[..],
                b"o1",
                b"o",
                b"1S",
                b"p",
                b"twolines"
            ]
        );
    }
}

#[test]
fn lines_opening_with_percent_are_one_comment() {
    // PbnToLin's header: lines that open with `%`, read as comments with one
    // warning at the first; a `%` inside a value or after blanks is no comment.
    let text = b"% LIN File created by PbnToLin\r\n% \r\n% [Event] Unknown\r\nqx|o1|nt|100%|\n%x\n";
    let recs = read(text);
    assert_eq!(recs.len(), 1);
    let r = &recs[0];
    let found: Vec<_> = r.findings.iter().map(|f| (f.rule, f.pos)).collect();
    assert_eq!(
        found,
        [
            (rules::COMMENT.id, Pos::new(1, 1)),
            (rules::COMMENT.id, Pos::new(5, 1))
        ]
    );
    assert!(
        r.findings[0]
            .message
            .starts_with("`% LIN File created by PbnToLin` (and the 2 lines after it)"),
        "{}",
        r.findings[0].message
    );
    let values: Vec<&[u8]> = r.tags.iter().map(|t| r.value(t)).collect();
    assert_eq!(values, [&b"o1"[..], b"100%"]);
}

#[test]
fn a_byte_order_mark_before_the_first_tag_is_skipped() {
    // Read whole and one byte at a time; a file of the mark alone, and a
    // mark that is not at the start (a byte of a value).
    let text = b"\xEF\xBB\xBFpn|a,b,c,d|md|3SA,SK,SQ,|";
    let whole = read(text);
    assert_eq!(whole.len(), 1);
    assert!(whole[0].findings.is_empty(), "{:?}", whole[0].findings);
    assert_eq!(&whole[0].tags[0].name, b"pn");
    assert_eq!(whole[0].tags[0].pos(), Pos::new(1, 1));
    let mut r = Reader::new(Trickle(text));
    let mut rec = RawRecord::default();
    assert!(r.read_record(&mut rec).unwrap());
    assert_eq!((&rec.tags[0].name, rec.findings.len()), (b"pn", 0));
    assert_eq!(r.bytes_read(), text.len() as u64);
    assert!(read(b"\xEF\xBB\xBF").is_empty());
    let inner = read(b"pn|\xEF\xBB\xBFa,b,c,d|md|3SA,SK,SQ,|");
    assert!(
        inner[0]
            .value(&inner[0].tags[0])
            .starts_with(b"\xEF\xBB\xBF")
    );
}
