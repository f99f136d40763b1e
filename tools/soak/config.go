package main

import (
	"fmt"
	"math/rand/v2"
	"strconv"
)

// engineConfig is one Brudno's options for a batch of games.
type engineConfig struct {
	Threads       int    `json:"threads"`
	Scheme        string `json:"scheme"`
	Hash          int    `json:"hash"`
	MultiPV       int    `json:"multipv"`
	Ponder        bool   `json:"ponder"`
	ShowWDL       bool   `json:"wdl"`
	LimitStrength bool   `json:"limit_strength"`
	Elo           int    `json:"elo,omitempty"`
	Skill         int    `json:"skill"` // Skill Level, 20 is full strength
	OwnBook       bool   `json:"own_book"`
	Syzygy        bool   `json:"syzygy"`
	Overhead      int    `json:"overhead"`
	Algorithm     string `json:"algorithm"`
	Evaluation    string `json:"evaluation"`
}

// limit is the search limit of a batch: a clock, nodes, depth or movetime.
type limit struct {
	Kind  string `json:"kind"`  // tc, nodes, depth or movetime
	Value string `json:"value"` // fastchess's form: 1+0.01, 5000, 8, 0.05
}

// batchConfig is everything drawn for one batch.
type batchConfig struct {
	A        engineConfig  `json:"a"`
	B        *engineConfig `json:"b,omitempty"` // the second Brudno; nil: the opponent plays
	Limit    limit         `json:"limit"`
	Chess960 bool          `json:"chess960"`
}

// pick returns one of the choices, each with its weight.
func pick[T any](r *rand.Rand, choices []T, weights []float64) T {
	total := 0.0
	for _, w := range weights {
		total += w
	}
	x := r.Float64() * total
	for i, w := range weights {
		if x < w {
			return choices[i]
		}
		x -= w
	}
	return choices[len(choices)-1]
}

// drawLimit draws the batch's limit; clocks from 0.5+0.005 to 10+0.1
// weighted towards the short ones so that thousands of games fit in hours.
func drawLimit(r *rand.Rand) limit {
	switch pick(r, []string{"tc", "nodes", "depth", "movetime"}, []float64{0.65, 0.15, 0.1, 0.1}) {
	case "nodes":
		return limit{"nodes", strconv.Itoa(pick(r, []int{1000, 5000, 20000}, []float64{1, 1, 1}))}
	case "depth":
		return limit{"depth", strconv.Itoa(3 + r.IntN(5))}
	case "movetime":
		// Not under 50 ms: no engine answers a shorter movetime in time
		// on a machine that makes a thread wait tens of milliseconds.
		return limit{"movetime", pick(r, []string{"0.05", "0.1", "0.2"}, []float64{1, 1, 0.5})}
	}
	return limit{"tc", pick(r, []string{"0.5+0.005", "1+0.01", "2+0.02", "4+0.04", "10+0.1"}, []float64{4, 3, 1.5, 0.5, 0.15})}
}

// drawEngine draws one Brudno's options.
func drawEngine(r *rand.Rand, clock, syzygy bool) engineConfig {
	c := engineConfig{
		Threads:    pick(r, []int{1, 2, 3}, []float64{2, 1, 1}),
		Scheme:     pick(r, []string{"LazySMP", "YBW"}, []float64{1, 1}),
		Hash:       pick(r, []int{1, 2, 4, 8, 16, 32, 64, 128, 256}, []float64{1, 1, 1, 1, 1, 1, 1, 1, 1}),
		MultiPV:    pick(r, []int{1, 2, 3, 4}, []float64{3, 1, 1, 1}),
		Ponder:     clock && r.IntN(5) < 2,
		ShowWDL:    r.IntN(2) == 0,
		OwnBook:    r.IntN(10) < 3,
		Syzygy:     syzygy && r.IntN(2) == 0,
		Overhead:   r.IntN(101),
		Skill:      20,
		Algorithm:  pick(r, []string{"PVS", "MTDf", "AlphaBeta", "SSS", "DUAL"}, []float64{16, 2, 2, 1, 1}),
		Evaluation: pick(r, []string{"NNUE", "HCE"}, []float64{9, 1}),
	}
	switch pick(r, []string{"full", "elo", "skill"}, []float64{7, 2, 1}) {
	case "elo":
		c.LimitStrength, c.Elo = true, 1320+r.IntN(2650-1320+1)
	case "skill":
		c.Skill = r.IntN(20)
	}
	return c
}

// drawBatch draws a batch: the limit, Chess960 or not, Brudno's options,
// and against itself (another draw) or against the opponent.
func drawBatch(r *rand.Rand, opponent, syzygy bool) batchConfig {
	b := batchConfig{Limit: drawLimit(r), Chess960: r.IntN(100) < 15}
	clock := b.Limit.Kind == "tc"
	b.A = drawEngine(r, clock, syzygy)
	if !opponent || r.IntN(2) == 0 {
		e := drawEngine(r, clock, syzygy)
		b.B = &e
	}
	return b
}

// options are the fastchess option.NAME=VALUE arguments of a config.
func (c engineConfig) options(syzygyPath string) []string {
	o := []string{
		"option.Threads=" + strconv.Itoa(c.Threads),
		"option.ParallelScheme=" + c.Scheme,
		"option.Hash=" + strconv.Itoa(c.Hash),
		"option.MultiPV=" + strconv.Itoa(c.MultiPV),
		"option.Ponder=" + strconv.FormatBool(c.Ponder),
		"option.UCI_ShowWDL=" + strconv.FormatBool(c.ShowWDL),
		"option.UCI_LimitStrength=" + strconv.FormatBool(c.LimitStrength),
		"option.Skill Level=" + strconv.Itoa(c.Skill),
		"option.OwnBook=" + strconv.FormatBool(c.OwnBook),
		"option.Move Overhead=" + strconv.Itoa(c.Overhead),
		"option.SearchAlgorithm=" + c.Algorithm,
		"option.Evaluation=" + c.Evaluation,
	}
	if c.LimitStrength {
		o = append(o, "option.UCI_Elo="+strconv.Itoa(c.Elo))
	}
	if c.Syzygy {
		o = append(o, "option.SyzygyPath="+syzygyPath)
	}
	return o
}

// limitArg is the fastchess engine argument of a limit. An opponent that
// cannot search to a node count (Ethereal 12 ignores `go nodes`) gets a
// short movetime instead.
func (l limit) limitArg(nodesOK bool) string {
	switch l.Kind {
	case "nodes":
		if !nodesOK {
			return "st=0.05"
		}
		return "nodes=" + l.Value
	case "depth":
		return "depth=" + l.Value
	case "movetime":
		return "st=" + l.Value
	}
	return "tc=" + l.Value
}

// features are the (name, value) pairs the report tallies a side by.
func (c engineConfig) features() [][2]string {
	str := func(b bool) string {
		if b {
			return "on"
		}
		return "off"
	}
	hash := strconv.Itoa(c.Hash)
	strength := "full"
	if c.LimitStrength {
		strength = fmt.Sprintf("UCI_Elo %d-%d", c.Elo/250*250, c.Elo/250*250+249)
	} else if c.Skill < 20 {
		strength = "Skill Level 0-19"
	}
	return [][2]string{
		{"Threads", strconv.Itoa(c.Threads)},
		{"ParallelScheme", c.Scheme},
		{"Hash", hash},
		{"MultiPV", strconv.Itoa(c.MultiPV)},
		{"Ponder", str(c.Ponder)},
		{"UCI_ShowWDL", str(c.ShowWDL)},
		{"strength", strength},
		{"OwnBook", str(c.OwnBook)},
		{"SyzygyPath", map[bool]string{true: "set", false: "unset"}[c.Syzygy]},
		{"Move Overhead", fmt.Sprintf("%d-%d", c.Overhead/25*25, min(c.Overhead/25*25+24, 100))},
		{"SearchAlgorithm", c.Algorithm},
		{"Evaluation", c.Evaluation},
	}
}
