package fastchess

import "testing"

// Every ending is told apart, the loser is the colour the reason names,
// and other lines are not games.
func TestFinished(t *testing.T) {
	for _, c := range []struct {
		line   string
		ok     bool
		ending Ending
		loser  string
		over   int
	}{
		{"Finished game 1 (A vs B): 0-1 {White loses on time (9ms overrun)}", true, TimeLoss, "A", 9},
		{"Finished game 3 (A vs B): 1-0 {Black loses on time (192ms overrun)}", true, TimeLoss, "B", 192},
		{"Finished game 4 (B vs A): 0-1 {White makes an illegal move}", true, Illegal, "B", -1},
		{"Finished game 5 (A vs B): 0-1 {White disconnects}", true, Disconnect, "A", -1},
		{"Finished game 6 (B vs A): 1-0 {Black's connection stalls}", true, Stall, "A", -1},
		{"Finished game 7 (A vs B): 1-0 {White mates}", true, Other, "A", -1},
		{"Finished game 2 (B vs A): 1/2-1/2 {Draw by 3-fold repetition}", true, Other, "B", -1},
		{"Started game 1 of 6 (A vs B)", false, Other, "", 0},
		{"Engine A loses on time by 192ms", false, Other, "", 0},
	} {
		g, ok := Finished(c.line)
		if ok != c.ok || ok && (g.Ending != c.ending || g.Loser != c.loser || g.OverrunMS != c.over) {
			t.Errorf("%q: %+v %v", c.line, g, ok)
		}
	}
}
