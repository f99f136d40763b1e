// The epd subcommand: solve an EPD test suite (WAC, Bratko-Kopec, STS,
// ...) with the engine in-process. A line per position on stdout, a
// progress line on stderr, a summary at the end, and optionally every
// result as JSON.

package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"brudno/engine"
	"brudno/search"
	"brudno/testpositions"
)

// defaultEPDMoveTime is the limit per position when none is given.
const defaultEPDMoveTime = time.Second

func cmdEPD(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("epd", flag.ContinueOnError)
	fs.SetOutput(stderr)
	moveTime := fs.Int("movetime", 0, "search each position for `MS` milliseconds (default 1000 when no limit is given)")
	depth := fs.Int("depth", 0, "search each position to depth `N`")
	nodes := fs.Uint64("nodes", 0, "search each position for about `N` nodes")
	threads := fs.Int("threads", 1, "search threads")
	hash := fs.Int("hash", 64, "transposition table size in `MB`")
	jsonOut := fs.String("json", "", "write every position's result and the summary as JSON to `FILE`")
	mates := fs.Bool("mates", false, "only the positions with a mate distance (dm N, mated N): a line each with the depth at which the search reports that distance for good, and totals by distance; no times, so the same for the same build (needs -depth, one thread)")
	var opts optionList
	fs.Var(&opts, "option", "set a UCI option, `Name=Value` (repeatable; e.g. -option \"Move Overhead=30\")")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: brudno epd FILE [-movetime MS | -depth N | -nodes N] [-threads N] [-hash MB] [-option Name=Value ...] [-json OUT] [-mates]")
		fmt.Fprintln(stderr, "Limits may be combined: the search of a position ends at the first one reached.")
		fmt.Fprintf(stderr, "FILE may name a built-in suite: builtin:%s.\n", strings.Join(testpositions.EmbeddedSuiteNames(), ", builtin:"))
		fs.PrintDefaults()
	}
	positional, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(positional) != 1 {
		fmt.Fprintln(stderr, "epd: give exactly one EPD file")
		fs.Usage()
		return 2
	}
	path := positional[0]
	if *moveTime < 0 {
		fmt.Fprintln(stderr, "epd: -movetime must not be negative")
		return 2
	}
	if *depth < 0 || *depth >= search.MaxPly {
		fmt.Fprintf(stderr, "epd: -depth must be from 1 to %d\n", search.MaxPly-1)
		return 2
	}
	if *mates && (*depth == 0 || *moveTime != 0 || *nodes != 0 || *threads != 1) {
		fmt.Fprintln(stderr, "epd: -mates measures depths: give -depth N and no -movetime or -nodes, with one thread")
		return 2
	}
	lim := testpositions.Limits{MoveTime: time.Duration(*moveTime) * time.Millisecond, Depth: *depth, Nodes: *nodes}
	if lim.MoveTime == 0 && lim.Depth == 0 && lim.Nodes == 0 {
		lim.MoveTime = defaultEPDMoveTime
	}

	records, total, ok := readEPDRecords(path, stderr)
	if !ok {
		return 2
	}
	if *mates {
		if records, total = mateRecords(records); total == 0 {
			fmt.Fprintf(stderr, "epd: %s: no position with dm or mated for -mates\n", path)
			return 2
		}
	}
	eng := newEPDEngine(*hash, *threads, opts, stderr)
	if eng == nil {
		return 2
	}
	var jsonFile *os.File
	if *jsonOut != "" { // opened now, so that a bad path fails before the run
		if jsonFile, err = os.Create(*jsonOut); err != nil {
			fmt.Fprintf(stderr, "epd: %v\n", err)
			return 2
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	prog := newProgress(stderr, total)
	width := epdIDWidth(records)
	runner := &testpositions.Runner{Engine: eng, Limits: lim, OnResult: func(r testpositions.Result) {
		prog.clear()
		if *mates {
			fmt.Fprintln(stdout, mateLine(r, total, min(width, 24), *depth))
		} else {
			fmt.Fprintln(stdout, resultLine(r, total, min(width, 24)))
		}
		prog.update(r)
	}}
	results, err := runner.Run(ctx, records)
	prog.clear()
	if err != nil {
		fmt.Fprintf(stderr, "epd: %v\n", err)
		return 2
	}
	sum := testpositions.Summarise(results)
	if *mates {
		printMateSummary(stdout, path, *depth, testpositions.SummariseMates(results, 20))
		fmt.Fprintf(stderr, "epd: %d positions searched in %.1f s, %d nodes\n", sum.Positions, sum.SearchTime.Seconds(), sum.Nodes)
	} else {
		printEPDSummary(stdout, path, sum)
	}
	if jsonFile != nil {
		err := writeEPDJSON(jsonFile, path, lim, results, sum)
		if cerr := jsonFile.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			fmt.Fprintf(stderr, "epd: %v\n", err)
			return 2
		}
	}
	if ctx.Err() != nil {
		fmt.Fprintf(stderr, "epd: interrupted after %d of %d positions\n", sum.Positions, total)
		return 130
	}
	return 0
}

// readEPDRecords reads the EPD file (or built-in suite) at path, reports
// its problems and the positions it leaves out on stderr, and returns
// the records with the number that can be solved; ok is false, after
// saying why, when there is nothing to solve.
func readEPDRecords(path string, stderr io.Writer) (records []testpositions.Record, total int, ok bool) {
	records, problems, err := readEPDFile(path)
	if err != nil {
		fmt.Fprintf(stderr, "epd: %v\n", err)
		return nil, 0, false
	}
	for _, p := range problems {
		fmt.Fprintf(stderr, "epd: %s: %v\n", path, p)
	}
	for i := range records {
		if records[i].Solvable() {
			total++
		}
	}
	if total == 0 {
		if len(records) > 0 && len(records[0].PerftCounts()) > 0 {
			fmt.Fprintf(stderr, "epd: %s: no position has bm, am, dm or points; it looks like a perft suite (`brudno perft -suite FILE` checks those)\n", path)
		} else {
			fmt.Fprintf(stderr, "epd: %s: no position to solve (%d read, none with bm, am, dm or c0 points)\n", path, len(records))
		}
		return nil, 0, false
	}
	if n := len(records) - total; n > 0 {
		fmt.Fprintf(stderr, "epd: %s: %d positions without bm, am, dm or points left out\n", path, n)
	}
	return records, total, true
}

// mateRecords keeps the records with a mate distance (dm or mated) and
// returns them with their number.
func mateRecords(records []testpositions.Record) ([]testpositions.Record, int) {
	var out []testpositions.Record
	for _, r := range records {
		if r.WantedMate() != 0 {
			out = append(out, r)
		}
	}
	return out, len(out)
}

// mateDistance prints a mate distance as "mate in 3" or "mated in 2".
func mateDistance(moves int) string {
	if moves < 0 {
		return fmt.Sprintf("mated in %d", -moves)
	}
	return fmt.Sprintf("mate in %d", moves)
}

// mateLine is -mates' line for a position: the distance, the depth it was
// found at or the search's last word, and the move; nothing timed.
func mateLine(r testpositions.Result, total, idWidth, depth int) string {
	id := r.ID
	if id == "" {
		id = fmt.Sprintf("line %d", r.Line)
	}
	found := fmt.Sprintf("not found by depth %d (%s)", depth, scoreString(r.Score))
	if r.Solved {
		found = fmt.Sprintf("found at depth %d", r.SolveDepth)
		if late := r.SolveDepth - testpositions.Par(r.WantMate) - 2; late > 0 {
			found += fmt.Sprintf(" (%d beyond %d)", late, testpositions.Par(r.WantMate)+2)
		}
	}
	line := fmt.Sprintf("%*d/%d %-*s %-11s %-8s %s", len(fmt.Sprint(total)), r.Index+1, total, idWidth, id, mateDistance(r.WantMate), r.SAN, found)
	if r.Err != "" {
		line += " error: " + r.Err
	}
	return line
}

// printMateSummary prints -mates' totals: a row per mate distance, the
// positions found latest, and as the last line "FILE: mates found by
// 2K+1 (2K+2 when mated) N/M, ...".
func printMateSummary(w io.Writer, path string, depth int, s testpositions.MateSummary) {
	fmt.Fprintf(w, "depth to the mate, searched to depth %d: the first depth from which the search reports the proved distance\n", depth)
	fmt.Fprintf(w, "  %-12s %9s %8s %8s %10s %8s %9s %6s\n", "distance", "positions", "depth 2", "depth 4", "2K-1 (2K)", "+2", "found", "worst")
	row := func(name string, t testpositions.MateTally) {
		worst := "-"
		if t.Found > 0 {
			worst = fmt.Sprint(t.Worst)
		}
		fmt.Fprintf(w, "  %-12s %9d %8d %8d %10d %8d %9d %6s\n", name, t.Positions, t.By2, t.By4, t.ByPar, t.ByPar2, t.Found, worst)
	}
	for _, t := range s.Tallies {
		row(mateDistance(t.Moves), t)
	}
	row("total", s.Total)
	if len(s.Worst) > 0 {
		fmt.Fprintln(w, "found after 2K+1 (2K+2 when mated), or not at all, the latest first:")
		for _, r := range s.Worst {
			how := fmt.Sprintf("not found by depth %d (%s)", depth, scoreString(r.Score))
			if r.Solved {
				how = fmt.Sprintf("found at depth %d", r.SolveDepth)
			}
			fmt.Fprintf(w, "  %-16s %-11s %s  %s\n", r.ID, mateDistance(r.WantMate), how, r.FEN)
		}
	}
	var one, one2, one4 int
	for _, t := range s.Tallies {
		if t.Moves == 1 || t.Moves == -1 {
			one += t.Positions
			one2 += t.By2
			one4 += t.By4
		}
	}
	fmt.Fprintf(w, "%s: mates found by 2K+1 (2K+2 when mated) %d/%d, by depth %d %d/%d; mate and mated in 1 by depth 2 %d/%d, by depth 4 %d/%d\n",
		path, s.Total.ByPar2, s.Total.Positions, depth, s.Total.Found, s.Total.Positions, one2, one, one4, one)
}

// newEPDEngine returns an engine with the table size, threads and UCI
// options given, or nil after saying what is wrong. In-process there is
// no GUI or pipe to allow for: the whole move time goes to the search
// unless the user sets Move Overhead.
func newEPDEngine(hash, threads int, opts optionList, stderr io.Writer) *engine.Engine {
	eng := engine.New()
	settings := append(optionList{{"Move Overhead", "0"}, {"Hash", fmt.Sprint(hash)}, {"Threads", fmt.Sprint(threads)}}, opts...)
	for _, o := range settings {
		if !hasOption(o[0]) {
			fmt.Fprintf(stderr, "epd: no such option %q; the options are: %s\n", o[0], optionNames())
			return nil
		}
		if err := eng.SetOption(o[0], o[1]); err != nil {
			fmt.Fprintf(stderr, "epd: %v\n", err)
			return nil
		}
	}
	return eng
}

// epdIDWidth returns the width of the longest position id.
func epdIDWidth(records []testpositions.Record) int {
	width := 0
	for i := range records {
		width = max(width, len(records[i].ID()))
	}
	return width
}

// readEPDFile reads an EPD file, or a built-in suite named builtin:NAME.
func readEPDFile(path string) ([]testpositions.Record, []testpositions.Problem, error) {
	if name, ok := strings.CutPrefix(path, "builtin:"); ok {
		return testpositions.EmbeddedSuite(name)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	records, problems := testpositions.ReadEPD(f)
	return records, problems, nil
}

// hasOption reports whether the engine has an option called name
// (case-insensitive, as SetOption matches).
func hasOption(name string) bool {
	for _, o := range engine.Options() {
		if strings.EqualFold(o.Name, name) {
			return true
		}
	}
	return false
}

func optionNames() string {
	var names []string
	for _, o := range engine.Options() {
		names = append(names, o.Name)
	}
	return strings.Join(names, ", ")
}

// resultLine is the one-line report of a position.
func resultLine(r testpositions.Result, total, idWidth int) string {
	id := r.ID
	if id == "" {
		id = fmt.Sprintf("line %d", r.Line)
	}
	verdict := "FAIL"
	if r.Solved {
		verdict = "ok"
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%*d/%d %-*s %-4s %-8s (%s)", len(fmt.Sprint(total)), r.Index+1, total, idWidth, id, verdict, r.SAN, r.Expected)
	if r.HasPoints {
		fmt.Fprintf(&sb, " points %d/%d", r.Points, r.MaxPoints)
	}
	if r.Solved {
		fmt.Fprintf(&sb, " found at depth %d, %d ms;", r.SolveDepth, r.SolveTime.Milliseconds())
	}
	fmt.Fprintf(&sb, " depth %d, %s, %d nodes, %d ms", r.Depth, scoreString(r.Score), r.Nodes, r.Time.Milliseconds())
	if r.Err != "" {
		fmt.Fprintf(&sb, " error: %s", r.Err)
	}
	return sb.String()
}

// scoreString prints a score as "+1.25" pawns or "mate 3" / "mate -2".
func scoreString(score int) string {
	if search.IsMateScore(score) {
		return fmt.Sprintf("mate %d", search.MateMoves(score))
	}
	return fmt.Sprintf("%+.2f", float64(score)/100)
}

// printEPDSummary prints the totals; the last line is always
// "FILE: solved N/M (P%), mean time-to-solution T ms, median U ms".
func printEPDSummary(w io.Writer, path string, s testpositions.Summary) {
	secs := max(s.SearchTime.Seconds(), 1e-9)
	fmt.Fprintf(w, "%d positions searched in %.1f s, %d nodes, %.0f nps\n", s.Positions, s.SearchTime.Seconds(), s.Nodes, float64(s.Nodes)/secs)
	if len(s.Groups) > 1 {
		for _, g := range s.Groups {
			name := g.Prefix
			if name == "" {
				name = "(no id)"
			}
			fmt.Fprintf(w, "  %-24s solved %d/%d", name, g.Solved, g.Positions)
			if g.WithPoints > 0 {
				fmt.Fprintf(w, ", points %d/%d", g.Points, g.MaxPoints)
			}
			fmt.Fprintln(w)
		}
	}
	if s.WithPoints > 0 {
		fmt.Fprintf(w, "%s: points %d/%d (%.1f%%) over %d positions\n", path, s.Points, s.MaxPoints, 100*float64(s.Points)/float64(max(s.MaxPoints, 1)), s.WithPoints)
	}
	pct := 0.0
	if s.Positions > 0 {
		pct = 100 * float64(s.Solved) / float64(s.Positions)
	}
	times := "n/a, median n/a"
	if s.Solved > 0 {
		times = fmt.Sprintf("%.1f ms, median %.1f ms", msFloat(s.MeanSolveTime), msFloat(s.MedianSolveTime))
	}
	fmt.Fprintf(w, "%s: solved %d/%d (%.1f%%), mean time-to-solution %s\n", path, s.Solved, s.Positions, pct, times)
}

func msFloat(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// progress prints "position k of n" on stderr: rewritten in place on a
// terminal, otherwise as a line at most every ten seconds.
type progress struct {
	w        io.Writer
	tty      bool
	total    int
	done     int
	solved   int
	start    time.Time
	lastLine time.Time
	shown    bool
}

func newProgress(w io.Writer, total int) *progress {
	p := &progress{w: w, total: total, start: time.Now()}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.tty = true
		}
	}
	p.lastLine = p.start
	return p
}

func (p *progress) update(r testpositions.Result) {
	p.done++
	if r.Solved {
		p.solved++
	}
	elapsed := time.Since(p.start)
	left := time.Duration(0)
	if p.done > 0 {
		left = elapsed / time.Duration(p.done) * time.Duration(p.total-p.done)
	}
	line := fmt.Sprintf("position %d of %d, solved %d, elapsed %s, about %s left",
		p.done, p.total, p.solved, elapsed.Round(time.Second), left.Round(time.Second))
	switch {
	case p.tty:
		fmt.Fprintf(p.w, "\r%s\x1b[K", line)
		p.shown = true
	case time.Since(p.lastLine) >= 10*time.Second || p.done == p.total:
		fmt.Fprintln(p.w, line)
		p.lastLine = time.Now()
	}
}

// clear removes the progress line from a terminal before other output.
func (p *progress) clear() {
	if p.tty && p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.shown = false
	}
}

// The JSON form of a run.
type epdJSON struct {
	File      string            `json:"file"`
	Limits    epdJSONLimits     `json:"limits"`
	Summary   epdJSONSummary    `json:"summary"`
	Positions []epdJSONPosition `json:"positions"`
}

type epdJSONLimits struct {
	MoveTimeMS int64  `json:"movetime_ms,omitempty"`
	Depth      int    `json:"depth,omitempty"`
	Nodes      uint64 `json:"nodes,omitempty"`
}

type epdJSONSummary struct {
	Positions     int            `json:"positions"`
	Solved        int            `json:"solved"`
	MeanSolveMS   float64        `json:"mean_time_to_solution_ms"`
	MedianSolveMS float64        `json:"median_time_to_solution_ms"`
	Points        *int           `json:"points,omitempty"`
	MaxPoints     *int           `json:"max_points,omitempty"`
	Nodes         uint64         `json:"nodes"`
	SearchTimeMS  float64        `json:"search_time_ms"`
	Groups        []epdJSONGroup `json:"groups"`
}

type epdJSONGroup struct {
	Prefix    string `json:"prefix"`
	Positions int    `json:"positions"`
	Solved    int    `json:"solved"`
	Points    *int   `json:"points,omitempty"`
	MaxPoints *int   `json:"max_points,omitempty"`
}

type epdJSONPosition struct {
	Line        int      `json:"line"`
	ID          string   `json:"id,omitempty"`
	FEN         string   `json:"fen"`
	Expected    string   `json:"expected"`
	Move        string   `json:"move"`
	MoveUCI     string   `json:"move_uci"`
	Solved      bool     `json:"solved"`
	SolveTimeMS *float64 `json:"time_to_solution_ms,omitempty"`
	SolveDepth  *int     `json:"depth_to_solution,omitempty"`
	Score       *int     `json:"score_cp,omitempty"`
	Mate        int      `json:"mate,omitempty"`
	Depth       int      `json:"depth"`
	Nodes       uint64   `json:"nodes"`
	TimeMS      float64  `json:"time_ms"`
	PV          []string `json:"pv"`
	Points      *int     `json:"points,omitempty"`
	MaxPoints   *int     `json:"max_points,omitempty"`
	Interrupted bool     `json:"interrupted,omitempty"`
	Error       string   `json:"error,omitempty"`
}

func writeEPDJSON(out io.Writer, path string, lim testpositions.Limits, results []testpositions.Result, s testpositions.Summary) error {
	doc := epdJSON{
		File:   path,
		Limits: epdJSONLimits{MoveTimeMS: lim.MoveTime.Milliseconds(), Depth: lim.Depth, Nodes: lim.Nodes},
		Summary: epdJSONSummary{
			Positions: s.Positions, Solved: s.Solved,
			MeanSolveMS: msFloat(s.MeanSolveTime), MedianSolveMS: msFloat(s.MedianSolveTime),
			Nodes: s.Nodes, SearchTimeMS: msFloat(s.SearchTime), Groups: []epdJSONGroup{},
		},
		Positions: []epdJSONPosition{},
	}
	if s.WithPoints > 0 {
		doc.Summary.Points, doc.Summary.MaxPoints = &s.Points, &s.MaxPoints
	}
	for _, g := range s.Groups {
		jg := epdJSONGroup{Prefix: g.Prefix, Positions: g.Positions, Solved: g.Solved}
		if g.WithPoints > 0 {
			jg.Points, jg.MaxPoints = &g.Points, &g.MaxPoints
		}
		doc.Summary.Groups = append(doc.Summary.Groups, jg)
	}
	for _, r := range results {
		p := epdJSONPosition{
			Line: r.Line, ID: r.ID, FEN: r.FEN, Expected: r.Expected, Move: r.SAN, MoveUCI: r.Move.String(),
			Solved: r.Solved, Depth: r.Depth, Nodes: r.Nodes, TimeMS: msFloat(r.Time),
			Interrupted: r.Interrupted, Error: r.Err, PV: []string{},
		}
		if r.Solved {
			t, d := msFloat(r.SolveTime), r.SolveDepth
			p.SolveTimeMS, p.SolveDepth = &t, &d
		}
		if r.Mate != 0 {
			p.Mate = r.Mate
		} else {
			score := r.Score
			p.Score = &score
		}
		if r.HasPoints {
			pts, maxPts := r.Points, r.MaxPoints
			p.Points, p.MaxPoints = &pts, &maxPts
		}
		for _, m := range r.PV {
			p.PV = append(p.PV, m.String())
		}
		doc.Positions = append(doc.Positions, p)
	}
	data, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	_, err = out.Write(append(data, '\n'))
	return err
}
