//go:build !wasm

package main

import (
	"context"
	"fmt"
	"slices"
	"time"

	"safehouse/app/session"
	"safehouse/qrcode"
)

// qrSeats is how many players the qr section seats through codes for its scan-to-seat time.
const qrSeats = 10

// qrRows measures a game with no server (issue 23) natively, with pion on loopback: the
// offer and answer codes' length and the QR version each needs (error correction M, as the
// app draws them), and the time from the player scanning the host's offer to being seated,
// with each code handed over directly (no camera): the player's answer, the host's Accept,
// the channel and the hello. A browser's codes carry mDNS names instead (the session tests
// log those sizes from recorded Chromium descriptions).
func qrRows(ctx context.Context) []row {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	fail := func(err error) []row { return sectionFailed("qr", err) }
	host, err := session.NewQRHost(ctx, session.Options{Name: "Host", Loopback: true})
	if err != nil {
		return fail(err)
	}
	defer host.Close()
	var offerLen, answerLen int
	var times []time.Duration
	var clients []*session.Client
	defer func() {
		for _, c := range clients {
			c.Close()
		}
	}()
	for i := range qrSeats {
		offer, err := host.Offer(ctx)
		if err != nil {
			return fail(err)
		}
		start := time.Now()
		join, err := session.JoinQR(ctx, session.Options{Name: fmt.Sprintf("Agent %d", i+1), Loopback: true}, offer)
		if err != nil {
			return fail(err)
		}
		if err := host.Accept(join.Answer()); err != nil {
			join.Close()
			return fail(err)
		}
		c, err := join.Wait(ctx)
		if err != nil {
			return fail(err)
		}
		times = append(times, time.Since(start))
		clients = append(clients, c)
		offerLen, answerLen = max(offerLen, len(offer)), max(answerLen, len(join.Answer()))
	}
	slices.Sort(times)
	return []row{
		info("qr", "offer code (pion, loopback): characters, bytes; QR version at level M", qrFigure(offerLen)),
		info("qr", "answer code (pion, loopback): characters, bytes; QR version at level M", qrFigure(answerLen)),
		info("qr", fmt.Sprintf("scan-to-seat, codes handed over directly (pion, %d seats), p50 / max", qrSeats),
			ms(percentile(times, 50))+" / "+ms(times[len(times)-1])),
	}
}

// qrFigure is a code of n base32 characters: its length, its bytes and its QR version.
func qrFigure(n int) string {
	text := make([]byte, n)
	for i := range text {
		text[i] = 'A'
	}
	version := "?"
	if m, err := qrcode.Modules(string(text)); err == nil {
		version = fmt.Sprint((len(m) - 2*qrcode.QuietZone - 17) / 4)
	}
	return fmt.Sprintf("%d, %d B; version %s", n, n*5/8, version)
}
