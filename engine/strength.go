// Playing strength below the maximum: the UCI_LimitStrength, UCI_Elo and
// Skill Level options.
//
// A weakened engine plays moves a weaker player could choose, never
// random ones. Two things weaken it, both set by the level that plays at
// the target Elo (strengthScale, calibrated against Stockfish's UCI_Elo):
//
//   - the search is cut at a node count that halves for every
//     strengthEloPerDoubling levels down (see StrengthNodes: about 970
//     nodes at Elo 1320, 28,000 at 2000 and 834,000 at 2650), on top of
//     any limit the go command sets;
//   - at Elo 2327 and below the search looks at 2 to 4 lines (MultiPV;
//     StrengthLines)
//     and the move is drawn among those of the last completed iteration (a
//     move found in an unfinished one is not taken) whose score is within
//     a margin of the best one (StrengthMargin: 0.1 centipawn per level
//     below level 2800, so 62 at Elo 2100 and 149 at 1320), with weights that
//     fall exponentially with the loss, so that the best move stays the
//     likeliest. A line that mates is only ever exchanged for another that
//     mates, and a line that is mated is never chosen when the best one
//     is not. Above 2327 one line is searched (the lines cost depth) and
//     only the node cap weakens.
//
// The target is UCI_Elo when UCI_LimitStrength is on; otherwise Skill
// Level below 20 stands for an Elo on the same scale (0 is the bottom of
// the range, each level 66 Elo more), and Skill Level 20, the default,
// with UCI_LimitStrength off leaves the engine untouched: the search gets
// exactly the limits and options it gets without this file.
//
// The GUI sees the info lines of the MultiPV lines it asked for (the
// MultiPV option; the extra lines searched internally are not shown) and
// exactly one bestmove. When the move drawn is not the one the last line
// 1 showed, one more info line (multipv 1) shows the line of the move
// played, just before bestmove. The node cap applies in every mode: a
// `go infinite` or `go ponder` search ends at the cap and, as after a
// depth limit, holds its move until stop or ponderhit.
package engine

import (
	"math"
	"math/rand/v2"
	"strconv"
	"time"

	"brudno/board"
	"brudno/search"
)

// The UCI_Elo range and default, and the top Skill Level.
const (
	MinElo      = 1320
	MaxElo      = 2650 // the node cap's play flattens out at about this at 60+0.6
	DefaultElo  = 1500
	MaxSkill    = 20
	skillEloGap = (MaxElo - MinElo) / MaxSkill // Elo per skill level
)

// Tuning of the weakening. Its strength is set by a level, the Elo of the
// first, uncalibrated scale: the node cap halves for every
// strengthEloPerDoubling levels below MinElo's strengthMinNodes, and the
// margin is strengthMarginPerElo centipawns per level below
// strengthMarginTop.
const (
	strengthMaxLines       = 4       // the most lines searched to choose from
	strengthMarginPerLine  = 40.0    // centipawns of margin for each line beyond the first
	strengthMinNodes       = 1000    // the node cap at level MinElo
	strengthEloPerDoubling = 160     // levels for each doubling of the node cap
	strengthMarginPerElo   = 0.1     // centipawns of margin per level below strengthMarginTop
	strengthMarginTop      = 2800    // the level from which no margin is given
	strengthTemperature    = 0.5     // the weights fall by e for each half margin lost
	strengthMaxNodes       = 1 << 40 // no cap can exceed this
)

// strengthScale calibrates the levels: the Elo at which this build plays
// at each level on the scale of Stockfish 15.1's UCI_Elo at 60+0.6. The
// scale was calibrated with 4985df2 against Stockfish (24 to 50 games at
// each of thirteen levels; docs/results/wdl-and-elo.md, "Calibrating the
// Elo scale: the passes"); the network and the search have since moved
// it, and the points are those of a weighted cubic fit to 850 games of
// this build against 4985df2 at the same UCI_Elo (`make
// calibrate-drift`, the same page's "Keeping the scale true"), which put
// each level of this build on 4985df2's scale, measured from level 1350
// to 2800. Above 2800 the points follow
// the calibrated build's flattening, which was measured there. Between
// the points the level is interpolated, beyond them extrapolated along
// the nearest segment. The Elo must increase from point to point.
var strengthScale = [...]struct{ level, elo float64 }{
	{1350, 1343}, {1600, 1500}, {1800, 1685}, {2000, 1899}, {2200, 2120},
	{2400, 2327}, {2600, 2497}, {2800, 2610}, {3000, 2720}, {3200, 2766},
}

// strengthState holds the options and the random source of the move choice.
type strengthState struct {
	limit bool // UCI_LimitStrength
	elo   int  // UCI_Elo
	skill int  // Skill Level
	rng   *rand.Rand
}

func strengthOptions() []Option {
	return []Option{
		{Name: "UCI_LimitStrength", Type: Check, Default: "false", apply: func(e *Engine, v string) error {
			e.str.limit = v == "true"
			return nil
		}},
		{Name: "UCI_Elo", Type: Spin, Default: strconv.Itoa(DefaultElo), Min: MinElo, Max: MaxElo, apply: func(e *Engine, v string) error {
			e.str.elo, _ = strconv.Atoi(v)
			return nil
		}},
		{Name: "Skill Level", Type: Spin, Default: strconv.Itoa(MaxSkill), Min: 0, Max: MaxSkill, apply: func(e *Engine, v string) error {
			e.str.skill, _ = strconv.Atoi(v)
			return nil
		}},
	}
}

// target returns the Elo to play at, and false for full strength.
func (s *strengthState) target() (int, bool) {
	switch {
	case s.limit:
		return s.elo, true
	case s.skill < MaxSkill:
		return SkillElo(s.skill), true
	}
	return 0, false
}

// SkillElo returns the Elo a Skill Level below 20 stands for.
func SkillElo(skill int) int { return MinElo + min(max(skill, 0), MaxSkill)*skillEloGap }

// strengthLevel returns the level that plays at elo (strengthScale).
func strengthLevel(elo int) float64 {
	i := 1
	for i < len(strengthScale)-1 && float64(elo) > strengthScale[i].elo {
		i++
	}
	a, b := strengthScale[i-1], strengthScale[i]
	return a.level + (float64(elo)-a.elo)*(b.level-a.level)/(b.elo-a.elo)
}

// StrengthNodes returns the node cap of a search at elo.
func StrengthNodes(elo int) uint64 {
	n := strengthMinNodes * math.Exp2((strengthLevel(elo)-MinElo)/strengthEloPerDoubling)
	return uint64(min(max(n, 1), strengthMaxNodes))
}

// StrengthMargin returns how many centipawns below the best line a line
// may score and still be chosen at elo.
func StrengthMargin(elo int) float64 {
	return strengthMarginPerElo * max(strengthMarginTop-strengthLevel(elo), 0)
}

// StrengthLines returns the number of lines searched at elo: one more
// for every strengthMarginPerLine centipawns of margin, at most
// strengthMaxLines.
func StrengthLines(elo int) int {
	return min(1+int(StrengthMargin(elo)/strengthMarginPerLine), strengthMaxLines)
}

// PickLine draws the line to play from lines, the exact lines of one
// iteration, at elo: lines within StrengthMargin of the
// best, with weights exp(-loss/(strengthTemperature·margin)). It returns
// an index into lines (0 when lines has fewer than two).
func PickLine(lines []search.Info, elo int, rng *rand.Rand) int {
	if len(lines) < 2 {
		return 0
	}
	best := lines[0].Score
	for _, l := range lines {
		best = max(best, l.Score)
	}
	margin := StrengthMargin(elo)
	if margin <= 0 {
		for i, l := range lines {
			if l.Score == best {
				return i
			}
		}
	}
	weights := make([]float64, len(lines))
	total := 0.0
	for i, l := range lines {
		if loss := float64(best - l.Score); loss <= margin {
			weights[i] = math.Exp(-loss / (strengthTemperature * margin))
			total += weights[i]
		}
	}
	r := rng.Float64() * total
	last := 0
	for i, w := range weights {
		if w == 0 {
			continue
		}
		if r < w {
			return i
		}
		r -= w
		last = i
	}
	return last // rounding
}

func (s *strengthState) random() *rand.Rand {
	if s.rng == nil {
		seed := uint64(time.Now().UnixNano())
		s.rng = rand.New(rand.NewPCG(seed, seed>>32|seed<<32))
	}
	return s.rng
}

// weaken returns the limits, options and callbacks of a search of pos at
// elo: the node cap, StrengthLines lines, and callbacks that show the
// lines the GUI asked for and replace the best move by the one drawn.
func (s *strengthState) weaken(elo int, pos *board.Position, lim search.Limits, opts search.Options, cb Callbacks) (search.Limits, search.Options, Callbacks) {
	nodes := StrengthNodes(elo)
	if lim.Nodes == 0 || lim.Nodes > nodes {
		lim.Nodes = nodes
	}
	shown := max(opts.MultiPV, 1)
	opts.MultiPV = max(shown, StrengthLines(elo))
	rng := s.random()

	// The callbacks run on the search's goroutine, one after the other.
	var (
		lines    []search.Info // the exact lines of the deepest iteration reported
		lastLine board.Move    // the first move of the last line 1 shown
		hashFull int
	)
	info, best := cb.Info, cb.BestMove
	cb.Info = func(i search.Info) {
		hashFull = i.HashFull
		if i.Bound == search.BoundExact && len(i.PV) > 0 {
			if i.MultiPV == 1 {
				lines = lines[:0]
			}
			if i.MultiPV == len(lines)+1 {
				lines = append(lines, i)
			}
		}
		if i.MultiPV > shown {
			return
		}
		if i.MultiPV == 1 && len(i.PV) > 0 {
			lastLine = i.PV[0]
		}
		if info != nil {
			info(i)
		}
	}
	cb.BestMove = func(res search.Result) {
		// The move comes from the lines of the deepest completed
		// iteration, even when the unfinished one found another.
		if len(lines) > 0 && res.Best != board.NoMove {
			// Only the lines the Elo asks for, even when the GUI's
			// MultiPV showed more.
			l := lines[PickLine(lines[:min(len(lines), StrengthLines(elo))], elo, rng)]
			res.Best, res.Score, res.Ponder = l.PV[0], l.Score, board.NoMove
			if len(l.PV) > 1 {
				res.Ponder = l.PV[1]
			}
			if info != nil && res.Best != lastLine {
				info(search.Info{
					Depth: l.Depth, SelDepth: l.SelDepth, MultiPV: 1, Score: l.Score,
					Bound: search.BoundExact, Nodes: res.Nodes, Time: res.Time,
					HashFull: hashFull, PV: l.PV,
				})
			}
		}
		if best != nil {
			best(res)
		}
	}
	return lim, opts, cb
}
