// Search tests with exact expectations: mates found with the right score,
// stalemate and repetition as draws, mate scores kept across the table.
package search

import (
	"fmt"
	"testing"

	"brudno/board"
)

func searchFEN(t *testing.T, fen string, lim Limits, opts Options) Result {
	t.Helper()
	p, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(NewTT(16))
	return s.Search(p, lim, opts, 0, Callbacks{})
}

func TestMates(t *testing.T) {
	cases := []struct {
		fen   string
		moves int
		best  string
	}{
		{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1, "d1d8"},                               // back-rank mate
		{"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1, "h5f7"}, // scholar's mate
		{"2bqkbn1/2pppp2/np2N3/r3P1p1/p2N2B1/5Q2/PPPPPP1P/R3K2R w KQ - 0 1", 2, "f3f7"},
		{"k7/8/1K6/8/8/8/8/2R5 w - - 0 1", 1, "c1c8"},
		{"2k5/8/1K6/8/8/8/8/7R w - - 0 1", 2, ""},
		{"r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 2, "d5f6"},
		// Mates in 3, verified by plain alpha-beta to depth 5 (exhaustive).
		{"r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", 3, ""},
		{"r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 3, ""},
	}
	for _, c := range cases {
		configs := []Options{DefaultOptions(), {TT: true}}
		for _, a := range []Algorithm{MTDF, AlphaBeta, SSS, DUAL} {
			o := DefaultOptions()
			o.Algorithm = a
			configs = append(configs, o)
		}
		for _, opts := range configs {
			r := searchFEN(t, c.fen, Limits{Mate: c.moves, Depth: 2*c.moves + 4}, opts)
			if !IsMateScore(r.Score) || MateMoves(r.Score) != c.moves {
				t.Errorf("%s (%+v): score %d (mate %d), want mate %d", c.fen, opts, r.Score, MateMoves(r.Score), c.moves)
			}
			if c.best != "" && r.Best.String() != c.best {
				t.Errorf("%s: best %v, want %s", c.fen, r.Best, c.best)
			}
		}
	}
}

func TestNoLegalMove(t *testing.T) {
	for _, fen := range []string{
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", // stalemate
		"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", // mate
	} {
		r := searchFEN(t, fen, Limits{Depth: 5}, DefaultOptions())
		if r.Best != board.NoMove {
			t.Errorf("%s: best %v, want none", fen, r.Best)
		}
	}
}

// isDrawScore reports whether score is a draw's: 0, or -1 or +1 with
// DrawJitter.
func isDrawScore(score int) bool { return score >= -1 && score <= 1 }

// A repetition reached inside the search scores 0 (with DrawJitter, on
// in play, -1 or +1): the position after 1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6
// 4.Ng1 with Black to move offers 4...Ng8, a repetition, and the root
// reports the draw score for it when searched alone.
func TestRepetitionScore(t *testing.T) {
	p := board.NewPosition()
	for _, s := range []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
	}
	m, _ := p.ParseMove("f6g8")
	o := DefaultOptions()
	o.DrawJitter = false
	r := NewSearcher(NewTT(1)).Search(p, Limits{Depth: 4, SearchMoves: []board.Move{m}}, o, 0, Callbacks{})
	if r.Best != m || r.Score != 0 {
		t.Errorf("repetition: best %v score %d, want f6g8 and 0", r.Best, r.Score)
	}
	// With DrawJitter (on in play) the draw scores -1 or +1.
	o.DrawJitter = true
	r = NewSearcher(NewTT(1)).Search(p, Limits{Depth: 4, SearchMoves: []board.Move{m}}, o, 0, Callbacks{})
	if r.Best != m || r.Score != 1 && r.Score != -1 {
		t.Errorf("repetition with DrawJitter: best %v score %d, want f6g8 and -1 or +1", r.Best, r.Score)
	}
}

// A reported line ends at the first draw by repetition or by the
// fifty-move rule, and before an illegal move, and leaves the root as it was.
func TestLineUntilDraw(t *testing.T) {
	moves := func(p *board.Position, ss ...string) []board.Move {
		t.Helper()
		q := p.Clone()
		var out []board.Move
		for _, s := range ss {
			m, err := q.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, m)
			q.Make(m)
		}
		return out
	}
	// 1.Nf3 Nf6 2.Ng1 Ng8 played: 3.Nf3 repeats the position after 1.Nf3.
	p := board.NewPosition()
	for _, m := range moves(p, "g1f3", "g8f6", "f3g1", "f6g8") {
		p.Make(m)
	}
	key := p.Key()
	if got := untilDraw(p, moves(p, "g1f3", "g8f6", "f3g1")); len(got) != 1 {
		t.Errorf("repetition: line %v, want it cut after g1f3", got)
	}
	if got := untilDraw(p, moves(p, "e2e4", "e7e5", "g1f3")); len(got) != 3 {
		t.Errorf("no draw: line %v, want all three moves", got)
	}
	// Ninety-nine half-moves without capture or pawn move: the next quiet move draws.
	q, err := board.ParseFEN("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80")
	if err != nil {
		t.Fatal(err)
	}
	if got := untilDraw(q, moves(q, "a1a2", "e8d8")); len(got) != 1 {
		t.Errorf("fifty moves: line %v, want it cut after a1a2", got)
	}
	if got := untilDraw(q, moves(q, "e2e4", "e8d8")); len(got) != 2 {
		t.Errorf("pawn move: line %v, want both moves", got)
	}
	// An illegal move and all after it are left out.
	line := append(moves(p, "e2e4"), moves(p, "e2e4")...)
	if got := untilDraw(p, line); len(got) != 1 {
		t.Errorf("illegal second move: line %v, want e2e4 alone", got)
	}
	if p.Key() != key {
		t.Error("untilDraw changed the position")
	}
}

func TestMateScoreConversion(t *testing.T) {
	for _, ply := range []int{0, 1, 7, 60} {
		for _, s := range []int{Mate - 3, -Mate + 9, 150, -20, 0} {
			if got := scoreFromTT(scoreToTT(s, ply), ply); got != s {
				t.Errorf("ply %d score %d: round trip %d", ply, s, got)
			}
		}
	}
	// A mate stored at ply 3 as "mate in 2 plies from here" reads back at
	// ply 5 as the same distance from that node.
	stored := scoreToTT(Mate-5, 3) // mate found 5 plies from root, 2 from the node
	if got := scoreFromTT(stored, 5); got != Mate-7 {
		t.Errorf("mate read at ply 5: %d, want %d", got, Mate-7)
	}
}

// valueFENs are the positions on which the tests compare the values that
// the drivers and the laboratory's forms compute: the start, Kiwipete,
// tactics, an opening, an endgame and a back-rank position.
var valueFENs = []string{
	board.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1",
	"r1bq1rk1/ppp1bppp/2np1n2/4p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
}

// With selective enhancements off, every driver computes the same minimax
// value at a fixed depth: alpha-beta, PVS, MTD(f), SSS* and DUAL* (which
// converge on the value by null-window searches, here without a table),
// with and without aspiration windows and ordering by history.
func TestDriversAgree(t *testing.T) {
	fens := valueFENs
	configs := map[string]Options{}
	for _, algo := range []Algorithm{AlphaBeta, PVS, MTDF, SSS, DUAL} {
		for _, asp := range []bool{false, true} {
			o := PlainOptions()
			o.Algorithm, o.Aspiration = algo, asp
			// Ordering must not change the value. Capture history is left
			// out: in quiescence the move picker stops at the first capture
			// whose score its capture history has lowered to the floor of
			// the winning captures (a pawn taken, at -6400 or less), so it
			// prunes there as well as orders; SSS*'s many passes drive
			// the capture history that low.
			o.Killers, o.History, o.ContHistory = asp, asp, asp
			configs[fmt.Sprintf("%v asp=%v", algo, asp)] = o
		}
	}
	for _, fen := range fens {
		for depth := 1; depth <= 4; depth++ {
			want, wantName := 0, ""
			for name, o := range configs {
				r := searchFEN(t, fen, Limits{Depth: depth}, o)
				if wantName == "" {
					want, wantName = r.Score, name
				} else if r.Score != want {
					t.Errorf("%s depth %d: %s gives %d, %s gives %d", fen, depth, name, r.Score, wantName, want)
				}
			}
		}
	}
}

// Every driver's name reads back as itself, in any case; SSS and DUAL
// are the laboratory's MTD(+inf) and MTD(-inf).
func TestParseAlgorithm(t *testing.T) {
	names := AlgorithmNames()
	if len(names) != 5 || names[3] != "SSS" || names[4] != "DUAL" {
		t.Errorf("names %v", names)
	}
	for _, name := range names {
		if a, err := ParseAlgorithm(name); err != nil || a.String() != name {
			t.Errorf("%s: %v, %v", name, a, err)
		}
	}
	if a, err := ParseAlgorithm("sss"); err != nil || a != SSS {
		t.Errorf("sss: %v, %v", a, err)
	}
	if a, err := ParseAlgorithm("Dual"); err != nil || a != DUAL {
		t.Errorf("Dual: %v, %v", a, err)
	}
	if _, err := ParseAlgorithm("SSS*"); err == nil {
		t.Error("SSS* was accepted")
	}
}

// MultiPV and searchmoves work with every driver: the lines come out in
// order, restricted to the given moves.
func TestMultiPVAndSearchMoves(t *testing.T) {
	fen := "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	p, _ := board.ParseFEN(fen)
	var restrict []board.Move
	for _, s := range []string{"e2a6", "d5e6", "g2h3", "a2a3"} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		restrict = append(restrict, m)
	}
	for _, algo := range []Algorithm{PVS, MTDF, AlphaBeta, SSS, DUAL} {
		o := DefaultOptions()
		o.Algorithm, o.MultiPV = algo, 3
		var lines []Info
		s := NewSearcher(NewTT(16))
		r := s.Search(p, Limits{Depth: 5, SearchMoves: restrict}, o, 0, Callbacks{Info: func(i Info) {
			if i.Depth == 5 && i.Bound == BoundExact {
				lines = append(lines, i)
			}
		}})
		if len(lines) != 3 {
			t.Fatalf("%v: %d lines at depth 5, want 3", algo, len(lines))
		}
		seen := map[board.Move]bool{}
		for i, l := range lines {
			if l.MultiPV != i+1 || !containsMove(restrict, l.PV[0]) || seen[l.PV[0]] {
				t.Errorf("%v: line %d = %+v", algo, i+1, l)
			}
			seen[l.PV[0]] = true
			if i > 0 && l.Score > lines[i-1].Score {
				t.Errorf("%v: line %d scores %d above line %d's %d", algo, i+1, l.Score, i, lines[i-1].Score)
			}
		}
		if r.Best != lines[0].PV[0] {
			t.Errorf("%v: best %v is not line 1's %v", algo, r.Best, lines[0].PV[0])
		}
	}
}

// The fifty-move rule ends the game at the hundredth half-move without a
// capture or pawn move, unless that move mated: mate in 2 with a rook
// needs three more half-moves, so it stands with the clock at 97 and is a
// draw at 98; and a check given on the hundredth half-move ends the line.
func TestFiftyMoveRule(t *testing.T) {
	for _, c := range []struct {
		clock int
		mate  bool
	}{{97, true}, {98, false}} {
		fen := fmt.Sprintf("2k5/8/1K6/8/8/8/8/7R w - - %d 80", c.clock)
		r := searchFEN(t, fen, Limits{Depth: 8}, DefaultOptions())
		if got := IsMateScore(r.Score); got != c.mate || !c.mate && !isDrawScore(r.Score) {
			t.Errorf("%s: score %d, want mate %v", fen, r.Score, c.mate)
		}
	}

	// A check given on the hundredth half-move ends the line: the reply is
	// not searched, so the principal variation stops there.
	p, err := board.ParseFEN("2k5/8/1K6/8/8/8/8/7R w - - 99 80")
	if err != nil {
		t.Fatal(err)
	}
	check, err := p.ParseMove("h1h8")
	if err != nil {
		t.Fatal(err)
	}
	var pvs [][]board.Move
	cb := Callbacks{Info: func(info Info) { pvs = append(pvs, info.PV) }}
	r := NewSearcher(NewTT(16)).Search(p, Limits{Depth: 6, SearchMoves: []board.Move{check}}, DefaultOptions(), 0, cb)
	if r.Best != check || !isDrawScore(r.Score) || len(pvs) == 0 {
		t.Errorf("h1h8 at half-move 99: best %v score %d after %d lines, want h1h8 and a draw", r.Best, r.Score, len(pvs))
	}
	for _, pv := range pvs {
		if len(pv) != 1 {
			t.Errorf("PV %v goes on past the fifty-move draw", pv)
		}
	}
}

// With several threads (run under -race by make test-race) a fixed-depth
// search completes exactly that depth (a helper may complete it first)
// and still finds the mates.
func TestThreadsFixedDepth(t *testing.T) {
	for _, threads := range []int{2, 3, 4} {
		opts := DefaultOptions()
		opts.Threads = threads
		r := searchFEN(t, "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", Limits{Depth: 8}, opts)
		if r.Depth != 8 || !IsMateScore(r.Score) || MateMoves(r.Score) != 3 {
			t.Errorf("%d threads: depth %d, score %d, want depth 8 and mate 3", threads, r.Depth, r.Score)
		}
		r = searchFEN(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", Limits{Depth: 9}, opts)
		if r.Depth != 9 || r.Best == board.NoMove {
			t.Errorf("%d threads, Kiwipete: depth %d, best %v, want depth 9 and a move", threads, r.Depth, r.Best)
		}
	}
}

// A position reached at the horizon with the fifty-move count complete is
// a draw in quiescence too: the rook move h1d1 at half-move 99 hangs the
// rook to the queen, but the game is drawn before Black can take it, and
// no principal variation goes past the draw.
func TestFiftyMoveRuleInQuiescence(t *testing.T) {
	p, err := board.ParseFEN("k7/8/8/3q4/8/8/8/K6R w - - 99 80")
	if err != nil {
		t.Fatal(err)
	}
	m, err := p.ParseMove("h1d1")
	if err != nil {
		t.Fatal(err)
	}
	for depth := 1; depth <= 3; depth++ {
		var pvs [][]board.Move
		cb := Callbacks{Info: func(info Info) { pvs = append(pvs, info.PV) }}
		r := NewSearcher(NewTT(16)).Search(p, Limits{Depth: depth, SearchMoves: []board.Move{m}}, DefaultOptions(), 0, cb)
		if !isDrawScore(r.Score) {
			t.Errorf("depth %d: h1d1 at half-move 99 scores %d, want a draw", depth, r.Score)
		}
		for _, pv := range pvs {
			if len(pv) != 1 {
				t.Errorf("depth %d: PV %v goes on past the fifty-move draw", depth, pv)
			}
		}
	}
}

// With PVChecks (in play), a quiet check that mates escapes late move
// pruning and SEE pruning at PV nodes, so a mate near the horizon shows at
// a lower depth: mated1.g15 of gamemates (1...Kb4 2.Qb2#) is mated in 1
// from depth 2, where PruneChecks alone reports it from depth 6 (the
// hand-crafted evaluation), and mated2.g97 mated in 2 from depth 2 instead
// of 5. Only mates are spared: in WAC.197 (mate in 3 by 1...Qf1+ 2.Rg1
// Ng3+, a check that does not mate) the mate shows not before depth 5
// either way (from 6 since ThreatOrder orders the quiet moves). The
// mates of 1...Ra2?? (2.Rd8) and of the smothered mate (1.Qg8+ Rxg8
// 2.Nf7) show by depths 3 and 5.
func TestPVChecksMates(t *testing.T) {
	on := DefaultOptions()
	if !on.PVChecks {
		t.Fatal("PVChecks is off by default")
	}
	off := on
	off.PVChecks = false
	const g15 = "7Q/8/1K6/6p1/2k5/8/2Q5/8 b - - 0 1"
	if r := searchFEN(t, g15, Limits{Depth: 2}, on); r.Score != -Mate+2 {
		t.Errorf("mated1.g15, PVChecks, depth 2: %v score %d, want %d (mated in 1)", r.Best, r.Score, -Mate+2)
	}
	if r := searchFEN(t, g15, Limits{Depth: 5}, off); IsMateScore(r.Score) {
		t.Errorf("mated1.g15, PVChecks off, depth 5: %v score %d, want no mate yet (without PVChecks the pruning hides it)", r.Best, r.Score)
	}
	const g97 = "1R2Q3/1k3P1n/8/2p1P3/p6P/P5R1/1P6/4K1Bb b - - 0 1"
	if r := searchFEN(t, g97, Limits{Depth: 2}, on); r.Score != -Mate+4 {
		t.Errorf("mated2.g97, PVChecks, depth 2: %v score %d, want %d (mated in 2)", r.Best, r.Score, -Mate+4)
	}
	if r := searchFEN(t, g97, Limits{Depth: 4}, off); IsMateScore(r.Score) {
		t.Errorf("mated2.g97, PVChecks off, depth 4: %v score %d, want no mate yet (without PVChecks the pruning hides it)", r.Best, r.Score)
	}
	const wac197 = "7k/1p4p1/7p/3P1n2/4Q3/2P2P2/PP3qRP/7K b - - 0 1"
	if r := searchFEN(t, wac197, Limits{Depth: 4}, on); IsMateScore(r.Score) {
		t.Errorf("WAC.197, PVChecks, depth 4: %v score %d, want no mate yet (Ng3+ does not mate, so it is not spared)", r.Best, r.Score)
	}
	if r := searchFEN(t, wac197, Limits{Depth: 6}, on); r.Best.String() != "f2f1" || !IsMateScore(r.Score) || MateMoves(r.Score) != 3 {
		t.Errorf("WAC.197, PVChecks, depth 6: %v score %d, want f2f1 and mate 3", r.Best, r.Score)
	}

	const ra2 = "r5k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1"
	p, err := board.ParseFEN(ra2)
	if err != nil {
		t.Fatal(err)
	}
	m, err := p.ParseMove("a8a2")
	if err != nil {
		t.Fatal(err)
	}
	if r := searchFEN(t, ra2, Limits{Depth: 3, SearchMoves: []board.Move{m}}, on); r.Score != -Mate+2 {
		t.Errorf("1...Ra2??, PVChecks, depth 3: score %d, want %d (mated in 1)", r.Score, -Mate+2)
	}
	const smothered = "r6k/6pp/7N/8/8/1Q6/8/6K1 w - - 0 1"
	if r := searchFEN(t, smothered, Limits{Depth: 5}, on); r.Best.String() != "b3g8" || !IsMateScore(r.Score) || MateMoves(r.Score) != 2 {
		t.Errorf("smothered mate, PVChecks, depth 5: %v score %d, want b3g8 and mate 2", r.Best, r.Score)
	}
}
