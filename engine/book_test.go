// Tests of the engine's book: with OwnBook a book move is reported at once
// (through Callbacks.Book, with no search), the book is left when the
// position is not in it, at BookDepth, in go infinite and go mate, and
// among searchmoves; a ponder search holds the book move until ponderhit;
// a bad BookFile keeps the previous book; the analyser behind `book
// analyse` is deterministic.
package engine

import (
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"brudno/board"
	"brudno/book"
	"brudno/search"
)

// writeTestBook writes a small book: 1.e4 (weight 1); after it c5 (2) and
// e5 (0, never played); after 1.e4 c5 Nf3 (5) and d4 (5).
func writeTestBook(t *testing.T) string {
	t.Helper()
	var es []book.Entry
	add := func(moves string, move string, w uint16) {
		p := board.NewPosition()
		for _, s := range strings.Fields(moves) {
			m, err := p.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			p.Make(m)
		}
		m, err := p.ParseMove(move)
		if err != nil {
			t.Fatal(err)
		}
		es = append(es, book.Entry{Key: p.Key(), Move: book.EncodeMove(m), Weight: w})
	}
	add("", "e2e4", 1)
	add("e2e4", "c7c5", 2)
	add("e2e4", "e7e5", 0)
	add("e2e4 c7c5", "g1f3", 5)
	add("e2e4 c7c5", "d2d4", 5)
	path := filepath.Join(t.TempDir(), "test.bin")
	if err := book.WriteFile(path, es); err != nil {
		t.Fatal(err)
	}
	return path
}

// goResult is what one Go reported.
type goResult struct {
	book    *BookMove
	res     search.Result
	infos   int
	elapsed time.Duration
}

func runGo(t *testing.T, e *Engine, lim search.Limits) goResult {
	t.Helper()
	var r goResult
	var books atomic.Int32
	start := time.Now()
	err := e.Go(lim, Callbacks{
		Info: func(search.Info) { r.infos++ },
		Book: func(b BookMove) { books.Add(1); r.book = &b },
		BestMove: func(res search.Result) {
			r.res = res
			r.elapsed = time.Since(start)
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	e.Wait()
	if books.Load() > 1 {
		t.Fatalf("%d book callbacks", books.Load())
	}
	return r
}

func setOptions(t *testing.T, e *Engine, kv ...string) {
	t.Helper()
	for i := 0; i < len(kv); i += 2 {
		if err := e.SetOption(kv[i], kv[i+1]); err != nil {
			t.Fatalf("SetOption(%s, %s): %v", kv[i], kv[i+1], err)
		}
	}
}

func TestOwnBookPlaysAndLeavesBook(t *testing.T) {
	e := New()
	path := writeTestBook(t)
	setOptions(t, e, "BookFile", path, "BookBestMove", "true")

	// OwnBook off (the default): a search, although the position is in the book.
	r := runGo(t, e, search.Limits{Depth: 2})
	if r.book != nil || r.infos == 0 || r.res.Depth != 2 {
		t.Errorf("OwnBook off: book %v, %d infos, depth %d", r.book, r.infos, r.res.Depth)
	}

	setOptions(t, e, "OwnBook", "true")
	// A minute of movetime: a book move must come at once, with no search.
	long := search.Limits{MoveTime: time.Minute}
	r = runGo(t, e, long)
	if r.book == nil || r.book.Move.String() != "e2e4" || r.book.Weight != 1 || r.book.Total != 1 || r.book.Candidates != 1 {
		t.Fatalf("start position: book %+v", r.book)
	}
	if r.res.Best.String() != "e2e4" || r.res.Ponder.String() != "c7c5" || r.res.Nodes != 0 || r.res.Depth != 0 || r.infos != 0 {
		t.Errorf("start position: result %+v after %d infos", r.res, r.infos)
	}
	if r.elapsed > 5*time.Second {
		t.Errorf("book move took %v", r.elapsed)
	}

	// Black's reply: the weight-0 move is never played.
	e.SetPosition("", []string{"e2e4"})
	r = runGo(t, e, long)
	if r.book == nil || r.res.Best.String() != "c7c5" || r.book.Total != 2 || r.book.Candidates != 1 {
		t.Errorf("after 1.e4: %+v %+v", r.book, r.res)
	}
	// Two moves of equal weight: best-only takes the first in the file.
	e.SetPosition("", []string{"e2e4", "c7c5"})
	r = runGo(t, e, long)
	if r.book == nil || r.book.Total != 10 || r.book.Candidates != 2 || r.res.Ponder != board.NoMove {
		t.Errorf("after 1.e4 c5: %+v %+v", r.book, r.res)
	}
	// Out of the book: a normal search.
	e.SetPosition("", []string{"e2e4", "c7c5", "g1f3"})
	r = runGo(t, e, search.Limits{Depth: 3})
	if r.book != nil || r.infos == 0 || r.res.Depth != 3 || r.res.Best == board.NoMove {
		t.Errorf("out of book: book %v, %d infos, %+v", r.book, r.infos, r.res)
	}

	// BookDepth 1: the book is used in move 1 only.
	setOptions(t, e, "BookDepth", "1")
	e.SetPosition("", []string{"e2e4"})
	if r = runGo(t, e, long); r.book == nil {
		t.Error("BookDepth 1: no book move in move 1")
	}
	e.SetPosition("", []string{"e2e4", "c7c5"})
	if r = runGo(t, e, search.Limits{Depth: 2}); r.book != nil || r.res.Depth != 2 {
		t.Errorf("BookDepth 1: book used in move 2: %+v", r.book)
	}
	setOptions(t, e, "BookDepth", "100")

	// go infinite and go mate search; searchmoves restrict the book.
	e.SetPosition("", nil)
	if err := e.Go(search.Limits{Infinite: true}, Callbacks{Book: func(BookMove) { t.Error("book move in go infinite") }}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(20 * time.Millisecond)
	e.Stop()
	e.Wait()
	if r = runGo(t, e, search.Limits{Mate: 1, Depth: 2}); r.book != nil {
		t.Error("book move in go mate")
	}
	d4, _ := e.Position().ParseMove("d2d4")
	e4, _ := e.Position().ParseMove("e2e4")
	if r = runGo(t, e, search.Limits{Depth: 1, SearchMoves: []board.Move{d4}}); r.book != nil || r.res.Best != d4 {
		t.Errorf("searchmoves d2d4: %+v %+v", r.book, r.res)
	}
	if r = runGo(t, e, search.Limits{MoveTime: time.Minute, SearchMoves: []board.Move{d4, e4}}); r.book == nil || r.res.Best != e4 {
		t.Errorf("searchmoves d2d4 e2e4: %+v %+v", r.book, r.res)
	}
}

func TestBookPonderWaitsForPonderHit(t *testing.T) {
	e := New()
	setOptions(t, e, "BookFile", writeTestBook(t), "OwnBook", "true")
	for _, hit := range []bool{true, false} {
		var best atomic.Int32
		var got search.Result
		if err := e.Go(search.Limits{Ponder: true, MoveTime: time.Minute}, Callbacks{
			BestMove: func(r search.Result) { got = r; best.Add(1) },
		}); err != nil {
			t.Fatal(err)
		}
		time.Sleep(50 * time.Millisecond)
		if best.Load() != 0 || !e.Searching() {
			t.Fatal("a book move was reported before ponderhit")
		}
		if hit {
			e.PonderHit()
		} else {
			e.Stop()
		}
		e.Wait()
		if best.Load() != 1 || got.Best.String() != "e2e4" {
			t.Errorf("ponderhit %v: %d best moves, %+v", hit, best.Load(), got)
		}
	}
}

func TestWeightedBookChoice(t *testing.T) {
	e := New()
	setOptions(t, e, "BookFile", writeTestBook(t), "OwnBook", "true")
	e.SetPosition("", []string{"e2e4", "c7c5"})
	e.mu.Lock()
	e.bk.rng = rand.New(rand.NewPCG(3, 4))
	e.mu.Unlock()
	seen := map[string]int{}
	for i := 0; i < 40; i++ {
		r := runGo(t, e, search.Limits{MoveTime: time.Minute})
		if r.book == nil {
			t.Fatal("no book move")
		}
		seen[r.res.Best.String()]++
	}
	// Both moves weigh 5: each is chosen 20 times give or take; with this
	// seed neither may be missing (the chance of that is 2e-12).
	if len(seen) != 2 || seen["g1f3"]+seen["d2d4"] != 40 {
		t.Errorf("weighted choice: %v", seen)
	}
}

func TestBookFileOption(t *testing.T) {
	e := New()
	name, entries, own := e.BookInfo()
	def, err := book.Default()
	if err != nil {
		t.Fatal(err)
	}
	if name != "" || entries != def.Len() || own {
		t.Errorf("new engine: book %q with %d entries, OwnBook %v", name, entries, own)
	}
	path := writeTestBook(t)
	setOptions(t, e, "BookFile", path)
	if name, entries, _ = e.BookInfo(); name != path || entries != 5 {
		t.Errorf("after BookFile: %q %d", name, entries)
	}
	dir := t.TempDir()
	corrupt := filepath.Join(dir, "corrupt.bin")
	if err := os.WriteFile(corrupt, make([]byte, 40), 0o644); err != nil {
		t.Fatal(err)
	}
	// The missing file's message is the system's own ("no such file or
	// directory", "The system cannot find the file specified.").
	missing := filepath.Join(dir, "missing.bin")
	_, notFound := os.Stat(missing)
	var pathErr *fs.PathError
	if !errors.As(notFound, &pathErr) {
		t.Fatalf("stat of a missing file: %v", notFound)
	}
	for _, c := range []struct{ file, want string }{
		{missing, pathErr.Err.Error()},
		{corrupt, "size 40 bytes is not a multiple of 16"},
		{dir, "not a regular file"},
	} {
		err := e.SetOption("BookFile", c.file)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasSuffix(err.Error(), "; keeping the book "+path) {
			t.Errorf("BookFile %s: %v", c.file, err)
		}
		if name, entries, _ = e.BookInfo(); name != path || entries != 5 {
			t.Errorf("after a bad BookFile: %q %d", name, entries)
		}
	}
	for _, empty := range []string{"", "<empty>"} {
		setOptions(t, e, "BookFile", path)
		setOptions(t, e, "BookFile", empty)
		if name, entries, _ = e.BookInfo(); name != "" || entries != def.Len() {
			t.Errorf("BookFile %q: %q %d", empty, name, entries)
		}
	}
	// The default book plays from the start position.
	setOptions(t, e, "OwnBook", "true", "BookBestMove", "true")
	e.SetPosition("", nil)
	r := runGo(t, e, search.Limits{MoveTime: time.Minute})
	want, _, _ := def.Choose(board.NewPosition(), nil, true)
	if r.book == nil || r.res.Best != want.Move {
		t.Errorf("default book: %+v, want %v", r.res, want.Move)
	}
	for _, c := range []struct{ name, value string }{{"BookDepth", "0"}, {"BookDepth", "1001"}, {"OwnBook", "1"}, {"BookBestMove", "yes"}} {
		if err := e.SetOption(c.name, c.value); err == nil {
			t.Errorf("%s %q accepted", c.name, c.value)
		}
	}
}

func TestBookAnalyser(t *testing.T) {
	analyse := BookAnalyser(3, 3, 1)()
	p := board.NewPosition()
	a, b := analyse(p), analyse(p)
	if len(a) != 3 || len(b) != 3 {
		t.Fatalf("%d and %d moves, want 3", len(a), len(b))
	}
	var legal board.MoveList
	p.GenerateLegal(&legal)
	for i := range a {
		if a[i] != b[i] {
			t.Errorf("line %d: %+v then %+v", i, a[i], b[i])
		}
		if !legal.Contains(a[i].Move) || (i > 0 && a[i].Score > a[i-1].Score) {
			t.Errorf("line %d: %+v", i, a[i])
		}
	}
	mated, _ := board.ParseFEN("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
	if got := analyse(mated); got != nil {
		t.Errorf("checkmated position: %+v", got)
	}
}
