#!/usr/bin/env bash
# Fuzz campaigns with the flags and corpora every target needs (used by .ci/run).
#
#   fuzz/campaign.sh build              build every target (fails on a build error)
#   fuzz/campaign.sh run TARGET SECS    fuzz TARGET for SECS seconds on one core
#   fuzz/campaign.sh cmin TARGET        minimize the working corpus (set cover)
#                                       into fuzz/corpora/TARGET (committed)
#
# The working corpus fuzz/corpus/TARGET (not committed) starts from the seeds
# (fuzz/seeds/...) and the committed minimized corpus fuzz/corpora/TARGET, so
# coverage accumulates across campaigns. Every target is built without a
# sanitizer (the crate forbids unsafe code, and AddressSanitizer made every
# execution 2-4 times slower) and without comparison tracing
# (--no-trace-compares); debug assertions and overflow checks stay on
# (cargo-fuzz's default without -O). The tracing called a hook at every
# comparison the code ran, about half of each execution, and bought no
# coverage: run side by side from the seeds for 300 s, every target reached
# as many edges or more without it, running about twice as often (README,
# "Fuzzing"). PBN's keywords come from its dictionary (fuzz/pbn.dict).
# Exit status: non-zero on a build error or a failure (crash, panic, timeout,
# out of memory), whose input lands in fuzz/artifacts/TARGET/.
set -euo pipefail
cd "$(dirname "$0")/.."
export RUSTC_BOOTSTRAP=1

# cargo-fuzz build flags, the same for every target.
FLAGS=(-s none --no-trace-compares)

seeds() {
  case "$1" in
    pbn_*) echo fuzz/seeds/pbn ;;
    ppn_*) echo fuzz/seeds/ppn ;;
    pinochle_decode) echo fuzz/seeds/pinochle ;;
    lin_*) echo fuzz/seeds/lin ;;
    rbn_*) echo fuzz/seeds/rbn ;;
    *) echo fuzz/seeds/bytes ;;
  esac
}

# libFuzzer options per target: the longest input (the generated games use at
# most a few hundred bytes; the decoders gain nothing from inputs longer than a
# few records) and a dictionary.
options() {
  case "$1" in
    pbn_*) echo -dict=fuzz/pbn.dict -max_len=2048 ;;
    ppn_decode) echo -max_len=4096 ;;
    *_decode) echo -max_len=2048 ;;
    *) echo -max_len=512 ;;
  esac
}

corpus() {
  local c="fuzz/corpus/$1"
  mkdir -p "$c"
  cp "$(seeds "$1")"/* "$c"/
  if [ -d "fuzz/corpora/$1" ]; then
    cp fuzz/corpora/"$1"/* "$c"/ 2>/dev/null || true
  fi
  echo "$c"
}

case "${1:-}" in
  build)
    cargo fuzz build "${FLAGS[@]}"
    ;;
  run)
    target=$2
    secs=$3
    c=$(corpus "$target")
    # shellcheck disable=SC2046
    cargo fuzz run "${FLAGS[@]}" "$target" "$c" -- $(options "$target") \
      -max_total_time="$secs" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1
    ;;
  cmin)
    target=$2
    c=$(corpus "$target")
    out="fuzz/corpora/$target"
    # libFuzzer's set-cover merge: a small set of inputs that together have
    # every feature of the working corpus (seeds included), chosen greedily by
    # the features each adds; about half the files of cargo fuzz cmin's merge.
    # A committed corpus aims at 400 files and 200 KB at most: when every
    # feature takes more, the set cover is redone on edges alone
    # (-use_counters=0: every edge the working corpus reaches, not every
    # hit-count bucket of it), and that is kept even when still larger.
    for counters in 1 0; do
      rm -rf "$out.new"
      mkdir -p "$out.new"
      # shellcheck disable=SC2046
      cargo fuzz run "${FLAGS[@]}" "$target" "$out.new" "$c" -- \
        $(options "$target") -set_cover_merge=1 -use_counters=$counters \
        -rss_limit_mb=2048 -timeout=10
      files=$(find "$out.new" -type f | wc -l)
      bytes=$(cat "$out.new"/* | wc -c)
      if [ "$counters" = 0 ] || { [ "$files" -le 400 ] && [ "$bytes" -le 204800 ]; }; then
        break
      fi
      echo "$target: $files files, $bytes bytes with every feature; edges only" >&2
    done
    rm -rf "$out"
    mv "$out.new" "$out"
    echo "$out: $(find "$out" -type f | wc -l) files, $(cat "$out"/* | wc -c) bytes"
    ;;
  *)
    sed -n '2,8p' "$0" >&2
    exit 2
    ;;
esac
