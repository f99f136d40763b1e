package data

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"brudno/board"
)

var testFENs = []string{
	board.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q2/PPPBBPPP/R3K2R w KQkq - 0 1", // Kiwipete
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",       // en passant
	"rnbqkbnr/pppp1ppp/8/8/3Pp3/4P3/PPP2PPP/RNBQKBNR b KQkq d3 0 3",       // black to move, en passant
	"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b Kkq - 5 4",  // black to move
	"QQQ5/8/8/8/8/4k3/6qq/K7 w - - 0 60",                                  // promoted pieces
	"1N2k3/8/8/8/8/8/8/Rn2K2R b K - 3 71",                                 // promoted-looking knight, few pieces
	"8/8/8/4k3/8/8/8/4K3 w - - 0 1",                                       // bare kings
	"8/8/3k4/8/3PK3/8/8/8 b - - 17 120",                                   // KPK
	"r3k3/8/8/8/8/8/8/4K2R w Kq - 99 500",                                 // clocks
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 65535",        // largest fullmove
}

var testScores = []int{0, 1, -1, 35, -250, 1234, -9999, 32767, -32768}

// roundTrip encodes pos with every result and a score, decodes it and
// checks the FEN, score and result.
func roundTrip(t *testing.T, pos *board.Position, score int) {
	t.Helper()
	want := pos.FEN()
	for _, res := range []Result{BlackWin, Draw, WhiteWin} {
		rec := Encode(pos, score, res)
		got, gotScore, gotRes, err := Decode(rec)
		if err != nil {
			t.Fatalf("%s: decode: %v", want, err)
		}
		if got.FEN() != want || gotScore != score || gotRes != res {
			t.Fatalf("round trip of %s %d %v gave %s %d %v", want, score, res, got.FEN(), gotScore, gotRes)
		}
		if again := Encode(got, gotScore, gotRes); again != rec {
			t.Fatalf("%s: re-encoding differs:\n%x\n%x", want, rec, again)
		}
	}
}

// TestRoundTrip round-trips the test positions and every position of a
// random game from each.
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for i, fen := range testFENs {
		pos, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		if pos.FEN() != fen {
			t.Fatalf("test FEN %q prints as %q", fen, pos.FEN())
		}
		roundTrip(t, pos, testScores[i%len(testScores)])
		var list board.MoveList
		for ply := 0; ply < 200; ply++ {
			pos.GenerateLegal(&list)
			if list.Count == 0 {
				break
			}
			pos.Make(list.Moves[rng.Intn(list.Count)])
			if pos.FullmoveNumber() > 65535 {
				break
			}
			roundTrip(t, pos, testScores[ply%len(testScores)])
		}
	}
}

func TestClamping(t *testing.T) {
	pos, err := board.ParseFEN("r3k3/8/8/8/8/8/8/4K2R w Kq - 300 70000")
	if err != nil {
		t.Fatal(err)
	}
	got, score, _, err := Decode(Encode(pos, 40000, Draw))
	if err != nil {
		t.Fatal(err)
	}
	if want := "r3k3/8/8/8/8/8/8/4K2R w Kq - 255 65535"; got.FEN() != want || score != 32767 {
		t.Errorf("got %s score %d, want %s score 32767", got.FEN(), score, want)
	}
	if rec := Encode(pos, -40000, Draw); rec.Score() != -32768 {
		t.Errorf("score -40000 stored as %d", rec.Score())
	}
}

func TestLayout(t *testing.T) {
	pos, _ := board.ParseFEN("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
	rec := Encode(pos, -300, WhiteWin)
	if occ := binary.LittleEndian.Uint64(rec[0:]); occ != uint64(pos.Occupied()) {
		t.Errorf("occupancy %x, want %x", occ, uint64(pos.Occupied()))
	}
	// a1 holds a white rook (4), b1 a white knight (2): byte 8 is 0x24.
	if rec[8] != 0x24 {
		t.Errorf("byte 8 = %#x, want 0x24", rec[8])
	}
	if s := int16(binary.LittleEndian.Uint16(rec[24:])); s != -300 {
		t.Errorf("score %d", s)
	}
	if fm := binary.LittleEndian.Uint16(rec[26:]); fm != 3 {
		t.Errorf("fullmove %d", fm)
	}
	if rec[28] != 0 || rec[29] != 15 || rec[30] != 45 || rec[31] != 2 {
		t.Errorf("halfmove %d flags %d ep %d result %d, want 0 15 45 2", rec[28], rec[29], rec[30], rec[31])
	}
	pos, _ = board.ParseFEN("8/8/8/4k3/8/8/8/4K3 b - - 7 9")
	rec = Encode(pos, 0, Draw)
	if rec[29] != 16 || rec[30] != 64 || rec[8] != 0xe6 || rec[28] != 7 {
		t.Errorf("bare kings: flags %d ep %d pieces %#x halfmove %d", rec[29], rec[30], rec[8], rec[28])
	}
}

func TestEncodeDoesNotAllocate(t *testing.T) {
	pos, _ := board.ParseFEN(testFENs[1])
	var sink Record
	if n := testing.AllocsPerRun(100, func() { sink = Encode(pos, 17, Draw) }); n != 0 {
		t.Errorf("Encode: %.0f allocations", n)
	}
	var buf bytes.Buffer
	w := NewWriter(&buf)
	if n := testing.AllocsPerRun(100, func() { _ = w.Write(sink) }); n != 0 {
		t.Errorf("Writer.Write: %.0f allocations", n)
	}
}

// corruptCases are records Decode must reject, each with a word its error
// must contain.
func corruptCases(t testing.TB) map[string]struct {
	rec  Record
	want string
} {
	good := func() Record {
		pos, err := board.ParseFEN(testFENs[2])
		if err != nil {
			t.Fatal(err)
		}
		return Encode(pos, 10, Draw)
	}
	kings := func(fen string) Record {
		// A record built by hand, as ParseFEN refuses such positions.
		var r Record
		var occ board.Bitboard
		n := 0
		for i, c := range []byte(fen) {
			if c == '.' {
				continue
			}
			occ |= board.BB(board.Square(i))
			code := byte(strings.IndexByte(" PNBRQK  pnbrqk", c))
			r[8+n/2] |= code << (4 * (n & 1))
			n++
		}
		binary.LittleEndian.PutUint64(r[:], uint64(occ))
		binary.LittleEndian.PutUint16(r[26:], 1)
		r[30] = 64
		return r
	}
	cases := map[string]struct {
		rec  Record
		want string
	}{}
	add := func(name, want string, f func(r *Record)) {
		r := good()
		f(&r)
		cases[name] = struct {
			rec  Record
			want string
		}{r, want}
	}
	add("33 pieces", "33 pieces", func(r *Record) { binary.LittleEndian.PutUint64(r[:], 1<<33-1) })
	add("64 pieces", "64 pieces", func(r *Record) { binary.LittleEndian.PutUint64(r[:], ^uint64(0)) })
	add("nibble 0", "invalid piece code 0", func(r *Record) { r[8] &= 0xf0 })
	add("nibble 7", "invalid piece code 7", func(r *Record) { r[8] = r[8]&0xf0 | 7 })
	add("nibble 15", "invalid piece code 15", func(r *Record) { r[9] |= 0xf0 })
	add("padding", "unused slot", func(r *Record) {
		pos, _ := board.ParseFEN("8/8/3k4/8/3PK3/8/8/8 b - - 17 120")
		*r = Encode(pos, 0, Draw)
		r[23] = 0x10
	})
	add("flags", "reserved bits", func(r *Record) { r[29] |= 0x40 })
	add("side byte", "reserved bits", func(r *Record) { r[29] = 0xff })
	add("ep byte", "en-passant byte 65", func(r *Record) { r[30] = 65 })
	add("ep rank", "en-passant", func(r *Record) { r[30] = 20 })
	add("ep no capture", "no pawn can capture", func(r *Record) {
		// After 1.e4 no black pawn can take on e3, so the board keeps no
		// en-passant square and the record may not name one.
		pos, _ := board.ParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
		*r = Encode(pos, 0, Draw)
		r[30] = 20
	})
	add("result", "result byte 3", func(r *Record) { r[31] = 3 })
	add("fullmove", "fullmove number 0", func(r *Record) { r[26], r[27] = 0, 0 })
	add("castling without rook", "castling", func(r *Record) {
		pos, _ := board.ParseFEN("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
		*r = Encode(pos, 0, Draw)
		r[29] = 1
	})
	cases["no kings"] = struct {
		rec  Record
		want string
	}{kings("PPPP"), "0 white and 0 black kings"}
	cases["two white kings"] = struct {
		rec  Record
		want string
	}{kings("K.K.....k"), "2 white and 1 black kings"}
	cases["pawn on rank 8"] = struct {
		rec  Record
		want string
	}{kings("K.......k" + strings.Repeat(".", 48) + "P"), "pawns on the first or last rank"}
	cases["side not to move in check"] = struct {
		rec  Record
		want string
	}{kings("K.......R......k"), "not to move is in check"}
	return cases
}

func TestDecodeRejectsCorrupt(t *testing.T) {
	for name, c := range corruptCases(t) {
		_, _, _, err := Decode(c.rec)
		if err == nil {
			t.Errorf("%s: accepted", name)
			continue
		}
		if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %q, want one wrapping ErrCorrupt containing %q", name, err, c.want)
		}
	}
}

func TestWriterReader(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	var want []Record
	var fens []string
	for i, fen := range testFENs {
		pos, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		rec := Encode(pos, testScores[i%len(testScores)], Result(i%3))
		want = append(want, rec)
		fens = append(fens, pos.FEN())
	}
	if err := w.Write(want[0]); err != nil {
		t.Fatal(err)
	}
	if err := w.WriteAll(want[1:]); err != nil {
		t.Fatal(err)
	}
	if buf.Len() != 0 {
		t.Errorf("%d bytes written before Flush", buf.Len())
	}
	if err := w.Flush(); err != nil || buf.Len() != len(want)*RecordSize || w.Count() != int64(len(want)) {
		t.Fatalf("flush: %v, %d bytes, count %d", err, buf.Len(), w.Count())
	}
	raw := buf.Bytes()
	r := NewReader(bytes.NewReader(raw))
	for i := range want {
		pos, score, res, err := r.Next()
		if err != nil {
			t.Fatalf("record %d: %v", i+1, err)
		}
		if pos.FEN() != fens[i] || score != testScores[i%len(testScores)] || res != Result(i%3) {
			t.Errorf("record %d: %s %d %v", i+1, pos.FEN(), score, res)
		}
	}
	if _, err := r.Read(); err != io.EOF || r.Count() != int64(len(want)) {
		t.Errorf("at the end: %v after %d records", err, r.Count())
	}

	// A partial record at the end.
	r = NewReader(bytes.NewReader(raw[:len(raw)-5]))
	var err error
	for err == nil {
		_, err = r.Read()
	}
	if !errors.Is(err, ErrTruncated) || !strings.Contains(err.Error(), "27 bytes") {
		t.Errorf("truncated input: %v", err)
	}
	// A corrupt record in the middle is reported with its number.
	bad := append([]byte(nil), raw...)
	bad[2*RecordSize+31] = 9
	r = NewReader(bytes.NewReader(bad))
	for err = nil; err == nil; {
		_, _, _, err = r.Next()
	}
	if !errors.Is(err, ErrCorrupt) || !strings.HasPrefix(err.Error(), "record 3: ") {
		t.Errorf("corrupt third record: %v", err)
	}

	// CountFile.
	name := filepath.Join(t.TempDir(), "d.bin")
	if err := os.WriteFile(name, raw[:len(raw)-5], 0o644); err != nil {
		t.Fatal(err)
	}
	if n, extra, err := CountFile(name); err != nil || n != int64(len(want)-1) || extra != 27 {
		t.Errorf("CountFile: %d records, %d trailing bytes, %v", n, extra, err)
	}
	if _, _, err := CountFile(filepath.Join(t.TempDir(), "missing.bin")); err == nil {
		t.Error("CountFile of a missing file: no error")
	}
}

// countingWriter records the size of every Write call.
type countingWriter struct{ sizes []int }

func (c *countingWriter) Write(p []byte) (int, error) {
	c.sizes = append(c.sizes, len(p))
	return len(p), nil
}

func TestWriteAllKeepsGroupsTogether(t *testing.T) {
	var cw countingWriter
	w := NewWriter(&cw)
	group := make([]Record, 1000) // 32,000 bytes: two fit in the 64 KiB buffer, not three
	for i := 0; i < 5; i++ {
		if err := w.WriteAll(group); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	for _, n := range cw.sizes {
		if n%(len(group)*RecordSize) != 0 {
			t.Fatalf("write sizes %v split a group", cw.sizes)
		}
	}
	if len(cw.sizes) != 3 || w.Count() != 5000 {
		t.Errorf("write sizes %v, count %d", cw.sizes, w.Count())
	}
}

func TestResult(t *testing.T) {
	for white, want := range map[float64]Result{0: BlackWin, 0.5: Draw, 1: WhiteWin} {
		if got := ResultFromScore(white); got != want {
			t.Errorf("ResultFromScore(%v) = %v", white, got)
		}
	}
	if WhiteWin.String() != "1-0" || Draw.String() != "1/2-1/2" || BlackWin.String() != "0-1" || Result(7).String() != "Result(7)" {
		t.Error("Result.String")
	}
}

func FuzzDecode(f *testing.F) {
	for i, fen := range testFENs {
		pos, err := board.ParseFEN(fen)
		if err != nil {
			f.Fatal(err)
		}
		rec := Encode(pos, testScores[i%len(testScores)], Result(i%3))
		f.Add(rec[:])
	}
	for _, c := range corruptCases(f) {
		f.Add(c.rec[:])
	}
	f.Add(make([]byte, RecordSize))
	f.Fuzz(func(t *testing.T, b []byte) {
		var rec Record
		copy(rec[:], b)
		pos, score, res, err := Decode(rec)
		if err != nil {
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("error %v does not wrap ErrCorrupt", err)
			}
			return
		}
		again := Encode(pos, score, res)
		if rec.GameStart() {
			again.SetGameStart()
		}
		if again != rec {
			t.Fatalf("decoded %s %d %v re-encodes differently:\n%x\n%x", pos.FEN(), score, res, rec, again)
		}
		if _, err := board.ParseFEN(pos.FEN()); err != nil {
			t.Fatalf("decoded FEN %s does not parse: %v", pos.FEN(), err)
		}
	})
}

// The game-start flag survives encoding and decoding and is the only
// extra flag bit a valid record may carry.
func TestGameStart(t *testing.T) {
	p, err := board.ParseFEN(board.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	r := Encode(p, 12, Draw)
	if r.GameStart() {
		t.Fatal("a new record is marked as a game start")
	}
	r.SetGameStart()
	if !r.GameStart() {
		t.Fatal("SetGameStart did not mark the record")
	}
	if _, score, res, err := Decode(r); err != nil || score != 12 || res != Draw {
		t.Fatalf("decoding a game start: score %d, result %v, %v", score, res, err)
	}
	r[offFlags] |= 1 << 6
	if _, _, _, err := Decode(r); err == nil {
		t.Error("bit 6 of the flags was accepted")
	}
}
