#!/usr/bin/env bash
# Quick start, part one: build Talon and sit down at a table against bots.
# Any arguments go to `talon play` (e.g. ./play.sh hosgin --seed 7);
# ./play.sh repl opens the interactive REPL instead.
set -euo pipefail
cd "$(dirname "$0")"
. scripts/deps.sh
talon_need_packages
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >/dev/null
cmake --build build/release -j"$(nproc)" >/dev/null
export TALON_PATH="$PWD"
if [ "${1:-}" = repl ]; then exec build/release/repl/talon; fi
# options alone (./play.sh --record game.rec) play the default game, Hokm;
# --resume FILE names its game itself
case " $* " in
  *" --resume "*) ;;
  *) case "${1:-}" in ""|-*) set -- hokm "$@" ;; esac ;;
esac
exec build/release/repl/talon play "$@"
