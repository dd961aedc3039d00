#!/bin/bash
# run.sh PKG:TARGET FUZZTIME: fuzz one target with its package's binary from build.sh. make
# fuzz builds each package's binary once, then runs every one of FUZZ_TARGETS, FUZZ_JOBS at a
# time, each line of its output led by the target's name.
#
# A target its package does not have fails: a fuzz function that moved would otherwise go
# unfuzzed without a word. It is found by its declaration.
#
# The binary runs in its package's directory, where a failing input is written
# (testdata/fuzz/TARGET), with the fuzzing cache go test itself uses (GOCACHE/fuzz/PKG), so
# the inputs found before are where go test -fuzz would look for them.
#
# Go 1.26's fuzzing coordinator can end a run with "context deadline exceeded" at the
# -fuzztime boundary when a worker is still busy, most often on a loaded machine, without any
# failing input (go.dev/issue/75804, fixed in Go 1.27). A real failure always writes its
# input to PKG/testdata/fuzz/TARGET. So a failed run that wrote no new input is run once more,
# and says so; a second such failure, or any run that wrote an input, fails.
set -u -o pipefail
pkg=${1%%:*} fn=${1##*:} fuzztime=$2
bin=$(pwd)/build/fuzz/$(echo "${pkg#./}" | tr / _).test
dir="$pkg/testdata/fuzz/$fn"
inputs() { ls "$dir" 2>/dev/null | sort; }
say() { sed -u "s|^|$fn ($pkg): |"; }

if ! grep -qs "^func $fn(" "$pkg"/*_test.go; then
  echo "fuzz: $pkg has no $fn: FUZZ_TARGETS in the Makefile names it"
  exit 1
fi
if [ ! -x "$bin" ]; then
  echo "fuzz: $bin is missing: tools/fuzz/build.sh $pkg builds it (make fuzz does)"
  exit 1
fi
cache="$("${GO:-go}" env GOCACHE)/fuzz/$("${GO:-go}" list "$pkg")"
for attempt in 1 2; do
  before=$(inputs)
  echo "fuzz: $pkg $fn for $fuzztime"
  if (cd "$pkg" && "$bin" -test.run '^$' -test.fuzz "^$fn\$" -test.fuzztime "$fuzztime" \
      -test.parallel "${FUZZ_WORKERS:-2}" -test.fuzzcachedir "$cache") 2>&1 | say; then
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
