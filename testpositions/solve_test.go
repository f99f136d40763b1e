// Tests of the suite runner: the embedded suites solved by the engine
// with exact verdicts, the judging rules for bm, am, dm and points, time
// and depth to solution, the summary arithmetic, and cancellation.
package testpositions

import (
	"context"
	"reflect"
	"testing"
	"time"

	"brudno/board"
	"brudno/engine"
	"brudno/search"
)

func newRunner(lim Limits) *Runner {
	e := engine.New()
	if err := e.SetOption("Hash", "16"); err != nil {
		panic(err)
	}
	return &Runner{Engine: e, Limits: lim}
}

// The engine solves every embedded mate, reporting the mate distance of
// dm, and finds mates in one at depth 1.
func TestSolveEmbeddedMates(t *testing.T) {
	recs := embedded(t, "mates", 13)
	var seen []int
	r := newRunner(Limits{Depth: 14})
	r.OnResult = func(res Result) { seen = append(seen, res.Index) }
	results, err := r.Run(context.Background(), recs)
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 13 || !reflect.DeepEqual(seen, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}) {
		t.Fatalf("%d results, callbacks for %v", len(results), seen)
	}
	for i, res := range results {
		rec := &recs[i]
		n := rec.DirectMate()
		if !res.Solved || res.Mate != n || res.ID != rec.ID() || res.Line != rec.Line {
			t.Errorf("%s: solved %v mate %d (want mate %d), move %s, expected %q", res.ID, res.Solved, res.Mate, n, res.SAN, res.Expected)
		}
		if res.SolveDepth < 1 || res.SolveDepth > res.Depth || res.SolveTime > res.Time {
			t.Errorf("%s: solved at depth %d in %v, searched depth %d in %v", res.ID, res.SolveDepth, res.SolveTime, res.Depth, res.Time)
		}
		if n == 1 && res.SolveDepth != 1 {
			t.Errorf("%s: a mate in 1 solved at depth %d, want 1", res.ID, res.SolveDepth)
		}
		if len(res.PV) == 0 || res.PV[0] != res.Move {
			t.Errorf("%s: PV %v does not start with %v", res.ID, res.PV, res.Move)
		}
	}
	if got := results[2].Expected; got != "bm c8=Q# c8=R#; dm 1" {
		t.Errorf("expected text %q", got)
	}
	s := Summarise(results)
	if s.Positions != 13 || s.Solved != 13 || len(s.Groups) != 3 ||
		s.Groups[0] != (Group{Prefix: "mate1-", Positions: 5, Solved: 5}) ||
		s.Groups[2] != (Group{Prefix: "mate3-", Positions: 4, Solved: 4}) {
		t.Errorf("summary %+v", s)
	}
}

// The engine finds the single winning move of every only-move position.
func TestSolveEmbeddedOnlyMove(t *testing.T) {
	recs := embedded(t, "onlymove", 6)
	results, err := newRunner(Limits{Depth: 6}).Run(context.Background(), recs)
	if err != nil {
		t.Fatal(err)
	}
	var solved []string
	for _, res := range results {
		if res.Solved {
			solved = append(solved, res.ID)
		}
	}
	if want := []string{"only-01", "only-02", "only-03", "only-04", "only-05", "only-06"}; !reflect.DeepEqual(solved, want) {
		t.Errorf("solved %v, want %v", solved, want)
	}
}

// Records that say the wrong thing are judged unsolved, am-only and
// points-only records are judged by their own rules, and records without
// a criterion are left out.
func TestSolveVerdicts(t *testing.T) {
	const smothered = "r6k/6pp/7N/8/8/1Q6/8/6K1 w - - 0 1" // mate in 2 by Qg8+ only
	lines := []struct {
		ops    string
		solved bool
		points [2]int
	}{
		{"bm Qg8+; id v1;", true, [2]int{}},
		{"bm Nf7+; id v2;", false, [2]int{}},     // wrong bm
		{"am Qg8+; id v3;", false, [2]int{}},     // the best move is to be avoided
		{"am Nf7+ Qb8+; id v4;", true, [2]int{}}, // avoided
		{"bm Qg8+; am Qg8+; id v5;", false, [2]int{}},
		{"dm 2; id v6;", true, [2]int{}},
		{"dm 1; id v7;", false, [2]int{}}, // there is no mate in 1
		{`c0 "Qg8+=10, Nf7+=3"; id v8;`, true, [2]int{10, 10}},
		{`c0 "Qg8+=4, Nf7+=10"; id v9;`, false, [2]int{4, 10}},
		{`bm Qg8+; c0 "Qg8+=10, Nf7+=3"; id v10;`, true, [2]int{10, 10}},
		{"id nothing-to-judge;", false, [2]int{}},
	}
	var recs []Record
	for _, l := range lines {
		rec, err := ParseRecord(smothered + " " + l.ops)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
	results, err := newRunner(Limits{Depth: 5}).Run(context.Background(), recs)
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != len(lines)-1 {
		t.Fatalf("%d results, want %d (the record without a criterion left out)", len(results), len(lines)-1)
	}
	for i, res := range results {
		want := lines[i]
		if res.Move.UCI(false) != "b3g8" || res.SAN != "Qg8+" || res.Mate != 2 {
			t.Errorf("%s: move %s (%s) mate %d; want Qg8+ and mate 2", res.ID, res.SAN, res.Move, res.Mate)
		}
		if res.Solved != want.solved || res.HasPoints != (want.points != [2]int{}) ||
			res.Points != want.points[0] || res.MaxPoints != want.points[1] {
			t.Errorf("%s: solved %v points %d/%d (has %v); want %v %v", res.ID, res.Solved, res.Points, res.MaxPoints, res.HasPoints, want.solved, want.points)
		}
		if !res.Solved && (res.SolveTime != 0 || res.SolveDepth != 0) {
			t.Errorf("%s: unsolved but solved at depth %d", res.ID, res.SolveDepth)
		}
	}
	s := Summarise(results)
	if s.Positions != 10 || s.Solved != 5 || s.WithPoints != 3 || s.Points != 24 || s.MaxPoints != 30 {
		t.Errorf("summary %+v; want 10 positions, 5 solved, points 24/30 over 3", s)
	}
	if len(s.Groups) != 1 || s.Groups[0].Prefix != "v" {
		t.Errorf("groups %+v", s.Groups)
	}
}

// Time and depth to solution come from the first report from which the
// best move stayed correct to the end.
func TestSolutionStart(t *testing.T) {
	pos, _ := board.ParseFEN(wac1 + " 0 1")
	right, _ := pos.ParseMove("g3g6")
	wrong, _ := pos.ParseMove("g3g7")
	rec, err := ParseRecord(wac1 + " bm Qg6;")
	if err != nil {
		t.Fatal(err)
	}
	mk := func(ms ...board.Move) []observation {
		var obs []observation
		for i, m := range ms {
			obs = append(obs, observation{move: m, depth: i + 1, time: time.Duration(i+1) * time.Millisecond})
		}
		return obs
	}
	for _, c := range []struct {
		seen []observation
		want int
	}{
		{mk(right, right, right), 0},
		{mk(wrong, right, wrong, right, right), 3},
		{mk(right, right, wrong), 3}, // not solved: the final move is wrong
		{mk(wrong), 1},
		{nil, 0},
	} {
		if got := solutionStart(&rec, c.seen); got != c.want {
			t.Errorf("solutionStart = %d, want %d", got, c.want)
		}
	}
	dm, _ := ParseRecord(wac1 + " dm 3;")
	mate := func(n, bound int) observation {
		return observation{move: right, score: search.Mate - (2*n - 1), bound: bound}
	}
	seen := []observation{{move: right, score: 500, bound: search.BoundExact}, mate(3, search.BoundUpper), mate(4, search.BoundExact), mate(3, search.BoundLower), mate(2, search.BoundExact)}
	if got := solutionStart(&dm, seen); got != 3 {
		t.Errorf("dm 3: solution starts at %d, want 3 (a lower bound proves the mate, an upper bound does not)", got)
	}
}

func TestSummariseArithmetic(t *testing.T) {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	results := []Result{
		{ID: "A.1", Solved: true, SolveTime: ms(10), Nodes: 100, Time: ms(50)},
		{ID: "A.2", Solved: true, SolveTime: ms(30), Nodes: 100, Time: ms(50), HasPoints: true, Points: 3, MaxPoints: 10},
		{ID: "B-1", Solved: false, Nodes: 100, Time: ms(50), HasPoints: true, Points: 0, MaxPoints: 10},
		{ID: "B-2", Solved: true, SolveTime: ms(2), Nodes: 100, Time: ms(50)},
		{ID: "B-3", Solved: true, SolveTime: ms(4), Nodes: 100, Time: ms(50)},
		{ID: "C.9", Solved: true, SolveTime: ms(1), Interrupted: true},
	}
	s := Summarise(results)
	want := Summary{
		Positions: 5, Solved: 4, MeanSolveTime: ms(46) / 4, MedianSolveTime: ms(7),
		WithPoints: 2, Points: 3, MaxPoints: 20, Nodes: 500, SearchTime: ms(250),
		Groups: []Group{
			{Prefix: "A.", Positions: 2, Solved: 2, WithPoints: 1, Points: 3, MaxPoints: 10},
			{Prefix: "B-", Positions: 3, Solved: 2, WithPoints: 1, Points: 0, MaxPoints: 10},
		},
	}
	if !reflect.DeepEqual(s, want) {
		t.Errorf("summary\n got %+v\nwant %+v", s, want)
	}
	if s := Summarise(results[:1]); s.MedianSolveTime != ms(10) || s.MeanSolveTime != ms(10) {
		t.Errorf("one result: %+v", s)
	}
	if s := Summarise(nil); !reflect.DeepEqual(s, Summary{}) {
		t.Errorf("no results: %+v", s)
	}
}

func TestRunLimitsAndCancel(t *testing.T) {
	recs := embedded(t, "onlymove", 6)
	if _, err := newRunner(Limits{}).Run(context.Background(), recs); err != ErrNoLimit {
		t.Errorf("no limit: error %v, want ErrNoLimit", err)
	}
	// A node limit is deterministic on one thread: the same results twice.
	a, _ := newRunner(Limits{Nodes: 5000}).Run(context.Background(), recs[:2])
	b, _ := newRunner(Limits{Nodes: 5000}).Run(context.Background(), recs[:2])
	for i := range a {
		if a[i].Move != b[i].Move || a[i].Nodes != b[i].Nodes || a[i].Depth != b[i].Depth {
			t.Errorf("node-limited runs differ: %+v / %+v", a[i], b[i])
		}
	}
	// Cancelling stops the running search and the run. The cancel comes
	// once the first search runs: at a fixed time it could come, on a
	// loaded machine, before the run had begun it, and the run would
	// rightly search nothing.
	ctx, cancel := context.WithCancel(context.Background())
	r := newRunner(Limits{MoveTime: time.Minute})
	go func() {
		for deadline := time.Now().Add(10 * time.Second); !r.Engine.Searching() && time.Now().Before(deadline); {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	start := time.Now()
	results, err := r.Run(ctx, recs)
	if err != nil || len(results) != 1 || !results[0].Interrupted || time.Since(start) > 10*time.Second {
		t.Errorf("cancel: %d results (%+v), err %v, after %v", len(results), results, err, time.Since(start))
	}
	if s := Summarise(results); s.Positions != 0 {
		t.Errorf("an interrupted position was counted: %+v", s)
	}
}
