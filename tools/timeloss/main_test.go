package main

import (
	"strings"
	"testing"
)

// The tally counts every finished game once, by how it ended, and keeps
// the largest overrun; other lines are ignored.
func TestCount(t *testing.T) {
	const log = `Started game 1 of 6 (A vs B)
Finished game 1 (A vs B): 0-1 {White loses on time (9ms overrun)}
Finished game 2 (B vs A): 1/2-1/2 {Draw by 3-fold repetition}
Engine A loses on time by 192ms
Finished game 3 (A vs B): 1-0 {Black loses on time (192ms overrun)}
Finished game 4 (B vs A): 0-1 {White makes an illegal move}
Finished game 5 (A vs B): 0-1 {White disconnects}
Finished game 6 (B vs A): 1-0 {Black's connection stalls}
Finished game 7 (A vs B): 1-0 {White mates}
`
	got, err := count(strings.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	want := tally{games: 7, onTime: 2, illegal: 1, disconnects: 1, stalls: 1, maxOverrunMS: 192}
	if got != want {
		t.Errorf("count = %+v, want %+v", got, want)
	}
}
