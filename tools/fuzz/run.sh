#!/bin/sh
# run.sh PKG TARGET FUZZTIME: fuzz one target (make fuzz runs it for each of FUZZ_TARGETS).
#
# Go 1.26's fuzzing coordinator can end a run with "context deadline exceeded" at the
# -fuzztime boundary when a worker is still busy, most often on a loaded machine, without any
# failing input (go.dev/issue/75804, fixed in Go 1.27). A real failure always writes its
# input to PKG/testdata/fuzz/TARGET. So a failed run that wrote no new input is run once more,
# and says so; a second such failure, or any run that wrote an input, fails.
# -vet=off: make vet has vetted every package; vet per target was half of make test's fuzzing.
set -u
pkg=$1 fn=$2 fuzztime=$3
dir="$pkg/testdata/fuzz/$fn"
inputs() { ls "$dir" 2>/dev/null | sort; }

for attempt in 1 2; do
  before=$(inputs)
  echo "fuzz: $pkg $fn for $fuzztime"
  if "${GO:-go}" test -vet=off -run '^$' -fuzz "^$fn\$" -fuzztime "$fuzztime" "$pkg"; then
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
