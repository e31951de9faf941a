#!/usr/bin/env python3
"""Independent count of LIN records per file (a separate implementation of the
record boundary rule in docs/lin.md), for tests/lin.rs.

Rule: the file is a sequence of `tag|value|` pairs (tag = two letters after
blanks). `vg` opens a header; the header takes every pair up to the first `qx`
or board tag (qx md mb pc sv ah mc an st rh). A record starts at each `qx`; in a
record without `qx`, a `pn` or `md` after the record's `md` starts the next
record; a header that no record follows counts as one record. Files with
syntax errors are not what this script is for.

Usage: count_lin_records.py FILE_OR_DIR...   prints "<count>\t<path>" per file.
"""
import os
import sys

GAME = {"qx", "md", "mb", "pc", "sv", "ah", "mc", "an", "st", "rh"}


def pairs(data):
    parts = data.split(b"|")
    # pairs: (tag, value); a trailing part without `|` after it is not a pair
    for i in range(0, len(parts) - 1, 2):
        yield parts[i].strip().decode("latin-1").lower()


def count(data):
    records = 0
    in_record = False     # a record is being built
    rec_md = rec_qx = False
    in_header = False
    header_pending = False  # a header no record has used yet
    for tag in pairs(data):
        if tag == "vg":
            if in_record:
                in_record = False
            elif header_pending:
                records += 1   # the previous header stood alone
            in_header = True
            header_pending = True
            continue
        if in_header and tag not in GAME:
            continue
        in_header = False
        if in_record and (tag == "qx" or (not rec_qx and rec_md and tag in ("pn", "md"))):
            in_record = False
        if not in_record:
            records += 1
            in_record = True
            header_pending = False
            rec_md = rec_qx = False
        rec_md |= tag == "md"
        rec_qx |= tag == "qx"
    if header_pending:
        records += 1
    return records


def files(args):
    for a in args:
        if os.path.isdir(a):
            for root, _, names in os.walk(a):
                for n in sorted(names):
                    if n.lower().endswith(".lin"):
                        yield os.path.join(root, n)
        else:
            yield a


if __name__ == "__main__":
    for path in files(sys.argv[1:]):
        with open(path, "rb") as f:
            print(f"{count(f.read())}\t{path}")
