package syzygy

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"brudno/board"
)

// The 35 materials of 3 and 4 pieces.
var smallMaterials = strings.Fields(`KQvK KRvK KBvK KNvK KPvK KQQvK KQRvK KQBvK KQNvK KQPvK KRRvK KRBvK
	KRNvK KRPvK KBBvK KBNvK KBPvK KNNvK KNPvK KPPvK KQvKQ KQvKR KQvKB KQvKN KQvKP KRvKR KRvKB KRvKN
	KRvKP KBvKB KBvKN KBvKP KNvKN KNvKP KPvKP`)

// envInt reads a positive number from the environment variable name.
func envInt(t testing.TB, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		t.Fatalf("%s=%q: want a positive number", name, s)
	}
	return n
}

// fathomAnswer is what Fathom prints for a position.
type fathomAnswer struct {
	wdl, dtz string
	lists    [3][]string // winning, drawing, losing moves
}

// askFathom runs the oracle on fen.
func askFathom(fathom, fen string) (fathomAnswer, error) {
	var a fathomAnswer
	out, err := exec.Command(fathom, "--path="+tableDir, fen).Output()
	if err != nil {
		return a, fmt.Errorf("fathom %s: %v", fen, err)
	}
	tags := [...]string{"WinningMoves", "DrawingMoves", "LosingMoves"}
	for _, line := range strings.Split(string(out), "\n") {
		name, value, ok := strings.Cut(strings.Trim(line, "[]"), " ")
		if !ok || !strings.HasPrefix(line, "[") {
			continue
		}
		value = strings.Trim(value, `"`)
		switch name {
		case "WDL":
			a.wdl = value
		case "DTZ":
			a.dtz = value
		}
		for i, tag := range tags {
			if name == tag && value != "" {
				a.lists[i] = strings.Split(value, ", ")
			}
		}
	}
	if a.wdl == "" || a.dtz == "" {
		return a, fmt.Errorf("fathom %s: no WDL or DTZ in %q", fen, out)
	}
	return a, nil
}

// fathomWDL is the word Fathom prints for WDL w and DTZ d with the clock
// at c: it classes a win or loss whose zeroing move comes after the
// hundredth ply as cursed or blessed.
func fathomWDL(w, d, c int) string {
	switch {
	case w == 2 && c+abs(d) <= 100:
		return "Win"
	case w > 0:
		return "CursedWin"
	case w == -2 && c+abs(d) <= 100:
		return "Loss"
	case w < 0:
		return "BlessedLoss"
	}
	return "Draw"
}

// fathomMove finds the legal move of pos that Fathom's SAN token names.
// Fathom tells pieces apart in its own way (by rank, by file or by
// square), so the token's extra letters and digits are only required to
// match the origin square.
func fathomMove(pos *board.Position, token string) (board.Move, bool) {
	s := strings.TrimRight(token, "+#")
	promo := board.NoPieceType
	if i := strings.IndexByte(s, '='); i >= 0 && i == len(s)-2 {
		promo = board.PieceType(strings.IndexByte(pieceLetters, s[i+1]))
		s = s[:i]
	}
	s = strings.ReplaceAll(s, "x", "")
	pt := board.Pawn
	if s != "" && strings.IndexByte("KQRBN", s[0]) >= 0 {
		pt = board.PieceType(strings.IndexByte(pieceLetters, s[0]))
		s = s[1:]
	}
	if len(s) < 2 {
		return board.NoMove, false
	}
	to, ok := board.ParseSquare(s[len(s)-2:])
	if !ok {
		return board.NoMove, false
	}
	hint := s[:len(s)-2]
	found := board.NoMove
	var list board.MoveList
	pos.GenerateLegal(&list)
	for _, m := range list.Moves[:list.Count] {
		if m.To() != to || pos.PieceAt(m.From()).Type() != pt || m.Promo() != promo {
			continue
		}
		from := m.From().String()
		match := true
		for _, c := range []byte(hint) {
			if c != from[0] && c != from[1] {
				match = false
			}
		}
		if match {
			if found != board.NoMove {
				return board.NoMove, false // ambiguous
			}
			found = m
		}
	}
	return found, found != board.NoMove
}

// randomPosition places the pieces of material name at random, the side
// named first white when whiteFirst, until the position is legal and has
// a legal move.
func randomPosition(rng *rand.Rand, name string, whiteFirst bool, side board.Color) *board.Position {
	mat, err := parseMaterial(name)
	if err != nil {
		panic(err)
	}
	for {
		var cells [64]byte
		ok := true
		for s, army := range mat.sides {
			white := s == 0 == whiteFirst
			for pt := board.Pawn; pt <= board.King; pt++ {
				for range army[pt] {
					sq := rng.IntN(64)
					if pt == board.Pawn {
						sq = 8 + rng.IntN(48)
					}
					if cells[sq] != 0 {
						ok = false
					}
					letter := pieceLetters[pt]
					if !white {
						letter += 'a' - 'A'
					}
					cells[sq] = letter
				}
			}
		}
		if !ok {
			continue
		}
		if pos, err := board.ParseFEN(placement(cells) + " " + "wb"[side:side+1] + " - - 0 1"); err == nil && pos.HasLegalMove() {
			return pos
		}
	}
}

// placement writes the board part of a FEN.
func placement(cells [64]byte) string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := range 8 {
			c := cells[8*r+f]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(c)
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String()
}

// epPosition returns a KPvKP position in which the side to move can take
// a pawn that has just moved two squares.
func epPosition(rng *rand.Rand) *board.Position {
	for {
		side := board.Color(rng.IntN(2))
		f := rng.IntN(8)
		g := f + 1
		if f == 7 || f > 0 && rng.IntN(2) == 0 {
			g = f - 1
		}
		rank, dir := 4, 1 // white to move: the pawns on the fifth rank, black's came from the seventh
		if side == board.Black {
			rank, dir = 3, -1
		}
		var cells [64]byte
		us, them := byte('P'), byte('p')
		if side == board.Black {
			us, them = 'p', 'P'
		}
		cells[8*rank+f], cells[8*rank+g] = us, them
		epSq := 8*(rank+dir) + g
		if cells[epSq] != 0 || cells[8*(rank+2*dir)+g] != 0 {
			continue
		}
		k1, k2 := rng.IntN(64), rng.IntN(64)
		if cells[k1] != 0 || cells[k2] != 0 || k1 == k2 || k1 == epSq || k2 == epSq || k1 == 8*(rank+2*dir)+g || k2 == 8*(rank+2*dir)+g {
			continue
		}
		cells[k1], cells[k2] = 'K', 'k'
		fen := placement(cells) + " " + "wb"[side:side+1] + " - " + board.Square(epSq).String() + " 0 1"
		pos, err := board.ParseFEN(fen)
		if err != nil || pos.EnPassant() == board.NoSquare || !pos.HasLegalMove() {
			continue
		}
		var list board.MoveList
		pos.GenerateLegal(&list)
		for _, m := range list.Moves[:list.Count] {
			if m.Kind() == board.EnPassant {
				return pos
			}
		}
	}
}

// withClock returns pos with its halfmove clock set to c.
func withClock(t testing.TB, pos *board.Position, c int) *board.Position {
	f := strings.Fields(pos.FEN())
	f[4] = strconv.Itoa(c)
	return mustFEN(t, strings.Join(f, " "))
}

// oracleCase is one position compared with Fathom.
type oracleCase struct {
	pos      *board.Position
	fen      string
	children bool // also compare every move's position
	answer   fathomAnswer
	kids     map[board.Move]fathomAnswer
	err      error
}

// TestOracleFathom compares ProbeWDL, ProbeDTZ and RankRoot with Fathom on
// random positions of every 3-4 piece material, both colourings, both
// sides to move, KPvKP positions with an en-passant capture, and clocks
// at 0, at random and around the fifty-move boundary. Every legal move's
// WDL and DTZ is compared on one position in SYZYGY_ORACLE_CHILDREN.
// SYZYGY_ORACLE_N positions (default 300), SYZYGY_ORACLE_SEED,
// SYZYGY_ORACLE_JOBS Fathom processes at a time (default 2).
func TestOracleFathom(t *testing.T) {
	ts := sharedTables(t)
	fathom := needFathom(t)
	n := envInt(t, "SYZYGY_ORACLE_N", 300)
	seed := envInt(t, "SYZYGY_ORACLE_SEED", 1)
	jobs := envInt(t, "SYZYGY_ORACLE_JOBS", 2)
	every := envInt(t, "SYZYGY_ORACLE_CHILDREN", 30)
	rng := rand.New(rand.NewPCG(uint64(seed), 0x5eed))
	start := time.Now()

	cases := make([]oracleCase, n)
	var epCount, boundary int
	for i := range cases {
		var pos *board.Position
		if i%10 == 9 {
			pos = epPosition(rng)
			epCount++
		} else {
			name := smallMaterials[i%len(smallMaterials)]
			pos = randomPosition(rng, name, i/len(smallMaterials)%2 == 0, board.Color(rng.IntN(2)))
		}
		switch rng.IntN(5) {
		case 0, 1: // a clock near the boundary: c + |DTZ| of 99, 100 or 101
			if d, ok := ts.ProbeDTZ(pos); ok && d != 0 {
				pos = withClock(t, pos, min(max(100-abs(d)+rng.IntN(3)-1, 0), 99))
				boundary++
			}
		case 2:
			pos = withClock(t, pos, rng.IntN(100))
		}
		cases[i] = oracleCase{pos: pos, fen: pos.FEN(), children: i%every == 0}
	}

	var wg sync.WaitGroup
	next := make(chan int)
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				c := &cases[i]
				c.answer, c.err = askFathom(fathom, c.fen)
				if c.err != nil || !c.children {
					continue
				}
				c.kids = map[board.Move]fathomAnswer{}
				pos := c.pos.Clone()
				var list board.MoveList
				pos.GenerateLegal(&list)
				for _, m := range list.Moves[:list.Count] {
					pos.Make(m)
					f := strings.Fields(pos.FEN())
					f[4] = "0" // the child's values for a zeroed clock
					a, err := askFathom(fathom, strings.Join(f, " "))
					pos.Unmake()
					if err != nil {
						c.err = err
						break
					}
					c.kids[m] = a
				}
			}
		}()
	}
	for i := range cases {
		next <- i
	}
	close(next)
	wg.Wait()

	diffs, kidsCompared := 0, 0
	results := map[string]int{}
	report := func(format string, args ...any) {
		diffs++
		if diffs <= 30 {
			t.Errorf(format, args...)
		}
	}
	for i := range cases {
		c := &cases[i]
		if c.err != nil {
			t.Fatal(c.err)
		}
		kids, bad := compareWithFathom(ts, c)
		kidsCompared += kids
		for _, b := range bad {
			report("%s: %s", c.fen, b)
		}
		results[c.answer.wdl]++
	}
	t.Logf("%d positions (%d with an en-passant capture, %d with the clock near the boundary), %d moves' positions compared: %d differences; Fathom's results %v; %v",
		n, epCount, boundary, kidsCompared, diffs, results, time.Since(start).Round(time.Second))
}

// compareWithFathom compares one position and, when asked, its moves; it
// returns the number of moves compared and the differences.
func compareWithFathom(ts *Tables, c *oracleCase) (int, []string) {
	var bad []string
	pos := c.pos
	clock := pos.HalfmoveClock()
	w, ok1 := ts.ProbeWDL(pos)
	d, ok2 := ts.ProbeDTZ(pos)
	moves, ok3 := ts.RankRoot(pos, true)
	if !ok1 || !ok2 || !ok3 {
		return 0, []string{fmt.Sprintf("probes failed: %v %v %v", ok1, ok2, ok3)}
	}
	if got := fathomWDL(w, d, clock); got != c.answer.wdl || strconv.Itoa(abs(d)) != c.answer.dtz {
		bad = append(bad, fmt.Sprintf("WDL %d DTZ %d (%s), Fathom %s DTZ %s", w, d, got, c.answer.wdl, c.answer.dtz))
	}
	// Every move's class: Fathom's winning, drawing and losing moves are
	// RankRoot's results 2, -1 to 1, and -2.
	class := map[board.Move]int{}
	for i, list := range c.answer.lists {
		for _, token := range list {
			m, ok := fathomMove(pos, token)
			if !ok {
				bad = append(bad, fmt.Sprintf("Fathom's move %s is not one legal move", token))
			}
			class[m] = i + 1
		}
	}
	if len(class) != len(moves) {
		bad = append(bad, fmt.Sprintf("%d moves, Fathom lists %d", len(moves), len(class)))
	}
	best := 0 // Fathom's best class
	for _, m := range moves {
		want := 1 - sign(m.Result/2) + 1
		if class[m.Move] != want {
			bad = append(bad, fmt.Sprintf("move %v: result %d, Fathom's class %d (1 win, 2 draw, 3 loss)", m.Move, m.Result, class[m.Move]))
		}
		if best == 0 || class[m.Move] < best {
			best = class[m.Move]
		}
	}
	// The moves kept: Fathom's best class, less those of another Result
	// (spoilt wins above draws in Fathom's drawing moves) or of another
	// certainty (uncertain wins when a certain one exists; for the loser
	// the uncertain losses before the certain ones).
	kept := KeepBest(moves)
	var want, got []string
	for _, m := range moves {
		if class[m.Move] == best && m.Result == kept[0].Result && m.Certain == kept[0].Certain {
			want = append(want, m.Move.String())
		}
	}
	for _, m := range kept {
		got = append(got, m.Move.String())
		if m.Result == 2 && !m.Certain {
			for _, o := range moves {
				if o.Result == m.Result && o.Certain {
					bad = append(bad, fmt.Sprintf("the uncertain %v kept beside the certain %v", m.Move, o.Move))
				}
			}
		}
	}
	if a, b := sorted(got), sorted(want); a != b {
		bad = append(bad, fmt.Sprintf("moves kept %s, want %s", a, b))
	}
	if c.kids == nil {
		return 0, bad
	}
	// Every move's WDL and DTZ against Fathom's for the position after it
	// (with its clock at 0).
	compared := 0
	for _, m := range moves {
		a := c.kids[m.Move]
		if a.wdl == "Win" && a.dtz == "0" {
			continue // a mated position: Fathom's root code, not a table value
		}
		pos.Make(m.Move)
		skip := pos.IsThreefold() || pos.HalfmoveClock() >= 100
		pos.Unmake()
		if skip {
			continue
		}
		compared++
		// The move's DTZ: 1 for a zeroing move that does not draw, else
		// one more than the DTZ after it.
		wantDTZ, _ := strconv.Atoi(a.dtz)
		switch {
		case wantDTZ == 0 && a.wdl != "Draw":
			bad = append(bad, fmt.Sprintf("move %v: Fathom after it %s DTZ 0", m.Move, a.wdl))
		case a.wdl == "Draw":
			wantDTZ = 0
		case isZeroing(pos, m.Move):
			wantDTZ = 1
			if a.wdl == "CursedWin" || a.wdl == "BlessedLoss" {
				wantDTZ = 101
			}
		default:
			wantDTZ++
		}
		if fathomWDL(-m.WDL, 0, 0) != a.wdl || abs(m.DTZ) != wantDTZ {
			bad = append(bad, fmt.Sprintf("move %v: WDL %d DTZ %d, Fathom after it %s DTZ %s", m.Move, m.WDL, m.DTZ, a.wdl, a.dtz))
		}
	}
	return compared, bad
}

func sorted(list []string) string {
	s := append([]string(nil), list...)
	sort.Strings(s)
	return strings.Join(s, " ")
}
