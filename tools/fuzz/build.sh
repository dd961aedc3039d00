#!/bin/bash
# build.sh PKG: build PKG's test binary with fuzzing's coverage instrumentation, once for all
# of its targets, to build/fuzz/ (where run.sh finds it). Building and linking was most of a
# 3-second target's run when each target built its own: app/session's seven targets linked
# the same binary seven times.
set -eu -o pipefail
pkg=$1
mkdir -p build/fuzz
"${GO:-go}" test -c -vet=off -fuzz=. -o "build/fuzz/$(echo "${pkg#./}" | tr / _).test" "$pkg"
