// Package fastchess reads fastchess's output for the project's tools
// (tools/timeloss, tools/soak): how each finished game ended and who
// lost it.
package fastchess

import (
	"regexp"
	"strconv"
	"strings"
)

// Ending is how a game ended, as far as the tools count it.
type Ending int

const (
	Other      Ending = iota // mate, draw, adjudication
	TimeLoss                 // a loss on time
	Illegal                  // an illegal move
	Disconnect               // the engine's process went away
	Stall                    // the engine stopped answering
)

// Game is one "Finished game N (WHITE vs BLACK): RESULT {REASON}" line.
type Game struct {
	White, Black, Reason string
	Ending               Ending
	Loser                string // the engine the reason names (White or Black)
	OverrunMS            int    // with TimeLoss, fastchess's overrun; -1 when not given
}

var (
	finishedRE = regexp.MustCompile(`^Finished game \d+ \((.+) vs (.+)\): \S+ \{(.*)\}\s*$`)
	overrunRE  = regexp.MustCompile(`loses on time \((\d+)ms overrun\)`)
)

// Finished parses a "Finished game" line; ok is false for any other line.
func Finished(line string) (g Game, ok bool) {
	m := finishedRE.FindStringSubmatch(strings.TrimSpace(line))
	if m == nil {
		return g, false
	}
	g = Game{White: m[1], Black: m[2], Reason: m[3], Loser: m[1], OverrunMS: -1}
	if strings.HasPrefix(g.Reason, "Black") {
		g.Loser = m[2]
	}
	switch {
	case strings.Contains(g.Reason, "loses on time"):
		g.Ending = TimeLoss
		if o := overrunRE.FindStringSubmatch(g.Reason); o != nil {
			g.OverrunMS, _ = strconv.Atoi(o[1])
		}
	case strings.Contains(g.Reason, "illegal move"):
		g.Ending = Illegal
	case strings.Contains(g.Reason, "disconnects"):
		g.Ending = Disconnect
	case strings.Contains(g.Reason, "stalls"):
		g.Ending = Stall
	}
	return g, true
}
