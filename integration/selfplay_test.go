// Self-play through the protocol: complete games of the engine against
// itself at a fixed node count per move (so that a busy machine cannot
// make them fail: clock handling is tested where time is the subject, in
// uci_integration_test.go), every move checked for legality by
// notnil/chess (an independent move generator) and by the board package,
// and each game ended by the rules.

package integration

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
		t.Skip("self-play takes about half a minute")
	}
	openings := []string{"e2e4 e7e5", "d2d4 d7d5", "c2c4 e7e6", "g1f3 c7c5"}
	for _, opening := range openings {
		t.Run(opening, func(t *testing.T) {
			result := playGame(t, strings.Fields(opening), 20000)
			t.Logf("%s: %s", opening, result)
		})
	}
}

// playGame plays one game between two engine processes at nodes nodes
// per move and returns how it ended.
func playGame(t *testing.T, moves []string, nodes int) string {
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
		g.send("position startpos moves "+strings.Join(moves, " "), "go nodes "+strconv.Itoa(nodes))
		best, _, _ := g.bestMove(time.Minute) // a generous wait, not a clock
		apply(best)
		moves = append(moves, best)
	}
	t.Fatalf("game not finished after %d plies", maxPlies)
	return ""
}
