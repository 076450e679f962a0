#!/bin/sh
# scripts/pin.sh: pins the records and `talon sim --json` summaries of every
# shipped game, so that speed work which must not change a single draw is
# checked to change none (tests/pinned/sums.txt holds their SHA-256 sums).
#   scripts/pin.sh check TALON [DIR]   compare with tests/pinned/sums.txt
#   scripts/pin.sh update TALON        rewrite tests/pinned/sums.txt
#   scripts/pin.sh dump TALON DIR      write every output to DIR (to diff
#                                      two builds' outputs file by file)
# Each case is a record of `talon play GAME --auto` (per action), a record
# of one quiet g:playout (tests/pinned/playout.lua: the batch path) and a
# `talon sim GAME --bots random --json` summary, on several seeds and
# player counts. Run from anywhere; TALON_PATH is set to the source tree.
set -eu
mode=${1:?check, update or dump}
talon=${2:?the talon binary}
root=$(cd "$(dirname "$0")/.." && pwd)
sums="$root/tests/pinned/sums.txt"
export TALON_PATH="$root" NO_COLOR=1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# case NAME COMMAND...: runs the command, its standard output into $out/NAME
case_() {
  name=$1
  shift
  "$@" >"$out/$name" 2>/dev/null || {
    echo "pin.sh: $name failed: $*" >&2
    exit 1
  }
}

for seed in 1 7 2024; do
  for g in besigue bura euchre hearts hokm hosgin kosel koselpot; do
    case_ "play-$g-$seed.rec" sh -c \
      "'$talon' play $g --auto --seed $seed --record '$out/rec' >/dev/null && cat '$out/rec'"
    case_ "playout-$g-$seed.rec" "$talon" run "$root/tests/pinned/playout.lua" $g $seed
    games=50
    [ $g = hosgin ] && games=2 # about 0.2 s a match
    [ $g = besigue ] && games=10
    case_ "sim-$g-$seed.json" "$talon" sim $g --games $games --bots random --json --seed $seed
  done
  # the set games at every player count (sets of one card with many seats)
  for p in 2 3; do
    case_ "playout-kosel-$p-$seed.rec" "$talon" run "$root/tests/pinned/playout.lua" kosel $seed $p
    case_ "sim-kosel-$p-$seed.json" "$talon" sim kosel --players $p --games 50 --bots random \
      --json --seed $seed
  done
  for p in 2 4 6; do
    case_ "playout-bura-$p-$seed.rec" "$talon" run "$root/tests/pinned/playout.lua" bura $seed $p
    case_ "sim-bura-$p-$seed.json" "$talon" sim bura --players $p --games 50 --bots random \
      --json --seed $seed
  done
  for p in 2 5; do
    case_ "sim-koselpot-$p-$seed.json" "$talon" sim koselpot --players $p --games 20 \
      --bots random --json --seed $seed
  done
done
rm -f "$out/rec"

case $mode in
update)
  (cd "$out" && sha256sum -- *) >"$sums"
  echo "pin.sh: $(wc -l <"$sums") sums written to $sums"
  ;;
check)
  if (cd "$out" && sha256sum --quiet -c "$sums"); then
    echo "pin.sh: $(wc -l <"$sums") outputs as pinned"
  else
    echo "pin.sh: outputs changed (scripts/pin.sh dump on both builds, then diff)" >&2
    exit 1
  fi
  ;;
dump)
  dir=${3:?a directory}
  mkdir -p "$dir"
  cp "$out"/* "$dir"/
  ;;
*)
  echo "pin.sh: unknown mode $mode" >&2
  exit 2
  ;;
esac
