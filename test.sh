#!/usr/bin/env bash
# Quick start, part two: build Talon with AddressSanitizer and UBSan and run
# every test (cmocka C tests, Lua game tests, luacheck).
set -euo pipefail
cd "$(dirname "$0")"
. scripts/deps.sh
talon_need_packages
cmake -S . -B build/test -DCMAKE_BUILD_TYPE=Debug -DTALON_SANITIZE=ON -DTALON_WERROR=ON >/dev/null
cmake --build build/test -j"$(nproc)"
ctest --test-dir build/test -j"$(nproc)" --output-on-failure "$@"
