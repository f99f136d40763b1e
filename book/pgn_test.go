// Tests of the builders: PGN games with comments, variations, notation
// slips and broken games give exactly the expected weights (results and
// frequency, MinGames, MaxPly) with every bad game skipped and reported;
// the analysis builder expands the tree as specified and does not depend
// on the number of workers.
package book

import (
	"reflect"
	"strings"
	"testing"

	"brudno/board"
)

const messyPGN = `% an escape line, ignored
[Event "comments and variations"]
[Result "1-0"]

{A comment before the first move} 1. e4 {best by test} e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3 $1 Nc6 ; rest-of-line comment 1. d4
3. Bb5 a6 1-0

[Event "zero castles"]
[Result "1/2-1/2"]

1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. 0-0 0-0 1/2-1/2

[Event "promotion without ="]
[FEN "8/P6k/8/8/8/8/8/K7 w - -"]
[SetUp "1"]
[Result "1-0"]

1. a8Q Kg6 1-0

[Event "illegal move"]
[Result "0-1"]

1. e4 e5 2. Ke3 0-1

[Event "unterminated comment"]
[Result "*"]

1. e4 { oops

[Event "variant"]
[Variant "Chess960"]
[Result "1-0"]

1. e4 1-0

[Event "bad FEN"]
[FEN "not a fen"]
[Result "1-0"]

1. e4 1-0

[Event "no result"]

1. d4 d5 *
`

// bookMoves lists the entries for the position after moves (from fen, or
// the start) as UCI (castling as king takes rook) to weight.
func bookMoves(t *testing.T, b *Book, fen string, moves string) map[string]uint32 {
	t.Helper()
	p := mustPos(t, fen)
	p.SetChess960(true)
	for _, s := range strings.Fields(moves) {
		p.Make(mustMove(t, p, s))
	}
	got := map[string]uint32{}
	for _, c := range b.Candidates(p) {
		got[c.Move.UCI(true)] = c.Weight
	}
	return got
}

func TestBuildFromPGN(t *testing.T) {
	type skip struct {
		game, line int
		msg        string
	}
	var skipped []skip
	es, st, err := BuildFromPGN(strings.NewReader(messyPGN), PGNOptions{Skipped: func(game, line int, err error) {
		skipped = append(skipped, skip{game, line, err.Error()})
	}})
	if err != nil {
		t.Fatal(err)
	}
	if st.Games != 4 || st.Skipped != 4 || st.Entries != len(es) || st.Entries != 12 || st.Positions != 11 {
		t.Errorf("stats %+v, want 4 games, 4 skipped, 12 entries in 11 positions", st)
	}
	wantSkips := []skip{
		{4, 20, `"Ke3"`},
		{5, 25, "unterminated '{' comment"},
		{6, 30, `variant "Chess960" is not supported`},
		{7, 36, `FEN tag "not a fen" does not have 4 or 6 fields`},
	}
	if len(skipped) != len(wantSkips) {
		t.Fatalf("skipped %+v", skipped)
	}
	for i, w := range wantSkips {
		if g := skipped[i]; g.game != w.game || g.line != w.line || !strings.Contains(g.msg, w.msg) {
			t.Errorf("skip %d: %+v, want game %d line %d containing %q", i, g, w.game, w.line, w.msg)
		}
	}
	b := mustParseBook(t, Encode(es))
	promoFEN := "8/P6k/8/8/8/8/8/K7 w - - 0 1"
	cases := []struct {
		fen, moves string
		want       map[string]uint32
	}{
		{"", "", map[string]uint32{"e2e4": 3, "d2d4": 1}}, // win 2 + draw 1; '*' counts as a draw
		{"", "e2e4", map[string]uint32{"e7e5": 1}},        // the variation 1...c5 is not played
		{"", "e2e4 e7e5", map[string]uint32{"g1f3": 3}},
		{"", "e2e4 e7e5 g1f3", map[string]uint32{"g8f6": 1}}, // Nc6 only lost
		{"", "e2e4 e7e5 g1f3 b8c6", map[string]uint32{"f1b5": 2}},
		{"", "e2e4 e7e5 g1f3 b8c6 f1b5", map[string]uint32{}},
		{"", "e2e4 e7e5 g1f3 g8f6 f1c4 f8c5", map[string]uint32{"e1h1": 1}}, // 0-0
		{"", "e2e4 e7e5 g1f3 g8f6 f1c4 f8c5 e1h1", map[string]uint32{"e8h8": 1}},
		{promoFEN, "", map[string]uint32{"a7a8q": 2}}, // a8Q
		{"", "d2d4", map[string]uint32{"d7d5": 1}},
	}
	for _, c := range cases {
		if got := bookMoves(t, b, c.fen, c.moves); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s %q: %v, want %v", c.fen, c.moves, got, c.want)
		}
	}

	// Frequency weights keep the moves that lost.
	es, _, _ = BuildFromPGN(strings.NewReader(messyPGN), PGNOptions{Weighting: ByFrequency})
	b = mustParseBook(t, Encode(es))
	if got := bookMoves(t, b, "", "e2e4 e7e5 g1f3"); !reflect.DeepEqual(got, map[string]uint32{"b8c6": 1, "g8f6": 1}) {
		t.Errorf("frequency: %v", got)
	}
	if got := bookMoves(t, b, "", ""); !reflect.DeepEqual(got, map[string]uint32{"e2e4": 2, "d2d4": 1}) {
		t.Errorf("frequency at the start: %v", got)
	}
	// MinGames 2 keeps the moves of two games.
	es, st, _ = BuildFromPGN(strings.NewReader(messyPGN), PGNOptions{MinGames: 2})
	want := []Entry{
		{Key: mustPos(t, "").Key(), Move: 0x031c, Weight: 3},
		{Key: mustPos(t, "", "e2e4").Key(), Move: encodeUCI(t, "e7e5"), Weight: 1},
		{Key: mustPos(t, "", "e2e4", "e7e5").Key(), Move: encodeUCI(t, "g1f3"), Weight: 3},
	}
	if !reflect.DeepEqual(entrySet(es), entrySet(want)) || st.Positions != 3 {
		t.Errorf("MinGames 2: %+v", es)
	}
	// MaxPly 2 keeps the first two plies of every game.
	es, _, _ = BuildFromPGN(strings.NewReader(messyPGN), PGNOptions{MaxPly: 2})
	if len(es) != 5 {
		t.Errorf("MaxPly 2: %d entries, want 5 (e4, d4, e5, d5, a8=Q)", len(es))
	}
}

func TestParseWeighting(t *testing.T) {
	for s, want := range map[string]Weighting{"results": ByResult, "Frequency": ByFrequency} {
		if w, err := ParseWeighting(s); err != nil || w != want {
			t.Errorf("%q: %v %v", s, w, err)
		}
	}
	if _, err := ParseWeighting("elo"); err == nil {
		t.Error("elo accepted")
	}
}

// fakeAnalyser scores the legal moves of a position in generation order
// 0, -10, -20, ... and puts an illegal move first in one position.
func fakeAnalyser() Analyser {
	return func(pos *board.Position) []ScoredMove {
		var l board.MoveList
		pos.GenerateLegal(&l)
		var out []ScoredMove
		if pos.Side() == board.Black {
			out = append(out, ScoredMove{Move: board.NewMove(board.SquareAt(0, 0), board.SquareAt(0, 5)), Score: 50})
		}
		for i, m := range l.Slice() {
			out = append(out, ScoredMove{Move: m, Score: -10 * i})
		}
		return out
	}
}

func TestBuildFromAnalysis(t *testing.T) {
	if got := []uint16{AnalysisWeight(0), AnalysisWeight(10), AnalysisWeight(20), AnalysisWeight(40), AnalysisWeight(1000), AnalysisWeight(-5)}; !reflect.DeepEqual(got, []uint16{100, 71, 50, 25, 1, 100}) {
		t.Errorf("weights %v", got)
	}
	opt := AnalysisOptions{Plies: 3, Width: 3, Margin: 10, Workers: 1, NewAnalyser: fakeAnalyser}
	root := board.NewPosition()
	es, st, err := BuildFromAnalysis(root, opt)
	if err != nil {
		t.Fatal(err)
	}
	// White: the first two generated moves (0 and -10), weights 100 and 71.
	// Black: the best "move" (50) is illegal and skipped, and every legal
	// move is at least 50 below it, outside the margin: nothing is entered.
	var l board.MoveList
	root.GenerateLegal(&l)
	m0, m1 := l.Moves[0], l.Moves[1]
	b := mustParseBook(t, Encode(es))
	want := []Candidate{{Move: m0, Weight: 100}, {Move: m1, Weight: 71}}
	if got := b.Candidates(root); !reflect.DeepEqual(got, want) {
		t.Errorf("root: %+v, want %+v", got, want)
	}
	// Plies 3: the root (ply 0), two black positions (ply 1) and none at
	// ply 2, because black enters no move.
	if st.Analysed != 3 || st.Entries != 2 || len(es) != 2 {
		t.Errorf("stats %+v, %d entries", st, len(es))
	}
	// With a margin that lets black's first legal move in, the tree grows
	// to ply 2, and the result is the same on one worker and on four.
	opt.Margin = 50
	es1, st1, _ := BuildFromAnalysis(root, opt)
	opt.Workers = 4
	es4, st4, _ := BuildFromAnalysis(root, opt)
	if !reflect.DeepEqual(es1, es4) || st1 != st4 {
		t.Errorf("1 worker: %+v %d entries; 4 workers: %+v %d entries", st1, len(es1), st4, len(es4))
	}
	// Root: 3 moves (0 to -20, the width); each black position: its first
	// legal move (50 below the illegal best: weight 18); each white
	// position at ply 2: 3 moves.
	if st1.Analysed != 1+3+3 || len(es1) != 3+3+9 {
		t.Errorf("margin 50: %+v, %d entries", st1, len(es1))
	}
	b = mustParseBook(t, Encode(es1))
	p := root.Clone()
	p.Make(m0)
	var lb board.MoveList
	p.GenerateLegal(&lb)
	if got := b.Candidates(p); len(got) != 1 || got[0].Move != lb.Moves[0] || got[0].Weight != 18 {
		t.Errorf("black after %v: %+v", m0, got)
	}
	if _, _, err := BuildFromAnalysis(root, AnalysisOptions{Plies: 0, Width: 1, NewAnalyser: fakeAnalyser}); err == nil {
		t.Error("plies 0 accepted")
	}
}
