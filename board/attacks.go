// Attack tables: knight, king and pawn attacks computed here at start-up,
// sliding attacks by magic bitboards, and the between and line masks used
// for pins and check evasions. All tables are written once at start-up
// and only read afterwards.
package board

import "math/bits"

var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard
	rookEmpty     [64]Bitboard // rook attacks on an empty board
	bishopEmpty   [64]Bitboard
	between       [64][64]Bitboard // squares strictly between two aligned squares
	line          [64][64]Bitboard // whole line through two aligned squares
)

func init() {
	for s := Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			knightAttacks[s] |= offsetBB(f+d[0], r+d[1])
		}
		for _, d := range [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}} {
			kingAttacks[s] |= offsetBB(f+d[0], r+d[1])
		}
		pawnAttacks[White][s] = offsetBB(f-1, r+1) | offsetBB(f+1, r+1)
		pawnAttacks[Black][s] = offsetBB(f-1, r-1) | offsetBB(f+1, r-1)
		rookEmpty[s] = RookAttacks(s, 0)
		bishopEmpty[s] = BishopAttacks(s, 0)
	}
	for a := Square(0); a < 64; a++ {
		for b := Square(0); b < 64; b++ {
			if a == b {
				continue
			}
			if rookEmpty[a].Has(b) {
				between[a][b] = RookAttacks(a, BB(b)) & RookAttacks(b, BB(a))
				line[a][b] = (rookEmpty[a] & rookEmpty[b]) | BB(a) | BB(b)
			} else if bishopEmpty[a].Has(b) {
				between[a][b] = BishopAttacks(a, BB(b)) & BishopAttacks(b, BB(a))
				line[a][b] = (bishopEmpty[a] & bishopEmpty[b]) | BB(a) | BB(b)
			}
		}
	}
}

func offsetBB(f, r int) Bitboard {
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return 0
	}
	return BB(SquareAt(f, r))
}

// Sliding attacks by magic bitboards. A slider's attacks from a square
// depend only on the occupancy of its relevant squares, the rays from it
// without their last square (mask). That occupancy times the square's
// magic number has in its top bits (64 - shift of them, as many as the
// mask has squares) an index that no two occupancies with different
// attacks share; each square's attacks for every index are stored in its
// own part of one table, from offset on (the "fancy" layout: 107,648
// entries, 841 KiB, for rooks and bishops together). The idea of magic
// multiplication is Lasse Hansen's and Pradu Kannan's; the numbers below
// were found by Brudno's own search, findMagic in attacks_test.go, which
// TestMagics checks them with.
type magic struct {
	mask   Bitboard
	magic  uint64
	shift  uint
	offset uint
}

var (
	rookMagics   [64]magic
	bishopMagics [64]magic
	slideTable   [slideTableSize]Bitboard
	_            = initMagics() // before any init function, which may use the attacks
)

// slideTableSize is the number of entries of all squares' tables: for a
// rook 2^12 in a corner, 2^11 elsewhere on an edge and 2^10 inside, for a
// bishop 2^5 to 2^9.
const slideTableSize = 102400 + 5248

var rookMagicNumbers = [64]uint64{
	0x1080004008801020, 0x0840092002c03000, 0x1900200010400900, 0x0880100008000480,
	0x4200100420080200, 0x8100020100080400, 0x0200040110886200, 0x0200008040220411,
	0x0404800084400220, 0x0000401000402000, 0x0086001081220440, 0x0408800800100280,
	0x000a001201040820, 0x8848800200840080, 0x4001000100040200, 0x0442000102105084,
	0x9080010020804100, 0x0040404000201009, 0x0000808010002009, 0x2200090021d00100,
	0x0008008008040080, 0x0004004002010040, 0x0011040008015042, 0x00000a0001768104,
	0x0000800080204009, 0x2010004140002001, 0x9800200280100080, 0x1000100080080080,
	0x0442000a00049020, 0x2100040080020080, 0x0800120400900148, 0x0010040a00128541,
	0x2800804000800030, 0x1010002000400041, 0x4000200011004100, 0x0610008410800800,
	0x0400802402800800, 0xc100020080800400, 0x0002000802000401, 0x0182085882000401,
	0x0220204000808000, 0x2860100040024022, 0x0001002004110040, 0x99101042000a0020,
	0x0004080004008080, 0x0010040002008080, 0x2012004881020004, 0x8300842444820011,
	0x0088403882010200, 0x0820400080210100, 0x0110910040a00300, 0x0801100280080480,
	0x0242009008200600, 0x1002000489500200, 0x0040800200010080, 0x0091800041000080,
	0x0000209300488001, 0x04c1002414824001, 0x020020000b001041, 0x7000100004200901,
	0x8002002004100802, 0x30010002084c0007, 0x0888221800813004, 0x4000002840840112,
}

var bishopMagicNumbers = [64]uint64{
	0xa010041108003100, 0x006082020a002900, 0x6810010619200000, 0x08281a0520000408,
	0x0001104001000400, 0x0018901008048400, 0x00040a0210245280, 0x000200210808a402,
	0x9140048410821200, 0x0800091010820041, 0x20504804832202c0, 0x0100091401081000,
	0x8021011140000012, 0x0810020804450400, 0x208b0542109008a2, 0x0080084a08040204,
	0x0040e2a80811244c, 0x2505022008008108, 0x0430220100420040, 0x010a040420220040,
	0x1105000290400000, 0x0093001200822120, 0x4000a62048043004, 0x280120048a015004,
	0x006090002a020814, 0x44042000240800d0, 0x01102800040a4400, 0x1004080080220040,
	0x0001001011004024, 0x0010044000805040, 0x0914041200820100, 0x0004821012821480,
	0x0024040500c05021, 0x0088611002080200, 0x0116080a00040020, 0x4000020080080080,
	0x2450450140840040, 0x0000880201484100, 0x0222020404020092, 0x8081110600002e00,
	0x2842101105000801, 0x1100809008001025, 0x00020202221c0400, 0x0422014022009020,
	0x0210046102100c00, 0xc004008082029102, 0x00aa461801101200, 0x0404080080201108,
	0x020542108c205002, 0x0410544804100100, 0x0040910841100000, 0x0400200042021100,
	0x00004204850400c0, 0x0200100410a42102, 0x1040020801210102, 0x0805040410420000,
	0x2884804130100200, 0x800c262201242000, 0x1058000194108800, 0x0014221054420204,
	0x0104000012a02200, 0x0200881003300100, 0x0140400202840100, 0x0402020801010201,
}

// The eight directions as file and rank steps: the first four raise the
// square's index, the others lower it. rookDirections and
// bishopDirections pick a slider's four.
var (
	directions       = [8][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}, {-1, 0}, {0, -1}, {-1, -1}, {1, -1}}
	rookDirections   = [4]int{0, 1, 4, 5}
	bishopDirections = [4]int{2, 3, 6, 7}
	rays             [8][64]Bitboard // rays[d][s]: the squares from s (excluded) to the edge in direction d
)

// slideAttacks returns the squares a slider moving in the directions dirs
// attacks from s given the occupancy: each ray up to and including its
// first occupied square, found as the lowest or highest square of the
// ray's occupied ones. The magic tables are filled from it.
func slideAttacks(s Square, occ Bitboard, dirs *[4]int) Bitboard {
	var a Bitboard
	for _, d := range dirs {
		ray := rays[d][s]
		if b := ray & occ; b != 0 {
			first := b.First()
			if d >= 4 {
				first = Square(63 - bits.LeadingZeros64(uint64(b)))
			}
			ray &^= rays[d][first]
		}
		a |= ray
	}
	return a
}

// relevantSquares returns the squares of the rays from s in the directions
// dirs whose occupancy can change the attacks: all but the last square of
// each ray.
func relevantSquares(s Square, dirs *[4]int) Bitboard {
	var m Bitboard
	for _, d := range dirs {
		if ray := rays[d][s]; ray != 0 {
			last := Square(63 - bits.LeadingZeros64(uint64(ray)))
			if d >= 4 {
				last = ray.First()
			}
			m |= ray &^ BB(last)
		}
	}
	return m
}

// initMagics fills the magic entries and the attack table (panicking if a
// magic number maps two occupancies with different attacks to one entry,
// which TestMagics rules out).
func initMagics() bool {
	for d, step := range directions {
		for s := Square(0); s < 64; s++ {
			for f, r := s.File()+step[0], s.Rank()+step[1]; f >= 0 && f < 8 && r >= 0 && r < 8; f, r = f+step[0], r+step[1] {
				rays[d][s] |= BB(SquareAt(f, r))
			}
		}
	}
	offset := uint(0)
	for _, k := range []struct {
		magics  *[64]magic
		numbers *[64]uint64
		dirs    *[4]int
	}{{&rookMagics, &rookMagicNumbers, &rookDirections}, {&bishopMagics, &bishopMagicNumbers, &bishopDirections}} {
		for s := Square(0); s < 64; s++ {
			mask := relevantSquares(s, k.dirs)
			m := magic{mask: mask, magic: k.numbers[s], shift: uint(64 - mask.Count()), offset: offset}
			size := uint(1) << mask.Count()
			filled := make([]bool, size)
			// Every subset of the mask (Carry-Rippler enumeration).
			for sub := Bitboard(0); ; {
				i := uint(uint64(sub) * m.magic >> m.shift)
				a := slideAttacks(s, sub, k.dirs)
				if filled[i] && slideTable[offset+i] != a {
					panic("board: a magic number does not separate the attacks of " + s.String())
				}
				slideTable[offset+i], filled[i] = a, true
				if sub = (sub - mask) & mask; sub == 0 {
					break
				}
			}
			k.magics[s] = m
			offset += size
		}
	}
	if offset != slideTableSize {
		panic("board: the magic tables' size is wrong")
	}
	return true
}

// RookAttacks returns the squares a rook on s attacks given the occupancy.
func RookAttacks(s Square, occ Bitboard) Bitboard {
	m := &rookMagics[s&63]
	return slideTable[m.offset+uint(uint64(occ&m.mask)*m.magic>>m.shift)]
}

// BishopAttacks returns the squares a bishop on s attacks given the occupancy.
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	m := &bishopMagics[s&63]
	return slideTable[m.offset+uint(uint64(occ&m.mask)*m.magic>>m.shift)]
}

// QueenAttacks returns the squares a queen on s attacks given the occupancy.
func QueenAttacks(s Square, occ Bitboard) Bitboard {
	return RookAttacks(s, occ) | BishopAttacks(s, occ)
}

// KnightAttacks returns the squares a knight on s attacks.
func KnightAttacks(s Square) Bitboard { return knightAttacks[s] }

// KingAttacks returns the squares a king on s attacks.
func KingAttacks(s Square) Bitboard { return kingAttacks[s] }

// PawnAttacks returns the squares a pawn of colour c on s attacks.
func PawnAttacks(c Color, s Square) Bitboard { return pawnAttacks[c][s] }

// PawnAttacksBB returns every square attacked by the pawns of colour c in set.
func PawnAttacksBB(c Color, set Bitboard) Bitboard {
	if c == White {
		return (set&^FileA)<<7 | (set&^FileH)<<9
	}
	return (set&^FileA)>>9 | (set&^FileH)>>7
}
