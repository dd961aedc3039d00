// Package sealed keeps a host's state on the players' phones without letting any of them read
// it (nor any group smaller than the majority, nor the server), so that a majority of the table
// can continue the game when the host's phone is gone.
//
// The host seals copies of its state under a key K (AES-256-GCM, Copy) and deals K out by
// Shamir's threshold sharing over GF(256) (HashiCorp Vault's shamir package): each holder (every
// seated phone but the host's) gets one Share, and any Threshold of them rebuild K while fewer
// reveal nothing about it. A Deal also gives every holder the SHA-256 commitment of every
// share, so the phone that collects shares (a Ring) refuses a forged share, one of another game
// and one of another deal each with its own error before it ever combines them; a copy whose
// key was rebuilt from wrong shares, or that was changed, does not open (ErrDamaged).
//
// Every deal has a random epoch: the host deals anew whenever the set of holders changes, so
// the share of a phone that left never opens a later copy. Copies name their game, epoch and
// state number, bound into the AEAD's additional data, so a copy cannot be passed off as
// another game's, another deal's or another state's.
//
// The package knows nothing of the network or of sessions: app/session moves deals, shares
// and copies between phones (PROTOCOL.md, "The game outlives its host").
package sealed
