// Parsing of the "go" command's arguments into search limits.
package uci

import (
	"fmt"
	"strconv"
	"time"

	"brudno/board"
	"brudno/search"
)

var goKeywords = map[string]bool{
	"searchmoves": true, "ponder": true, "wtime": true, "btime": true, "winc": true,
	"binc": true, "movestogo": true, "depth": true, "nodes": true, "mate": true,
	"movetime": true, "infinite": true, "perft": true,
}

// maxMillis bounds every time value (about 11 days), so that nothing overflows.
const maxMillis = 1_000_000_000

// ParseGo turns the arguments of "go" into limits for pos. Arguments may
// come in any order; values that cannot be read produce warnings and are
// ignored. perft > 0 asks for "go perft N" instead of a search.
func ParseGo(args []string, pos *board.Position) (lim search.Limits, perft int, warnings []string) {
	warn := func(format string, a ...any) { warnings = append(warnings, fmt.Sprintf(format, a...)) }
	for i := 0; i < len(args); i++ {
		key := args[i]
		switch key {
		case "ponder":
			lim.Ponder = true
			continue
		case "infinite":
			lim.Infinite = true
			continue
		case "searchmoves":
			for i+1 < len(args) && !goKeywords[args[i+1]] {
				i++
				m, err := pos.ParseMove(args[i])
				if err != nil {
					warn("searchmoves: %s is not a legal move, ignored", args[i])
					continue
				}
				lim.SearchMoves = append(lim.SearchMoves, m)
			}
			continue
		}
		if !goKeywords[key] {
			warn("unknown argument %q ignored", truncate(key, 40))
			continue
		}
		if i+1 >= len(args) {
			warn("%s needs a value", key)
			continue
		}
		i++
		n, err := strconv.ParseInt(args[i], 10, 64)
		if err != nil {
			warn("%s: %q is not a number, ignored", key, truncate(args[i], 40))
			continue
		}
		n = max(min(n, maxMillis), -maxMillis)
		ms := time.Duration(n) * time.Millisecond
		switch key {
		case "wtime":
			lim.WTime, lim.HasClock = ms, true
		case "btime":
			lim.BTime, lim.HasClock = ms, true
		case "winc":
			lim.WInc = ms
		case "binc":
			lim.BInc = ms
		case "movestogo":
			lim.MovesToGo = int(max(n, 0))
		case "depth":
			lim.Depth = int(max(n, 1))
		case "nodes":
			lim.Nodes = uint64(max(n, 1))
		case "mate":
			lim.Mate = int(max(n, 1))
		case "movetime":
			lim.MoveTime = max(ms, time.Millisecond)
		case "perft":
			perft = int(max(min(n, 20), 1))
		}
	}
	return lim, perft, warnings
}
