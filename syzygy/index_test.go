package syzygy

import (
	"testing"

	"brudno/board"
)

func sq(t *testing.T, name string) int {
	t.Helper()
	s, ok := board.ParseSquare(name)
	if !ok {
		t.Fatalf("bad square %s", name)
	}
	return int(s)
}

// The numberings against the spot values and tables of
// docs/syzygy-format.md ("The index without pawns", "The index with
// pawns").
func TestNumberings(t *testing.T) {
	for _, c := range []struct {
		k1, k2 string
		want   int
	}{
		{"b1", "d1", 0}, {"b1", "h8", 57}, {"c1", "a1", 58}, {"d1", "a1", 116}, {"c2", "a1", 174},
		{"d2", "a1", 229}, {"d3", "a1", 284}, {"a1", "c1", 339}, {"a1", "h7", 365}, {"b2", "d1", 366},
		{"c3", "b1", 391}, {"d4", "b1", 416}, {"d4", "h7", 440}, {"a1", "c3", 441}, {"a1", "h8", 446},
		{"b2", "d4", 447}, {"c3", "a1", 452}, {"d4", "a1", 457}, {"d4", "h8", 461},
	} {
		if got := kingPairs[triangle[sq(t, c.k1)]][sq(t, c.k2)]; int(got) != c.want {
			t.Errorf("kings %s %s: %d, want %d", c.k1, c.k2, got, c.want)
		}
	}
	count := 0
	for tr := range kingPairs {
		for _, p := range kingPairs[tr] {
			if p >= 0 {
				count++
			}
		}
	}
	if count != kingPairCount {
		t.Errorf("%d king placements, want %d", count, kingPairCount)
	}

	for _, c := range []struct {
		p0, p1, p2 string
		want       uint64
	}{
		{"b1", "a1", "c1", 0}, {"b1", "h8", "g8", 3905}, {"d3", "e4", "a1", 21204}, {"d3", "h8", "g8", 23435},
		{"a1", "b1", "a2", 23442}, {"a1", "h1", "a8", 23862}, {"d4", "b1", "e5", 28678}, {"d4", "h7", "h8", 30379},
		{"a1", "b2", "c1", 30381}, {"a1", "b2", "h7", 30407}, {"a1", "b2", "c3", 31164}, {"d4", "c3", "a1", 31302},
		{"d4", "g7", "h8", 31325},
	} {
		if got := threeIndex(sq(t, c.p0), sq(t, c.p1), sq(t, c.p2)); got != c.want {
			t.Errorf("three pieces %s %s %s: %d, want %d", c.p0, c.p1, c.p2, got, c.want)
		}
	}

	twists := [2][8]int8{{37, 25, 13, 1, 0, 12, 24, 36}, {47, 35, 23, 11, 10, 22, 34, 46}}
	for f := range 8 {
		if twist[48+f] != twists[0][f] || twist[8+f] != twists[1][f] {
			t.Errorf("twists of file %d: %d, %d; want %d, %d", f, twist[48+f], twist[8+f], twists[0][f], twists[1][f])
		}
	}
	if edgeKey[sq(t, "a2")] != 0 || edgeKey[sq(t, "h2")] != 0 || edgeKey[sq(t, "d7")] != 23 || edgeKey[sq(t, "b3")] != 7 {
		t.Error("edge keys")
	}
	counts := [6][4]uint64{
		1: {6, 6, 6, 6},
		2: {252, 180, 108, 36},
		3: {5201, 2645, 953, 125},
		4: {70315, 25375, 5491, 295},
		5: {700336, 178696, 23176, 496},
	}
	for k := 1; k <= 5; k++ {
		if leadCount[k] != counts[k] {
			t.Errorf("L(%d, f) = %v, want %v", k, leadCount[k], counts[k])
		}
	}
	for r, want := range []uint64{0, 47, 92, 135, 176, 215} {
		if got := leadBase[2][8*(r+1)]; got != want {
			t.Errorf("B(2, a%d) = %d, want %d", r+2, got, want)
		}
	}
	for r, want := range []uint64{0, 165, 249, 284, 294, 295} {
		if got := leadBase[4][8*(r+1)+3]; got != want {
			t.Errorf("B(4, d%d) = %d, want %d", r+2, got, want)
		}
	}
}
