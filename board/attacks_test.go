package board

import (
	"math/rand"
	"testing"

	"github.com/dylhunn/dragontoothmg"
)

// magicRand is the generator findMagic draws candidates from: xorshift64*
// (Marsaglia's xorshift with Vigna's multiplier).
type magicRand struct{ s uint64 }

func (r *magicRand) next() uint64 {
	r.s ^= r.s >> 12
	r.s ^= r.s << 25
	r.s ^= r.s >> 27
	return r.s * 2685821657736338717
}

// magicSeed is the generator's seed that the search of the magic numbers
// in attacks.go started from, rooks first, then bishops, squares in order.
const magicSeed = 0x9e3779b97f4a7c15

// findMagic searches a magic number for square s of a slider moving in
// dirs: candidates with few bits set (the AND of three random numbers)
// are tried until one maps every occupancy of the relevant squares to an
// index of 64 - shift bits where no other occupancy with other attacks
// falls. Candidates whose product with the mask has fewer than six bits in
// its top byte are passed over at once, as they seldom work.
func findMagic(s Square, dirs *[4]int, r *magicRand) uint64 {
	mask := relevantSquares(s, dirs)
	shift := 64 - mask.Count()
	var occs, refs [4096]Bitboard
	n := 0
	for sub := Bitboard(0); ; {
		occs[n], refs[n] = sub, slideAttacks(s, sub, dirs)
		n++
		if sub = (sub - mask) & mask; sub == 0 {
			break
		}
	}
	var seen [4096]Bitboard
	var tried [4096]int // the attempt that wrote seen's entry
	for attempt := 1; ; attempt++ {
		m := r.next() & r.next() & r.next()
		if Bitboard(uint64(mask)*m>>56).Count() < 6 {
			continue
		}
		ok := true
		for i := 0; i < n && ok; i++ {
			j := uint64(occs[i]) * m >> shift
			if tried[j] != attempt {
				tried[j], seen[j] = attempt, refs[i]
			} else if seen[j] != refs[i] {
				ok = false
			}
		}
		if ok {
			return m
		}
	}
}

// stepAttacks is slideAttacks square by square along each ray, the
// reference for the tables.
func stepAttacks(s Square, occ Bitboard, dirs *[4]int) Bitboard {
	var a Bitboard
	for _, d := range dirs {
		step := directions[d]
		for f, r := s.File()+step[0], s.Rank()+step[1]; f >= 0 && f < 8 && r >= 0 && r < 8; f, r = f+step[0], r+step[1] {
			b := BB(SquareAt(f, r))
			a |= b
			if occ&b != 0 {
				break
			}
		}
	}
	return a
}

// The magic numbers are the ones findMagic finds from magicSeed.
func TestMagicNumbers(t *testing.T) {
	if testing.Short() {
		t.Skip("the search of the magic numbers is left out with -short")
	}
	r := &magicRand{magicSeed}
	for s := Square(0); s < 64; s++ {
		if m := findMagic(s, &rookDirections, r); m != rookMagicNumbers[s] {
			t.Fatalf("rook %v: found %#x, the table has %#x", s, m, rookMagicNumbers[s])
		}
	}
	for s := Square(0); s < 64; s++ {
		if m := findMagic(s, &bishopDirections, r); m != bishopMagicNumbers[s] {
			t.Fatalf("bishop %v: found %#x, the table has %#x", s, m, bishopMagicNumbers[s])
		}
	}
}

// checkSlides compares the magic lookups of square s and occupancy occ
// with the attacks found square by square and with dragontoothmg's (the
// board's sliding attacks before it had its own tables).
func checkSlides(t *testing.T, s Square, occ Bitboard) {
	t.Helper()
	for _, c := range []struct {
		name      string
		got, step Bitboard
		old       uint64
	}{
		{"RookAttacks", RookAttacks(s, occ), stepAttacks(s, occ, &rookDirections), dragontoothmg.CalculateRookMoveBitboard(uint8(s), uint64(occ))},
		{"BishopAttacks", BishopAttacks(s, occ), stepAttacks(s, occ, &bishopDirections), dragontoothmg.CalculateBishopMoveBitboard(uint8(s), uint64(occ))},
	} {
		if c.got != c.step || uint64(c.got) != c.old {
			t.Fatalf("%s(%v, %#x) = %#x, square by square %#x, dragontoothmg %#x", c.name, s, uint64(occ), uint64(c.got), uint64(c.step), c.old)
		}
	}
}

// The magic lookups agree with the attacks found square by square and
// with dragontoothmg's: for every square, every occupancy of the rook's
// and of the bishop's relevant squares (with random pieces elsewhere, on
// the rays' ends and off the rays, in half of them), and random
// occupancies of the whole board.
func TestSlidingAttacks(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	n := 0
	for s := Square(0); s < 64; s++ {
		for _, dirs := range []*[4]int{&rookDirections, &bishopDirections} {
			mask := relevantSquares(s, dirs)
			for sub := Bitboard(0); ; {
				occ := sub
				if n++; n%2 == 0 {
					occ |= Bitboard(rng.Uint64()) &^ mask
				}
				checkSlides(t, s, occ)
				if sub = (sub - mask) & mask; sub == 0 {
					break
				}
			}
		}
	}
	if n != slideTableSize {
		t.Fatalf("%d occupancies of the relevant squares, the tables have %d entries", n, slideTableSize)
	}
	for i := 0; i < 2000; i++ {
		occ := Bitboard(rng.Uint64() & rng.Uint64())
		if i%2 == 0 {
			occ &= Bitboard(rng.Uint64())
		}
		for s := Square(0); s < 64; s++ {
			checkSlides(t, s, occ)
		}
	}
}
