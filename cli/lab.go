// The lab subcommand reruns the seed experiments: total nodes searched at
// fixed depths over a set of positions by a sequence of configurations,
// from plain alpha-beta up to PVS with the table, killers, history and
// ETC, MTD(f) beside PVS, and the root drivers (SSS* and DUAL* among
// them) side by side. Selective enhancements (null move, reductions,
// pruning, extensions) stay off, so the trees compared are those of the
// same minimax value, which each table checks.

package cli

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"brudno/engine"
	"brudno/search"
)

type labConfig struct {
	name string
	opts search.Options
	ref  string // also shown relative to this configuration (lab_sets.go)
}

// labConfigs builds the sequence of configurations, each adding one
// technique to the one before, and MTD(f) with the last one's enhancements.
func labConfigs() []labConfig {
	o := search.PlainOptions()
	var cs []labConfig
	add := func(name string, change func(*search.Options)) {
		change(&o)
		cs = append(cs, labConfig{name: name, opts: o})
	}
	add("alpha-beta", func(*search.Options) {})
	add("+aspiration", func(o *search.Options) { o.Aspiration = true })
	add("PVS", func(o *search.Options) { o.Algorithm = search.PVS })
	add("+TT", func(o *search.Options) { o.TT = true })
	add("+killers/history", func(o *search.Options) { o.Killers, o.History = true, true })
	add("+ETC", func(o *search.Options) { o.ETC = true })
	add("MTD(f)", func(o *search.Options) { o.Algorithm = search.MTDF })
	return cs
}

func cmdLab(args []string, stdout, stderr io.Writer) int {
	if isLabTrees(args) {
		return cmdLabTrees(args, stdout, stderr) // synthetic trees: lab_trees.go
	}
	fs := flag.NewFlagSet("lab", flag.ContinueOnError)
	fs.SetOutput(stderr)
	epd := fs.String("epd", "", "positions (EPD or FEN `file`); default: the bench positions")
	depths := fs.String("depths", "2-6", "depth range `from-to`")
	maxTime := fs.Duration("maxtime", 60*time.Second, "skip a cell whose predicted time (from the depth before) exceeds this")
	smp := fs.String("smp", "", "instead: time to the last depth of -depths with 1 thread and with this many threads (a comma-separated `list`, such as 2,4,8), per position, and the median speedups")
	repeat := fs.Int("repeat", 1, "with -smp, time each position this many times with each thread count and take the median time")
	schemeName := fs.String("scheme", search.LazySMP.String(), "with -smp, the parallel schemes (comma-separated): "+strings.Join(search.ParallelSchemeNames(), ", "))
	enable := fs.String("enable", "", "with -smp, comma-separated enhancements to switch on (for one thread too): "+switchNames())
	disable := fs.String("disable", "", "with -smp, comma-separated enhancements to switch off")
	netFile := fs.String("nnue", "", "with -smp, evaluate with the NNUE network of this `file` (without -nnue or -hce: the engine's default evaluation, "+engine.DefaultEvaluation()+" in this build)")
	hce := fs.Bool("hce", false, "with -smp, evaluate with the hand-crafted evaluation")
	var params []string
	fs.Var(paramFlag{&params}, "param", "set a search constant of `brudno params`, `Name=Value` (repeatable)")
	set := fs.String("set", "seed", "the configurations: "+strings.Join(labSetNames, ", ")+" (lab_sets.go)")
	algoList := fs.String("algo", strings.Join(search.AlgorithmNames(), ","), "with -set algo, the root drivers (a comma-separated `list` of "+strings.Join(search.AlgorithmNames(), ", ")+"), a column each")
	hashMB := fs.Int("hash", 16, "the table's size in `MB`, fresh for each position")
	two := fs.Bool("two", false, "two-bound table entries (a lower and an upper bound, each with its depth) for every configuration of the set")
	withETC := fs.Bool("etc", true, "with -set mtd, ETC on in every configuration")
	minimal := fs.Bool("minimal", false, "instead: the left-first minimal graph (LFMG) at each depth and each seed configuration's nodes over it (lab/graph)")
	armg := fs.Int("armg", 0, "with -minimal, also ARMG(`d`): the cheapest cutoff in the last d plies (0: not)")
	armgQS := fs.Bool("armg-qs", false, "with -armg, the cheapest cutoff in quiescence too")
	grain := fs.Int("grain", 0, "round every static evaluation to the nearest multiple of `cp` centipawns in each configuration of -set (MTD(f)'s passes then step by at least that; 0 or 1: not)")
	plotDir := fs.String("plot", "", "also draw the tables as SVG plots into `dir`: nodes by depth and configuration; with -minimal, each configuration's nodes over the LFMG")
	if _, err := parseInterspersed(fs, args); err != nil {
		return 2
	}
	from, to, err := parseRange(*depths)
	if err != nil {
		fmt.Fprintf(stderr, "lab: %v\n", err)
		return 2
	}
	fens := engine.BenchFENs
	if *epd != "" {
		if fens, err = readFENs(*epd); err != nil {
			fmt.Fprintf(stderr, "lab: %v\n", err)
			return 2
		}
		if len(fens) == 0 {
			fmt.Fprintf(stderr, "lab: no positions in %s\n", *epd)
			return 2
		}
	}
	if *grain < 0 || *grain > 1000 {
		fmt.Fprintf(stderr, "lab: -grain must be from 0 to 1000 centipawns, got %d\n", *grain)
		return 2
	}
	if *grain > 1 && (*smp != "" || *minimal) {
		fmt.Fprintf(stderr, "lab: -grain goes with the node tables of -set, not with -smp or -minimal\n")
		return 2
	}
	algos, err := parseLabAlgos(*algoList)
	if err != nil {
		fmt.Fprintf(stderr, "lab: %v\n", err)
		return 2
	}
	algoGiven := false
	fs.Visit(func(f *flag.Flag) { algoGiven = algoGiven || f.Name == "algo" })
	if algoGiven && (*set != "algo" || *smp != "" || *minimal) {
		fmt.Fprintf(stderr, "lab: -algo goes with -set algo\n")
		return 2
	}
	if (*netFile != "" || *hce) && *smp == "" {
		fmt.Fprintf(stderr, "lab: -nnue and -hce go with -smp (the node tables of -set and -minimal use the hand-crafted evaluation)\n")
		return 2
	}
	if *smp != "" {
		return labSMPCommand(fens, to, *smp, *repeat, *schemeName, *enable, *disable, *netFile, *hce, params, *plotDir, stdout, stderr)
	}
	if *hashMB < 1 {
		fmt.Fprintf(stderr, "lab: -hash must be at least 1, got %d\n", *hashMB)
		return 2
	}
	if *minimal {
		if *armg < 0 {
			fmt.Fprintf(stderr, "lab: -armg must be 0 or more, got %d\n", *armg)
			return 2
		}
		return labMinimal(fens, from, to, *hashMB, *armg, *armgQS, *maxTime, *plotDir, stdout, stderr)
	}
	return labSetCommand(fens, from, to, *set, *two, *withETC, algos, *grain, *hashMB, *maxTime, *plotDir, stdout, stderr)
}

// labConfigNames lists the configurations' names, the columns of a table.
func labConfigNames(configs []labConfig) []string {
	names := make([]string, len(configs))
	for i, c := range configs {
		names[i] = c.name
	}
	return names
}

// labPlotName is the file name of a plot of a configuration set, named
// by what sets the run apart, so that the runs of `make lab-mtd` do not
// overwrite each other's plots.
func labPlotName(set string, mb int, two, noETC bool, what string) string {
	name := fmt.Sprintf("lab-%s-%dmb", set, mb)
	if two {
		name += "-two"
	}
	if noETC {
		name += "-noetc"
	}
	return name + "-" + what + ".svg"
}

// labCell is what one configuration's searches to one depth gave: the
// total nodes and the summed counters over the positions, and each
// position's score (nil: the cell was skipped).
type labCell struct {
	nodes  uint64
	st     search.Stats
	scores []int
}

// labColumn picks one count out of every cell, 0 for a skipped one.
func labColumn(cells [][]labCell, count func(labCell) uint64) [][]uint64 {
	rows := make([][]uint64, len(cells))
	for k, row := range cells {
		rows[k] = make([]uint64, len(row))
		for i, c := range row {
			if c.scores != nil {
				rows[k][i] = count(c)
			}
		}
	}
	return rows
}

// labTable prints the table of total nodes of each configuration at each
// depth from..to, searched with table tt, and returns the cells (skipped
// where a search would have run for more than maxTime).
func labTable(fens []string, from, to int, configs []labConfig, tt *search.TT, maxTime time.Duration, stdout, stderr io.Writer) [][]labCell {
	fmt.Fprintf(stdout, "| depth |")
	for _, c := range configs {
		fmt.Fprintf(stdout, " %s |", c.name)
	}
	fmt.Fprintf(stdout, "\n|---:|%s\n", strings.Repeat("---:|", len(configs)))
	last := make([]time.Duration, len(configs))
	var cells [][]labCell
	for d := from; d <= to; d++ {
		row := make([]labCell, len(configs))
		fmt.Fprintf(stdout, "| %d |", d)
		for i, c := range configs {
			if last[i] < 0 || d > from && last[i]*6 > maxTime {
				last[i] = -1
				fmt.Fprint(stdout, " - |")
				continue
			}
			start := time.Now()
			nodes, st, scores := labSearchScores(fens, d, c.opts, tt)
			last[i] = time.Since(start)
			row[i] = labCell{nodes, st, scores}
			fmt.Fprintf(stdout, " %d (%d) |", nodes, st.Nodes)
			fmt.Fprintf(stderr, "depth %d %s: %d nodes (%d interior, %d leaves, %d ETC cutoffs, %d re-searches), %v\n", d, c.name, nodes, st.Nodes, st.Leaves, st.ETCCutoffs, st.ReSearches, last[i].Round(time.Millisecond))
		}
		fmt.Fprintln(stdout)
		cells = append(cells, row)
	}
	return cells
}

// labCountTable prints one count of the cells by depth and configuration
// (- for a skipped cell).
func labCountTable(from int, configs []labConfig, rows [][]uint64, stdout io.Writer) {
	fmt.Fprintf(stdout, "| depth |")
	for _, c := range configs {
		fmt.Fprintf(stdout, " %s |", c.name)
	}
	fmt.Fprintf(stdout, "\n|---:|%s\n", strings.Repeat("---:|", len(configs)))
	for k, row := range rows {
		fmt.Fprintf(stdout, "| %d |", from+k)
		for _, n := range row {
			if n == 0 {
				fmt.Fprint(stdout, " - |")
			} else {
				fmt.Fprintf(stdout, " %d |", n)
			}
		}
		fmt.Fprintln(stdout)
	}
}

// labValues says whether every configuration that ran found the same
// score for each position at each depth, and lists the cases where one
// did not.
func labValues(from int, configs []labConfig, cells [][]labCell, stdout io.Writer) {
	differ := 0
	for k, row := range cells {
		first := -1
		for i, c := range row {
			if c.scores == nil {
				continue
			}
			if first < 0 {
				first = i
				continue
			}
			for p, v := range c.scores {
				if want := row[first].scores[p]; v != want {
					differ++
					fmt.Fprintf(stdout, "depth %d, position %d: %s scores %d, %s %d\n", from+k, p+1, configs[i].name, v, configs[first].name, want)
				}
			}
		}
	}
	if differ == 0 {
		fmt.Fprintln(stdout, "Every configuration found the same score for every position at every depth.")
	}
}

// labRelative prints, for the configurations with a ref, their count
// (what: "Total nodes", "Leaves") relative to the ref's at each depth:
// +10.0% is a tenth more.
func labRelative(what string, from int, configs []labConfig, totals [][]uint64, stdout io.Writer) {
	index := map[string]int{}
	var cols []int
	for i, c := range configs {
		index[c.name] = i
		if c.ref != "" {
			cols = append(cols, i)
		}
	}
	if len(cols) == 0 {
		return
	}
	fmt.Fprintf(stdout, "\n%s relative to another column (+10.0%%: a tenth more).\n\n| depth |", what)
	for _, i := range cols {
		fmt.Fprintf(stdout, " %s vs %s |", configs[i].name, configs[i].ref)
	}
	fmt.Fprintf(stdout, "\n|---:|%s\n", strings.Repeat("---:|", len(cols)))
	for k, row := range totals {
		fmt.Fprintf(stdout, "| %d |", from+k)
		for _, i := range cols {
			ref := row[index[configs[i].ref]]
			if row[i] == 0 || ref == 0 {
				fmt.Fprint(stdout, " - |")
				continue
			}
			fmt.Fprintf(stdout, " %+.1f%% |", 100*(float64(row[i])/float64(ref)-1))
		}
		fmt.Fprintln(stdout)
	}
}

// evaluationName names the evaluation of opts for a table's heading:
// the network of netFile, the embedded network, or the hand-crafted one.
func evaluationName(opts search.Options, netFile string) string {
	switch {
	case opts.Net == nil:
		return "hand-crafted evaluation"
	case netFile != "":
		return "network " + filepath.Base(netFile)
	}
	return "embedded network"
}

// smpRun is one parallel configuration of labSMP: a scheme at a thread
// count, with what its runs gathered.
type smpRun struct {
	scheme    search.ParallelScheme
	threads   int
	secs      [][]float64 // by position, each timing
	nodes     [][]float64
	total     search.Stats   // summed over every run
	perThread []search.Stats // by thread, summed over every run
	time      time.Duration  // of every run
	speedups  []float64      // by position: median one-thread time over median time
	overheads []float64
	rates     []float64
}

// medians returns the medians over the positions of the speedup, the
// search overhead and the node rate.
func (r *smpRun) medians() (speedup, overhead, rate float64) {
	return median(slices.Clone(r.speedups)), median(slices.Clone(r.overheads)), median(slices.Clone(r.rates))
}

// totals returns the sums over the positions of the median one-thread
// time (of oneSecs, by position) and of the run's median time, in
// seconds: their ratio is the speedup of the whole set, which a few
// positions' luck moves less than the median of the positions' speedups.
func (r *smpRun) totals(oneSecs [][]float64) (one, many float64) {
	for i := range oneSecs {
		one += median(oneSecs[i])
		many += median(r.secs[i])
	}
	return one, many
}

// labSMP measures the time to reach depth with one thread and with each
// thread count of threads for each scheme on each position (the options
// opts, described by desc; fresh table; the median of repeat timings each, the
// configurations taking turns within each repeat so that a slow spell of
// the machine hits all), and prints for each configuration the
// per-position and median speedups, the search overhead (the nodes the
// threads search to reach the depth, over one thread's), the node rate
// of the threads over one thread's, and the parallel counters: split
// points, joins, aborted work, and each thread's share of the nodes and
// idle time; then a summary with the efficiency (speedup over threads)
// and, with plotDir, its plot.
func labSMP(fens []string, depth int, threads []int, repeat int, schemes []search.ParallelScheme, opts search.Options, desc, plotDir string, stdout, stderr io.Writer) int {
	var runs []*smpRun
	for _, sc := range schemes {
		for _, n := range threads {
			runs = append(runs, &smpRun{scheme: sc, threads: n, perThread: make([]search.Stats, n),
				secs: make([][]float64, len(fens)), nodes: make([][]float64, len(fens))})
		}
	}
	oneSecs, oneNodes := make([][]float64, len(fens)), make([][]float64, len(fens))
	bench := func(fen string, n int, sc search.ParallelScheme, report func(engine.BenchResult)) {
		o := opts
		o.Threads, o.Parallel = n, sc
		engine.BenchPositions([]string{fen}, depth, o, engine.BenchHashMB, report)
	}
	for i, fen := range fens {
		for range repeat {
			bench(fen, 1, search.LazySMP, func(r engine.BenchResult) {
				oneSecs[i] = append(oneSecs[i], r.Time.Seconds())
				oneNodes[i] = append(oneNodes[i], float64(r.Nodes))
			})
			for _, run := range runs {
				bench(fen, run.threads, run.scheme, func(r engine.BenchResult) {
					run.secs[i] = append(run.secs[i], r.Time.Seconds())
					run.nodes[i] = append(run.nodes[i], float64(r.Nodes))
					run.time += r.Time
					run.total.Add(r.Stats)
					for j := range r.PerThread {
						run.perThread[j].Add(r.PerThread[j])
					}
				})
			}
		}
		one, oneN := median(oneSecs[i]), median(oneNodes[i])
		for _, run := range runs {
			sp := one / max(median(run.secs[i]), 1e-6)
			ov := median(run.nodes[i]) / max(oneN, 1)
			run.speedups, run.overheads, run.rates = append(run.speedups, sp), append(run.overheads, ov), append(run.rates, sp*ov)
			fmt.Fprintf(stderr, "position %d: %v %d threads %.2f\n", i+1, run.scheme, run.threads, sp)
		}
	}
	for _, run := range runs {
		n := run.threads
		fmt.Fprintf(stdout, "Time to depth %d: 1 thread vs %d threads, %v (%s, fresh %d MB table; median of %d timings each).\n\n", depth, n, run.scheme, desc, engine.BenchHashMB, repeat)
		fmt.Fprintf(stdout, "| position | 1 thread ms | %d threads ms | speedup | 1 thread nodes | %d threads nodes | search overhead | node rate |\n", n, n)
		fmt.Fprintf(stdout, "|---:|---:|---:|---:|---:|---:|---:|---:|\n")
		for i := range fens {
			fmt.Fprintf(stdout, "| %d | %.0f | %.0f | %.2f | %.0f | %.0f | %.2f | %.2f |\n", i+1, 1000*median(oneSecs[i]), 1000*median(run.secs[i]),
				run.speedups[i], median(oneNodes[i]), median(run.nodes[i]), run.overheads[i], run.rates[i])
		}
		sp, ov, rate := run.medians()
		t1, tn := run.totals(oneSecs)
		fmt.Fprintf(stdout, "\nmedian speedup %.2f over %d positions\n", sp, len(fens))
		fmt.Fprintf(stdout, "speedup of the whole set %.2f (the positions' median times summed: %.1f s with 1 thread, %.1f s with %d)\n", t1/max(tn, 1e-9), t1, tn, n)
		fmt.Fprintf(stdout, "median search overhead %.2f (nodes with %d threads / nodes with 1, same depth)\n", ov, n)
		fmt.Fprintf(stdout, "median node rate %.2f (nodes per second with %d threads / with 1; %d would be perfect)\n", rate, n, n)
		fmt.Fprintf(stdout, "\nWith %d threads, over all runs: split points %d, joined %d, aborted nodes %d (%.1f%% of the nodes)\n",
			n, run.total.SplitPoints, run.total.SplitJoins, run.total.AbortedNodes, 100*float64(run.total.AbortedNodes)/float64(max(run.total.Total(), 1)))
		for i, st := range run.perThread {
			fmt.Fprintf(stdout, "thread %d: %d nodes (%.1f%%), idle %v (%.1f%% of the search time)\n", i, st.Total(),
				100*float64(st.Total())/float64(max(run.total.Total(), 1)), st.Idle.Round(time.Millisecond), 100*st.Idle.Seconds()/max(run.time.Seconds(), 1e-9))
		}
		fmt.Fprintln(stdout)
	}
	if len(runs) > 1 {
		fmt.Fprintf(stdout, "Summary, depth %d, %d positions (medians over positions; the whole set's speedup from the summed times):\n\n| scheme | threads | speedup | efficiency | search overhead | node rate | whole set |\n|---|---:|---:|---:|---:|---:|---:|\n", depth, len(fens))
		for _, run := range runs {
			sp, ov, rate := run.medians()
			t1, tn := run.totals(oneSecs)
			fmt.Fprintf(stdout, "| %v | %d | %.2f | %.2f | %.2f | %.2f | %.2f |\n", run.scheme, run.threads, sp, sp/float64(run.threads), ov, rate, t1/max(tn, 1e-9))
		}
	}
	if err := labPlotTo(plotDir, fmt.Sprintf("lab-smp-depth%d.svg", depth), func(path string) error {
		return labPlotSMP(path, depth, len(fens), runs)
	}); err != nil {
		fmt.Fprintf(stderr, "lab: plot: %v\n", err)
		return 1
	}
	return 0
}

// median of xs (sorted in place); the mean of the middle two for an even count.
func median(xs []float64) float64 {
	sort.Float64s(xs)
	m := xs[len(xs)/2]
	if len(xs)%2 == 0 {
		m = (xs[len(xs)/2-1] + m) / 2
	}
	return m
}

// labSMPCommand is `lab -smp`: parallel time to depth.
func labSMPCommand(fens []string, to int, smp string, repeat int, schemeName, enable, disable, netFile string, hce bool,
	params []string, plotDir string, stdout, stderr io.Writer) int {
	if repeat < 1 {
		fmt.Fprintf(stderr, "lab: -repeat must be at least 1, got %d\n", repeat)
		return 2
	}
	var threads []int
	for _, f := range strings.Split(smp, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 2 || n > 256 {
			fmt.Fprintf(stderr, "lab: -smp %q: want thread counts from 2 to 256 (the Threads option's range), comma-separated\n", smp)
			return 2
		}
		threads = append(threads, n)
	}
	var schemes []search.ParallelScheme
	for _, f := range strings.Split(schemeName, ",") {
		scheme, err := search.ParseParallelScheme(strings.TrimSpace(f))
		if err != nil {
			fmt.Fprintf(stderr, "lab: %v\n", err)
			return 2
		}
		schemes = append(schemes, scheme)
	}
	opts := search.DefaultOptions()
	if err := chooseEvaluation(&opts, netFile, hce); err != nil {
		fmt.Fprintf(stderr, "lab: %v\n", err)
		return 2
	}
	if err := applySwitches(&opts, enable, disable); err != nil {
		fmt.Fprintf(stderr, "lab: %v\n", err)
		return 2
	}
	desc := "default options"
	if enable != "" {
		desc += ", on: " + enable
	}
	if disable != "" {
		desc += ", off: " + disable
	}
	if len(params) > 0 {
		desc += ", " + strings.Join(params, ", ")
	}
	desc += ", " + evaluationName(opts, netFile)
	return labSMP(fens, to, threads, repeat, schemes, opts, desc, plotDir, stdout, stderr)
}

// labSetCommand is `lab [-set S]`: the node table of a set of
// configurations.
func labSetCommand(fens []string, from, to int, set string, two, withETC bool, algos []search.Algorithm, grain, hashMB int, maxTime time.Duration,
	plotDir string, stdout, stderr io.Writer) int {
	configs, err := labSet(set, two, withETC, algos)
	if err != nil {
		fmt.Fprintf(stderr, "lab: %v\n", err)
		return 2
	}
	desc, plotSet := labTableDesc(set, hashMB, two), set
	if grain > 1 {
		for i := range configs {
			configs[i].opts.EvalGrain = grain
		}
		desc += fmt.Sprintf(", static evaluations rounded to multiples of %d cp", grain)
		plotSet += fmt.Sprintf("-grain%d", grain)
	}
	fmt.Fprintf(stdout, "Total nodes, interior + quiescence (interior alone in brackets), over %d positions, one thread, fresh %s per position.\n\n", len(fens), desc)
	tt := search.NewTT(hashMB)
	cells := labTable(fens, from, to, configs, tt, maxTime, stdout, stderr)
	totals := labColumn(cells, func(c labCell) uint64 { return c.nodes })
	labRelative("Total nodes", from, configs, totals, stdout)
	if set == "algo" {
		fmt.Fprintf(stdout, "\nLeaves: nodes valued without searching a child (a stand pat at or above beta; no move to search: a quiet position in quiescence, mate, stalemate; a draw by rule), over the same searches; table cutoffs are not counted.\n\n")
		leaves := labColumn(cells, func(c labCell) uint64 { return c.st.Leaves })
		labCountTable(from, configs, leaves, stdout)
		labRelative("Leaves", from, configs, leaves, stdout)
	}
	fmt.Fprintln(stdout)
	labValues(from, configs, cells, stdout)
	if err := labPlotTo(plotDir, labPlotName(plotSet, hashMB, two, !withETC && set == "mtd", "nodes"), func(path string) error {
		title := fmt.Sprintf("Total nodes over %d positions, %s", len(fens), desc)
		return labPlot(path, title, "total nodes (log scale)", true, from, labConfigNames(configs), labCells(totals, func(int) float64 { return 1 }))
	}); err != nil {
		fmt.Fprintf(stderr, "lab: plot: %v\n", err)
		return 1
	}
	return 0
}
