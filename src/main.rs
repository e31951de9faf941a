//! The `kibitz` command line: wires inputs, the audit layer and the output.

#![forbid(unsafe_code)]

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use kibitz::audit::{self, AuditOptions, Event, Summary};
use kibitz::{Severity, rulebook};

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
    Audit {
        /// Files or directories to audit.
        #[arg(required = true)]
        paths: Vec<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Worker threads (default: the number of CPUs).
        #[arg(long, short)]
        jobs: Option<usize>,
        /// Print only the summary, not each finding.
        #[arg(long, short)]
        quiet: bool,
        /// Lowest severity printed (the summary counts everything).
        #[arg(long, value_enum, default_value_t = MinSeverity::Notice)]
        min_severity: MinSeverity,
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
    },
    /// Convert bridge archives between notations (streaming; records with
    /// violations are converted as written; what the target cannot carry is
    /// reported per file).
    ///
    /// Exit status: 0 every record converted, 2 a record skipped, an input
    /// unreadable or not a bridge archive, or a usage error.
    Convert {
        /// Target notation.
        #[arg(long, value_parser = ["pbn", "lin"])]
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
    /// List the rules of the rule book.
    Rules {
        /// Only rules whose id starts with this prefix (e.g. `pbn.` or `bridge.play`).
        prefix: Option<String>,
    },
    /// Print a rule-book entry: statement, source, severity and examples.
    Explain {
        /// The rule id, e.g. `pbn.syntax.tag`.
        id: String,
    },
}

#[derive(Copy, Clone, PartialEq, Eq, ValueEnum)]
enum Format {
    /// `file:line:col: severity rule-id: message`, then a summary.
    Text,
    /// JSON Lines: one object per finding, then a summary object.
    Json,
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
        Command::Audit {
            paths,
            format,
            jobs,
            quiet,
            min_severity,
            no_progress,
            preferans_options,
            pinochle_options,
        } => audit_cmd(
            &paths,
            format,
            jobs,
            quiet,
            min_severity.severity(),
            no_progress,
            &preferans_options,
            &pinochle_options,
        ),
        Command::Convert { to, output, paths } => convert_cmd(&to, &output, &paths),
        Command::Rules { prefix } => rules_cmd(prefix.as_deref()),
        Command::Explain { id } => explain_cmd(&id),
    };
    ExitCode::from(code)
}

#[allow(clippy::too_many_arguments)] // one per CLI flag; a struct would only rename them
fn audit_cmd(
    paths: &[String],
    format: Format,
    jobs: Option<usize>,
    quiet: bool,
    min: Severity,
    no_progress: bool,
    preferans_options: &[String],
    pinochle_options: &[String],
) -> u8 {
    let mut opts = AuditOptions::default();
    for o in preferans_options {
        if let Err(e) = opts.preferans.set(o) {
            eprintln!("kibitz: {e}");
            return EXIT_TROUBLE;
        }
    }
    for o in pinochle_options {
        if let Err(e) = opts.pinochle.set(o) {
            eprintln!("kibitz: --pinochle-option {o}: {e}");
            return EXIT_TROUBLE;
        }
    }
    if let Some(j) = jobs {
        opts.jobs = j.max(1);
    }
    if paths.iter().filter(|p| *p == "-").count() > 1 {
        eprintln!("kibitz: `-` (stdin) may be given only once");
        return EXIT_TROUBLE;
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    // Inputs are found while they are audited: the bar counts them, with no total.
    let progress = (!no_progress && io::stderr().is_terminal()).then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_style(
            indicatif::ProgressStyle::with_template("{spinner} {pos} files {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
        );
        bar
    });
    let mut write_error = None;
    let inputs = audit::Inputs::new(paths.to_vec());
    let total = audit::run_paths(inputs, &opts, &mut |ev| {
        let r = match ev {
            Event::Finding { file, finding } => {
                if quiet || finding.severity < min {
                    Ok(())
                } else if format == Format::Json {
                    let v = serde_json::json!({
                        "file": file,
                        "record": finding.record,
                        "line": finding.pos.line,
                        "column": finding.pos.col,
                        "game": finding.game,
                        "rule": finding.rule,
                        "severity": finding.severity,
                        "message": finding.message,
                    });
                    writeln!(out, "{v}")
                } else {
                    writeln!(
                        out,
                        "{file}:{}:{}: {} {}: {}",
                        finding.pos.line,
                        finding.pos.col,
                        finding.severity,
                        finding.rule,
                        finding.message
                    )
                }
            }
            Event::Done { file, error, .. } => {
                if let Some(bar) = &progress {
                    bar.inc(1);
                }
                if let Some(e) = error {
                    eprintln!("kibitz: {file}: {e}");
                }
                Ok(())
            }
            Event::BadPath { path, error } => {
                eprintln!("kibitz: {path}: {error}");
                Ok(())
            }
        };
        if let Err(e) = r {
            write_error.get_or_insert(e);
        }
    });
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    let trouble = total.unreadable > 0;
    let r = if format == Format::Json {
        writeln!(out, "{}", serde_json::json!({ "summary": total }))
    } else {
        print_summary(&mut out, &total)
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

fn print_summary(out: &mut impl Write, s: &Summary) -> io::Result<()> {
    writeln!(out)?;
    writeln!(
        out,
        "files: {} audited, {} unreadable, {} skipped (not game files); {} bytes",
        s.files - s.unreadable.min(s.files),
        s.unreadable,
        s.skipped,
        s.bytes
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

fn rules_cmd(prefix: Option<&str>) -> u8 {
    let mut out = io::stdout().lock();
    let entries: Vec<_> = rulebook::entries()
        .iter()
        .filter(|e| prefix.is_none_or(|p| e.id.starts_with(p)))
        .collect();
    if entries.is_empty() {
        eprintln!("kibitz: no rule id starts with {:?}", prefix.unwrap_or(""));
        return EXIT_TROUBLE;
    }
    let width = entries.iter().map(|e| e.id.len()).max().unwrap_or(0);
    for e in entries {
        let _ = writeln!(
            out,
            "{:<width$}  {:<9}  {}",
            e.id,
            e.severity.as_str(),
            e.statement
        );
    }
    EXIT_CLEAN
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
        eprintln!("kibitz: no rule {id:?}; `kibitz rules` lists them");
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
