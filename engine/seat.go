package engine

// Seat is a player's place at the table, counted from 0 in table order.
// "Left" of a seat is the next seat number, wrapping around.
type Seat int

// NoSeat marks the absence of a seat (no accuser, nobody holds the card...).
const NoSeat Seat = -1

// Left returns the seat to the left of s at a table of n seats.
func (s Seat) Left(n int) Seat {
	if n <= 0 {
		return NoSeat
	}
	return Seat((int(s) + 1) % n)
}

// Valid reports whether s is a seat of a table of n seats.
func (s Seat) Valid(n int) bool { return s >= 0 && int(s) < n }
