#!/usr/bin/env bash
# scripts/fuzz.sh [SECONDS] [TARGET...] - runs the libFuzzer targets
# (docs/fuzzing.md): builds them in build/fuzz with clang, ASan and UBSan,
# then runs each TARGET (loader, bindings, record; default all three) for
# SECONDS (default 60) on a scratch copy of its corpus in tests/fuzz/corpus,
# so the repository's corpus does not grow. Prints the executions of each
# run; a crash, a sanitizer report or a hang is kept under
# build/fuzz/findings/TARGET/ and makes the script exit 1. Exits 77 (a
# skip for ctest) when clang is not installed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-60}
[ $# -gt 0 ] && shift
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(loader bindings record)
case $secs in
  '' | *[!0-9]*) echo "usage: scripts/fuzz.sh [SECONDS] [TARGET...]" >&2; exit 2 ;;
esac
for t in "${targets[@]}"; do
  [ -f "$root/tests/fuzz/fuzz_$t.c" ] ||
    { echo "fuzz: no target '$t' (loader, bindings, record)" >&2; exit 2; }
done

cc=${CLANG:-clang}
if ! command -v "$cc" >/dev/null 2>&1; then
  echo "fuzz: SKIPPED: clang not found (scripts/deps.sh installs it)" >&2
  exit 77
fi

build=$root/build/fuzz
jobs=${FUZZ_JOBS:-2}
# One run at a time: two would build the same tree and each empty the
# other's run directory (the test suite's fuzz/smoke is one of them).
mkdir -p "$build"
exec 9>"$build/.lock"
if ! flock -n 9; then
  echo "fuzz: waiting for the other scripts/fuzz.sh to finish (it uses $build)" >&2
  flock 9
fi
cmake -S "$root" -B "$build" -DCMAKE_C_COMPILER="$cc" \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTALON_SANITIZE=ON -DTALON_FUZZ=ON \
  -DCMAKE_C_FLAGS=-fsanitize=fuzzer-no-link >/dev/null
names=()
for t in "${targets[@]}"; do names+=("fuzz_$t"); done
for n in "${names[@]}"; do
  cmake --build "$build" -j"$jobs" --target "$n" >/dev/null ||
    { cmake --build "$build" -j1 --target "$n"; exit 1; }
done

status=0
for t in "${targets[@]}"; do
  run=$build/runs/$t
  rm -rf "$run"
  mkdir -p "$run/corpus"
  cp "$root"/tests/fuzz/corpus/"$t"/* "$run/corpus/" 2>/dev/null || true
  dict=()
  [ -f "$root/tests/fuzz/$t.dict" ] && dict=(-dict="$root/tests/fuzz/$t.dict")
  before=$(ls "$run/corpus" | wc -l)
  rc=0
  ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=0} \
    "$build/fuzz_$t" -max_total_time="$secs" -close_fd_mask=1 \
    ${FUZZ_SEED:+-seed="$FUZZ_SEED"} \
    -artifact_prefix="$run/" ${dict[@]+"${dict[@]}"} "$run/corpus" \
    >"$run/log" 2>&1 || rc=$?
  after=$(ls "$run/corpus" | wc -l)
  done_line=$(grep -E '^Done [0-9]+ runs' "$run/log" | tail -1 || true)
  found=$(find "$run" -maxdepth 1 -type f \
    \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \
    -o -name 'slow-unit-*' \) | grep -v slow-unit || true)
  if [ $rc -eq 0 ] && [ -z "$found" ]; then
    echo "fuzz: $t: ${done_line:-no summary} (corpus $before -> $after inputs); no findings"
    continue
  fi
  status=1
  keep=$build/findings/$t
  mkdir -p "$keep"
  cp "$run/log" "$keep/log-$(date +%Y%m%d-%H%M%S)"
  for f in $found; do cp "$f" "$keep/"; done
  echo "fuzz: $t: FAILED (exit $rc) after ${done_line:-an unfinished run}" >&2
  grep -E 'ERROR: |SUMMARY: |runtime error|fuzz: hang|deadly signal' "$run/log" |
    head -5 >&2 || true
  for f in $found; do
    echo "fuzz: $t: input kept as $keep/$(basename "$f");" \
      "reproduce with: $build/fuzz_$t $keep/$(basename "$f")" >&2
  done
  echo "fuzz: $t: full log in $run/log" >&2
done
exit $status
