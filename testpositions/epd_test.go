// Tests of the EPD reader: each odd case found in published suite files
// is parsed and its operations compared exactly; malformed lines are
// reported with their line numbers; the reader is fuzzed for panics and
// for records that do not read back the same after writing.
package testpositions

import (
	"reflect"
	"strings"
	"testing"

	"brudno/board"
)

// uciList prints moves in standard UCI form for comparison.
func uciList(ms []board.Move) []string {
	out := []string{}
	for _, m := range ms {
		out = append(out, m.UCI(false))
	}
	return out
}

func op(code string, operands ...string) Operation {
	if operands == nil {
		operands = []string{}
	}
	return Operation{Opcode: code, Operands: operands}
}

const (
	wac1  = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - -"
	start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
	rook  = "4k3/8/8/8/8/8/8/4K2R w K -"
	bk1   = "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - -"
	both  = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq -"
	promo = "k7/2P5/1K6/8/8/8/8/8 w - -"
	fork  = "q3kb1r/pp1ppppp/8/1N6/8/8/PPP2PPP/3QKB2 w - -"
)

func TestParseOddCases(t *testing.T) {
	cases := []struct {
		name   string
		line   string
		fen    string
		ops    []Operation
		bm, am []string
		points string // "uci=points ..." or ""
	}{
		{"4-field FEN, quoted id", wac1 + ` bm Qg6; id "WAC.001";`, wac1,
			[]Operation{op("bm", "Qg6"), op("id", "WAC.001")}, []string{"g3g6"}, nil, ""},
		{"6-field FEN, two moves", start + ` 0 1 bm e4 d4; id start;`, start + " 0 1",
			[]Operation{op("bm", "e4", "d4"), op("id", "start")}, []string{"e2e4", "d2d4"}, nil, ""},
		{"perft, no space after semicolon", rook + " 0 1;D1 15;D2 66", rook + " 0 1",
			[]Operation{op("D1", "15"), op("D2", "66")}, nil, nil, ""},
		{"perft, space before semicolon", rook + " 0 1 ;D1 15 ;D2 66", rook + " 0 1",
			[]Operation{op("D1", "15"), op("D2", "66")}, nil, nil, ""},
		{"check sign apart, leading semicolon, NUL", bk1 + " ; bm Qd1 + ; id BK.01 \x00", bk1,
			[]Operation{op("bm", "Qd1+"), op("id", "BK.01")}, []string{"d6d1"}, nil, ""},
		{"semicolons inside quotes", wac1 + ` bm Qg6; c0 "a; b"; id "x;y";`, wac1,
			[]Operation{op("bm", "Qg6"), op("c0", "a; b"), op("id", "x;y")}, []string{"g3g6"}, nil, ""},
		{"extra spaces and tabs", "  " + strings.ReplaceAll(wac1, " ", "  \t") + "   bm   Qg6  ;   id \t \"x\"  ;  ", wac1,
			[]Operation{op("bm", "Qg6"), op("id", "x")}, []string{"g3g6"}, nil, ""},
		{"no final semicolon", wac1 + ` bm Qg6; id WAC.001`, wac1,
			[]Operation{op("bm", "Qg6"), op("id", "WAC.001")}, []string{"g3g6"}, nil, ""},
		{"comma-separated moves", fork + " bm Nc7+, Nd6+;", fork,
			[]Operation{op("bm", "Nc7+", "Nd6+")}, []string{"b5c7", "b5d6"}, nil, ""},
		{"castling with zeros and letters", both + " bm 0-0; am O-O-O;", both,
			[]Operation{op("bm", "0-0"), op("am", "O-O-O")}, []string{"e1g1"}, []string{"e1c1"}, ""},
		{"promotion without =, and with", promo + " bm c8Q; am c8=N;", promo,
			[]Operation{op("bm", "c8Q"), op("am", "c8=N")}, []string{"c7c8q"}, []string{"c7c8n"}, ""},
		{"annotations", wac1 + " bm Qg6!!; am Qxg7? Rfe1?!;", wac1,
			[]Operation{op("bm", "Qg6!!"), op("am", "Qxg7?", "Rfe1?!")}, []string{"g3g6"}, []string{"g3g7", "f1e1"}, ""},
		{"annotation apart", wac1 + " bm Qg6 !! ;", wac1,
			[]Operation{op("bm", "Qg6!!")}, []string{"g3g6"}, nil, ""},
		{"STS points in c0", fork + ` bm Nc7+; id "STS-like.001"; c0 "Nc7+=10, Qd5=3, c3=1";`, fork,
			[]Operation{op("bm", "Nc7+"), op("id", "STS-like.001"), op("c0", "Nc7+=10, Qd5=3, c3=1")}, []string{"b5c7"}, nil,
			"b5c7=10 d1d5=3 c2c3=1"},
		{"STS points in c8 with c9", fork + ` bm Nc7+; c8 "10 3"; c9 "b5c7 d1d5";`, fork,
			[]Operation{op("bm", "Nc7+"), op("c8", "10 3"), op("c9", "b5c7 d1d5")}, []string{"b5c7"}, nil,
			"b5c7=10 d1d5=3"},
		{"c0 that is a comment", fork + ` bm Nc7+; c0 "white wins, 1.Nc7+ Kd8";`, fork,
			[]Operation{op("bm", "Nc7+"), op("c0", "white wins, 1.Nc7+ Kd8")}, []string{"b5c7"}, nil, ""},
		{"analysis opcodes kept", wac1 + " bm Qg6; dm 2; acd 12; acn 123456; acs 3; ce 32760; pv Qg6 fxg6 Nxg6; sm Qg6;", wac1,
			[]Operation{op("bm", "Qg6"), op("dm", "2"), op("acd", "12"), op("acn", "123456"), op("acs", "3"),
				op("ce", "32760"), op("pv", "Qg6", "fxg6", "Nxg6"), op("sm", "Qg6")}, []string{"g3g6"}, nil, ""},
		{"escaped quote, empty string, no space after opcode", wac1 + ` c0 "say \"hi\""; c1 ""; c2"abc";`, wac1,
			[]Operation{op("c0", `say "hi"`), op("c1", ""), op("c2", "abc")}, nil, nil, ""},
		{"opcode without operands, unknown opcode", wac1 + ` noop; foo_2 bar baz;`, wac1,
			[]Operation{op("noop"), op("foo_2", "bar", "baz")}, nil, nil, ""},
		{"long algebraic and UCI operands", wac1 + ` bm Qg3-g6; am g3g7;`, wac1,
			[]Operation{op("bm", "Qg3-g6"), op("am", "g3g7")}, []string{"g3g6"}, []string{"g3g7"}, ""},
		{"over-disambiguated SAN", start + ` bm Ng1f3 Nbc3;`, start,
			[]Operation{op("bm", "Ng1f3", "Nbc3")}, []string{"g1f3", "b1c3"}, nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			recs, probs := ReadEPD(strings.NewReader(c.line + "\r\n"))
			if len(recs) != 1 || len(probs) != 0 {
				t.Fatalf("%d records, problems %v; want 1 and none", len(recs), probs)
			}
			r := recs[0]
			if r.Line != 1 || r.FEN != c.fen {
				t.Errorf("line %d FEN %q; want 1 and %q", r.Line, r.FEN, c.fen)
			}
			if !reflect.DeepEqual(r.Ops, c.ops) {
				t.Errorf("ops\n got %q\nwant %q", r.Ops, c.ops)
			}
			if got := uciList(r.BM); !reflect.DeepEqual(got, append([]string{}, c.bm...)) {
				t.Errorf("bm %v, want %v", got, c.bm)
			}
			if got := uciList(r.AM); !reflect.DeepEqual(got, append([]string{}, c.am...)) {
				t.Errorf("am %v, want %v", got, c.am)
			}
			var pts []string
			for _, p := range r.Points {
				pts = append(pts, p.Move.UCI(false)+"="+itoa(p.Points))
			}
			if got := strings.Join(pts, " "); got != c.points {
				t.Errorf("points %q, want %q", got, c.points)
			}
		})
	}
}

func itoa(n int) string {
	var b []byte
	if n == 0 {
		return "0"
	}
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// A whole file: comments, blank lines, a byte-order mark, malformed lines
// reported by number and skipped, a quoted string over a line break
// joined, one left open before another record closed at the line end.
func TestReadEPDFile(t *testing.T) {
	src := "\ufeff# a comment\n" + // 1
		"% PGN escape\n" + // 2
		"\n" + // 3
		wac1 + " bm Qg6; id \"WAC.001\";\n" + // 4
		"// another comment\n" + // 5
		"not a fen bm e4;\n" + // 6
		"8/8/8 w - - bm e4;\n" + // 7 (3 fields... and a bad board)
		wac1 + " bm Qh5;\n" + // 8: illegal move
		wac1 + " bm Qg6; dm x;\n" + // 9
		rook + " ;D1 15 ;D2 x\n" + // 10
		wac1 + " 1bm Qg6;\n" + // 11: bad opcode
		wac1 + " bm Qg6; c0 \"Kubbel 1927, 1 ... e3 2 a7 e2 3\r\n" + // 12
		"a8/Q e1/Q 4 Qd5+, white wins\"; id \"joined\";\r\n" + // 13
		wac1 + " bm Qg6; c0 \"never closed\n" + // 14
		start + " bm e4; id \"after\";\n" + // 15
		"   \t\n" + // 16
		"; rest-of-line comment\n" + // 17
		wac1 + "\n" + // 18: no operations at all
		"8/8/8/8/8/8/8/8 w - -\n" // 19: no kings
	recs, probs := ReadEPD(strings.NewReader(src))
	var ids []string
	var lines []int
	for _, r := range recs {
		ids = append(ids, r.ID())
		lines = append(lines, r.Line)
	}
	if want := []string{"WAC.001", "joined", "", "after", ""}; !reflect.DeepEqual(ids, want) {
		t.Errorf("ids %q, want %q", ids, want)
	}
	if want := []int{4, 12, 14, 15, 18}; !reflect.DeepEqual(lines, want) {
		t.Errorf("lines %v, want %v", lines, want)
	}
	if c0, _ := recs[1].Operand("c0"); c0 != "Kubbel 1927, 1 ... e3 2 a7 e2 3 a8/Q e1/Q 4 Qd5+, white wins" {
		t.Errorf("joined c0 %q", c0)
	}
	if c0, _ := recs[2].Operand("c0"); c0 != "never closed" {
		t.Errorf("unclosed c0 %q", c0)
	}
	type pr struct {
		line    int
		skipped bool
		has     string
	}
	want := []pr{
		{6, true, "bad FEN"}, {7, true, "bad FEN"}, {8, true, `bm: move "Qh5"`}, {9, true, "dm"},
		{10, true, `D2: bad count "x"`}, {11, true, `bad opcode "1bm"`},
		{12, false, "lines 12 to 13"}, {14, false, "not closed"}, {19, true, "bad FEN"},
	}
	if len(probs) != len(want) {
		t.Fatalf("problems %v; want %d", probs, len(want))
	}
	for i, w := range want {
		p := probs[i]
		if p.Line != w.line || p.Skipped != w.skipped || !strings.Contains(p.Error(), w.has) {
			t.Errorf("problem %d: %v (line %d skipped %v); want line %d skipped %v containing %q", i, p, p.Line, p.Skipped, w.line, w.skipped, w.has)
		}
	}
	if !strings.HasPrefix(probs[0].Error(), "line 6: skipped: ") {
		t.Errorf("problem text %q", probs[0].Error())
	}
}

// Lines of other shapes: an overlong line is skipped by number and the
// reader goes on; a lone carriage return ends a line.
func TestReadEPDLineEnds(t *testing.T) {
	long := wac1 + " c0 \"" + strings.Repeat("x", maxLineBytes) + "\";"
	src := long + "\n" + wac1 + " id a;\r" + wac1 + " id b;\r\n" + wac1 + " id c;"
	recs, probs := ReadEPD(strings.NewReader(src))
	if len(recs) != 3 || recs[0].ID() != "a" || recs[0].Line != 2 || recs[2].ID() != "c" || recs[2].Line != 4 {
		t.Errorf("records %+v", recs)
	}
	if len(probs) != 1 || probs[0].Line != 1 || !probs[0].Skipped {
		t.Errorf("problems %v", probs)
	}
}

func TestRecordAccessors(t *testing.T) {
	rec, err := ParseRecord(rook + " hmvc 7; fmvn 30; dm 3; D1 15; D3 1197; id \"WAC.001\";")
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.FullFEN(); got != rook+" 7 30" {
		t.Errorf("FullFEN %q", got)
	}
	if rec.DirectMate() != 3 || rec.ID() != "WAC.001" {
		t.Errorf("dm %d id %q", rec.DirectMate(), rec.ID())
	}
	if got := rec.PerftCounts(); !reflect.DeepEqual(got, map[int]uint64{1: 15, 3: 1197}) {
		t.Errorf("perft counts %v", got)
	}
	six, _ := ParseRecord(rook + " 3 9 bm Rh8+;")
	if six.FullFEN() != rook+" 3 9" {
		t.Errorf("6-field FullFEN %q", six.FullFEN())
	}
	rt, err := ParseRecord(wac1 + ` bm Qg6; c0 "a; \"b\" \\"; id x,y; c1 "";`)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rt.EPD(), wac1+` bm Qg6; c0 "a; \"b\" \\"; id "x,y"; c1 "";`; got != want {
		t.Errorf("EPD\n got %s\nwant %s", got, want)
	}
}

func TestIDPrefix(t *testing.T) {
	for id, want := range map[string]string{
		"WAC.001": "WAC.", "STS1-007": "STS1-", "STS(v1.0) Undermine.001": "STS(v1.0) Undermine.",
		"BK.01": "BK.", "ZPTS.21b": "ZPTS.", "pos12": "pos", "": "", "mate3-02": "mate3-",
	} {
		if got := IDPrefix(id); got != want {
			t.Errorf("IDPrefix(%q) = %q, want %q", id, got, want)
		}
	}
}

func TestSAN(t *testing.T) {
	cases := []struct {
		fen, san, uci string
	}{
		{start, "e4", "e2e4"}, {start, "Nf3", "g1f3"}, {start, "Pe4", "e2e4"},
		{both, "O-O", "e1g1"}, {both, "0-0-0", "e1c1"}, {both, "o-o+", "e1g1"},
		{promo, "c8=Q#", "c7c8q"}, {promo, "c8(R)", "c7c8r"}, {promo, "c8/B", "c7c8b"}, {promo, "c8n", "c7c8n"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6", "exd6e.p.", "e5d6"}, {"4k3/8/8/3pP3/8/8/8/4K3 w - d6", "e5:d6", "e5d6"},
		{wac1, "Qxg7", "g3g7"}, {wac1, "Qxg3", ""}, {wac1, "Qg6+", "g3g6"}, {wac1, "Qg6#", "g3g6"}, {wac1, "Rfe1", "f1e1"},
		{wac1, "Re1", ""}, // ambiguous: two rooks reach e1
		{wac1, "Zz9", ""}, {wac1, "", ""}, {wac1, "=Q", ""},
	}
	for _, c := range cases {
		p, err := board.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := DecodeSAN(p, c.san)
		if c.uci == "" {
			if err == nil {
				t.Errorf("%s: %q decoded as %v, want an error", c.fen, c.san, m)
			}
			continue
		}
		if err != nil || m.UCI(false) != c.uci {
			t.Errorf("%s: %q -> %v, %v; want %s", c.fen, c.san, m, err, c.uci)
		}
	}
	p, _ := board.ParseFEN(both + " 0 1")
	for uci, want := range map[string]string{"e1g1": "O-O", "e1c1": "O-O-O", "h1h8": "Rxh8+", "a1a8": "Rxa8+", "e1d2": "Kd2"} {
		m, err := p.ParseMove(uci)
		if err != nil {
			t.Fatal(err)
		}
		if got := EncodeSAN(p, m); got != want {
			t.Errorf("EncodeSAN(%s) = %q, want %q", uci, got, want)
		}
	}
	if got := EncodeSAN(p, board.NoMove); got != "0000" {
		t.Errorf("EncodeSAN(NoMove) = %q", got)
	}
}

// The reader must never panic, every record it returns must hold a valid
// position and legal bm/am moves, and writing a record back as EPD must
// read back to the same operations.
func FuzzReadEPD(f *testing.F) {
	for _, s := range []string{
		wac1 + ` bm Qg6; id "WAC.001";`,
		bk1 + " ; bm Qd1 + ; id BK.01 \x00",
		rook + " 0 1;D1 15;D2 66",
		fork + ` bm Nc7+; c0 "Nc7+=10, Qd5=3"; c8 "10 3"; c9 "b5c7 d1d5";`,
		both + " bm 0-0; am O-O-O;\r\n" + promo + " bm c8Q; c0 \"open\n" + "string\";",
		wac1 + ` c0 "say \"hi\""; c1 ""; c2"abc"; noop;`,
		"\ufeff# comment\n\n%x\n" + start + " 0 1 bm e4 d4;",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		recs, probs := ReadEPD(strings.NewReader(src))
		nLines := strings.Count(src, "\n") + strings.Count(src, "\r") + 1
		for _, p := range probs {
			if p.Line < 1 || p.Line > nLines+1 {
				t.Fatalf("problem on line %d of %d: %v", p.Line, nLines, p)
			}
		}
		for _, r := range recs {
			if r.Line < 1 || r.Line > nLines {
				t.Fatalf("record on line %d of %d", r.Line, nLines)
			}
			pos, err := board.ParseFEN(r.FEN)
			if err != nil {
				t.Fatalf("record with bad FEN %q: %v", r.FEN, err)
			}
			var legal board.MoveList
			pos.GenerateLegal(&legal)
			for _, m := range append(append([]board.Move{}, r.BM...), r.AM...) {
				if !legal.Contains(m) {
					t.Fatalf("illegal move %v in %q", m, r.FEN)
				}
			}
			again, err := ParseRecord(r.EPD())
			if err != nil {
				t.Fatalf("%q written as %q does not read back: %v", src, r.EPD(), err)
			}
			if !reflect.DeepEqual(again.Ops, r.Ops) || !reflect.DeepEqual(again.BM, r.BM) ||
				!reflect.DeepEqual(again.AM, r.AM) || !reflect.DeepEqual(again.Points, r.Points) {
				t.Fatalf("round trip of %q:\n%+v\n%+v", r.EPD(), r, again)
			}
		}
	})
}

// DecodeSAN must never panic and must return only legal moves.
func FuzzDecodeSAN(f *testing.F) {
	fens := []string{wac1, start, both, promo, bk1, "4k3/8/8/3pP3/8/8/8/4K3 w - d6", "r1k4r/8/8/8/8/8/8/R1K4R w HAha -"}
	for _, s := range []string{"e4", "O-O", "0-0-0", "c8Q", "Qd1+", "Rfe1", "exd6e.p.", "Ng1-f3", "e7e8q", "Kb1"} {
		for i := range fens {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, i uint8, s string) {
		p, err := board.ParseFEN(fens[int(i)%len(fens)])
		if err != nil {
			t.Fatal(err)
		}
		m, err := DecodeSAN(p, s)
		if err != nil {
			return
		}
		var legal board.MoveList
		p.GenerateLegal(&legal)
		if !legal.Contains(m) {
			t.Fatalf("%q decoded to illegal %v", s, m)
		}
		_ = EncodeSAN(p, m)
	})
}
