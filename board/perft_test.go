// Exact perft counts for the standard positions, tricky positions assembled
// here, and Chess960 positions with published counts.
package board

import "testing"

type perftCase struct {
	name   string
	fen    string
	counts []uint64 // counts[i] is perft(i+1); 0 where no count is checked
}

var standardPerft = []perftCase{
	{"start", StartFEN, []uint64{20, 400, 8902, 197281, 4865609}},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", []uint64{48, 2039, 97862, 4085603}},
	{"pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", []uint64{14, 191, 2812, 43238, 674624}},
	{"pos4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", []uint64{6, 264, 9467, 422333}},
	{"pos4mirror", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", []uint64{6, 264, 9467, 422333}},
	{"pos5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", []uint64{44, 1486, 62379, 2103487}},
	{"pos6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", []uint64{46, 2079, 89890, 3894594}},
}

func runPerft(t *testing.T, cases []perftCase) {
	t.Helper()
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for d, want := range c.counts {
			if want == 0 {
				continue
			}
			if got := p.Perft(d + 1); got != want {
				t.Errorf("%s: perft(%d) = %d, want %d", c.name, d+1, got, want)
			}
		}
		if p.FEN() != mustParse(t, c.fen).FEN() {
			t.Errorf("%s: position changed by perft", c.name)
		}
	}
}

func mustParse(t testing.TB, fen string) *Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

func TestPerftStandard(t *testing.T) { runPerft(t, standardPerft) }

// Tricky positions with published counts: illegal en passant that exposes
// the king, en passant giving check, castling giving check or prevented,
// promotions out of and into check, discovered check, stalemates.
var trickyPerft = []perftCase{
	{"ep exposes king on rank", "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", []uint64{18, 92, 1670, 10138, 185429, 1134888}},
	{"ep exposes king on diagonal", "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", []uint64{0, 0, 0, 0, 0, 1015133}},
	{"ep gives check", "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", []uint64{15, 126, 1928, 13931, 206379, 1440467}},
	{"short castling gives check", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", []uint64{15, 66, 1198, 6399, 120330, 661072}},
	{"long castling gives check", "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", []uint64{16, 71, 1286, 7418, 141077, 803711}},
	{"castling rights", "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", []uint64{26, 1141, 27826, 1274206}},
	{"castling prevented", "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", []uint64{44, 1494, 50509, 1720476}},
	{"promote out of check", "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", []uint64{11, 133, 1442, 19174, 266199, 3821001}},
	{"discovered check", "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", []uint64{29, 165, 5160, 31961, 1004658}},
	{"promote to give check", "4k3/1P6/8/8/8/8/K7/8 w - - 0 1", []uint64{9, 40, 472, 2661, 38983, 217342}},
	{"underpromote to give check", "8/P1k5/K7/8/8/8/8/8 w - - 0 1", []uint64{6, 27, 273, 1329, 18135, 92683}},
	{"self stalemate", "K1k5/8/P7/8/8/8/8/8 w - - 0 1", []uint64{2, 6, 13, 63, 382, 2217}},
	{"stalemate and checkmate", "8/k1P5/8/1K6/8/8/8/8 w - - 0 1", []uint64{10, 25, 268, 926, 10857, 43261, 567584}},
	{"stalemate and checkmate 2", "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", []uint64{37, 183, 6559, 23527}},
}

func TestPerftTricky(t *testing.T) { runPerft(t, trickyPerft) }
