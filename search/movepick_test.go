package search

import (
	"fmt"
	"math/rand"
	"testing"

	"brudno/board"
)

// The picker returns every legal move exactly once (only the captures and
// promotions in quiescence), in stage order: the hash move, winning and
// equal captures by value and capture history, the killers and
// countermove, quiet moves by their histories (butterfly and
// continuation; with CheckOrder, on in play, quiet checks that SEE does
// not lose by more than checkOrderSEE ahead by checkOrderBonus), losing
// captures (SEE below 0), whatever their capture history. With
// ThreatOrder (on in play) the quiet moves also by threatOrderWant;
// without it exactly as before.
func TestMovePickerOrder(t *testing.T) {
	for _, threats := range []bool{false, true} {
		t.Run(fmt.Sprintf("ThreatOrder=%v", threats), func(t *testing.T) { pickerOrder(t, threats) })
	}
}

func pickerOrder(t *testing.T, threats bool) {
	rng := rand.New(rand.NewSource(5))
	o := DefaultOptions()
	o.ThreatOrder = threats
	s := &Searcher{opts: o}
	threatened := 0 // quiet moves with a threat term
	th := &thread{s: s}
	rnd := func() int16 { return int16(rng.Intn(4001) - 2000) }
	// Capture histories anywhere within ±historyMax, so that a pawn
	// capture's 16·100 + history/4 can fall below zero: it must still come
	// among the good captures, and in quiescence at all.
	if captHistLift < historyMax/4 {
		t.Fatalf("captHistLift is below historyMax/4 = %d", historyMax/4)
	}
	fens := []string{
		board.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"4k3/1P6/8/8/8/8/6p1/4K2R b K - 0 1",
		"4k3/8/8/8/1b6/8/3P4/R3K2R w KQ - 0 1", // in check
	}
	var all, noisy board.MoveList
	checked := 0
	var captures [6]int // captures and promotions returned outside quiescence, by stage (1 good, 5 losing)
	poorPawn := 0       // good pawn captures (not promotions) whose capture history is -6,400 or below
	for _, fen := range fens {
		p, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		for walk := 0; walk < 60; walk++ {
			th.pos = p
			p.GenerateLegal(&all)
			p.GenerateNoisy(&noisy)
			if all.Count == 0 {
				break
			}
			// Random history, killers, countermove and hash move (legal or not).
			for c := range th.hist.butterfly {
				for f := range th.hist.butterfly[c][0] {
					for to := range th.hist.butterfly[c][0][f] {
						th.hist.butterfly[c][0][f][to] = rnd()
					}
				}
			}
			for pc := range th.hist.capture {
				for to := range th.hist.capture[pc] {
					for v := range th.hist.capture[pc][to] {
						th.hist.capture[pc][to][v] = int16(rng.Intn(2*historyMax+1) - historyMax)
					}
				}
			}
			anyMove := func() board.Move {
				if rng.Intn(4) == 0 {
					return board.NewMove(board.Square(rng.Intn(64)), board.Square(rng.Intn(64)))
				}
				return all.Moves[rng.Intn(all.Count)]
			}
			ply := 1
			th.stack[ply].killers = [2]board.Move{anyMove(), anyMove()}
			th.stack[ply-1].move = anyMove()
			// The continuation table of a random earlier move, randomised.
			cont := &th.hist.cont[rng.Intn(16)][rng.Intn(64)]
			for pc := range cont {
				for to := range cont[pc] {
					cont[pc][to] = rnd()
				}
			}
			th.stack[ply-1].cont = cont
			ttMove := anyMove()
			if rng.Intn(5) == 0 {
				ttMove = board.NoMove
			}
			for _, qs := range []bool{false, true} {
				want := &all
				if qs {
					want = &noisy
				}
				tt := ttMove
				if qs && !p.IsCapture(tt) && tt.Promo() == board.NoPieceType {
					tt = board.NoMove // quiescence passes only a noisy hash move
				}
				var mp movePicker
				mp.init(th, ply, tt, qs)
				seen := map[board.Move]bool{}
				lastStage, lastScore := -1, int32(0)
				for {
					m, ok := mp.next()
					if !ok {
						break
					}
					if seen[m] || !want.Contains(m) {
						t.Fatalf("%s: %v returned twice or not a wanted move", p.FEN(), m)
					}
					seen[m] = true
					stage, score := expectedRank(th, ply, tt, m, qs)
					if stage == 4 && threatOrderWant(p, m) != 0 {
						threatened++
					}
					if !qs && (stage == 1 || stage == 5) {
						captures[stage]++
					}
					if stage == 1 && p.CapturedPiece(m).Type() == board.Pawn && m.Promo() == board.NoPieceType &&
						th.hist.capture[p.PieceAt(m.From())][m.To()][board.Pawn] <= -6400 {
						poorPawn++ // 16·100 + history/4 <= 0 without captHistLift
					}
					if stage < lastStage || stage == lastStage && stage != 3 && score > lastScore {
						t.Fatalf("%s: %v (stage %d, score %d) after stage %d score %d", p.FEN(), m, stage, score, lastStage, lastScore)
					}
					lastStage, lastScore = stage, score
					checked++
				}
				if len(seen) != want.Count {
					t.Fatalf("%s: %d moves returned, want %d", p.FEN(), len(seen), want.Count)
				}
			}
			p.Make(all.Moves[rng.Intn(all.Count)])
		}
	}
	if checked < 10000 {
		t.Fatalf("only %d moves checked", checked)
	}
	if threatened < 100 {
		t.Fatalf("only %d quiet moves into or out of a cheaper piece's attack", threatened)
	}
	// Both sides of the SEE line: the order holds across it.
	if captures[1] < 100 || captures[5] < 100 {
		t.Fatalf("only %d good and %d losing captures outside quiescence", captures[1], captures[5])
	}
	// Winning or equal pawn captures whose record alone would sink them
	// below the good stage's floor came up among the good captures.
	if poorPawn < 20 {
		t.Fatalf("only %d good pawn captures with a capture history of -6,400 or below", poorPawn)
	}
}

// expectedRank gives a move's stage (0 hash move, 1 good capture, 2
// killer, 3 countermove, 4 quiet, 5 losing capture) and its score within
// the stage (higher first).
func expectedRank(th *thread, ply int, ttMove, m board.Move, qs bool) (int, int32) {
	pos := th.pos
	if m == ttMove {
		return 0, 0
	}
	if pos.IsCapture(m) || m.Promo() != board.NoPieceType {
		pc := pos.PieceAt(m.From())
		victim := pos.CapturedPiece(m).Type()
		v := int32(board.SEEValue[victim]+board.SEEValue[m.Promo()])*16 + int32(th.hist.capture[pc][m.To()][victim])/4 + captHistLift
		if qs || pos.SEE(m) >= 0 {
			return 1, v
		}
		return 5, v
	}
	k := th.stack[ply].killers
	switch m {
	case k[0]:
		return 2, 1
	case k[1]:
		return 2, 0
	}
	prev := th.stack[ply-1].move
	if m == th.hist.counter[pos.PieceAt(prev.To())][prev.To()] {
		return 3, 0
	}
	// Two plies back is before the root: the neutral table, all zero.
	pc := pos.PieceAt(m.From())
	score := int32(th.hist.butterfly[pos.Side()][0][m.From()][m.To()]) + int32(th.stack[ply-1].cont[pc][m.To()])
	if th.s.opts.CheckOrder && pos.GivesCheck(m) && pos.SEE(m) >= -checkOrderSEE {
		score += int32(checkOrderBonus)
	}
	if th.s.opts.ThreatOrder {
		score += threatOrderWant(pos, m)
	}
	return 4, score
}

// threatOrderWant is ThreatOrder's term for quiet move m of pos, found
// square by square: the piece's bonus if an enemy piece of a lower class
// (pawn; knight or bishop; rook; queen) attacks its origin and none its
// destination (seen with the piece still on its origin), minus it for
// the reverse, 0 for pawns, the king and every other move.
func threatOrderWant(pos *board.Position, m board.Move) int32 {
	class := map[board.PieceType]int{board.Pawn: 0, board.Knight: 1, board.Bishop: 1, board.Rook: 2, board.Queen: 3}
	bonus := map[board.PieceType]int{board.Knight: threatOrderMinor, board.Bishop: threatOrderMinor,
		board.Rook: threatOrderRook, board.Queen: threatOrderQueen}
	pt := pos.PieceAt(m.From()).Type()
	if pt == board.King {
		return 0
	}
	cheaper := func(s board.Square) bool {
		by := pos.AttackersTo(s, pos.Occupied()) & pos.ByColor(pos.Side()^1)
		for a := board.Pawn; a < board.King; a++ {
			if by&pos.ByType(a) != 0 && class[a] < class[pt] {
				return true
			}
		}
		return false
	}
	from, to := cheaper(m.From()), cheaper(m.To())
	switch {
	case from && !to:
		return int32(bonus[pt])
	case to && !from:
		return -int32(bonus[pt])
	}
	return 0
}

// With ThreatOrder a queen that a pawn attacks is ordered first by the
// quiet moves that take it to a safe square, ahead of quiet moves of
// equal history (a king move, a queen move that stays attacked; in a new
// searcher every history is 0); a knight's move into a pawn's attack and
// a rook's into a knight's are put back. Without it those moves score
// alike, 0.
func TestThreatOrder(t *testing.T) {
	// The pawn on e5 attacks the queen (and f4), the pawn on a6 b5, the
	// knight on b6 a4, c4 and d5.
	const fen = "6k1/8/pn6/4p3/3Q4/2N5/8/R5K1 w - - 0 1"
	// pick returns each move's place in the picker's order and each quiet
	// move's score.
	pick := func(threats bool) (place, score map[string]int) {
		o := DefaultOptions()
		o.ThreatOrder = threats
		_, th := prepared(t, fen, o)
		th.setMove(0, board.NoMove)
		var mp movePicker
		mp.init(th, 1, board.NoMove, false)
		place, score = map[string]int{}, map[string]int{}
		for i := 0; ; i++ {
			m, ok := mp.next()
			if !ok {
				break
			}
			place[m.String()] = i
		}
		for i := mp.nNoisy; i < mp.list.Count; i++ {
			score[mp.list.Moves[i].String()] = int(mp.scores[i])
		}
		return place, score
	}
	placeOn, on := pick(true)
	_, off := pick(false)
	for _, c := range []struct {
		move string
		want int // its score with ThreatOrder (without: 0)
	}{
		{"d4d3", threatOrderQueen},  // out of the pawn's attack
		{"d4e4", threatOrderQueen},  // the same
		{"d4f4", 0},                 // from one pawn's attack into another
		{"c3b5", -threatOrderMinor}, // into the pawn's attack
		{"c3a4", 0},                 // into a knight's attack: not cheaper than a knight
		{"a1a4", -threatOrderRook},  // into the knight's attack
		{"a1a5", 0},
		{"g1h1", 0},
	} {
		got, ok := on[c.move]
		if !ok {
			t.Fatalf("%s is not a quiet move of %s", c.move, fen)
		}
		if got != c.want {
			t.Errorf("%s with ThreatOrder: score %d, want %d", c.move, got, c.want)
		}
		if off[c.move] != 0 {
			t.Errorf("%s without ThreatOrder: score %d, want 0", c.move, off[c.move])
		}
	}
	for _, later := range []string{"g1h1", "d4f4", "c3b5", "a1a4"} {
		if placeOn["d4d3"] > placeOn[later] {
			t.Errorf("with ThreatOrder d4d3 is move %d, after %s (%d)", placeOn["d4d3"], later, placeOn[later])
		}
	}
	for _, earlier := range []string{"g1h1", "d4f4", "a1a5"} {
		if placeOn["c3b5"] < placeOn[earlier] || placeOn["a1a4"] < placeOn[earlier] {
			t.Errorf("with ThreatOrder c3b5 is move %d and a1a4 %d, before %s (%d)", placeOn["c3b5"], placeOn["a1a4"], earlier, placeOn[earlier])
		}
	}
}

// Once the move loop sets skipQuiets, the picker returns of the quiet
// moves left only those that give check (none with skipChecks; never the
// excluded move), counts the others in skipped, and still returns every
// losing capture.
func TestMovePickerSkipQuiets(t *testing.T) {
	rng := rand.New(rand.NewSource(6))
	s := &Searcher{opts: DefaultOptions()}
	th := &thread{s: s}
	th.stack[0].cont = &th.hist.cont[0][0]
	var all board.MoveList
	checked, skipped, checksSkipped := 0, 0, 0
	for g := 0; g < 40; g++ {
		p, err := board.ParseFEN("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10")
		if err != nil {
			t.Fatal(err)
		}
		for walk := 0; walk < 30; walk++ {
			th.pos = p
			p.GenerateLegal(&all)
			if all.Count == 0 {
				break
			}
			var quiets []board.Move
			for _, m := range all.Slice() {
				if !p.IsCapture(m) && m.Promo() == board.NoPieceType {
					quiets = append(quiets, m)
				}
			}
			var mp movePicker
			mp.init(th, 1, board.NoMove, false)
			if len(quiets) > 0 && rng.Intn(2) == 0 {
				mp.excluded = quiets[rng.Intn(len(quiets))]
			}
			skipAfter := rng.Intn(6) // quiet moves returned before skipping
			skipChecks := rng.Intn(3) == 0
			seen := map[board.Move]bool{}
			quietSeen := 0
			for {
				m, ok := mp.next()
				if !ok {
					break
				}
				if seen[m] {
					t.Fatalf("%s: %v returned twice", p.FEN(), m)
				}
				seen[m] = true
				quiet := !p.IsCapture(m) && m.Promo() == board.NoPieceType
				if quiet && mp.skipQuiets && mp.stage == stageQuiet {
					if !p.GivesCheck(m) || m == mp.excluded || mp.skipChecks {
						t.Fatalf("%s: %v returned while skipping quiet moves", p.FEN(), m)
					}
					checked++
				}
				if quiet && mp.stage == stageQuiet {
					quietSeen++
					if quietSeen == skipAfter {
						mp.skipQuiets, mp.skipChecks = true, skipChecks
					}
				}
			}
			// Every legal move was returned or skipped, the excluded one
			// aside when skipping passed it.
			missing := 0
			for _, m := range all.Slice() {
				if !seen[m] && m != mp.excluded {
					missing++
					if p.GivesCheck(m) && skipChecks {
						checksSkipped++
					} else if p.GivesCheck(m) || p.IsCapture(m) || m.Promo() != board.NoPieceType {
						t.Fatalf("%s: %v neither returned nor a skippable quiet move", p.FEN(), m)
					}
				}
			}
			if missing != mp.skipped {
				t.Fatalf("%s: %d quiet moves missing, %d counted as skipped", p.FEN(), missing, mp.skipped)
			}
			skipped += mp.skipped
			p.Make(all.Moves[rng.Intn(all.Count)])
		}
	}
	if checked == 0 || skipped == 0 || checksSkipped == 0 {
		t.Fatalf("%d quiet checks returned, %d quiet moves and %d quiet checks skipped while skipping; want all three", checked, skipped, checksSkipped)
	}
}

// The picker's quiet scores are quietHistory's, whatever continuation
// histories are switched on, with every table filled at random.
func TestQuietScorer(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for _, c := range []struct{ cont, cont4 bool }{{true, true}, {true, false}, {false, false}} {
		o := DefaultOptions()
		o.ContHistory, o.ContHistory4 = c.cont, c.cont4
		_, th := prepared(t, "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", o)
		fill := func(s []int16) {
			for i := range s {
				s[i] = int16(rng.Intn(2*historyMax+1) - historyMax)
			}
		}
		for a := range th.hist.butterfly {
			for b := range th.hist.butterfly[a] {
				for f := range th.hist.butterfly[a][b] {
					fill(th.hist.butterfly[a][b][f][:])
				}
			}
		}
		for pc := range th.hist.cont {
			for sq := range th.hist.cont[pc] {
				for p2 := range th.hist.cont[pc][sq] {
					fill(th.hist.cont[pc][sq][p2][:])
				}
			}
		}
		var list board.MoveList
		compared := 0
		for ply := 0; ply < 6; ply++ {
			th.setThreats(ply)
			th.pos.GenerateLegal(&list)
			qs := th.quietScorer(ply)
			for _, m := range list.Slice() {
				if th.pos.IsCapture(m) || m.Promo() != board.NoPieceType {
					continue
				}
				pc := th.pos.PieceAt(m.From())
				if got, want := qs.score(m, pc), th.quietHistory(ply, m, pc); got != want {
					t.Fatalf("%+v, ply %d, %v: scorer %d, quietHistory %d", c, ply, m, got, want)
				}
				compared++
			}
			m := list.Moves[rng.Intn(list.Count)]
			th.setMove(ply, m)
			th.makeMove(m)
		}
		if compared < 100 {
			t.Errorf("%+v: only %d quiet moves compared", c, compared)
		}
	}
}
