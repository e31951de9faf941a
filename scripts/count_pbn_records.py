#!/usr/bin/env python3
"""Count PBN records independently of kibitz, for cross-checking `kibitz audit`.

Rule (PBN 2.1 chapter 3): a game ends at a semi-empty line (only spaces/tabs)
that is not inside a `{...}` comment. A chunk between such lines is a record when it
holds anything besides `%` escape lines and comments. Like kibitz, a comment left
open is taken to end at its first blank line when a line opening a tag pair
(`[Name "`) follows that blank line. Usage:

    python3 scripts/count_pbn_records.py DIR_OR_FILE...

Prints one line per file (`count path`) and the total. Only *.pbn files (any case)
are counted in directories.
"""
import os
import re
import sys

TAG_LINE = re.compile(rb'^\s*\[[A-Z][A-Za-z0-9_]*\s*"')


def count(data: bytes) -> int:
    records = 0
    content = False  # current chunk has something besides comments/escapes
    in_brace = False
    blank_in_brace = False
    for line in data.split(b"\n"):
        line = line.rstrip(b"\r")
        semi_empty = line.strip(b" \t") == b""
        if in_brace:
            if b"}" in line:
                in_brace = False
                line = line[line.index(b"}") + 1:]
            elif semi_empty:
                blank_in_brace = True
                continue
            elif blank_in_brace and TAG_LINE.match(line):
                in_brace = False  # unterminated comment ended at the blank line
                if content:
                    records += 1
                    content = False
            else:
                continue
        if semi_empty and not in_brace:
            if content:
                records += 1
                content = False
            continue
        if line.startswith(b"%"):
            continue
        # Scan the rest of the line: strings, ; comments, { comments.
        i = 0
        while i < len(line):
            c = line[i:i + 1]
            if c in (b" ", b"\t"):
                i += 1
            elif c == b";":
                break
            elif c == b"{":
                j = line.find(b"}", i + 1)
                if j < 0:
                    in_brace = True
                    blank_in_brace = False
                    break
                i = j + 1
            elif c == b'"':
                content = True
                j = i + 1
                while j < len(line) and line[j:j + 1] != b'"':
                    j += 2 if line[j:j + 1] == b"\\" else 1
                i = j + 1
            else:
                content = True
                i += 1
    if content:
        records += 1
    return records


def main(paths):
    total = 0
    for p in paths:
        files = []
        if os.path.isdir(p):
            for d, _, fs in os.walk(p):
                files += [os.path.join(d, f) for f in fs if f.lower().endswith(".pbn")]
        else:
            files.append(p)
        for f in sorted(files):
            with open(f, "rb") as fh:
                n = count(fh.read())
            print(n, f)
            total += n
    print("total", total)


if __name__ == "__main__":
    main(sys.argv[1:])
