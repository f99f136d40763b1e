// The test-suite runner: each EPD position is searched by one in-process
// engine (a new game before every position) within the same limits, and
// judged against its bm, am and dm operations and STS-style points. The
// runner records when the answer was found (time and depth to solution:
// the first report from which the best move stayed correct to the end)
// and summarises a run per file and per id prefix. It prints nothing: the
// caller gets values and callbacks.
package testpositions

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"brudno/board"
	"brudno/engine"
	"brudno/search"
)

// Limits bound the search of each position; zero fields are unlimited,
// and at least one must be set. The search ends at the first one reached.
type Limits struct {
	MoveTime time.Duration
	Depth    int
	Nodes    uint64
}

// Result is the outcome of one position.
type Result struct {
	Index    int    // position number in the run, from 0
	Line     int    // line in the file
	ID       string // the id operand, or ""
	FEN      string
	Expected string // what counts as solved, e.g. "bm Qg6", "am Qxb2", "dm 3"
	WantMate int    // the record's mate distance (WantedMate): dm N gives N, mated N -N, else 0

	Move  board.Move // the engine's best move (NoMove if none)
	SAN   string     // the best move in SAN
	Score int        // from the side to move, centipawns or a mate score
	Mate  int        // moves to mate when Score is a mate score (negative: mated), else 0
	Depth int
	Nodes uint64
	Time  time.Duration
	PV    []board.Move

	Solved      bool
	SolveTime   time.Duration // time to solution (when Solved)
	SolveDepth  int           // depth to solution (when Solved)
	HasPoints   bool          // the position awards STS-style points
	Points      int           // points for the move played
	MaxPoints   int           // the most points any move earns
	Interrupted bool          // the run was cancelled during this search
	Err         string        // the engine refused the position (then not solved)
}

// Runner searches positions with one engine.
type Runner struct {
	Engine *engine.Engine
	Limits Limits
	// OnResult, if not nil, is called after each position.
	OnResult func(Result)
}

// Solvable reports whether the record says what a solution is: a bm, am,
// dm or mated operation, or points for moves.
func (rec *Record) Solvable() bool {
	return len(rec.BM) > 0 || len(rec.AM) > 0 || rec.DirectMate() > 0 || rec.Mated() > 0 || len(rec.Points) > 0
}

// Expected describes the record's solution criteria as in the file.
func (rec *Record) Expected() string {
	var parts []string
	for _, op := range rec.Ops {
		switch strings.ToLower(op.Opcode) {
		case "bm", "am", "dm", "mated":
			parts = append(parts, op.Opcode+" "+strings.Join(op.Operands, " "))
		}
	}
	if len(parts) == 0 && len(rec.Points) > 0 {
		var pts []string
		for _, p := range rec.Points {
			pts = append(pts, fmt.Sprintf("%s=%d", p.SAN, p.Points))
		}
		parts = append(parts, "points "+strings.Join(pts, ", "))
	}
	return strings.Join(parts, "; ")
}

// PointsFor returns the points m earns and the most any move earns.
func (rec *Record) PointsFor(m board.Move) (points, max int) {
	for _, p := range rec.Points {
		if p.Move == m && p.Points > points {
			points = p.Points
		}
		if p.Points > max {
			max = p.Points
		}
	}
	return points, max
}

// Judge reports whether playing m with the score (a bound of kind bound,
// as in search.Info) solves the record: m is one of bm (when given) and
// none of am; with only points, m earns the most points; with dm N, the
// score announces a mate in at most N moves and is not an upper bound;
// with mated N, the score announces being mated in exactly N moves (a
// longer defence is wrong, a shorter one a mate missed) and is not a
// lower bound.
func (rec *Record) Judge(m board.Move, score, bound int) bool {
	if m == board.NoMove || !rec.Solvable() || slices.Contains(rec.AM, m) {
		return false
	}
	if len(rec.BM) > 0 && !slices.Contains(rec.BM, m) {
		return false
	}
	if len(rec.BM) == 0 && len(rec.AM) == 0 && len(rec.Points) > 0 {
		if got, best := rec.PointsFor(m); got < best {
			return false
		}
	}
	if n := rec.DirectMate(); n > 0 {
		if bound == search.BoundUpper || !search.IsMateScore(score) {
			return false
		}
		if mate := search.MateMoves(score); mate < 1 || mate > n {
			return false
		}
	}
	if n := rec.Mated(); n > 0 {
		if bound == search.BoundLower || !search.IsMateScore(score) || search.MateMoves(score) != -n {
			return false
		}
	}
	return true
}

// observation is the best move as one report of the search saw it.
type observation struct {
	move  board.Move
	score int
	bound int
	depth int
	time  time.Duration
	pv    []board.Move
}

// ErrNoLimit is returned by Run when Limits has no field set.
var ErrNoLimit = errors.New("no search limit: give a move time, a depth or a node count")

// Run searches every solvable record in order and returns the results
// (unsolvable records are left out). Cancelling ctx stops the search in
// progress; that position is returned marked Interrupted, and Run returns
// what it has.
func (r *Runner) Run(ctx context.Context, records []Record) ([]Result, error) {
	if r.Limits.MoveTime <= 0 && r.Limits.Depth <= 0 && r.Limits.Nodes == 0 {
		return nil, ErrNoLimit
	}
	var results []Result
	for i := range records {
		if !records[i].Solvable() {
			continue
		}
		if ctx.Err() != nil {
			break
		}
		res := r.Solve(ctx, &records[i])
		res.Index = len(results)
		results = append(results, res)
		if r.OnResult != nil {
			r.OnResult(res)
		}
		if res.Interrupted {
			break
		}
	}
	return results, nil
}

// Solve searches one record from a new game and judges the answer.
func (r *Runner) Solve(ctx context.Context, rec *Record) Result {
	e := r.Engine
	res := Result{Line: rec.Line, ID: rec.ID(), FEN: rec.FEN, Expected: rec.Expected(), WantMate: rec.WantedMate()}
	if err := e.NewGame(); err != nil {
		res.Err = err.Error()
		return res
	}
	if err := e.SetPosition(rec.FullFEN(), nil); err != nil {
		res.Err = err.Error()
		return res
	}
	pos := e.Position()
	lim := search.Limits{MoveTime: r.Limits.MoveTime, Depth: r.Limits.Depth, Nodes: r.Limits.Nodes, Mate: rec.DirectMate()}
	var seen []observation
	done := make(chan search.Result, 1)
	err := e.Go(lim, engine.Callbacks{
		Info: func(info search.Info) {
			if info.MultiPV <= 1 && len(info.PV) > 0 {
				seen = append(seen, observation{info.PV[0], info.Score, info.Bound, info.Depth, info.Time, info.PV})
			}
		},
		BestMove: func(sr search.Result) { done <- sr },
	})
	if err != nil {
		res.Err = err.Error()
		return res
	}
	var sr search.Result
	select {
	case sr = <-done:
	case <-ctx.Done():
		e.Stop()
		sr = <-done
		res.Interrupted = true
	}
	e.Wait()
	// The final answer is the last observation; it may come from an
	// iteration that did not finish.
	seen = append(seen, observation{sr.Best, sr.Score, search.BoundExact, sr.Depth, sr.Time, nil})

	res.Move, res.SAN = sr.Best, EncodeSAN(pos, sr.Best)
	res.Score, res.Depth, res.Nodes, res.Time = sr.Score, sr.Depth, sr.Nodes, sr.Time
	if search.IsMateScore(sr.Score) {
		res.Mate = search.MateMoves(sr.Score)
	}
	for i := len(seen) - 2; i >= 0; i-- { // the PV of the last report with the final move
		if seen[i].move == sr.Best {
			res.PV = seen[i].pv
			break
		}
	}
	if res.PV == nil && sr.Best != board.NoMove {
		res.PV = []board.Move{sr.Best}
	}
	if len(rec.Points) > 0 {
		res.HasPoints = true
		res.Points, res.MaxPoints = rec.PointsFor(sr.Best)
	}
	if first := solutionStart(rec, seen); first < len(seen) {
		res.Solved = true
		res.SolveTime, res.SolveDepth = seen[first].time, seen[first].depth
	}
	return res
}

// solutionStart returns the index of the first observation from which
// every observation to the last solves rec, or len(seen) when the last
// one does not.
func solutionStart(rec *Record, seen []observation) int {
	first := len(seen)
	for first > 0 && rec.Judge(seen[first-1].move, seen[first-1].score, seen[first-1].bound) {
		first--
	}
	return first
}

// Summary totals a run.
type Summary struct {
	Positions, Solved int
	MeanSolveTime     time.Duration // over the solved positions
	MedianSolveTime   time.Duration // over the solved positions
	WithPoints        int           // positions that award points
	Points, MaxPoints int           // earned and available over those
	Nodes             uint64
	SearchTime        time.Duration
	Groups            []Group // by id prefix, in order of first appearance
}

// Group totals the positions whose ids share a prefix (see IDPrefix).
type Group struct {
	Prefix            string
	Positions, Solved int
	WithPoints        int
	Points, MaxPoints int
}

// Summarise totals results. Interrupted positions are left out.
func Summarise(results []Result) Summary {
	var s Summary
	var times []time.Duration
	groupIndex := map[string]int{}
	for _, r := range results {
		if r.Interrupted {
			continue
		}
		i, ok := groupIndex[IDPrefix(r.ID)]
		if !ok {
			i = len(s.Groups)
			groupIndex[IDPrefix(r.ID)] = i
			s.Groups = append(s.Groups, Group{Prefix: IDPrefix(r.ID)})
		}
		g := &s.Groups[i]
		s.Positions++
		g.Positions++
		s.Nodes += r.Nodes
		s.SearchTime += r.Time
		if r.Solved {
			s.Solved++
			g.Solved++
			times = append(times, r.SolveTime)
		}
		if r.HasPoints {
			s.WithPoints++
			g.WithPoints++
			s.Points += r.Points
			g.Points += r.Points
			s.MaxPoints += r.MaxPoints
			g.MaxPoints += r.MaxPoints
		}
	}
	if n := len(times); n > 0 {
		var sum time.Duration
		for _, t := range times {
			sum += t
		}
		s.MeanSolveTime = sum / time.Duration(n)
		slices.Sort(times)
		if n%2 == 1 {
			s.MedianSolveTime = times[n/2]
		} else {
			s.MedianSolveTime = (times[n/2-1] + times[n/2]) / 2
		}
	}
	return s
}

// IDPrefix is the part of an id that names its group: up to the last
// separator (".", "-", "_", ":", "/", space) when there is one, so that
// "WAC.001" gives "WAC.", "STS1-007" "STS1-" and "STS(v1.0) Undermine.001"
// "STS(v1.0) Undermine."; otherwise the id less its trailing digits.
func IDPrefix(id string) string {
	id = strings.TrimSpace(id)
	if i := strings.LastIndexAny(id, ".-_:/ "); i > 0 {
		return strings.TrimRight(id[:i+1], " ")
	}
	return strings.TrimRight(id, "0123456789")
}
