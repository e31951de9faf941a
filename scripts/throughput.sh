#!/usr/bin/env bash
# Times `kibitz audit -q -jN` against `md5sum` on the same bytes, in alternating
# runs, and prints the best time of each, their ratio, kibitz's MB/s and its
# peak RSS (from `/usr/bin/time -v`, the largest over the rounds).
#
#   scripts/throughput.sh [options] INPUT
#
#   INPUT            a file or a folder (a folder: the game files kibitz reads
#                    in it, .pbn .ppn .ppn.json .lin .rbn .rbx, any case, are
#                    what md5sum reads)
#   -j LIST          jobs to time, comma-separated (default 1); with several,
#                    the speed-up over the first is printed too
#   -r N             rounds (default 5); each round runs md5sum then kibitz
#                    once per jobs value; the best (shortest) time counts
#   -b PATH          kibitz binary (default target/release/kibitz, built with
#                    `cargo build --release` when missing)
#   --make-file MB OUT   first write OUT: every PBN file under INPUT (sorted by
#                    path) concatenated, repeated until OUT has at least MB
#                    megabytes (10^6 bytes); then time OUT
#   --make-copies N OUT  first write N copies of the folder INPUT under OUT
#                    (OUT/c1 ... OUT/cN); then time OUT
#
# Examples (the README's table):
#   scripts/throughput.sh -j 1,2 --make-file 150 /tmp/corpus150.pbn ../shared/corpus
#   scripts/throughput.sh -j 1,2 --make-copies 4 /tmp/corpus-x4 ../shared/corpus
#
# The machine is shared: other processes steal time from any run, which is
# why the runs alternate and the best of several is taken.
set -euo pipefail

jobs_list=1
rounds=5
bin=
make_file=
make_copies=
out=
while [[ $# -gt 0 ]]; do
    case "$1" in
        -j) jobs_list=$2; shift 2 ;;
        -r) rounds=$2; shift 2 ;;
        -b) bin=$2; shift 2 ;;
        --make-file) make_file=$2; out=$3; shift 3 ;;
        --make-copies) make_copies=$2; out=$3; shift 3 ;;
        -h|--help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) echo "throughput.sh: unknown option $1" >&2; exit 2 ;;
        *) break ;;
    esac
done
[[ $# -eq 1 ]] || { echo "usage: scripts/throughput.sh [-j LIST] [-r N] [-b BIN] [--make-file MB OUT | --make-copies N OUT] INPUT" >&2; exit 2; }
input=$1
root=$(cd "$(dirname "$0")/.." && pwd)
if [[ -z $bin ]]; then
    bin=$root/target/release/kibitz
    [[ -x $bin ]] || (cd "$root" && cargo build --release --quiet)
fi
[[ -x $bin ]] || { echo "throughput.sh: no kibitz binary at $bin" >&2; exit 2; }

game_files() {
    find "$1" -type f \( -iname '*.pbn' -o -iname '*.ppn' -o -iname '*.ppn.json' \
        -o -iname '*.lin' -o -iname '*.rbn' -o -iname '*.rbx' \) -print0
}

if [[ -n $make_file ]]; then
    [[ -d $input ]] || { echo "throughput.sh: --make-file needs a folder" >&2; exit 2; }
    once=$(mktemp)
    find "$input" -type f -iname '*.pbn' -print0 | LC_ALL=C sort -z | xargs -0 cat > "$once"
    [[ -s $once ]] || { echo "throughput.sh: no PBN file under $input" >&2; exit 2; }
    : > "$out"
    while [[ $(stat -c %s "$out") -lt $((make_file * 1000000)) ]]; do
        cat "$once" >> "$out"
    done
    rm -f "$once"
    input=$out
elif [[ -n $make_copies ]]; then
    [[ -d $input ]] || { echo "throughput.sh: --make-copies needs a folder" >&2; exit 2; }
    rm -rf "$out"
    mkdir -p "$out"
    for i in $(seq "$make_copies"); do cp -r "$input" "$out/c$i"; done
    input=$out
fi

if [[ -d $input ]]; then
    bytes=$(game_files "$input" | xargs -0 stat -c %s | awk '{s += $1} END {print s + 0}')
    files=$(game_files "$input" | tr -cd '\0' | wc -c)
    md5() { game_files "$input" | xargs -0 md5sum > /dev/null; }
else
    bytes=$(stat -c %s "$input")
    files=1
    md5() { md5sum "$input" > /dev/null; }
fi

now() { date +%s%N; }
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
IFS=, read -r -a jobs <<< "$jobs_list"
best_md5=
declare -A best rss
for ((r = 1; r <= rounds; r++)); do
    t0=$(now); md5; t1=$(now)
    t=$((t1 - t0))
    [[ -z $best_md5 || $t -lt $best_md5 ]] && best_md5=$t
    for j in "${jobs[@]}"; do
        t0=$(now)
        # Exit status 1 (violations found) is expected on real archives.
        /usr/bin/time -v -o "$tmp" "$bin" audit -q -j"$j" --no-progress "$input" > /dev/null || [[ $? -eq 1 ]]
        t1=$(now)
        t=$((t1 - t0))
        [[ -z ${best[$j]:-} || $t -lt ${best[$j]} ]] && best[$j]=$t
        kb=$(awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}' "$tmp")
        [[ -z ${rss[$j]:-} || $kb -gt ${rss[$j]} ]] && rss[$j]=$kb
    done
done

printf 'input: %s (%d files, %.1f MB); best of %d alternating rounds; %s cores\n' \
    "$input" "$files" "$(echo "$bytes / 1000000" | bc -l)" "$rounds" "$(nproc)"
printf 'md5sum: %.3f s, %.0f MB/s\n' "$(echo "$best_md5 / 10^9" | bc -l)" \
    "$(echo "$bytes / 1000 / ($best_md5 / 10^6)" | bc -l)"
first=${jobs[0]}
for j in "${jobs[@]}"; do
    line=$(printf 'kibitz -j%s: %.3f s, %.0f MB/s, %.2fx md5sum time, peak RSS %.1f MiB' "$j" \
        "$(echo "${best[$j]} / 10^9" | bc -l)" \
        "$(echo "$bytes / 1000 / (${best[$j]} / 10^6)" | bc -l)" \
        "$(echo "${best[$j]} / $best_md5" | bc -l)" \
        "$(echo "${rss[$j]} / 1024" | bc -l)")
    if [[ $j != "$first" ]]; then
        line+=$(printf ', %.2fx faster than -j%s' "$(echo "${best[$first]} / ${best[$j]}" | bc -l)" "$first")
    fi
    echo "$line"
done
