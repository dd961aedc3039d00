#!/bin/bash
# run.sh PKG:TARGET FUZZTIME: fuzz one target. make fuzz runs it for each of FUZZ_TARGETS,
# FUZZ_JOBS at a time, each line of its output led by the target's name.
#
# A target its package does not have fails: a fuzz function that moved would otherwise go
# unfuzzed without a word. It is found by its declaration, as building the test binary to
# list it took longer than the fuzzing.
#
# Go 1.26's fuzzing coordinator can end a run with "context deadline exceeded" at the
# -fuzztime boundary when a worker is still busy, most often on a loaded machine, without any
# failing input (go.dev/issue/75804, fixed in Go 1.27). A real failure always writes its
# input to PKG/testdata/fuzz/TARGET. So a failed run that wrote no new input is run once more,
# and says so; a second such failure, or any run that wrote an input, fails.
# -vet=off: make vet has vetted every package; vet per target was half of make test's fuzzing.
set -u -o pipefail
pkg=${1%%:*} fn=${1##*:} fuzztime=$2
dir="$pkg/testdata/fuzz/$fn"
inputs() { ls "$dir" 2>/dev/null | sort; }
say() { sed -u "s|^|$fn ($pkg): |"; }

if ! grep -qs "^func $fn(" "$pkg"/*_test.go; then
  echo "fuzz: $pkg has no $fn: FUZZ_TARGETS in the Makefile names it"
  exit 1
fi
for attempt in 1 2; do
  before=$(inputs)
  echo "fuzz: $pkg $fn for $fuzztime"
  if "${GO:-go}" test -vet=off -run '^$' -fuzz "^$fn\$" -fuzztime "$fuzztime" -parallel "${FUZZ_WORKERS:-2}" "$pkg" 2>&1 | say; then
    exit 0
  fi
  if [ "$(inputs)" != "$before" ]; then
    echo "fuzz: $pkg $fn found a failing input, kept in $dir"
    exit 1
  fi
  if [ "$attempt" = 1 ]; then
    echo "fuzz: $pkg $fn stopped without a failing input (Go's fuzzing deadline race, go.dev/issue/75804); running it once more"
  fi
done
echo "fuzz: $pkg $fn failed twice without a failing input"
exit 1
