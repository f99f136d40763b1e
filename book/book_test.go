// Tests of reading, choosing and writing: the published Polyglot key
// vectors looked up through a book, the move encoding (castling, en
// passant, promotions), rejection of corrupt files, skipping of illegal
// entries, weighted and best-only choice, and write/read round trips.
package book

import (
	"encoding/binary"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"brudno/board"
)

func mustPos(t testing.TB, fen string, moves ...string) *board.Position {
	t.Helper()
	p := board.NewPosition()
	if fen != "" {
		var err error
		if p, err = board.ParseFEN(fen); err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
	}
	return p
}

func mustMove(t testing.TB, p *board.Position, s string) board.Move {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// raw builds a file from entries exactly as given (no sorting or merging).
func raw(es ...Entry) []byte {
	data := make([]byte, 0, len(es)*EntrySize)
	for _, e := range es {
		data = binary.BigEndian.AppendUint64(data, e.Key)
		data = binary.BigEndian.AppendUint16(data, e.Move)
		data = binary.BigEndian.AppendUint16(data, e.Weight)
		data = binary.BigEndian.AppendUint32(data, e.Learn)
	}
	return data
}

// A book keyed by the published key of each position of the Polyglot test
// sequences, holding the next move of the sequence, must give back exactly
// that move when the sequence is played through the board and looked up.
func TestPublishedKeysThroughBook(t *testing.T) {
	type step struct {
		key  uint64
		next string // the move stored for the position with this key
	}
	mainLine := []step{
		{0x463b96181691fc9c, "e2e4"},
		{0x823c9b50fd114196, "d7d5"},
		{0x0756b94461c50fb0, "e4e5"},
		{0x662fafb965db29d4, "f7f5"},
		{0x22a48b5a8e47ff78, "e1e2"},
		{0x652a607ca3f242c1, "e8f7"},
		{0x00fdd303c946bdd9, "g1f3"},
	}
	es := []Entry{
		{Key: 0x463b96181691fc9c, Move: encodeUCI(t, "a2a4"), Weight: 1}, // a second start move
		{Key: 0x3c8123ea7b067637, Move: encodeUCI(t, "b4c3"), Weight: 1}, // after a4 b5 h4 b4 c4: en passant
		{Key: 0x5c3f9b829b279560, Move: encodeUCI(t, "g8f6"), Weight: 1}, // after ... bxc3 Ra3
	}
	for _, st := range mainLine {
		es = append(es, Entry{Key: st.key, Move: encodeUCI(t, st.next), Weight: 2})
	}
	b := mustParseBook(t, Encode(es))
	p := board.NewPosition()
	for i, st := range mainLine {
		if p.Key() != st.key {
			t.Fatalf("position %d: key %016x, want %016x", i, p.Key(), st.key)
		}
		want := []string{st.next}
		if i == 0 {
			want = []string{"e2e4", "a2a4"}
		}
		if got := candidateStrings(b.Candidates(p)); !reflect.DeepEqual(got, want) {
			t.Fatalf("position %d (%s): book moves %v, want %v", i, p.FEN(), got, want)
		}
		p.Make(mustMove(t, p, st.next))
	}
	p = mustPos(t, "", "a2a4", "b7b5", "h2h4", "b5b4", "c2c4")
	c, _, ok := b.Choose(p, nil, true)
	if !ok || c.Move.String() != "b4c3" || c.Move.Kind() != board.EnPassant {
		t.Fatalf("en-passant position: %v %v", c.Move, ok)
	}
	p.Make(c.Move)
	p.Make(mustMove(t, p, "a1a3"))
	if c, _, ok := b.Choose(p, nil, true); !ok || c.Move.String() != "g8f6" {
		t.Fatalf("after bxc3 Ra3: %v %v", c.Move, ok)
	}
}

// encodeUCI encodes a move given in UCI form without a position (normal
// moves and promotions only).
func encodeUCI(t testing.TB, s string) uint16 {
	from, ok1 := board.ParseSquare(s[0:2])
	to, ok2 := board.ParseSquare(s[2:4])
	if !ok1 || !ok2 {
		t.Fatalf("bad move %q", s)
	}
	v := uint16(to) | uint16(from)<<6
	if len(s) == 5 {
		v |= uint16(strings.IndexByte("nbrq", s[4])+1) << 12
	}
	return v
}

func candidateStrings(cs []Candidate) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Move.String())
	}
	return out
}

func TestMoveEncoding(t *testing.T) {
	start := board.NewPosition()
	castle := mustPos(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	castleB := mustPos(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1")
	promo := mustPos(t, "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1")
	promoW := mustPos(t, "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1")
	cases := []struct {
		pos  *board.Position
		move string
		raw  uint16
	}{
		{start, "e2e4", 0x031c},
		{start, "g1f3", 0x0195},
		{castle, "e1g1", 0x0107}, // written as e1h1
		{castle, "e1c1", 0x0100}, // e1a1
		{castleB, "e8g8", 0x0f3f},
		{castleB, "e8c8", 0x0f38},
		{promoW, "b7a8q", 0x4c78},
		{promoW, "b7a8n", 0x1c78},
		{promoW, "b7b8r", 0x3c79},
		{promo, "g2h1b", 0x2387},
	}
	for _, c := range cases {
		m := mustMove(t, c.pos, c.move)
		if got := EncodeMove(m); got != c.raw {
			t.Errorf("%s: encoded %04x, want %04x", c.move, got, c.raw)
		}
		if got, ok := DecodeMove(c.pos, c.raw); !ok || got != m {
			t.Errorf("%04x decoded to %v %v, want %s", c.raw, got, ok, c.move)
		}
	}
	// Castling written as the king's two-square move is accepted too.
	if m, ok := DecodeMove(castle, encodeUCI(t, "e1g1")); !ok || !m.IsCastling() || m.UCI(false) != "e1g1" {
		t.Errorf("e1g1 alias: %v %v", m, ok)
	}
	// Every legal move of a few positions round-trips.
	for _, p := range []*board.Position{start, castle, castleB, promo, promoW,
		mustPos(t, "", "e2e4", "a7a6", "e4e5", "d7d5")} { // e5xd6 en passant
		var l board.MoveList
		p.GenerateLegal(&l)
		for _, m := range l.Slice() {
			if got, ok := DecodeMove(p, EncodeMove(m)); !ok || got != m {
				t.Errorf("%s: %v round-trips to %v %v", p.FEN(), m, got, ok)
			}
		}
	}
	if MoveString(0x4c78) != "b7a8q" || MoveString(0x0107) != "e1h1" {
		t.Errorf("MoveString: %s %s", MoveString(0x4c78), MoveString(0x0107))
	}
}

func TestCorruptBooksRejected(t *testing.T) {
	good := raw(Entry{Key: 1, Move: 0x031c, Weight: 1}, Entry{Key: 2, Move: 0x031c, Weight: 1})
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "no entries"},
		{"truncated entry", good[:31], "size 31 bytes is not a multiple of 16"},
		{"trailing byte", append(append([]byte{}, good...), 0), "size 33 bytes is not a multiple of 16"},
		{"unsorted", raw(Entry{Key: 2, Move: 0x031c}, Entry{Key: 1, Move: 0x031c}), "entry 1 has key 0000000000000001, below the key 0000000000000002 of entry 0: the entries are not sorted"},
		{"bit 15", raw(Entry{Key: 1, Move: 0x831c}), "entry 0 (key 0000000000000001): move field 831c has bit 15 set"},
		{"promotion piece 5", raw(Entry{Key: 1, Move: 0x5c38}), "promotion piece 5"},
		{"null move", raw(Entry{Key: 1, Move: 0}), "moves from a1 to itself"},
		{"no chess move", raw(Entry{Key: 1, Move: encodeUCI(t, "a1c4")}), "(a1c4) is no chess move"},
		{"promotion off the last rank", raw(Entry{Key: 1, Move: encodeUCI(t, "e2e4q")}), "(e2e4) promotes off the last rank"},
		{"text file", []byte("this is not a polyglot book at all, just text!!!"), "entry 0 (key 7468697320697320): move field 6e6f has promotion piece 6"},
	}
	for _, c := range cases {
		_, err := Parse(c.data)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
	if _, err := Parse(good); err != nil {
		t.Errorf("good book rejected: %v", err)
	}
	dir := t.TempDir()
	if _, err := Load(filepath.Join(dir, "missing.bin")); err == nil || !strings.Contains(err.Error(), "missing.bin") {
		t.Errorf("missing file: %v", err)
	}
	if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("directory: %v", err)
	}
	path := filepath.Join(dir, "short.bin")
	if err := os.WriteFile(path, good[:20], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(path); err == nil || !strings.Contains(err.Error(), "short.bin: size 20 bytes") {
		t.Errorf("truncated file: %v", err)
	}
}

func TestIllegalEntriesSkippedAndWeights(t *testing.T) {
	start := board.NewPosition()
	key := start.Key()
	b, err := Parse(raw(
		Entry{Key: key, Move: encodeUCI(t, "e2e5"), Weight: 50}, // not legal
		Entry{Key: key, Move: encodeUCI(t, "e1h1"), Weight: 40}, // castling, not legal here
		Entry{Key: key, Move: encodeUCI(t, "e2e4"), Weight: 0},
		Entry{Key: key, Move: encodeUCI(t, "d2d4"), Weight: 2},
		Entry{Key: key, Move: encodeUCI(t, "g1f3"), Weight: 3},
		Entry{Key: key, Move: encodeUCI(t, "d2d4"), Weight: 2}, // merged with the other d2d4
		Entry{Key: key + 1, Move: encodeUCI(t, "a2a3"), Weight: 9},
	))
	if err != nil {
		t.Fatal(err)
	}
	if got := len(b.Lookup(key)); got != 6 {
		t.Errorf("Lookup: %d entries, want 6", got)
	}
	cands := b.Candidates(start)
	want := []Candidate{
		{Move: mustMove(t, start, "d2d4"), Weight: 4},
		{Move: mustMove(t, start, "g1f3"), Weight: 3},
		{Move: mustMove(t, start, "e2e4"), Weight: 0},
	}
	if !reflect.DeepEqual(cands, want) {
		t.Fatalf("candidates %+v, want %+v", cands, want)
	}
	c, total, ok := b.Choose(start, nil, true)
	if !ok || c.Move.String() != "d2d4" || total != 7 {
		t.Errorf("best only: %v total %d ok %v", c.Move, total, ok)
	}
	// Weighted: deterministic for a seed, never the weight-0 move, and in
	// proportion to the weights.
	counts := map[string]int{}
	var seq1, seq2 []string
	r1, r2 := rand.New(rand.NewPCG(7, 11)), rand.New(rand.NewPCG(7, 11))
	const draws = 7000
	for i := 0; i < draws; i++ {
		c1, _, _ := b.Choose(start, r1, false)
		c2, _, _ := b.Choose(start, r2, false)
		counts[c1.Move.String()]++
		if i < 50 {
			seq1, seq2 = append(seq1, c1.Move.String()), append(seq2, c2.Move.String())
		}
	}
	if !reflect.DeepEqual(seq1, seq2) {
		t.Error("the same seed gave different choices")
	}
	if counts["e2e4"] != 0 || counts["d2d4"]+counts["g1f3"] != draws {
		t.Errorf("counts %v", counts)
	}
	// Expected 4000 and 3000; the standard deviation is about 41.
	if d := counts["d2d4"] - 4000; d < -250 || d > 250 {
		t.Errorf("d2d4 drawn %d times of %d, expected about 4000", counts["d2d4"], draws)
	}
	// A position whose entries are all illegal or of weight 0 has no move.
	only := mustParseBook(t, raw(Entry{Key: key, Move: encodeUCI(t, "e2e5"), Weight: 5}, Entry{Key: key, Move: encodeUCI(t, "e2e4")}))
	if _, _, ok := only.Choose(start, rand.New(rand.NewPCG(1, 1)), false); ok {
		t.Error("a move was chosen from illegal and weight-0 entries")
	}
	if c, _, ok := b.Choose(mustPos(t, "", "e2e4"), nil, true); ok {
		t.Errorf("position not in the book gave %v", c.Move)
	}
}

func mustParseBook(t testing.TB, data []byte) *Book {
	t.Helper()
	b, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestWriteRoundTrip(t *testing.T) {
	in := []Entry{
		{Key: 9, Move: 0x031c, Weight: 5, Learn: 77},
		{Key: 3, Move: 0x02db, Weight: 1},
		{Key: 9, Move: 0x0195, Weight: 8},
		{Key: 3, Move: 0x031c, Weight: 1},
		{Key: 9, Move: 0x031c, Weight: 5, Learn: 1}, // merged: 10, learn 77 kept
		{Key: 5, Move: 0x031c, Weight: 60000},
		{Key: 5, Move: 0x031c, Weight: 60000}, // 120000: position 5 is scaled
		{Key: 5, Move: 0x02db, Weight: 30000},
		{Key: 5, Move: 0x0195, Weight: 0},
	}
	want := []Entry{
		{Key: 3, Move: 0x02db, Weight: 1},
		{Key: 3, Move: 0x031c, Weight: 1},
		{Key: 5, Move: 0x031c, Weight: 65535},
		{Key: 5, Move: 0x02db, Weight: 16384}, // 30000*65535/120000 rounded
		{Key: 5, Move: 0x0195, Weight: 0},
		{Key: 9, Move: 0x031c, Weight: 10, Learn: 77},
		{Key: 9, Move: 0x0195, Weight: 8},
	}
	path := filepath.Join(t.TempDir(), "rt.bin")
	if err := WriteFile(path, in); err != nil {
		t.Fatal(err)
	}
	b, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	var got []Entry
	for i := 0; i < b.Len(); i++ {
		got = append(got, b.Entry(i))
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("read back\n%+v\nwant\n%+v", got, want)
	}
	if b.Positions() != 3 || b.Size() != 7*EntrySize {
		t.Errorf("positions %d size %d", b.Positions(), b.Size())
	}
	if got := b.Lookup(5); len(got) != 3 || got[1].Weight != 16384 {
		t.Errorf("Lookup(5) = %+v", got)
	}
	if got := b.Lookup(4); len(got) != 0 {
		t.Errorf("Lookup(4) = %+v", got)
	}
	empty := filepath.Join(t.TempDir(), "empty.bin")
	if err := WriteFile(empty, nil); err == nil {
		t.Error("an empty book was written")
	}
	if _, err := os.Stat(empty); !os.IsNotExist(err) {
		t.Errorf("empty book left a file: %v", err)
	}
}

// The embedded book: small, and built by expansion from the start, so that
// every position in it is reached from the start by its own moves, and
// every entry is legal in its position.
func TestDefaultBook(t *testing.T) {
	b, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if b.Size() > 256<<10 || b.Len() < 100 {
		t.Errorf("default book: %d bytes, %d entries", b.Size(), b.Len())
	}
	seen := map[uint64]bool{}
	queue := []*board.Position{board.NewPosition()}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if seen[p.Key()] {
			continue
		}
		seen[p.Key()] = true
		entries := b.Lookup(p.Key())
		cands := b.Candidates(p)
		if len(cands) != len(entries) {
			t.Fatalf("%s: %d entries but %d legal book moves", p.FEN(), len(entries), len(cands))
		}
		for _, c := range cands {
			if c.Weight == 0 {
				t.Errorf("%s: %v has weight 0", p.FEN(), c.Move)
			}
			q := p.Clone()
			q.Make(c.Move)
			queue = append(queue, q)
		}
	}
	// Leaves (positions after the last ply) are reached but have no entries.
	reached := 0
	for k := range seen {
		if len(b.Lookup(k)) > 0 {
			reached++
		}
	}
	if reached != b.Positions() {
		t.Errorf("%d of the book's %d positions are reached from the start", reached, b.Positions())
	}
}
