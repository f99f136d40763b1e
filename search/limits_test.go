package search

import (
	"testing"
	"time"

	"brudno/board"
)

func TestAllocate(t *testing.T) {
	ms := time.Millisecond
	cases := []struct {
		name       string
		lim        Limits
		side       board.Color
		ply        int
		soft, hard time.Duration
	}{
		{"movetime", Limits{MoveTime: 100 * ms}, board.White, 10, 0, 70 * ms},
		{"movetime below the overhead", Limits{MoveTime: 10 * ms}, board.White, 10, 0, ms},
		{"no clock", Limits{Depth: 5}, board.White, 10, 0, 0},
		// Black's clock is used; at ply 3 the hard limit is 1.875 soft.
		{"opening", Limits{WTime: -200 * ms, BTime: 1000 * ms, HasClock: true}, board.Black, 3,
			970 * ms / 30, 970 * ms / 30 * 15 / 8},
		// From ply 20 on the hard limit is 4 soft.
		{"middlegame", Limits{WTime: 10030 * ms, WInc: 100 * ms, HasClock: true}, board.White, 40,
			10000*ms/30 + 75*ms, (10000*ms/30 + 75*ms) * 4},
		// One move to the control: the hard limit keeps 10% of the clock.
		{"last move before the control", Limits{WTime: 330 * ms, MovesToGo: 1, HasClock: true}, board.White, 40,
			270 * ms, 270 * ms},
		{"flagged clock", Limits{WTime: 0, HasClock: true}, board.White, 40, ms, ms},
	}
	for _, c := range cases {
		soft, hard := allocate(&c.lim, c.side, c.ply, 30*ms)
		if soft != c.soft || hard != c.hard {
			t.Errorf("%s: soft %v hard %v, want %v and %v", c.name, soft, hard, c.soft, c.hard)
		}
	}
}
