# Sourced by play.sh and test.sh: makes sure the Debian packages the build
# needs are present. As root it installs what is missing; otherwise it
# prints the exact apt-get line and stops.
# GNU parallel runs the sharded-run recipe of docs/scale.md in the suite.
# clang and libclang-rt-dev (its libFuzzer runtime, only recommended by
# clang on Debian 12) build the fuzz targets (docs/fuzzing.md).
# libmimalloc-dev: Lua's allocator in the release build (vm/CMakeLists.txt).
talon_packages="cmake make gcc pkg-config liblua5.4-dev libcmocka-dev libedit-dev lua-check
  parallel clang libclang-rt-dev libmimalloc-dev"

talon_missing() {
  local p missing=""
  for p in $talon_packages; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
      missing="$missing $p"
  done
  echo "${missing# }"
}

talon_need_packages() {
  local missing
  missing=$(talon_missing)
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" -eq 0 ]; then
    echo "talon: installing missing Debian packages: $missing" >&2
    apt-get update -qq &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >&2 ||
      { echo "talon: apt-get install failed" >&2; exit 1; }
  else
    echo "talon: missing Debian packages. Install them with:" >&2
    echo "  sudo apt-get install -y $missing" >&2
    exit 1
  fi
}
