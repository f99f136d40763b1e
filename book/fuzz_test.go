// Fuzz tests of the readers of outside input: any bytes given to Parse
// either fail with an error or give a book whose every returned move is
// legal; any text given to BuildFromPGN never panics and gives entries
// that a reader accepts.
package book

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"brudno/board"
)

func FuzzParse(f *testing.F) {
	start := board.NewPosition()
	f.Add(raw(Entry{Key: start.Key(), Move: 0x031c, Weight: 1}))
	f.Add(raw(Entry{Key: start.Key(), Move: 0x0107, Weight: 1}, Entry{Key: start.Key(), Move: 0x031c}))
	f.Add([]byte("0123456789abcdef0123456789abcde"))
	f.Add(Encode([]Entry{{Key: 1, Move: 0x4c78, Weight: 3}, {Key: 2, Move: 0x0f38, Weight: 9}}))
	positions := []*board.Position{
		start,
		mustPos(f, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
		mustPos(f, "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1"),
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Parse(data)
		if err != nil {
			if b != nil {
				t.Fatal("a book and an error")
			}
			return
		}
		// Probe the keys of the file in every test position too, so that
		// the fuzzer's moves are decoded against real positions.
		rng := rand.New(rand.NewPCG(1, 2))
		for _, p := range positions {
			var legal board.MoveList
			p.GenerateLegal(&legal)
			for _, c := range b.Candidates(p) {
				if !legal.Contains(c.Move) {
					t.Fatalf("illegal book move %v in %s", c.Move, p.FEN())
				}
			}
			if c, _, ok := b.Choose(p, rng, false); ok && !legal.Contains(c.Move) {
				t.Fatalf("chose illegal %v", c.Move)
			}
			for i := 0; i < b.Len(); i++ {
				e := b.Entry(i)
				if m, ok := DecodeMove(p, e.Move); ok && !legal.Contains(m) {
					t.Fatalf("decoded illegal %v", m)
				}
				_ = b.Lookup(e.Key)
			}
		}
		// What was read writes back to a book that reads again.
		if _, err := Parse(Encode(allEntries(b))); err != nil {
			t.Fatalf("re-encoded book rejected: %v", err)
		}
	})
}

func allEntries(b *Book) []Entry {
	es := make([]Entry, b.Len())
	for i := range es {
		es[i] = b.Entry(i)
	}
	return es
}

func FuzzBuildFromPGN(f *testing.F) {
	// Short seeds: a new input found by the fuzzer is minimised byte by
	// byte, which takes minutes for a long one.
	f.Add("[Result \"1-0\"]\n\n{c} 1. e4 (1. d4) e5 2. 0-0 Nc6 ; x\n3. e8Q $1 1-0\n\n[Result \"*\"]\n1. d4 d5 *")
	f.Add("[Variant \"Chess960\"]\n1. e4\n[FEN \"8/8/8/8/8/8/8/K1k5 w - -\"]\n1. Kb1 1/2-1/2")
	f.Add("{x} 1. e4 {")
	f.Add("[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 0\"]\n\n1. a8=Q+ *")
	f.Add("1. e4 e5 ) 2. Nf3")
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 4096 {
			return
		}
		es, st, err := BuildFromPGN(strings.NewReader(text), PGNOptions{})
		if err != nil {
			t.Fatal(err) // only read errors end a build, and a string has none
		}
		if st.Entries != len(es) {
			t.Fatalf("stats %+v for %d entries", st, len(es))
		}
		if len(es) > 0 {
			var buf bytes.Buffer
			if err := Write(&buf, es); err != nil {
				t.Fatal(err)
			}
			if _, err := Parse(buf.Bytes()); err != nil {
				t.Fatalf("built book rejected: %v", err)
			}
		}
	})
}
