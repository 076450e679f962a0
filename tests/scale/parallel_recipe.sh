#!/bin/sh
# The GNU parallel recipe of docs/scale.md, run as written: the block
# between "<!-- recipe: parallel -->" and "<!-- end -->" runs in a fresh
# directory with 'talon' the program under test; it ends by comparing
# the merged shards with the one-process run, byte for byte.
#   tests/scale/parallel_recipe.sh TALON_BINARY SOURCE_ROOT
# Exit 77 (ctest: skipped) when GNU parallel is not installed.
set -eu
talon=$1
root=$2
if ! command -v parallel >/dev/null 2>&1; then
  echo "skipped: GNU parallel is not installed (Debian package 'parallel');" \
    "the recipe of docs/scale.md was not run"
  exit 77
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/bin"
ln -s "$talon" "$dir/bin/talon"
sed -n '/^<!-- recipe: parallel -->$/,/^<!-- end -->$/p' "$root/docs/scale.md" |
  sed '/^```/d;/^<!--/d' >"$dir/recipe.sh"
test -s "$dir/recipe.sh" || { echo "docs/scale.md has no parallel recipe"; exit 1; }
cd "$dir"
out=$(PATH="$dir/bin:$PATH" sh -eu recipe.sh 2>recipe.err) || {
  cat recipe.err
  echo "the recipe failed"
  exit 1
}
echo "$out"
case $out in
  *"the shards merge into the one-process run"*) exit 0 ;;
  *) echo "the recipe did not end with its check"; exit 1 ;;
esac
