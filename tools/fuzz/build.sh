#!/bin/bash
# build.sh PKG: build PKG's test binary with fuzzing's coverage instrumentation, once for all
# of its targets, to build/fuzz/ (where run.sh finds it). Building and linking was most of a
# 3-second target's run when each target built its own: app/session's seven targets linked
# the same binary seven times.
#
# FUZZ_INSTRUMENT says what is instrumented: -fuzz=. (go test's own choice, the default) does
# every package the binary holds, the standard library and the dependencies too, so their
# compiles are the fuzzing's alone; make test passes -gcflags=safehouse/...=-d=libfuzzer (the
# compiler flag -fuzz adds), so only the project's packages guide the search and the rest
# are the native test runs' compiles, from the build cache.
set -eu -o pipefail
pkg=$1
mkdir -p build/fuzz
"${GO:-go}" test -c -vet=off ${FUZZ_INSTRUMENT:--fuzz=.} -o "build/fuzz/$(echo "${pkg#./}" | tr / _).test" "$pkg"
