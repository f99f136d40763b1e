package board

import "fmt"

// knightPairs lists the placements of the two knights among five empty
// squares, in the order of the standard numbering of Chess960 positions.
var knightPairs = [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}

// Chess960FEN returns start position n (0 to 959) of Chess960 in the
// standard numbering (Scharnagl's; 518 is the usual start position), with
// Shredder-FEN castling letters naming the rooks' files.
func Chess960FEN(n int) (string, error) {
	if n < 0 || n > 959 {
		return "", fmt.Errorf("Chess960 position %d: want 0 to 959", n)
	}
	var rank [8]byte
	place := func(k int, pc byte) int { // on the k-th empty file; returns the file
		for f := range rank {
			if rank[f] == 0 {
				if k == 0 {
					rank[f] = pc
					return f
				}
				k--
			}
		}
		panic("no empty file") // unreachable: there are always enough
	}
	rank[2*(n%4)+1] = 'B' // the light-squared bishop: b, d, f or h
	n /= 4
	rank[2*(n%4)] = 'B' // the dark-squared bishop: a, c, e or g
	n /= 4
	place(n%6, 'Q')
	n /= 6
	kn := knightPairs[n]
	place(kn[1], 'N') // the later one first, so the earlier index still counts empty files
	place(kn[0], 'N')
	rookA := place(0, 'R')
	place(0, 'K')
	rookH := place(0, 'R')
	white := string(rank[:])
	black := ""
	for _, c := range rank {
		black += string(c + 'a' - 'A')
	}
	castling := string([]byte{byte('A' + rookH), byte('A' + rookA), byte('a' + rookH), byte('a' + rookA)})
	return fmt.Sprintf("%s/pppppppp/8/8/8/8/PPPPPPPP/%s w %s - 0 1", black, white, castling), nil
}
