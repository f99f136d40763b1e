package uci

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"brudno/board"
	"brudno/engine"
	"brudno/nnue"
)

// `eval` shows the hand-crafted evaluation and, once EvalFile has loaded
// a network, the network's score of the same position and which of the
// two the search uses.
func TestEvalShowsNetwork(t *testing.T) {
	e := engine.New()
	for _, o := range [][2]string{{"Evaluation", "HCE"}, {"EvalFile", "<empty>"}} { // unload an embedded network
		if err := e.SetOption(o[0], o[1]); err != nil {
			t.Fatal(err)
		}
	}
	out := strings.Join(converse(t, e, "position startpos moves e2e4", "eval"), "\n")
	if !strings.Contains(out, "info string eval ") || strings.Contains(out, "network eval") {
		t.Fatalf("without a network:\n%s", out)
	}

	net, err := nnue.RandomNet(32, 50, rand.New(rand.NewSource(3)))
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(t.TempDir(), "n.nnue")
	b, _ := net.MarshalBinary()
	if err := os.WriteFile(name, b, 0o644); err != nil {
		t.Fatal(err)
	}
	pos, _ := board.ParseFEN(board.StartFEN)
	m, _ := pos.ParseMove("e2e4")
	pos.Make(m)
	want := fmt.Sprintf("info string network eval %d (side to move's view; %s, 32 hidden, scale 400); the search uses the hand-crafted evaluation", net.EvaluatePosition(pos), name)
	out = strings.Join(converse(t, e, "setoption name EvalFile value "+name, "position startpos moves e2e4", "eval"), "\n")
	if !strings.Contains(out, want) {
		t.Fatalf("output lacks %q:\n%s", want, out)
	}
	out = strings.Join(converse(t, e, "setoption name Evaluation value NNUE", "eval"), "\n")
	if !strings.Contains(out, "the search uses the network (Evaluation NNUE)") {
		t.Fatalf("with Evaluation NNUE:\n%s", out)
	}

	// A net with king buckets says so, and the search plays with it.
	kn, err := nnue.RandomKingNet(32, 8, 8, 50, rand.New(rand.NewSource(4)))
	if err != nil {
		t.Fatal(err)
	}
	kname := filepath.Join(t.TempDir(), "k.nnue")
	b, _ = kn.MarshalBinary()
	if err := os.WriteFile(kname, b, 0o644); err != nil {
		t.Fatal(err)
	}
	want = fmt.Sprintf("info string network eval %d (side to move's view; %s, 32 hidden, 8 king buckets, scale 400); the search uses the network", kn.EvaluatePosition(pos), kname)
	out = strings.Join(converse(t, e, "setoption name EvalFile value "+kname, "position startpos moves e2e4", "eval", "go depth 6", "isready"), "\n")
	if !strings.Contains(out, want) || !strings.Contains(out, "bestmove ") {
		t.Fatalf("output lacks %q or a best move:\n%s", want, out)
	}
}
