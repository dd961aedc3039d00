package signaling

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// A Range header may ask for many parts of a file at once, and
// http.ServeContent answers every one, each in its own part of a multipart
// body: one request for app.wasm with 64,000 tiny ranges cost 1.2 s of CPU
// and a 9.5 MB answer. No browser, player or download manager asks for more
// than a few, and never for the same bytes twice, so the site refuses (416)
// more than maxRanges ranges and ranges that overlap (RFC 9110, 14.2 allows
// both).

// maxRanges is the most ranges one request may ask for.
const maxRanges = 4

// abusiveRange says whether the Range header asks for more than maxRanges
// ranges, or for ranges of a file of size bytes that overlap. Ranges it
// cannot read are left to http.ServeContent, which refuses them itself.
func abusiveRange(header string, size int64) bool {
	spec, ok := strings.CutPrefix(header, "bytes=")
	if !ok {
		return false
	}
	parts := strings.Split(spec, ",")
	if len(parts) > maxRanges {
		return true
	}
	type span struct{ start, end int64 } // inclusive
	var spans []span
	for _, part := range parts {
		first, last, ok := strings.Cut(strings.TrimSpace(part), "-")
		if !ok {
			continue
		}
		var s span
		switch {
		case first == "":
			n, err := strconv.ParseInt(last, 10, 64)
			if err != nil || n <= 0 {
				continue
			}
			s = span{max(size-n, 0), size - 1}
		default:
			start, err := strconv.ParseInt(first, 10, 64)
			if err != nil || start < 0 || start >= size {
				continue
			}
			s = span{start, size - 1}
			if last != "" {
				end, err := strconv.ParseInt(last, 10, 64)
				if err != nil || end < start {
					continue
				}
				s.end = min(end, size-1)
			}
		}
		spans = append(spans, s)
	}
	slices.SortFunc(spans, func(a, b span) int { return cmp.Compare(a.start, b.start) })
	for i := 1; i < len(spans); i++ {
		if spans[i].start <= spans[i-1].end {
			return true
		}
	}
	return false
}
