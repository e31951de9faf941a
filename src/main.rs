//! The `kibitz` command line: wires inputs, the audit layer and the output.

#![forbid(unsafe_code)]

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use kibitz::audit::{self, AuditOptions, Event, Summary};
use kibitz::{Game, Severity, rulebook};

mod output;

use output::failing::FailingWriter;
use output::files::FileCounts;
use output::select::{Recount, Selection};
use output::snippet::{Snippets, SourceLines};

/// Exit code: no violation found.
const EXIT_CLEAN: u8 = 0;
/// Exit code: at least one violation found.
const EXIT_VIOLATIONS: u8 = 1;
/// Exit code: unreadable input or usage error.
const EXIT_TROUBLE: u8 = 2;

#[derive(Parser)]
#[command(
    name = "kibitz",
    version,
    about = "Legality-checking replay engine for recorded card games"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Audit game archives: files, directories (recursively) or `-` for stdin.
    ///
    /// Exit status: 0 clean, 1 violations found, 2 unreadable input or usage error.
    Audit(Box<AuditArgs>),
    /// Convert bridge archives between notations (streaming; records with
    /// violations are converted as written; what the target cannot carry is
    /// reported per file).
    ///
    /// Exit status: 0 every record converted, 2 a record skipped, an input
    /// unreadable or not a bridge archive, or a usage error.
    Convert {
        /// Target notation.
        #[arg(long, value_parser = ["pbn", "rbn", "rbx", "lin"])]
        to: String,
        /// Output: a file, `-` for standard output (one input only), or a
        /// directory (several inputs or a directory: each file keeps its relative
        /// path, with the target's extension).
        #[arg(long, short)]
        output: String,
        /// Files or directories to convert; `-` for standard input.
        #[arg(required = true)]
        paths: Vec<String>,
    },
    /// Find bridge deals recorded twice (PBN, LIN, RBN): records with the same
    /// deal, or the same deal rotated by one to three seats, on different boards,
    /// events or files. The tables of one board (same Event and Board number,
    /// unless both name the same Room) are no duplicate. Partial deals are not
    /// compared.
    ///
    /// Exit status: 0 no duplicate, 1 duplicates found, 2 unreadable input or
    /// usage error.
    Dups {
        /// Files, directories or zip archives (not stdin: it is read twice).
        #[arg(required = true)]
        paths: Vec<String>,
    },
    /// List the rules of the rule book (exit 2 when no id has the prefix).
    Rules {
        /// Only rules whose id starts with this prefix (e.g. `pbn.` or `bridge.play`).
        prefix: Option<String>,
        /// `table`: aligned columns id, severity, statement; `md`: a Markdown
        /// table with the source of each rule, for publishing the rule book.
        #[arg(long, value_enum, default_value_t = RulesFormat::Table)]
        format: RulesFormat,
    },
    /// Print a rule-book entry: statement, source, severity and examples.
    Explain {
        /// The rule id, e.g. `pbn.syntax.tag`.
        id: String,
    },
}

/// The arguments of `kibitz audit`.
#[derive(clap::Args)]
struct AuditArgs {
    /// Files or directories to audit.
    #[arg(required = true)]
    paths: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Colour in text output: `auto` when standard output is a terminal and
    /// `NO_COLOR` is not set.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
    /// Worker threads (default: the number of CPUs).
    #[arg(long, short)]
    jobs: Option<usize>,
    /// Print only the summary, not each finding.
    #[arg(long, short)]
    quiet: bool,
    /// Lowest severity printed (the summary counts everything selected).
    #[arg(long, value_enum, default_value_t = MinSeverity::Notice)]
    min_severity: MinSeverity,
    /// Only findings of rule ids matching GLOB (`*`, `?`; repeatable). Findings
    /// not selected are neither printed nor counted (summary, exit status).
    #[arg(long = "rule", value_name = "GLOB")]
    rules: Vec<String>,
    /// No findings of rule ids matching GLOB (`*`, `?`; repeatable): neither
    /// printed nor counted (summary, exit status).
    #[arg(long = "ignore", value_name = "GLOB")]
    ignore: Vec<String>,
    /// Audit only inputs of this game; the others are counted as skipped.
    #[arg(long, value_enum)]
    game: Option<GameArg>,
    /// Write each record with a (selected) violation, as read, to FILE (records
    /// of another notation than FILE's extension names go to FILE with that
    /// notation's extension). Not with stdin.
    #[arg(long, value_name = "FILE")]
    write_failing: Option<String>,
    /// `files`: also a line per input (records, findings by severity).
    #[arg(long, value_enum)]
    summary: Option<SummaryExtra>,
    /// Never show a progress bar.
    #[arg(long)]
    no_progress: bool,
    /// A preferans rule option, `NAME` or `NAME=VALUE` (repeatable): must_head,
    /// must_overtrump, kontra_pair_needs_five, sub_mort_kontra=off,
    /// betl_supa=fixed_60, invitation=as_both_following.
    #[arg(long = "preferans-option", value_name = "NAME[=VALUE]")]
    preferans_options: Vec<String>,
    /// A pinochle rule option, `NAME=VALUE` (repeatable): min_bid=N,
    /// bid_steps=on|off, meld_minimum=N, counter_minimum=N, must_head=on|off,
    /// must_overtrump=on|off, game=N, counters=ace_ten_king|tens_and_fives,
    /// no_board=not_played|play_out.
    #[arg(long = "pinochle-option", value_name = "NAME=VALUE")]
    pinochle_options: Vec<String>,
}

#[derive(Copy, Clone, PartialEq, Eq, ValueEnum)]
enum ColorChoice {
    Auto,
    Always,
    Never,
}

#[derive(Copy, Clone, PartialEq, Eq, ValueEnum)]
enum GameArg {
    Bridge,
    Preferans,
    Pinochle,
}

impl GameArg {
    fn game(self) -> Game {
        match self {
            GameArg::Bridge => Game::Bridge,
            GameArg::Preferans => Game::Preferans,
            GameArg::Pinochle => Game::Pinochle,
        }
    }
}

#[derive(Copy, Clone, PartialEq, Eq, ValueEnum)]
enum SummaryExtra {
    /// A line per input.
    Files,
}

#[derive(Copy, Clone, PartialEq, Eq, ValueEnum)]
enum Format {
    /// Each finding as `severity[rule-id]: message`, ` --> file:line:col`, the
    /// source line and a caret under the column; then a summary.
    Text,
    /// One line per finding, `file:line:col: severity rule-id: message`, then a
    /// summary (for grep and editors).
    Short,
    /// JSON Lines: one object per finding, then a summary object.
    Json,
}

#[derive(Copy, Clone, PartialEq, Eq, ValueEnum)]
enum RulesFormat {
    /// Aligned columns: id, severity, statement.
    Table,
    /// A Markdown table: id, severity, statement, source.
    Md,
}

#[derive(Copy, Clone, PartialEq, Eq, ValueEnum)]
enum MinSeverity {
    Notice,
    Warning,
    Violation,
}

impl MinSeverity {
    fn severity(self) -> Severity {
        match self {
            MinSeverity::Notice => Severity::Notice,
            MinSeverity::Warning => Severity::Warning,
            MinSeverity::Violation => Severity::Violation,
        }
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() {
                EXIT_TROUBLE
            } else {
                EXIT_CLEAN
            });
        }
    };
    let code = match cli.command {
        Command::Audit(args) => audit_cmd(&args),
        Command::Convert { to, output, paths } => convert_cmd(&to, &output, &paths),
        Command::Dups { paths } => dups_cmd(&paths),
        Command::Rules { prefix, format } => rules_cmd(prefix.as_deref(), format),
        Command::Explain { id } => explain_cmd(&id),
    };
    ExitCode::from(code)
}

/// What one command-line path yielded, for the check that every path gives at
/// least one record.
#[derive(Default)]
struct PathYield {
    /// Inputs found under it.
    inputs: usize,
    /// Files skipped under it (not game files).
    skipped: u64,
    /// It could not be read or listed.
    bad: bool,
    /// Inputs that could not be read.
    unreadable: usize,
    /// Inputs skipped as another game's (`--game`).
    other_game: usize,
    /// Records read.
    records: u64,
}

/// The state of the audit output between events.
struct Report<'a> {
    args: &'a AuditArgs,
    min: Severity,
    selection: Selection,
    recount: Recount,
    snippets: Snippets,
    sources: SourceLines,
    /// Inputs done so far: the index of the input being reported.
    done: usize,
    counts: FileCounts,
    file_lines: Vec<String>,
    failing: Option<FailingWriter>,
    failing_records: Vec<usize>,
    failing_error: bool,
    printed: bool,
}

impl Report<'_> {
    fn finding(
        &mut self,
        out: &mut impl Write,
        input: &audit::Input,
        file: &str,
        f: &kibitz::Finding,
    ) -> io::Result<()> {
        if !self.selection.selects(f.rule) {
            return Ok(());
        }
        // The recount replaces the summary's counts only under --rule/--ignore.
        if self.selection.is_active() {
            self.recount.count(f);
        }
        self.counts.count(f.severity);
        if self.failing.is_some()
            && f.severity == Severity::Violation
            && f.record > 0
            && self.failing_records.last() != Some(&f.record)
        {
            self.failing_records.push(f.record);
        }
        if self.args.quiet || f.severity < self.min {
            return Ok(());
        }
        match self.args.format {
            Format::Json => {
                let v = serde_json::json!({
                    "file": file,
                    "record": f.record,
                    "line": f.pos.line,
                    "column": f.pos.col,
                    "game": f.game,
                    "rule": f.rule,
                    "severity": f.severity,
                    "message": f.message,
                });
                writeln!(out, "{v}")
            }
            Format::Short => writeln!(
                out,
                "{file}:{}:{}: {} {}: {}",
                f.pos.line, f.pos.col, f.severity, f.rule, f.message
            ),
            Format::Text => {
                if self.printed {
                    writeln!(out)?;
                }
                self.printed = true;
                let source = self.sources.line(self.done, input, f.pos.line);
                self.snippets.write(out, file, f, source)
            }
        }
    }

    fn done(
        &mut self,
        out: &mut impl Write,
        input: &audit::Input,
        file: &str,
        summary: &Summary,
        unreadable: bool,
    ) -> io::Result<()> {
        let counts = std::mem::take(&mut self.counts);
        self.recount.end_input();
        if self.args.summary == Some(SummaryExtra::Files) {
            if self.args.format == Format::Json {
                writeln!(out, "{}", counts.json(file, summary, unreadable))?;
            } else {
                self.file_lines.push(counts.line(file, summary, unreadable));
            }
        }
        if let Some(w) = &mut self.failing {
            self.failing_records.sort_unstable();
            self.failing_records.dedup();
            if let Err(e) = w.write(input, file, &self.failing_records) {
                eprintln!("kibitz: --write-failing: {file}: {e}");
                self.failing_error = true;
            }
        }
        self.failing_records.clear();
        self.done += 1;
        Ok(())
    }
}

fn audit_cmd(args: &AuditArgs) -> u8 {
    let mut opts = AuditOptions::default();
    for o in &args.preferans_options {
        if let Err(e) = opts.preferans.set(o) {
            eprintln!("kibitz: {e}");
            return EXIT_TROUBLE;
        }
    }
    for o in &args.pinochle_options {
        if let Err(e) = opts.pinochle.set(o) {
            eprintln!("kibitz: --pinochle-option {o}: {e}");
            return EXIT_TROUBLE;
        }
    }
    if let Some(j) = args.jobs {
        opts.jobs = j.max(1);
    }
    opts.game = args.game.map(GameArg::game);
    // Under -q the findings are only counted, unless a selection, the
    // failing records or the counts per file need them.
    opts.report_findings = !(args.quiet
        && args.rules.is_empty()
        && args.ignore.is_empty()
        && args.write_failing.is_none()
        && args.summary != Some(SummaryExtra::Files));
    // The rule book (parsed from its TOML on first use) only when a glob needs it.
    let selection = if args.rules.is_empty() && args.ignore.is_empty() {
        Selection::new(&[], &[], std::iter::empty())
    } else {
        let ids = rulebook::entries().iter().map(|e| e.id.as_str());
        Selection::new(&args.rules, &args.ignore, ids)
    };
    let selection = match selection {
        Ok(s) => s,
        Err(e) => {
            eprintln!("kibitz: {e}");
            return EXIT_TROUBLE;
        }
    };
    let stdin = args.paths.iter().filter(|p| *p == "-").count();
    if stdin > 1 {
        eprintln!("kibitz: `-` (stdin) may be given only once");
        return EXIT_TROUBLE;
    }
    if stdin > 0 && args.write_failing.is_some() {
        eprintln!("kibitz: --write-failing cannot be used with `-` (stdin is read only once)");
        return EXIT_TROUBLE;
    }
    let color = match args.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut trouble = false;
    // Inputs are found while they are audited: the bar counts them, with no total.
    let progress = (!args.no_progress && io::stderr().is_terminal()).then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_style(
            indicatif::ProgressStyle::with_template("{spinner} {pos} files {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
        );
        bar
    });
    let mut report = Report {
        args,
        min: args.min_severity.severity(),
        selection,
        recount: Recount::default(),
        snippets: Snippets::new(color),
        sources: SourceLines::default(),
        done: 0,
        counts: FileCounts::default(),
        file_lines: Vec::new(),
        failing: args
            .write_failing
            .as_deref()
            .map(|f| FailingWriter::new(f, &opts)),
        failing_records: Vec::new(),
        failing_error: false,
        printed: false,
    };
    let mut write_error = None;
    // Path by path (each walked lazily), to tell which path yielded nothing.
    let mut total = Summary::default();
    let mut yields: Vec<PathYield> = Vec::new();
    for p in &args.paths {
        let mut y = PathYield::default();
        let walk = audit::Inputs::new(vec![p.clone()]);
        let part = audit::run_paths(walk, &opts, &mut |ev| {
            let r = match ev {
                Event::Finding {
                    file,
                    input,
                    finding,
                } => report.finding(&mut out, input, file, finding),
                Event::Done {
                    file,
                    input,
                    summary,
                    error,
                } => {
                    if let Some(bar) = &progress {
                        bar.inc(1);
                    }
                    if let Some(e) = error {
                        eprintln!("kibitz: {file}: {e}");
                    }
                    y.inputs += 1;
                    y.records += summary.records;
                    y.unreadable += usize::from(error.is_some());
                    y.other_game += usize::from(summary.files == 0 && summary.skipped > 0);
                    report.done(&mut out, input, file, summary, error.is_some())
                }
                Event::BadPath { path, error } => {
                    y.bad = true;
                    eprintln!("kibitz: {path}: {error}");
                    Ok(())
                }
            };
            if let Err(e) = r {
                write_error.get_or_insert(e);
            }
        });
        y.skipped = part.skipped;
        total.merge(&part);
        yields.push(y);
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    if report.selection.is_active() {
        report.recount.apply(&mut total);
    }
    trouble |= total.unreadable > 0 || report.failing_error;
    trouble |= !paths_yielded(&args.paths, &yields, args.game);
    if let Some(w) = report.failing.take() {
        match w.finish() {
            Ok(files) if files.is_empty() => {
                eprintln!("kibitz: --write-failing: no record with a violation, nothing written");
            }
            Ok(files) => {
                for (path, n) in files {
                    eprintln!(
                        "kibitz: wrote {n} records with violations to {}",
                        path.display()
                    );
                }
            }
            Err(e) => {
                eprintln!("kibitz: --write-failing: {e}");
                trouble = true;
            }
        }
    }
    let r = if args.format == Format::Json {
        writeln!(out, "{}", serde_json::json!({ "summary": total }))
    } else {
        print_files(&mut out, &report.file_lines)
            .and_then(|()| print_summary(&mut out, &total, args.game))
    };
    if let Some(e) = write_error.or(r.err()).or(out.flush().err()) {
        if e.kind() != io::ErrorKind::BrokenPipe {
            eprintln!("kibitz: writing output: {e}");
        }
        return EXIT_TROUBLE;
    }
    if trouble {
        EXIT_TROUBLE
    } else if total.violations > 0 {
        EXIT_VIOLATIONS
    } else {
        EXIT_CLEAN
    }
}

/// Whether every path yielded at least one record; says why not for each
/// that did not (paths that could not be read were reported already).
fn paths_yielded(paths: &[String], yields: &[PathYield], game: Option<GameArg>) -> bool {
    let mut ok = true;
    for (p, y) in paths.iter().zip(yields) {
        if y.bad || y.unreadable > 0 || y.records > 0 {
            continue;
        }
        ok = false;
        if y.inputs == 0 {
            eprintln!(
                "kibitz: {p}: no game file found ({} files skipped: not game files)",
                y.skipped
            );
        } else if y.other_game == y.inputs
            && let Some(g) = game
        {
            eprintln!(
                "kibitz: {p}: no {} record ({} inputs of another game skipped)",
                g.game(),
                y.other_game
            );
        } else {
            eprintln!("kibitz: {p}: no record read");
        }
    }
    ok
}

/// The `--summary files` block: one line per input.
fn print_files(out: &mut impl Write, lines: &[String]) -> io::Result<()> {
    if lines.is_empty() {
        return Ok(());
    }
    writeln!(out)?;
    writeln!(out, "per file:")?;
    for l in lines {
        writeln!(out, "  {l}")?;
    }
    Ok(())
}

fn print_summary(out: &mut impl Write, s: &Summary, game: Option<GameArg>) -> io::Result<()> {
    writeln!(out)?;
    let skipped = match game {
        None => "not game files".to_string(),
        Some(g) => format!("not game files or not {}", g.game()),
    };
    writeln!(
        out,
        "files: {} audited, {} unreadable, {} skipped ({skipped}); {} bytes",
        s.files, s.unreadable, s.skipped, s.bytes
    )?;
    writeln!(
        out,
        "records: {} read, {} with findings, {} with violations",
        s.records, s.records_with_findings, s.records_with_violations
    )?;
    writeln!(
        out,
        "findings: {} violations, {} warnings, {} notices",
        s.violations, s.warnings, s.notices
    )?;
    if !s.rules.is_empty() {
        writeln!(out, "findings per rule:")?;
        let width = s.rules.keys().map(String::len).max().unwrap_or(0);
        for (id, c) in &s.rules {
            let sev = c.severity.map_or("", |s| s.as_str());
            writeln!(out, "  {id:<width$}  {sev:<9}  {}", c.findings)?;
        }
    }
    Ok(())
}

fn rules_cmd(prefix: Option<&str>, format: RulesFormat) -> u8 {
    let entries: Vec<_> = rulebook::entries()
        .iter()
        .filter(|e| prefix.is_none_or(|p| e.id.starts_with(p)))
        .collect();
    if entries.is_empty() {
        eprintln!("kibitz: no rule id starts with {:?}", prefix.unwrap_or(""));
        return EXIT_TROUBLE;
    }
    let mut out = io::stdout().lock();
    let r = match format {
        RulesFormat::Table => rules_table(&mut out, &entries),
        RulesFormat::Md => rules_markdown(&mut out, &entries),
    };
    match r {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            eprintln!("kibitz: writing output: {e}");
            EXIT_TROUBLE
        }
        _ => EXIT_CLEAN,
    }
}

fn rules_table(out: &mut impl Write, entries: &[&rulebook::Entry]) -> io::Result<()> {
    let width = entries.iter().map(|e| e.id.len()).max().unwrap_or(0);
    for e in entries {
        writeln!(
            out,
            "{:<width$}  {:<9}  {}",
            e.id,
            e.severity.as_str(),
            one_line(&e.statement)
        )?;
    }
    Ok(())
}

/// The rule book as a Markdown table (cells on one line, `|` escaped).
fn rules_markdown(out: &mut impl Write, entries: &[&rulebook::Entry]) -> io::Result<()> {
    let cell = |s: &str| one_line(s).replace('|', "\\|");
    writeln!(out, "| id | severity | statement | source |")?;
    writeln!(out, "| --- | --- | --- | --- |")?;
    for e in entries {
        writeln!(
            out,
            "| `{}` | {} | {} | {} |",
            e.id,
            e.severity.as_str(),
            cell(&e.statement),
            cell(&e.source)
        )?;
    }
    Ok(())
}

/// `s` with its line breaks and runs of white space made single spaces.
fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn convert_cmd(to: &str, output: &str, paths: &[String]) -> u8 {
    use kibitz::convert::{self, Target};
    let Some(target) = Target::parse(to) else {
        eprintln!("kibitz: cannot convert to {to:?}");
        return EXIT_TROUBLE;
    };
    let mut skipped = 0;
    let (jobs, bad) = convert::plan(paths, output, target, &mut skipped);
    let mut code = EXIT_CLEAN;
    for (path, error) in &bad {
        eprintln!("kibitz: {path}: {error}");
        code = EXIT_TROUBLE;
    }
    if jobs.is_empty() && bad.is_empty() {
        eprintln!("kibitz: no bridge archive found in {}", paths.join(" "));
        return EXIT_TROUBLE;
    }
    for job in &jobs {
        let name = job.input.name();
        match convert::run_job(job, target) {
            Ok(report) => {
                if let Some(why) = &report.unsupported {
                    eprintln!("kibitz: {name}: not converted: {why}");
                    code = EXIT_TROUBLE;
                }
                for (field, n) in &report.uncarried {
                    eprintln!(
                        "{name}: notice: {field} cannot be carried by {} ({n} records)",
                        to.to_ascii_uppercase()
                    );
                }
                for (field, n) in &report.not_kept {
                    eprintln!("{name}: notice: {field} not converted ({n} records)");
                }
                for (record, pos, why) in &report.skipped {
                    eprintln!("{name}:{pos}: record {record} skipped: {why}");
                }
                if report.skipped_count > 0 {
                    code = EXIT_TROUBLE;
                }
                eprintln!(
                    "{name}: {} records read, {} written, {} skipped",
                    report.records, report.written, report.skipped_count
                );
            }
            Err(e) => {
                eprintln!("kibitz: {name}: {e}");
                code = EXIT_TROUBLE;
            }
        }
    }
    code
}

fn explain_cmd(id: &str) -> u8 {
    let Some(e) = rulebook::find(id) else {
        explain_unknown(id);
        return EXIT_TROUBLE;
    };
    let mut out = io::stdout().lock();
    let indent = |s: &str| s.lines().map(|l| format!("    {l}\n")).collect::<String>();
    let _ = write!(
        out,
        "{}  ({})\n\n{}\n\nSource: {}\n\nLegal example:\n{}\nIllegal example:\n{}",
        e.id,
        e.severity,
        e.statement,
        e.source,
        indent(&e.legal),
        indent(&e.illegal)
    );
    EXIT_CLEAN
}

/// The message for an unknown rule id: the nearest ids, if any.
fn explain_unknown(id: &str) {
    let near = kibitz::suggest::nearest(id, rulebook::entries().iter().map(|e| e.id.as_str()));
    match near.as_slice() {
        [] => eprintln!("kibitz: no rule {id:?}; `kibitz rules` lists them"),
        [one] => eprintln!("kibitz: no rule {id:?}; did you mean {one}?"),
        more => {
            eprintln!("kibitz: no rule {id:?}; did you mean one of these?");
            for m in more {
                eprintln!("    {m}");
            }
            let under = rulebook::entries()
                .iter()
                .filter(|e| e.id.starts_with(id))
                .count();
            if under > more.len() {
                eprintln!("    ... `kibitz rules {id}` lists all {under} ids under it");
            }
        }
    }
}

fn dups_cmd(paths: &[String]) -> u8 {
    let mut skipped = 0;
    let (inputs, bad) = audit::collect_inputs(paths, &mut skipped);
    let mut trouble = !bad.is_empty();
    for (p, e) in &bad {
        eprintln!("kibitz: {p}: {e}");
    }
    let report = kibitz::dups::find(&inputs, Default::default(), &mut |file, e| {
        eprintln!("kibitz: {file}: {e}");
        trouble = true;
    });
    let report = match report {
        Ok(r) => r,
        Err(why) => {
            eprintln!("kibitz: {why}");
            return EXIT_TROUBLE;
        }
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let r = print_dups(&mut out, &report, inputs.len(), skipped).and_then(|()| out.flush());
    if let Err(e) = r
        && e.kind() != io::ErrorKind::BrokenPipe
    {
        eprintln!("kibitz: writing output: {e}");
        return EXIT_TROUBLE;
    }
    if trouble {
        EXIT_TROUBLE
    } else if report.groups.is_empty() {
        EXIT_CLEAN
    } else {
        EXIT_VIOLATIONS
    }
}

fn print_dups(
    out: &mut impl Write,
    report: &kibitz::dups::Report,
    inputs: usize,
    skipped: u64,
) -> io::Result<()> {
    for g in &report.groups {
        let how = if g.is_rotated() {
            "same deal, rotated"
        } else {
            "same deal"
        };
        writeln!(out, "duplicate deal ({how}), {} records:", g.places.len())?;
        for (i, p) in g.places.iter().enumerate() {
            let board = p
                .board
                .map_or("no board number".to_string(), |b| format!("board {b}"));
            let room = match p.room {
                Some(kibitz::bridge::Room::Open) => ", open room",
                Some(kibitz::bridge::Room::Closed) => ", closed room",
                None => "",
            };
            write!(
                out,
                "  {}:{}: record {}, {board}, event {:?}{room}",
                p.file, p.line, p.record, p.event
            )?;
            if let Some(seat) = g.rotation(i) {
                write!(
                    out,
                    " (rotated: the first record's North hand is {seat}'s here)"
                )?;
            } else if g.places[..i].iter().any(|q| q.same_table(p)) {
                write!(out, " (the same table as a record above)")?;
            } else if g.places[..i].iter().any(|q| q.same_board(p)) {
                write!(out, " (another table of a board above)")?;
            }
            writeln!(out)?;
        }
    }
    let rotated = report.groups.iter().filter(|g| g.is_rotated()).count();
    writeln!(out)?;
    writeln!(
        out,
        "files: {inputs} read, {} not bridge, {skipped} skipped (not game files)",
        report.other_inputs
    )?;
    writeln!(
        out,
        "records: {} read, {} compared, {} with a partial or broken deal not compared",
        report.records, report.compared, report.incomplete
    )?;
    writeln!(
        out,
        "duplicates: {} groups ({} same seats, {rotated} rotated)",
        report.groups.len(),
        report.groups.len() - rotated
    )
}
