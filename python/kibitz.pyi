"""kibitz: a legality-checking replay engine for recorded card games.

Audits, reads and converts game archives (bridge: PBN, RBN/RBX, LIN;
preferans: PPN text and JSON; pinochle: PPN), files, folders, compressed files
and zip archives. The Rust engine runs with the GIL released.
"""

import os
from typing import Any, Iterable, Iterator, Literal, Mapping, Optional, TypedDict, Union

__version__: str

PathLike = Union[str, "os.PathLike[str]"]
Paths = Union[PathLike, Iterable[PathLike]]
RuleOptions = Union[list[str], Mapping[str, Union[bool, int, str]]]

class Options(TypedDict, total=False):
    """Audit options: worker threads and rule options (``NAME[=VALUE]``)."""

    jobs: int
    preferans: RuleOptions
    pinochle: RuleOptions

class RuleCount(TypedDict):
    severity: Optional[Literal["violation", "warning", "notice"]]
    findings: int

class Summary(TypedDict):
    """The summary object of ``kibitz audit --format json``."""

    files: int
    unreadable: int
    skipped: int
    bytes: int
    records: int
    records_with_findings: int
    records_with_violations: int
    violations: int
    warnings: int
    notices: int
    rules: dict[str, RuleCount]

class Finding:
    """One place where a record breaks a rule or contradicts itself."""

    @property
    def file(self) -> str:
        """The file as given (``archive.zip!member`` for a zip member)."""
    @property
    def record(self) -> int:
        """1-based index of the record in its file (0: the file as a whole)."""
    @property
    def line(self) -> int:
        """1-based line (0: no particular place)."""
    @property
    def col(self) -> int:
        """1-based column, in bytes."""
    @property
    def game(self) -> Optional[Literal["bridge", "preferans", "pinochle"]]:
        """The game of the record, when known."""
    @property
    def rule(self) -> str:
        """The rule id, e.g. ``bridge.play.revoke`` (see ``explain``)."""
    @property
    def severity(self) -> Literal["violation", "warning", "notice"]:
        """How serious the finding is."""
    @property
    def message(self) -> str:
        """What is wrong, with its proof."""
    def to_dict(self) -> dict[str, Any]:
        """The finding as a dict (file, record, line, col, game, rule, severity, message)."""

class Audit(Iterator[Finding]):
    """An audit in progress: iterate it for the findings, in input order."""

    def __iter__(self) -> "Audit": ...
    def __next__(self) -> Finding: ...
    @property
    def summary(self) -> Optional[Summary]:
        """The summary once every finding has been iterated, else None."""
    @property
    def errors(self) -> list[tuple[str, str]]:
        """Inputs that could not be read: (file, why); counted as unreadable."""
    def finish(self) -> Summary:
        """Skips the remaining findings (still counted) and returns the summary."""

class Records(Iterator[dict[str, Any]]):
    """The records of some inputs, one dict per record."""

    def __iter__(self) -> "Records": ...
    def __next__(self) -> dict[str, Any]: ...
    @property
    def errors(self) -> list[tuple[str, str]]:
        """Inputs that could not be read (or not to the end): (file, why)."""

class ConvertReport(TypedDict):
    file: str
    output: Optional[str]
    records: int
    written: int
    skipped: list[tuple[int, int, int, str]]
    skipped_count: int
    uncarried: dict[str, int]
    error: Optional[str]

class Rule(TypedDict):
    id: str
    severity: Literal["violation", "warning", "notice"]
    statement: str
    source: str

class RuleEntry(Rule):
    legal: str
    illegal: str
    notation: str

def audit(path_or_paths: Paths, options: Optional[Options] = None) -> Audit:
    """Audits files and folders like ``kibitz audit``; bad input gives findings, never raises."""

def audit_bytes(
    data: Union[bytes, bytearray], name: str = "<bytes>", options: Optional[Options] = None
) -> Audit:
    """Audits one input held in memory; ``name`` names it in findings (its extension is a hint)."""

def read(path_or_paths: Paths) -> Records:
    """The records of files and folders as dicts (bridge boards, preferans deals, pinochle hands)."""

def convert(
    path_or_paths: Paths, to: Literal["pbn", "rbn", "rbx", "lin"], out: PathLike
) -> list[ConvertReport]:
    """Converts bridge archives like ``kibitz convert --to TO -o OUT``."""

class Inputs(TypedDict):
    files: list[str]
    skipped: int
    errors: list[tuple[str, str]]

def inputs(path_or_paths: Paths) -> Inputs:
    """The game files and zip archives an audit of the paths reads, for splitting the work."""

def rules(prefix: Optional[str] = None) -> list[Rule]:
    """The rule book (ids starting with ``prefix`` when given)."""

def explain(id: str) -> RuleEntry:
    """One rule-book entry; ValueError naming the nearest ids when unknown."""
