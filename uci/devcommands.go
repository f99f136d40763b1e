// Developer commands in the UCI loop: d (board, FEN, key), eval (the
// evaluation's main terms) and bench.
package uci

import (
	"fmt"
	"strconv"
	"strings"

	"brudno/board"
	"brudno/engine"
)

func (s *Conversation) display() {
	p := s.eng.Position()
	for _, line := range strings.Split(BoardDiagram(p), "\n") {
		s.out.println(line)
	}
	s.out.println("Fen: " + p.FEN())
	s.out.printf("Key: %016X", p.Key())
	var checkers []string
	for b := p.Checkers(); b != 0; {
		checkers = append(checkers, b.PopFirst().String())
	}
	s.out.println("Checkers: " + strings.Join(checkers, " "))
}

// BoardDiagram draws the position as text, White at the bottom.
func BoardDiagram(p *board.Position) string {
	var sb strings.Builder
	const sep = " +---+---+---+---+---+---+---+---+\n"
	sb.WriteString(sep)
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			c := byte(' ')
			if pc := p.PieceAt(board.SquareAt(f, r)); pc != board.NoPiece {
				c = pc.Letter()
			}
			sb.WriteString(" | ")
			sb.WriteByte(c)
		}
		sb.WriteString(" | " + strconv.Itoa(r+1) + "\n" + sep)
	}
	sb.WriteString("   a   b   c   d   e   f   g   h")
	return sb.String()
}

func (s *Conversation) evaluate() {
	b := s.eng.Evaluate()
	s.out.println("info string term            white mg/eg    black mg/eg   White-Black mg/eg (centipawns)")
	for _, t := range b.Terms {
		s.out.printf("info string %-12s %6d %6d  %6d %6d  %6d %6d", t.Name, t.White[0], t.White[1], t.Black[0], t.Black[1], t.White[0]-t.Black[0], t.White[1]-t.Black[1])
	}
	s.out.printf("info string phase %d/24, endgame scale %d/128", b.Phase, b.Scale)
	if b.Special {
		s.out.println("info string endgame knowledge decides this position")
	}
	s.out.printf("info string eval %d (side to move's view)", b.Total)
	if nn, ok := s.eng.NetEvaluate(); ok {
		use := "the search uses the hand-crafted evaluation (Evaluation HCE)"
		if nn.InUse {
			use = "the search uses the network (Evaluation NNUE)"
		}
		kings := ""
		if nn.Kings > 1 {
			kings = fmt.Sprintf(", %d king buckets", nn.Kings)
		}
		s.out.printf("info string network eval %d (side to move's view; %s, %d hidden%s, scale %d); %s", nn.Score, nn.Name, nn.Hidden, kings, nn.Scale, use)
	}
}

func (s *Conversation) bench(args []string) {
	depth := engine.DefaultBenchDepth
	if len(args) > 0 {
		if d, err := strconv.Atoi(args[0]); err == nil && d > 0 && d < 64 {
			depth = d
		} else {
			s.info("bench: bad depth %q, using %d", truncate(args[0], 20), depth)
		}
	}
	if s.eng.Searching() {
		s.info("bench: %v", engine.ErrSearching)
		return
	}
	nodes, elapsed := engine.Bench(depth, s.eng.SearchOptions(), nil)
	s.out.printf("%d nodes %d nps", nodes, uint64(float64(nodes)/max(elapsed.Seconds(), 0.001)))
}
