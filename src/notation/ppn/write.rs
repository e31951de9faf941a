//! Writing PPN text: tag pairs and deal lines.

use std::fmt::Write as _;

use crate::preferans::{Deal, Entry, Field};

/// Writes a tag pair and a line end; the value is quoted when it has spaces (or
/// is empty, or holds `]` or `"`, escaped).
///
/// ```
/// let mut s = String::new();
/// kibitz::ppn::write_tag("Bula", "60", &mut s);
/// kibitz::ppn::write_tag("Name1", "Ana Bell", &mut s);
/// assert_eq!(s, "[Bula 60]\n[Name1 \"Ana Bell\"]\n");
/// ```
pub fn write_tag(name: &str, value: &str, out: &mut String) {
    let quote = value.is_empty()
        || value
            .bytes()
            .any(|b| b.is_ascii_whitespace() || b == b']' || b == b'"');
    if quote {
        let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{name} \"{escaped}\"]");
    } else {
        let _ = writeln!(out, "[{name} {value}]");
    }
}

fn opt<T: std::fmt::Display>(v: Option<T>, out: &mut String) {
    match v {
        Some(v) => {
            let _ = write!(out, "{v}");
        }
        None => out.push('?'),
    }
}

/// Writes one deal line and a line end. The form follows `deal.fields`: 4 fields
/// for a deal where all passed, 13 without the refa field, else 14. A field that
/// is `None` is written as `?` (not valid PPN: only complete deals round-trip).
///
/// ```
/// use kibitz::ppn::{decode_deal, write_deal, Item, TextReader};
/// use kibitz::preferans::Deal;
/// let line = "[2 312 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]";
/// let mut r = TextReader::new(line.as_bytes());
/// let Some(Item::Deal(raw)) = r.next_item().unwrap() else { panic!() };
/// let mut deal = Deal::default();
/// decode_deal(&raw, &mut deal, &mut |_, _, _| {});
/// let mut s = String::new();
/// write_deal(&deal, &mut s);
/// assert_eq!(s, format!("{line}\n"));
/// ```
pub fn write_deal(d: &Deal, out: &mut String) {
    out.push('[');
    let n = match d.fields {
        4 => 4,
        13 => 13,
        _ => 14,
    };
    let mut first = true;
    for field in Field::ALL {
        if (n == 4 && field as usize >= 4) || (n == 13 && field == Field::Refa) {
            continue;
        }
        if !first {
            out.push(' ');
        }
        first = false;
        match field {
            Field::Id => opt(d.id, out),
            Field::Order => match d.order {
                Some(o) => {
                    for p in o {
                        let _ = write!(out, "{p}");
                    }
                }
                None => out.push('?'),
            },
            Field::Cards => match d.cards {
                Some(cs) => out.extend(cs.iter().map(|c| c.code() as char)),
                None => out.push('?'),
            },
            Field::Bids => match d.bids {
                Some(b) => {
                    let _ = write!(out, "{},{},{}", b[0], b[1], b[2]);
                }
                None => out.push('?'),
            },
            Field::Main => opt(d.main, out),
            Field::Discarded => opt(d.discarded, out),
            Field::Contract => opt(d.contract, out),
            Field::Accepted => opt(d.accepted, out),
            Field::Kontra => match d.kontra {
                Some(Some(k)) => {
                    let _ = write!(out, "{k}");
                }
                Some(None) => out.push('0'),
                None => out.push('?'),
            },
            Field::Refa => opt(d.refa.map(u8::from), out),
            Field::Value => opt(d.value, out),
            Field::Starts => match d.starts {
                Some(Some(p)) => {
                    let _ = write!(out, "{p}");
                }
                Some(None) => out.push('0'),
                None => out.push('?'),
            },
            Field::Throws => match &d.tricks {
                Some(t) if t.is_empty() => out.push('0'),
                Some(t) => {
                    for (i, trick) in t.iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        let _ = write!(out, "{trick}");
                    }
                }
                None => out.push('?'),
            },
            Field::Summary => match d.summary {
                Some(e) => write_entries(&e, out),
                None => out.push('?'),
            },
        }
    }
    out.push_str("]\n");
}

fn write_entries(e: &[Entry; 3], out: &mut String) {
    let _ = write!(out, "{},{},{}", e[0], e[1], e[2]);
}

/// Writes a whole game: the tag pairs, a blank line, the deals.
///
/// ```
/// use kibitz::ppn::write_game;
/// use kibitz::preferans::Deal;
/// let mut d = Deal::default();
/// d.id = Some(1);
/// d.fields = 4;
/// let mut s = String::new();
/// write_game(&[("Bula".into(), "60".into())], &[d], &mut s);
/// assert_eq!(s, "[Bula 60]\n\n[1 ? ? ?]\n");
/// ```
pub fn write_game(tags: &[(String, String)], deals: &[Deal], out: &mut String) {
    for (k, v) in tags {
        write_tag(k, v, out);
    }
    out.push('\n');
    for d in deals {
        write_deal(d, out);
    }
}
