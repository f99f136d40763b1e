// `brudno lab -minimal`: the left-first minimal graph (LFMG) and ARMG(d) of
// each position at each depth (search/lab_minimal.go), and the nodes of
// the seed experiment's configurations over the LFMG: the search
// efficiency of Plaat, Schaeffer, Pijls and de Bruin's "Exploiting Graph
// Properties of Game Trees".

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

// labMinimalRow is one depth of `brudno lab -minimal`, summed over the
// positions.
type labMinimalRow struct {
	depth       int
	lfmg, armg  graph.Size
	armgDone    bool
	testNodes   uint64
	total, last []uint64 // per configuration; 0: not run
	mismatch    []int    // positions whose value differs from the graph's
	graphTime   time.Duration
}

// labMinimalRun is the state of the measurements from depth to depth.
type labMinimalRun struct {
	fens      []string
	positions []*board.Position
	configs   []labConfig
	armg      int
	armgQS    bool
	maxTime   time.Duration
	prover    *graph.Prover
	tt        *search.TT
	prevTotal []uint64        // per configuration, at the depth before
	lastTime  []time.Duration // per configuration; -1: skipped from now on
	armgLast  time.Duration   // the last graphs' time with ARMG; -1: no more ARMG
	stderr    io.Writer
}

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
	run := &labMinimalRun{
		fens: fens, positions: positions, configs: configs, armg: armg, armgQS: armgQS, maxTime: maxTime,
		prover:    graph.NewProver(max(mb, labMinimalProverMB)),
		tt:        search.NewTT(mb),
		prevTotal: make([]uint64, len(configs)),
		lastTime:  make([]time.Duration, len(configs)),
		stderr:    stderr,
	}
	var rows []labMinimalRow
	start := max(from-1, 1)
	for d := start; d <= to; d++ {
		r := labMinimalRow{depth: d, total: make([]uint64, len(configs)), last: make([]uint64, len(configs)), mismatch: make([]int, len(configs))}
		var values []int
		if d >= from {
			values = run.graphs(&r, d == from)
		}
		run.searches(&r, values, d > start)
		if d >= from {
			rows = append(rows, r)
		}
	}

	printLabMinimalGraphs(stdout, rows, len(positions), armg, armgQS)
	labMinimalRatioTable(stdout, configs, rows, fmt.Sprintf("Each configuration's total nodes (all iterations to the depth, as in the seed table; %s per position) over the LFMG's:", labTableDesc("seed", mb, false)),
		func(r *labMinimalRow, i int) uint64 { return r.total[i] })
	labMinimalRatioTable(stdout, configs, rows, "The nodes of the last iteration alone (the total at the depth less the total at the depth before) over the LFMG's:",
		func(r *labMinimalRow, i int) uint64 { return r.last[i] })
	if plotDir != "" {
		if err := plotLabMinimal(plotDir, configs, rows, len(positions), mb, armg); err != nil {
			fmt.Fprintf(stderr, "lab: plot: %v\n", err)
			return 1
		}
	}
	printLabMinimalMismatches(stdout, configs, rows)
	return 0
}

// graphs measures the minimal graphs of every position at r.depth (ARMG
// too while there is time: first says it is the first depth measured),
// adds their sizes to r and returns the positions' values.
func (run *labMinimalRun) graphs(r *labMinimalRow, first bool) []int {
	d, armg := r.depth, run.armg
	values := make([]int, len(run.positions))
	t0 := time.Now()
	r.armgDone = armg > 0 && !(!first && run.armgLast*6 > run.maxTime) && run.armgLast >= 0
	for i, p := range run.positions {
		a := 0
		if r.armgDone {
			a = armg
		}
		g := run.prover.Measure(p, d, a, run.armgQS)
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
		run.armgLast = r.graphTime
	} else if armg > 0 {
		run.armgLast = -1
	}
	fmt.Fprintf(run.stderr, "depth %d: LFMG %d (%d interior), ARMG(%d) %d (%d), %d deciding nodes, %v\n", d, r.lfmg.Nodes, r.lfmg.Interior, armg, r.armg.Nodes, r.armg.Interior, r.testNodes, r.graphTime.Round(time.Millisecond))
	return values
}

// searches runs each configuration to r.depth unless the depth before
// (there is one when later is set) predicts too long a time, recording
// its nodes in r and, where values is not nil, the positions whose score
// differs from their value.
func (run *labMinimalRun) searches(r *labMinimalRow, values []int, later bool) {
	d := r.depth
	for i, c := range run.configs {
		if run.lastTime[i] < 0 || later && run.lastTime[i]*6 > run.maxTime {
			run.lastTime[i] = -1
			run.prevTotal[i] = 0
			continue
		}
		t0 := time.Now()
		nodes, st, scores := labSearchScores(run.fens, d, c.opts, run.tt)
		run.lastTime[i] = time.Since(t0)
		r.total[i] = nodes
		if run.prevTotal[i] > 0 || d == 1 {
			r.last[i] = nodes - run.prevTotal[i]
		}
		run.prevTotal[i] = nodes
		if values != nil {
			for j, s := range scores {
				if s != values[j] {
					r.mismatch[i]++
				}
			}
		}
		fmt.Fprintf(run.stderr, "depth %d %s: %d nodes (%d interior), %v\n", d, c.name, nodes, st.Nodes, run.lastTime[i].Round(time.Millisecond))
	}
}

// printLabMinimalGraphs prints the table of the graphs' sizes and the
// depths where some CUT node had no refutation.
func printLabMinimalGraphs(w io.Writer, rows []labMinimalRow, positions, armg int, armgQS bool) {
	fmt.Fprintf(w, "Minimal graphs over %d positions: distinct nodes (a position with the depth left to search; quiescence nodes at depth 0), interior ones (depth above 0, the root included) in brackets. ARMG(%d): the cheapest cutoff in the last %d plies%s. The deciding searches (which move refutes; the value) are not counted.\n\n",
		positions, armg, armg, map[bool]string{true: " and in quiescence", false: ", the left-most in quiescence"}[armgQS])
	fmt.Fprintf(w, "| depth | LFMG | ARMG(%d) | LFMG over ARMG | deciding nodes | time |\n|---:|---:|---:|---:|---:|---:|\n", armg)
	for _, r := range rows {
		armgCell, ratio := "-", "-"
		if r.armgDone {
			armgCell = fmt.Sprintf("%d (%d)", r.armg.Nodes, r.armg.Interior)
			ratio = fmt.Sprintf("%+.1f%%", 100*(float64(r.lfmg.Nodes)/float64(max(r.armg.Nodes, 1))-1))
		}
		fmt.Fprintf(w, "| %d | %d (%d) | %s | %s | %d | %.1f s |\n", r.depth, r.lfmg.Nodes, r.lfmg.Interior, armgCell, ratio, r.testNodes, r.graphTime.Seconds())
	}
	for _, r := range rows {
		if r.lfmg.Inconsistent+r.armg.Inconsistent > 0 {
			fmt.Fprintf(w, "\nDepth %d: %d CUT nodes of the LFMG and %d of the ARMG where no move refuted (graph history interaction).\n", r.depth, r.lfmg.Inconsistent, r.armg.Inconsistent)
		}
	}
}

// labMinimalRatioTable prints a table of each configuration's nodes, as
// cell gives them, over the LFMG's.
func labMinimalRatioTable(w io.Writer, configs []labConfig, rows []labMinimalRow, title string, cell func(r *labMinimalRow, i int) uint64) {
	fmt.Fprintf(w, "\n%s\n\n| depth |", title)
	for _, c := range configs {
		fmt.Fprintf(w, " %s |", c.name)
	}
	fmt.Fprintf(w, "\n|---:|%s\n", strings.Repeat("---:|", len(configs)))
	for k := range rows {
		r := &rows[k]
		fmt.Fprintf(w, "| %d |", r.depth)
		for i := range configs {
			if n := cell(r, i); n > 0 {
				fmt.Fprintf(w, " %.2f |", float64(n)/float64(max(r.lfmg.Nodes, 1)))
			} else {
				fmt.Fprint(w, " - |")
			}
		}
		fmt.Fprintln(w)
	}
}

// plotLabMinimal draws the two ratio tables as plots in dir.
func plotLabMinimal(dir string, configs []labConfig, rows []labMinimalRow, positions, mb, armg int) error {
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
		if err := labPlotTo(dir, labPlotName(fmt.Sprintf("minimal-armg%d", armg), mb, false, false, pl.name), func(path string) error {
			title := fmt.Sprintf("%s, %d positions", pl.title, positions)
			return labPlot(path, title, "nodes / LFMG nodes (log scale)", true, rows[0].depth, labConfigNames(configs), labCells(pl.cells, lfmg))
		}); err != nil {
			return err
		}
	}
	return nil
}

// printLabMinimalMismatches says which configurations missed the graph's
// value, where, or that none did.
func printLabMinimalMismatches(w io.Writer, configs []labConfig, rows []labMinimalRow) {
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
		fmt.Fprintf(w, "\nPositions whose value differs from the graph's (the table's deeper results and graph history interaction): %s.\n", strings.Join(bad, "; "))
	} else {
		fmt.Fprintf(w, "\nEvery configuration found the graph's value at every position and depth.\n")
	}
}
