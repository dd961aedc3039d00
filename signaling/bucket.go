package signaling

import "time"

// tokenBucket bounds a rate with bursts: it holds up to burst tokens and
// gains rate tokens a second. Not safe for concurrent use.
type tokenBucket struct {
	rate, burst int64
	tokens      float64
	last        time.Time
}

func newTokenBucket(rate, burst int64, now time.Time) tokenBucket {
	return tokenBucket{rate: rate, burst: burst, tokens: float64(burst), last: now}
}

// refill adds the tokens gained since the last call.
func (b *tokenBucket) refill(now time.Time) {
	if elapsed := now.Sub(b.last); elapsed > 0 {
		b.tokens = min(float64(b.burst), b.tokens+elapsed.Seconds()*float64(b.rate))
		b.last = now
	}
}

// take spends n tokens if the bucket holds them, and says whether it did.
func (b *tokenBucket) take(n int64, now time.Time) bool {
	b.refill(now)
	if float64(n) > b.tokens {
		return false
	}
	b.tokens -= float64(n)
	return true
}

// wait is how long the bucket takes to hold n tokens, from its last refill.
func (b *tokenBucket) wait(n int64) time.Duration {
	missing := float64(n) - b.tokens
	if missing <= 0 {
		return 0
	}
	return time.Duration(missing / float64(b.rate) * float64(time.Second))
}

// full says whether the bucket is as good as a new one.
func (b *tokenBucket) full(now time.Time) bool {
	b.refill(now)
	return b.tokens >= float64(b.burst)
}
