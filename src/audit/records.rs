//! The audit loop of every notation that reads record by record: read a raw
//! record, decode it into its game's model, run the game's rules, and hand the
//! findings to the [`RecordSink`].

use std::io;

use super::{GameRules, RecordSink};
use crate::Finding;
use crate::notation::{Decode, RawRecord, RecordReader};

/// Audits every record of `reader` with `rules`. Returns the bytes read (also
/// when an I/O error stops the input: what was read before is reported).
///
/// # Errors
///
/// I/O errors of the input.
///
/// ```
/// use kibitz::audit::{audit_records, BridgeRules, RecordSink, Summary};
/// use kibitz::pbn::Reader;
/// let text = "[Dealer \"N\"]\n[Auction \"N\"]\n1C 1C AP\n";
/// let mut summary = Summary::default();
/// let mut rules_seen = Vec::new();
/// let mut emit = |f: &kibitz::Finding| rules_seen.push(f.rule);
/// let mut sink = RecordSink::new(&mut summary, &mut emit, 200);
/// let (bytes, result) = audit_records(&mut Reader::new(text.as_bytes()), &BridgeRules, &mut sink);
/// // The sink adds its last per-rule counts to the summary when dropped.
/// drop(sink);
/// assert!(result.is_ok());
/// assert_eq!(bytes, text.len() as u64);
/// assert_eq!(rules_seen, ["bridge.auction.insufficient"]);
/// assert_eq!(summary.records, 1);
/// ```
pub fn audit_records<R, G>(
    reader: &mut R,
    rules: &G,
    sink: &mut RecordSink<'_>,
) -> (u64, io::Result<()>)
where
    R: RecordReader,
    G: GameRules,
    R::Raw: Decode<G::Model>,
{
    let mut ctx = rules.context();
    let done = audit_records_in(reader, rules, &mut ctx, sink, |_| true);
    // Also after an I/O error: what was read is reported in full.
    let mut late = Vec::new();
    rules.finish(&mut ctx, &mut late);
    sink.late(G::GAME, &mut late);
    done
}

/// [`audit_records`] with the rules' context `ctx` (which it leaves as the
/// last record left it), calling `each` with every record's model before
/// its check: the records end where `each` returns `false` (that record
/// is not checked).
pub(crate) fn audit_records_in<R, G>(
    reader: &mut R,
    rules: &G,
    ctx: &mut G::Context,
    sink: &mut RecordSink<'_>,
    mut each: impl FnMut(&G::Model) -> bool,
) -> (u64, io::Result<()>)
where
    R: RecordReader,
    G: GameRules,
    R::Raw: Decode<G::Model>,
{
    let mut raw = R::Raw::default();
    let mut model = G::Model::default();
    let mut findings: Vec<Finding> = Vec::new();
    let result = loop {
        match reader.read_record(&mut raw) {
            Ok(true) => {}
            Ok(false) => break Ok(()),
            Err(e) => break Err(e),
        }
        findings.clear();
        let dropped = raw.take_findings(&mut findings);
        raw.decode_for_rules(&mut model, &mut findings);
        if !each(&model) {
            break Ok(());
        }
        rules.check(&model, ctx, &mut findings);
        for f in findings.iter_mut().filter(|f| f.record == 0) {
            f.record = raw.index();
        }
        sink.record(
            raw.index(),
            raw.start(),
            G::GAME,
            R::RECORD_LIMIT,
            &mut findings,
            dropped,
        );
    };
    (reader.bytes_read(), result)
}
