// Self-play through the protocol: complete games of the engine against
// itself at a short time control, every move checked for legality by
// notnil/chess (an independent move generator) and by the board package,
// the clocks kept by the test, and each game ended by the rules.
package main

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/notnil/chess"

	"brudno/board"
)

func TestSelfPlay(t *testing.T) {
	if testing.Short() {
		t.Skip("self-play takes about a minute")
	}
	openings := []string{"e2e4 e7e5", "d2d4 d7d5", "c2c4 e7e6", "g1f3 c7c5"}
	for _, opening := range openings {
		t.Run(opening, func(t *testing.T) {
			result := playGame(t, strings.Fields(opening), time.Second, 20*time.Millisecond)
			t.Logf("%s: %s", opening, result)
		})
	}
}

// playGame plays one game between two engine processes and returns how it
// ended.
func playGame(t *testing.T, moves []string, base, inc time.Duration) string {
	engines := [2]*gui{startEngine(t), startEngine(t)}
	for _, g := range engines {
		g.send("uci", "ucinewgame")
		g.sync()
	}
	game := chess.NewGame()
	pos := board.NewPosition()
	apply := func(s string) {
		t.Helper()
		var found *chess.Move
		for _, m := range game.ValidMoves() {
			if m.String() == s {
				found = m
			}
		}
		if found == nil {
			t.Fatalf("move %s is illegal according to notnil/chess after %s", s, strings.Join(moves, " "))
		}
		if err := game.Move(found); err != nil {
			t.Fatal(err)
		}
		m, err := pos.ParseMove(s)
		if err != nil {
			t.Fatalf("board rejects %s: %v", s, err)
		}
		pos.Make(m)
	}
	for _, s := range moves {
		apply(s)
	}
	clock := [2]time.Duration{base, base}
	const maxPlies = 600
	for ply := len(moves); ply < maxPlies; ply++ {
		var list board.MoveList
		pos.GenerateLegal(&list)
		switch {
		case list.Count == 0 && pos.InCheck():
			if game.Method() != chess.Checkmate {
				t.Errorf("checkmate not confirmed by notnil/chess: %v", game.Method())
			}
			return "checkmate"
		case list.Count == 0:
			if game.Method() != chess.Stalemate {
				t.Errorf("stalemate not confirmed by notnil/chess: %v", game.Method())
			}
			return "stalemate"
		case pos.IsThreefold():
			return "threefold repetition"
		case pos.IsFiftyMoveDraw():
			return "fifty-move rule"
		case pos.InsufficientMaterial():
			return "insufficient material"
		}
		side := ply % 2
		g := engines[side]
		g.send("position startpos moves "+strings.Join(moves, " "),
			"go wtime "+ms(clock[0])+" btime "+ms(clock[1])+" winc "+ms(inc)+" binc "+ms(inc))
		start := time.Now()
		best, _, _ := g.bestMove(clock[side] + 2*time.Second)
		clock[side] -= time.Since(start)
		if clock[side] <= 0 {
			t.Fatalf("%s lost on time at ply %d", []string{"white", "black"}[side], ply)
		}
		clock[side] += inc
		apply(best)
		moves = append(moves, best)
	}
	t.Fatalf("game not finished after %d plies", maxPlies)
	return ""
}

func ms(d time.Duration) string { return strconv.FormatInt(d.Milliseconds(), 10) }
