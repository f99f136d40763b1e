// Evaluation tests: colour symmetry over the perft-suite positions, their
// children and random playouts; the pawn hash table against the uncached
// evaluation; material orderings; the packed Score; the quiescence test
// of quietness; the `eval` breakdown; and the evaluation benchmarks.
package eval

import (
	"bufio"
	"math/rand"
	"os"
	"strings"
	"testing"

	"brudno/board"
)

// mirrorFEN swaps the colours and flips the board vertically.
func mirrorFEN(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	swap := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z':
				return r - 'a' + 'A'
			case r >= 'A' && r <= 'Z':
				return r - 'A' + 'a'
			}
			return r
		}, s)
	}
	f[0] = swap(strings.Join(ranks, "/"))
	f[1] = map[string]string{"w": "b", "b": "w"}[f[1]]
	if f[2] != "-" {
		f[2] = swap(f[2])
	}
	if f[3] != "-" {
		f[3] = string(f[3][0]) + map[byte]string{'3': "6", '6': "3"}[f[3][1]]
	}
	return strings.Join(f, " ")
}

var symmetryFENs = []string{
	board.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"8/8/1p1k4/p2p4/P2P4/1P2K3/8/8 w - - 0 1",
	"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
	"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
	"2r3k1/1q3pp1/p3p2p/1p1nP3/3P4/P2Q1N1P/1P3PP1/2R3K1 b - - 0 28",
	"8/5pk1/6p1/8/3P4/6P1/5PK1/8 b - - 0 40",
	"4k3/8/8/3b4/8/8/4PPP1/2B1K3 w - - 0 1",
}

// randomPositions plays games of random legal moves (captures preferred
// half of the time, so that endings are reached) and returns every
// position met.
func randomPositions(seed int64, games, plies int) []string {
	rng := rand.New(rand.NewSource(seed))
	var out []string
	var list, noisy board.MoveList
	for g := 0; g < games; g++ {
		p := board.NewPosition()
		for ply := 0; ply < plies; ply++ {
			p.GenerateLegal(&list)
			if list.Count == 0 || p.IsFiftyMoveDraw() {
				break
			}
			m := list.Moves[rng.Intn(list.Count)]
			if p.GenerateNoisy(&noisy); noisy.Count > 0 && rng.Intn(2) == 0 {
				m = noisy.Moves[rng.Intn(noisy.Count)]
			}
			p.Make(m)
			out = append(out, p.FEN())
		}
	}
	return out
}

// perftSuiteFENs returns the positions of the shared perft suite and of
// the repository's embedded one, and every position one move from them.
func perftSuiteFENs(t *testing.T) []string {
	var roots []string
	for _, path := range []string{"../../shared/suites/perftsuite.epd", "../testpositions/suites/perft.epd"} {
		f, err := os.Open(path)
		if err != nil {
			t.Logf("no perft suite at %s: %v", path, err)
			continue
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			line := strings.TrimSpace(strings.Split(sc.Text(), ";")[0])
			if line != "" && line[0] != '#' {
				roots = append(roots, line)
			}
		}
		f.Close()
	}
	var out []string
	var list board.MoveList
	for _, fen := range roots {
		p, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		out = append(out, p.FEN())
		p.GenerateLegal(&list)
		for _, m := range list.Slice() {
			p.Make(m)
			out = append(out, p.FEN())
			p.Unmake()
		}
	}
	return out
}

func mustParse(t testing.TB, fen string) *board.Position {
	t.Helper()
	p, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

// TestSymmetry: every position evaluates exactly like its colour-flipped
// mirror, with and without the pawn hash table.
func TestSymmetry(t *testing.T) {
	fens := append([]string(nil), symmetryFENs...)
	suite := perftSuiteFENs(t)
	fens = append(fens, suite...)
	fens = append(fens, randomPositions(1, 60, 160)...)
	cached := NewEvaluator()
	special := 0
	for _, fen := range fens {
		p := mustParse(t, fen)
		m := mustParse(t, mirrorFEN(fen))
		a, b := Evaluate(p), Evaluate(m)
		if a != b {
			t.Errorf("%s: %d, mirrored %d", fen, a, b)
		}
		if c, d := cached.Evaluate(p), cached.Evaluate(m); c != a || d != b {
			t.Errorf("%s: with the pawn table %d and %d, without %d and %d", fen, c, d, a, b)
		}
		var tr Trace
		cached.EvaluateTrace(p, &tr)
		if tr.Special {
			special++
		}
	}
	if len(suite) < 100 || len(fens) < 5000 || special == len(fens) {
		t.Fatalf("too few positions: %d from perft suites, %d in all, %d special", len(suite), len(fens), special)
	}
	t.Logf("%d positions (%d from perft suites, %d decided by endgame knowledge)", len(fens), len(suite), special)
}

// TestSymmetryAnyWeights: symmetry must not depend on the weights being
// symmetric themselves (the hand-set tables are mirror images of
// themselves, which would hide a square not flipped for Black), so it is
// checked again with every weight random.
func TestSymmetryAnyWeights(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	w := DefaultWeights()
	flat := flatWeights(w)
	for i := range flat {
		flat[i] = S(rng.Intn(201)-100, rng.Intn(201)-100)
	}
	e := NewEvaluatorWith(w, DefaultPawnEntries)
	fens := append(randomPositions(6, 20, 160), symmetryFENs...)
	for _, fen := range fens {
		a, b := e.Evaluate(mustParse(t, fen)), e.Evaluate(mustParse(t, mirrorFEN(fen)))
		if a != b {
			t.Fatalf("random weights, %s: %d, mirrored %d", fen, a, b)
		}
	}
}

// TestPawnTableCollisions: a one-entry pawn table, replaced at nearly
// every probe, gives the same values as no table.
func TestPawnTableCollisions(t *testing.T) {
	tiny := NewEvaluatorWith(DefaultWeights(), 1)
	for _, fen := range randomPositions(2, 10, 120) {
		p := mustParse(t, fen)
		if a, b := tiny.Evaluate(p), Evaluate(p); a != b {
			t.Fatalf("%s: %d with a one-entry table, %d without", fen, a, b)
		}
	}
}

func evalFEN(t testing.TB, fen string) int {
	t.Helper()
	return Evaluate(mustParse(t, fen))
}

func TestMaterialOrdering(t *testing.T) {
	queenUp := evalFEN(t, "4k3/ppp5/8/8/8/8/PPP5/3QK3 w - - 0 1")
	rookUp := evalFEN(t, "4k3/ppp5/8/8/8/8/PPP5/3RK3 w - - 0 1")
	knightUp := evalFEN(t, "4k3/ppp5/8/8/8/8/PPP5/3NK3 w - - 0 1")
	pawnUp := evalFEN(t, "4k3/ppp5/8/8/8/8/PPPP4/4K3 w - - 0 1")
	equal := evalFEN(t, "4k3/ppp5/8/8/8/8/PPP5/4K3 w - - 0 1")
	if !(queenUp > rookUp+200 && rookUp > knightUp+100 && knightUp > pawnUp+100 && pawnUp > equal+50) {
		t.Errorf("orderings: Q %d, R %d, N %d, P %d, equal %d", queenUp, rookUp, knightUp, pawnUp, equal)
	}
	if equal < 0 || equal > 40 {
		t.Errorf("symmetric position with White to move: %d, want 0..40 (the tempo)", equal)
	}
	if v := evalFEN(t, "4k3/ppp5/8/8/8/8/PPP5/3QK3 b - - 0 1"); v > -700 {
		t.Errorf("side to move's view: Black to move a queen down scores %d, want below -700", v)
	}
	// In the middlegame: the start position without Black's queen beats it
	// without Black's rook, which beats it without a knight.
	noQueen := evalFEN(t, "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	noRook := evalFEN(t, "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1")
	noKnight := evalFEN(t, "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	if !(noQueen > noRook+200 && noRook > noKnight+50 && noKnight > 200) {
		t.Errorf("middlegame: without queen %d, rook %d, knight %d", noQueen, noRook, noKnight)
	}
}

func TestScorePacking(t *testing.T) {
	for _, c := range [][2]int{{0, 0}, {1, -1}, {-1, 1}, {-300, 250}, {1000, -2000}, {-32000, 32000}} {
		s := S(c[0], c[1])
		if s.MG() != c[0] || s.EG() != c[1] {
			t.Errorf("S(%d, %d) unpacks to %d, %d", c[0], c[1], s.MG(), s.EG())
		}
	}
	s := S(-10, 20)*3 + S(5, -70) - S(100, 1)
	if s.MG() != -125 || s.EG() != -11 {
		t.Errorf("S(-10,20)*3+S(5,-70)-S(100,1) = %v, want S(-125, -11)", s)
	}
}

func TestQuiet(t *testing.T) {
	e := NewEvaluator()
	if !e.IsQuiet(board.NewPosition()) {
		t.Error("the start position is not quiet")
	}
	// White's queen on d5 can take the undefended rook on a8.
	hanging := mustParse(t, "r3k3/8/8/3Q4/8/8/8/4K3 w - - 0 1")
	if e.IsQuiet(hanging) {
		t.Error("a queen that can take a free rook is quiet")
	}
	if q, s := e.Quiescence(hanging), e.Evaluate(hanging); q < s+300 {
		t.Errorf("quiescence %d, static %d: the rook capture is missing", q, s)
	}
	if e.IsQuiet(mustParse(t, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1")) {
		t.Error("a position in check is quiet")
	}
}

// TestExplain: the breakdown's terms, tapered, add up to the evaluation.
func TestExplain(t *testing.T) {
	for _, fen := range symmetryFENs {
		p := mustParse(t, fen)
		b := Explain(p)
		if b.Special {
			continue
		}
		var mg, eg int
		for _, term := range b.Terms {
			mg += term.White[0] - term.Black[0]
			eg += term.White[1] - term.Black[1]
		}
		v := (mg*b.Phase*scaleNormal + eg*(maxPhase-b.Phase)*b.Scale) / (maxPhase * scaleNormal)
		if p.Side() == board.Black {
			v = -v
		}
		if d := v - b.Total; d < -2 || d > 2 || b.Total != Evaluate(p) {
			t.Errorf("%s: terms give %d, total %d, Evaluate %d", fen, v, b.Total, Evaluate(p))
		}
		if len(b.Terms) != 10 {
			t.Errorf("%d terms, want 10", len(b.Terms))
		}
	}
}

// benchPositions is a mix of openings, middlegames and endings.
func benchPositions(b *testing.B) []*board.Position {
	var ps []*board.Position
	for _, fen := range symmetryFENs {
		ps = append(ps, mustParse(b, fen))
	}
	return ps
}

// BenchmarkEvaluate: the package function, as the search calls it now
// (no pawn table).
func BenchmarkEvaluate(b *testing.B) {
	ps := benchPositions(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Evaluate(ps[i%len(ps)])
	}
}

// BenchmarkEvaluator: an Evaluator with its pawn table, as a search
// thread should use it.
func BenchmarkEvaluator(b *testing.B) {
	ps := benchPositions(b)
	e := NewEvaluator()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.Evaluate(ps[i%len(ps)])
	}
}
