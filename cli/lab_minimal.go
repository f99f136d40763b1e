// `brudno lab -minimal`: the left-first minimal graph (LFMG) and ARMG(d) of
// each position at each depth (lab/graph), and the nodes of the seed
// experiment's configurations over the LFMG: the search efficiency of
// Plaat, Schaeffer, Pijls and de Bruin's "Exploiting Graph Properties of
// Game Trees".

package cli

import (
	"fmt"
	"io"
	"strings"
	"time"

	"brudno/board"
	"brudno/lab/graph"
	"brudno/search"
)

// labMinimalProverMB is the least table size of the searches that decide
// the graph (which cutoff move refutes, and the root's value).
const labMinimalProverMB = 256

func labMinimal(fens []string, from, to, mb, armg int, armgQS bool, maxTime time.Duration, plotDir string, stdout, stderr io.Writer) int {
	var positions []*board.Position
	for _, fen := range fens {
		p, err := board.ParseFEN(fen)
		if err != nil {
			fmt.Fprintf(stderr, "lab: %v\n", err)
			return 2
		}
		positions = append(positions, p)
	}
	configs := labConfigs()
	prover := graph.NewProver(max(mb, labMinimalProverMB))
	tt := search.NewTT(mb)

	type row struct {
		depth       int
		lfmg, armg  graph.Size
		armgDone    bool
		testNodes   uint64
		total, last []uint64 // per configuration; 0: not run
		mismatch    []int    // positions whose value differs from the graph's
		graphTime   time.Duration
	}
	var rows []row
	prevTotal := make([]uint64, len(configs)) // at the depth before
	lastTime := make([]time.Duration, len(configs))
	var armgLast time.Duration
	start := max(from-1, 1)
	for d := start; d <= to; d++ {
		r := row{depth: d, total: make([]uint64, len(configs)), last: make([]uint64, len(configs)), mismatch: make([]int, len(configs))}
		values := make([]int, len(positions))
		if d >= from {
			t0 := time.Now()
			r.armgDone = armg > 0 && !(d > from && armgLast*6 > maxTime) && armgLast >= 0
			for i, p := range positions {
				a := 0
				if r.armgDone {
					a = armg
				}
				g := prover.Measure(p, d, a, armgQS)
				values[i] = g.Value
				r.lfmg.Nodes += g.LFMG.Nodes
				r.lfmg.Interior += g.LFMG.Interior
				r.lfmg.Inconsistent += g.LFMG.Inconsistent
				r.armg.Nodes += g.ARMG.Nodes
				r.armg.Interior += g.ARMG.Interior
				r.armg.Inconsistent += g.ARMG.Inconsistent
				r.testNodes += g.TestNodes
			}
			r.graphTime = time.Since(t0)
			if r.armgDone {
				armgLast = r.graphTime
			} else if armg > 0 {
				armgLast = -1
			}
			fmt.Fprintf(stderr, "depth %d: LFMG %d (%d interior), ARMG(%d) %d (%d), %d deciding nodes, %v\n", d, r.lfmg.Nodes, r.lfmg.Interior, armg, r.armg.Nodes, r.armg.Interior, r.testNodes, r.graphTime.Round(time.Millisecond))
		}
		for i, c := range configs {
			if lastTime[i] < 0 || d > start && lastTime[i]*6 > maxTime {
				lastTime[i] = -1
				prevTotal[i] = 0
				continue
			}
			t0 := time.Now()
			nodes, st, scores := labSearchScores(fens, d, c.opts, tt)
			lastTime[i] = time.Since(t0)
			r.total[i] = nodes
			if prevTotal[i] > 0 || d == 1 {
				r.last[i] = nodes - prevTotal[i]
			}
			prevTotal[i] = nodes
			if d >= from {
				for j, s := range scores {
					if s != values[j] {
						r.mismatch[i]++
					}
				}
			}
			fmt.Fprintf(stderr, "depth %d %s: %d nodes (%d interior), %v\n", d, c.name, nodes, st.Nodes, lastTime[i].Round(time.Millisecond))
		}
		if d >= from {
			rows = append(rows, r)
		}
	}

	fmt.Fprintf(stdout, "Minimal graphs over %d positions: distinct nodes (a position with the depth left to search; quiescence nodes at depth 0), interior ones (depth above 0, the root included) in brackets. ARMG(%d): the cheapest cutoff in the last %d plies%s. The deciding searches (which move refutes; the value) are not counted.\n\n",
		len(positions), armg, armg, map[bool]string{true: " and in quiescence", false: ", the left-most in quiescence"}[armgQS])
	fmt.Fprintf(stdout, "| depth | LFMG | ARMG(%d) | LFMG over ARMG | deciding nodes | time |\n|---:|---:|---:|---:|---:|---:|\n", armg)
	for _, r := range rows {
		armgCell, ratio := "-", "-"
		if r.armgDone {
			armgCell = fmt.Sprintf("%d (%d)", r.armg.Nodes, r.armg.Interior)
			ratio = fmt.Sprintf("%+.1f%%", 100*(float64(r.lfmg.Nodes)/float64(max(r.armg.Nodes, 1))-1))
		}
		fmt.Fprintf(stdout, "| %d | %d (%d) | %s | %s | %d | %.1f s |\n", r.depth, r.lfmg.Nodes, r.lfmg.Interior, armgCell, ratio, r.testNodes, r.graphTime.Seconds())
	}
	for _, r := range rows {
		if r.lfmg.Inconsistent+r.armg.Inconsistent > 0 {
			fmt.Fprintf(stdout, "\nDepth %d: %d CUT nodes of the LFMG and %d of the ARMG where no move refuted (graph history interaction).\n", r.depth, r.lfmg.Inconsistent, r.armg.Inconsistent)
		}
	}
	ratioTable := func(title string, cell func(r row, i int) uint64) {
		fmt.Fprintf(stdout, "\n%s\n\n| depth |", title)
		for _, c := range configs {
			fmt.Fprintf(stdout, " %s |", c.name)
		}
		fmt.Fprintf(stdout, "\n|---:|%s\n", strings.Repeat("---:|", len(configs)))
		for _, r := range rows {
			fmt.Fprintf(stdout, "| %d |", r.depth)
			for i := range configs {
				if n := cell(r, i); n > 0 {
					fmt.Fprintf(stdout, " %.2f |", float64(n)/float64(max(r.lfmg.Nodes, 1)))
				} else {
					fmt.Fprint(stdout, " - |")
				}
			}
			fmt.Fprintln(stdout)
		}
	}
	ratioTable(fmt.Sprintf("Each configuration's total nodes (all iterations to the depth, as in the seed table; %s per position) over the LFMG's:", labTableDesc("seed", mb, false)),
		func(r row, i int) uint64 { return r.total[i] })
	ratioTable("The nodes of the last iteration alone (the total at the depth less the total at the depth before) over the LFMG's:",
		func(r row, i int) uint64 { return r.last[i] })
	if plotDir != "" {
		totals, lasts := make([][]uint64, len(rows)), make([][]uint64, len(rows))
		for k, r := range rows {
			totals[k], lasts[k] = r.total, r.last
		}
		lfmg := func(k int) float64 { return float64(max(rows[k].lfmg.Nodes, 1)) }
		for _, pl := range []struct {
			name, title string
			cells       [][]uint64
		}{
			{"efficiency-total", "Total nodes (all iterations) over the LFMG", totals},
			{"efficiency-last", "Nodes of the last iteration over the LFMG", lasts},
		} {
			if err := labPlotTo(plotDir, labPlotName(fmt.Sprintf("minimal-armg%d", armg), mb, false, false, pl.name), func(path string) error {
				title := fmt.Sprintf("%s, %d positions", pl.title, len(positions))
				return labPlot(path, title, "nodes / LFMG nodes (log scale)", true, rows[0].depth, labConfigNames(configs), labCells(pl.cells, lfmg))
			}); err != nil {
				fmt.Fprintf(stderr, "lab: plot: %v\n", err)
				return 1
			}
		}
	}
	var bad []string
	for i, c := range configs {
		var at []string
		for _, r := range rows {
			if r.mismatch[i] > 0 {
				at = append(at, fmt.Sprintf("%d at depth %d", r.mismatch[i], r.depth))
			}
		}
		if len(at) > 0 {
			bad = append(bad, c.name+" "+strings.Join(at, " and "))
		}
	}
	if len(bad) > 0 {
		fmt.Fprintf(stdout, "\nPositions whose value differs from the graph's (the table's deeper results and graph history interaction): %s.\n", strings.Join(bad, "; "))
	} else {
		fmt.Fprintf(stdout, "\nEvery configuration found the graph's value at every position and depth.\n")
	}
	return 0
}
