package syzygy

import (
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"brudno/board"
)

// tableDir is the folder of the 3- and 4-piece tables beside the
// repository; tests that need it skip when it is absent.
var tableDir = filepath.Join("..", "..", "shared", "syzygy")

func openShared(t testing.TB) *Tables {
	t.Helper()
	if _, err := os.Stat(filepath.Join(tableDir, "KQvK.rtbw")); err != nil {
		t.Skip("no tables in", tableDir)
	}
	ts, err := Open(tableDir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ts.Close() })
	return ts
}

// tableNames lists the materials that have a WDL file in dir.
func tableNames(t testing.TB, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, "*"+extWDL))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range m {
		names = append(names, strings.TrimSuffix(filepath.Base(f), extWDL))
	}
	sort.Strings(names)
	return names
}

// randomPosition places the material of name (colours swapped when swap)
// at random, side to move at random, until the FEN is legal; with pawns on
// both sides it sometimes sets up an en-passant capture.
func randomPosition(r *rand.Rand, name string, swap bool) *board.Position {
	m, err := parseName(name)
	if err != nil {
		panic(err)
	}
	if swap {
		m = m.swapped()
	}
	for {
		var sq [64]byte
		side := board.Color(r.Intn(2))
		ep := ""
		if m[0][board.Pawn] > 0 && m[1][board.Pawn] > 0 && r.Intn(2) == 0 {
			ep = placeEnPassant(r, &sq, side)
		}
		for c := 0; c < 2; c++ {
			for pt := board.Pawn; pt <= board.King; pt++ {
				n := m[c][pt]
				if ep != "" && pt == board.Pawn {
					n-- // one pawn of each side is placed already
				}
				for i := 0; i < n; i++ {
					for {
						s := r.Intn(64)
						if sq[s] == 0 && (pt != board.Pawn || (s >= 8 && s < 56)) {
							sq[s] = board.MakePiece(board.Color(c), pt).Letter()
							break
						}
					}
				}
			}
		}
		if p, err := board.ParseFEN(fenOf(&sq, side, ep)); err == nil {
			return p
		}
	}
}

// placeEnPassant puts a pawn of the side to move on its fifth rank beside
// a pawn that has just advanced two squares, and returns the square passed.
func placeEnPassant(r *rand.Rand, sq *[64]byte, side board.Color) string {
	f := r.Intn(8)
	df := 1
	if f == 7 || (f > 0 && r.Intn(2) == 0) {
		df = -1
	}
	rank, dir := 4, 1 // white to move: black's pawn went from rank 7 to rank 5
	if side == board.Black {
		rank, dir = 3, -1
	}
	us, them := board.MakePiece(side, board.Pawn), board.MakePiece(side^1, board.Pawn)
	sq[rank*8+f+df] = us.Letter()
	sq[rank*8+f] = them.Letter()
	return board.SquareAt(f, rank+dir).String()
}

func fenOf(sq *[64]byte, side board.Color, ep string) string {
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for f := 0; f < 8; f++ {
			c := sq[rank*8+f]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	if ep == "" {
		ep = "-"
	}
	return b.String() + " " + "wb"[side:side+1] + " - " + ep + " 0 1"
}
