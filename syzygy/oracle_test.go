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

// fathomAnswer is what Fathom prints for a position: its WDL word and
// DTZ, and the rank its root probe gives each legal move (by the move's
// SAN).
type fathomAnswer struct {
	wdl, dtz string
	ranks    map[string]int
}

// askFathom runs the oracle on fen.
func askFathom(fathom, fen string) (fathomAnswer, error) {
	a := fathomAnswer{ranks: map[string]int{}}
	out, err := exec.Command(fathom, "--path="+tableDir, fen).Output()
	if err != nil {
		return a, fmt.Errorf("fathom %s: %v", fen, err)
	}
	section := ""
	for _, line := range strings.Split(string(out), "\n") {
		switch {
		case strings.HasSuffix(line, "moves returned from DTZ probe"):
			section = "dtz"
		case strings.HasSuffix(line, "moves returned from WDL probe"):
			section = "wdl"
		case strings.HasPrefix(line, "[WDL "):
			a.wdl = strings.Trim(strings.TrimPrefix(line, "[WDL "), `"]`)
		case strings.HasPrefix(line, "[DTZ "):
			a.dtz = strings.Trim(strings.TrimPrefix(line, "[DTZ "), `"]`)
		case section == "dtz":
			// "Kd6 rank = 900 score=31744"
			f := strings.Fields(line)
			if len(f) != 5 || f[1] != "rank" || f[2] != "=" {
				return a, fmt.Errorf("fathom %s: unexpected line %q", fen, line)
			}
			r, err := strconv.Atoi(f[3])
			if err != nil {
				return a, fmt.Errorf("fathom %s: unexpected line %q", fen, line)
			}
			a.ranks[f[0]] = r
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

// wordSign is the sign of a Fathom WDL word.
func wordSign(word string) int {
	switch word {
	case "Win", "CursedWin":
		return 1
	case "Loss", "BlessedLoss":
		return -1
	}
	return 0
}

// fathomNumbers is what Fathom's ranks say of a move: the sign of its
// outcome for its mover and d, the plies from the root to the next
// zeroing move or mate (1 for a zeroing or mating move; 0 for a draw).
type fathomNumbers struct{ sign, d int }

// readRanks reads every legal move's numbers from Fathom's answer for
// pos with the clock set to 100. Fathom's root probe ranks a move of
// outcome d plies away, with the clock at c, as 1000 - (c + d) for a win
// and -1000 + (c + d) for a loss once c + d passes 99 (for a loss once
// c + 2d reaches 100), as ±1000 before, and a draw as 0 (found by
// comparing its ranks with its probes of the positions after each move,
// which the test does again on a share of positions). With c = 100 every
// win and loss is past that point: d = 900 - rank for a win, 900 + rank
// for a loss.
func readRanks(pos *board.Position, a fathomAnswer) (map[board.Move]fathomNumbers, error) {
	out := map[board.Move]fathomNumbers{}
	for san, r := range a.ranks {
		m, ok := fathomMove(pos, san)
		if !ok {
			return nil, fmt.Errorf("Fathom's move %s is not one legal move", san)
		}
		n := fathomNumbers{sign: sign(r)}
		switch {
		case r > 0:
			n.d = 900 - r
		case r < 0:
			n.d = 900 + r
		}
		if r != 0 && (n.d < 1 || n.d > 899) {
			return nil, fmt.Errorf("Fathom's rank %d of %s", r, san)
		}
		out[m] = n
	}
	var list board.MoveList
	pos.GenerateLegal(&list)
	if len(out) != list.Count {
		return nil, fmt.Errorf("Fathom ranks %d moves, there are %d", len(out), list.Count)
	}
	return out, nil
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
	return mustFEN(t, fenWithClock(pos.FEN(), c))
}

// fenWithClock returns fen with its halfmove clock set to c.
func fenWithClock(fen string, c int) string {
	f := strings.Fields(fen)
	f[4] = strconv.Itoa(c)
	return strings.Join(f, " ")
}

// oracleCase is one position compared with Fathom.
type oracleCase struct {
	fen      string // with its clock
	children bool   // also ask Fathom about the position at clock 0 and every move's position
	at100    fathomAnswer
	at0      fathomAnswer
	kids     map[board.Move]fathomAnswer
	err      error
}

// ask gets Fathom's answers for the case.
func (c *oracleCase) ask(fathom string) {
	c.at100, c.err = askFathom(fathom, fenWithClock(c.fen, 100))
	if c.err != nil || !c.children {
		return
	}
	if c.at0, c.err = askFathom(fathom, fenWithClock(c.fen, 0)); c.err != nil {
		return
	}
	c.kids = map[board.Move]fathomAnswer{}
	pos, err := board.ParseFEN(c.fen)
	if err != nil {
		c.err = err
		return
	}
	var list board.MoveList
	pos.GenerateLegal(&list)
	for _, m := range list.Moves[:list.Count] {
		pos.Make(m)
		a, err := askFathom(fathom, fenWithClock(pos.FEN(), 0))
		pos.Unmake()
		if err != nil {
			c.err = err
			return
		}
		c.kids[m] = a
	}
}

// oracleStats counts what the oracle test met.
type oracleStats struct {
	moves, kidsChecked  int
	edge                int // moves of a win or loss whose zeroing move comes on the hundredth ply
	edgeExact           int // of those, with an exact DTZ (checked by a search)
	edgeTrulyExact      int // of the others, whose true distance a search found equal to the DTZ
	uncertainKept       int // positions whose moves kept are uncertain
	results             map[string]int
	clocksNearBoundary  int
	enPassant, compared int
}

// TestOracleFathom compares the package with Fathom on random positions
// of every 3-4 piece material, both colourings, both sides to move, and
// KPvKP positions with an en-passant capture; clocks at 0, at random,
// from 90 to 100, and where the best move's zeroing move would come on
// the 99th to 101st ply. For each position: ProbeWDL and ProbeDTZ; every
// legal move's WDL and DTZ in RankRoot; every move's Result and Certain
// with the position's clock, by the fifty-move rule (see RootMove)
// applied to Fathom's numbers; and the moves KeepBest keeps.
// SYZYGY_ORACLE_N positions (default 300), SYZYGY_ORACLE_SEED,
// SYZYGY_ORACLE_JOBS Fathom processes at a time (default 2), and every
// SYZYGY_ORACLE_CHILDREN-th position (default 20) also Fathom's probe of
// each move's position, to check the reading of its ranks.
func TestOracleFathom(t *testing.T) {
	ts := sharedTables(t)
	fathom := needFathom(t)
	n := envInt(t, "SYZYGY_ORACLE_N", 300)
	seed := envInt(t, "SYZYGY_ORACLE_SEED", 1)
	jobs := envInt(t, "SYZYGY_ORACLE_JOBS", 2)
	every := envInt(t, "SYZYGY_ORACLE_CHILDREN", 20)
	rng := rand.New(rand.NewPCG(uint64(seed), 0x5eed))
	start := time.Now()
	st := oracleStats{results: map[string]int{}}

	cases := make([]oracleCase, n)
	for i := range cases {
		var pos *board.Position
		if i%10 == 9 {
			pos = epPosition(rng)
			st.enPassant++
		} else {
			name := smallMaterials[i%len(smallMaterials)]
			pos = randomPosition(rng, name, i/len(smallMaterials)%2 == 0, board.Color(rng.IntN(2)))
		}
		clock := 0
		switch k := rng.IntN(10); {
		case k < 3:
		case k < 5:
			clock = 1 + rng.IntN(89)
		case k < 8:
			clock = 90 + rng.IntN(11)
		default: // the best move's zeroing move on the 99th, 100th or 101st ply
			clock = 90 + rng.IntN(11)
			if d, ok := ts.ProbeDTZ(pos); ok && d != 0 {
				clock = min(max(100-abs(d)+rng.IntN(3)-1, 0), 100)
			}
		}
		if clock >= 90 {
			st.clocksNearBoundary++
		}
		cases[i] = oracleCase{fen: fenWithClock(pos.FEN(), clock), children: i%every == 0}
	}

	// Fathom runs in jobs processes at a time; each position is compared
	// as soon as its answers are in, and its answers then dropped.
	next, done := make(chan int), make(chan int)
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				cases[i].ask(fathom)
				done <- i
			}
		}()
	}
	go func() {
		for i := range cases {
			next <- i
		}
		close(next)
		wg.Wait()
		close(done)
	}()
	diffs, finished := 0, 0
	for i := range done {
		c := &cases[i]
		bad := []string{fmt.Sprint(c.err)}
		if c.err == nil {
			bad = compareWithFathom(t, ts, c, &st)
		}
		for _, b := range bad {
			diffs++
			if diffs <= 30 {
				t.Errorf("%s: %s", c.fen, b)
			}
		}
		*c = oracleCase{fen: c.fen}
		if finished++; n >= 10000 && finished%(n/10) == 0 {
			t.Logf("%d positions compared, %d differences, %v", finished, diffs, time.Since(start).Round(time.Second))
		}
	}
	t.Logf("%d positions (%d with an en-passant capture, %d with the clock at 90 to 100), %d moves, %d moves' positions also probed by Fathom: %d differences",
		n, st.enPassant, st.clocksNearBoundary, st.moves, st.kidsChecked, diffs)
	t.Logf("moves whose zeroing move would come on the hundredth ply: %d, %d of them with an exact DTZ (checked by a search); of the others %d had in truth that distance; %d positions kept uncertain moves; the positions' results at clock 0: %v; %v",
		st.edge, st.edgeExact, st.edgeTrulyExact, st.uncertainKept, st.results, time.Since(start).Round(time.Second))
}

// compareWithFathom compares one position and its moves with Fathom's
// answers and returns the differences.
func compareWithFathom(t *testing.T, ts *Tables, c *oracleCase, st *oracleStats) []string {
	var bad []string
	differ := func(format string, args ...any) { bad = append(bad, fmt.Sprintf(format, args...)) }
	pos := mustFEN(t, c.fen)
	zero := mustFEN(t, fenWithClock(c.fen, 0))
	clock := pos.HalfmoveClock()

	w, ok1 := ts.ProbeWDL(pos)
	d, ok2 := ts.ProbeDTZ(pos)
	base, ok3 := ts.RankRoot(zero, true)
	moves, ok4 := ts.RankRoot(pos, true)
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return []string{fmt.Sprintf("probes failed: %v %v %v %v", ok1, ok2, ok3, ok4)}
	}
	if sign(w) != wordSign(c.at100.wdl) || strconv.Itoa(abs(d)) != c.at100.dtz {
		differ("WDL %d DTZ %d, Fathom %s DTZ %s (clock 100)", w, d, c.at100.wdl, c.at100.dtz)
	}
	st.results[fathomWDL(w, d, 0)]++

	// Every move's WDL and DTZ with the clock at 0, against Fathom's ranks.
	nums, err := readRanks(zero, c.at100)
	if err != nil {
		return append(bad, err.Error())
	}
	for _, m := range base {
		st.moves++
		if n := nums[m.Move]; sign(m.WDL) != n.sign || abs(m.DTZ) != n.d {
			differ("move %v: WDL %d DTZ %d, Fathom's rank says %+v", m.Move, m.WDL, m.DTZ, n)
		}
	}

	// On a share of positions, Fathom's probes of the position at clock
	// 0 and of each move's position confirm the reading of the ranks.
	if c.children {
		if fathomWDL(w, d, 0) != c.at0.wdl || strconv.Itoa(abs(d)) != c.at0.dtz {
			differ("WDL %d DTZ %d, Fathom %s DTZ %s (clock 0)", w, d, c.at0.wdl, c.at0.dtz)
		}
		for m, a := range c.kids {
			st.kidsChecked++
			want := fathomNumbers{sign: -wordSign(a.wdl)}
			kd, _ := strconv.Atoi(a.dtz)
			switch {
			case a.wdl == "Win" && a.dtz == "0": // a mated position: Fathom's root code
				want = fathomNumbers{1, 1}
			case want.sign == 0:
			case isZeroing(zero, m):
				want.d = 1
			default:
				want.d = kd + 1
			}
			if nums[m] != want {
				differ("move %v: Fathom's rank says %+v, its probe after the move %s DTZ %s", m, nums[m], a.wdl, a.dtz)
			}
		}
	}

	// Each move's result with the clock: the rule applied to Fathom's
	// numbers. Where the zeroing move would come on the hundredth ply
	// the result is certain only when the DTZ is exact; an exact DTZ is
	// checked by a search for the forced zeroing move.
	got := map[board.Move]RootMove{}
	for _, m := range moves {
		got[m.Move] = m
	}
	type expect struct {
		result  int
		certain bool
	}
	want := map[board.Move]expect{}
	for m, n := range nums {
		rm := got[m]
		e := expect{0, true}
		zeroing := isZeroing(zero, m)
		zero.Make(m)
		mate := zero.InCheck() && !zero.HasLegalMove()
		var truly bool
		edge := n.sign != 0 && !mate && !zeroing && clock+1 < 100 && clock+n.d == 100
		if edge && n.d <= 4 {
			if n.sign > 0 {
				truly = losesWithin(ts, zero, n.d-1)
			} else {
				truly = winsWithin(ts, zero, n.d-1)
			}
		}
		zero.Unmake()
		switch {
		case mate:
			e = expect{2, true}
		case !zeroing && clock+1 >= 100, n.sign == 0:
		case zeroing, clock+n.d <= 99:
			e = expect{2 * n.sign, true}
		case clock+n.d >= 101:
			e = expect{n.sign, true}
		default:
			st.edge++
			e = expect{2 * n.sign, rm.Exact}
			switch {
			case rm.Exact && !truly:
				differ("move %v: DTZ %d called exact, but no search shows the zeroing move forced in %d plies", m, rm.DTZ, n.d)
			case rm.Exact:
				st.edgeExact++
			case truly:
				st.edgeTrulyExact++
			}
		}
		want[m] = e
		if rm.Result != e.result || rm.Certain != e.certain {
			differ("move %v with the clock at %d: result %d certain %v, want %d %v (Fathom's numbers %+v)", m, clock, rm.Result, rm.Certain, e.result, e.certain, n)
		}
	}

	// The moves kept: those of the best result; of wins the certain ones
	// when there are any, of losses the uncertain ones.
	bestResult := -3
	for _, e := range want {
		bestResult = max(bestResult, e.result)
	}
	prefer := false // whether a move of the best result has the preferred certainty
	for _, e := range want {
		if e.result == bestResult && e.certain == (bestResult > 0) {
			prefer = true
		}
	}
	var wantKept, gotKept []string
	for m, e := range want {
		if e.result == bestResult && (!prefer || e.certain == (bestResult > 0)) {
			wantKept = append(wantKept, m.String())
		}
	}
	kept := KeepBest(moves)
	for _, m := range kept {
		gotKept = append(gotKept, m.Move.String())
	}
	if len(kept) > 0 && !kept[0].Certain {
		st.uncertainKept++
	}
	if a, b := sorted(gotKept), sorted(wantKept); a != b {
		differ("moves kept %s, want %s", a, b)
	}
	return bad
}

// winsWithin reports whether the side to move of pos, which wins, can
// force a zeroing move that keeps the win, or mate, within n plies.
func winsWithin(ts *Tables, pos *board.Position, n int) bool {
	if n < 1 {
		return false
	}
	var list board.MoveList
	pos.GenerateLegal(&list)
	for _, m := range list.Moves[:list.Count] {
		zeroing := isZeroing(pos, m)
		pos.Make(m)
		w, _ := ts.ProbeWDL(pos)
		ok := pos.InCheck() && !pos.HasLegalMove() ||
			zeroing && w == -2 ||
			!zeroing && w == -2 && losesWithin(ts, pos, n-1)
		pos.Unmake()
		if ok {
			return true
		}
	}
	return false
}

// losesWithin reports whether the side to move of pos, which loses,
// reaches a zeroing move within n plies whatever it plays: every move is
// one, or leads to a position where the winner forces one within n - 1.
func losesWithin(ts *Tables, pos *board.Position, n int) bool {
	if n < 1 {
		return false
	}
	var list board.MoveList
	pos.GenerateLegal(&list)
	if list.Count == 0 {
		return false
	}
	for _, m := range list.Moves[:list.Count] {
		if isZeroing(pos, m) {
			continue
		}
		pos.Make(m)
		ok := winsWithin(ts, pos, n-1)
		pos.Unmake()
		if !ok {
			return false
		}
	}
	return true
}

func sorted(list []string) string {
	s := append([]string(nil), list...)
	sort.Strings(s)
	return strings.Join(s, " ")
}
