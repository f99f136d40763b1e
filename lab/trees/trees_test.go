package trees

import (
	"slices"
	"testing"
)

// sample is a spread of small shapes: widths, depths (odd and even),
// orders and probabilities, both generators.
func sample() []Shape {
	var ss []Shape
	for _, g := range []Generator{IID, Campbell} {
		for _, wd := range [][2]int{{2, 1}, {2, 5}, {3, 4}, {4, 3}, {4, 5}, {6, 3}, {8, 4}, {5, 2}} {
			w, d := wd[0], wd[1]
			for _, op := range []struct {
				order int
				prob  float64
			}{{1, 1}, {2, 1}, {w, 1}, {2, 0.7}, {w, 0.5}} {
				ss = append(ss, Shape{Width: w, Depth: d, Order: op.order, Prob: op.prob, Gen: g})
			}
		}
	}
	return ss
}

// allAlgorithms is every algorithm, PS* with every k dividing w.
func allAlgorithms(w int) []Algorithm {
	var ks []int
	for k := 1; k <= w; k++ {
		if w%k == 0 {
			ks = append(ks, k)
		}
	}
	return Algorithms(ks)
}

func mustTree(t *testing.T, s Shape, seed uint64) *Tree {
	t.Helper()
	tr, err := New(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// Every algorithm finds the full minimax value on every tree of the sample.
func TestValuesAgreeWithMinimax(t *testing.T) {
	for _, s := range sample() {
		for seed := uint64(1); seed <= 6; seed++ {
			tr := mustTree(t, s, seed)
			want := tr.FullMinimax()
			if tr.Minimax() != want {
				t.Fatalf("%v seed %d: ordering table value %d, full minimax %d", s, seed, tr.Minimax(), want)
			}
			for _, a := range allAlgorithms(s.Width) {
				st := Run(a, tr)
				if st.Value != want {
					t.Errorf("%v seed %d: %s found %d, minimax %d", s, seed, a.Label(), st.Value, want)
				}
				if !a.mtd() && st.Evals != st.Leaves {
					t.Errorf("%v seed %d: %s evaluated a leaf twice", s, seed, a.Label())
				}
			}
		}
	}
}

// On minimal trees (order w, probability 1) every algorithm visits exactly
// the Knuth-Moore count of leaves.
func TestMinimalTrees(t *testing.T) {
	for _, g := range []Generator{IID, Campbell} {
		for _, wd := range [][2]int{{2, 3}, {3, 4}, {4, 5}, {8, 4}, {5, 3}, {16, 3}, {4, 6}} {
			s := Shape{Width: wd[0], Depth: wd[1], Order: wd[0], Prob: 1, Gen: g}
			want := MinimalLeaves(s.Width, s.Depth)
			for seed := uint64(0); seed < 3; seed++ {
				tr := mustTree(t, s, seed)
				for _, a := range allAlgorithms(s.Width) {
					if got := Run(a, tr).Leaves; got != want {
						t.Errorf("%v seed %d: %s visited %d leaves, minimal tree has %d", s, seed, a.Label(), got, want)
					}
				}
			}
		}
	}
}

// sameLeaves compares the leaf sets of two algorithms on a tree.
func sameLeaves(t *testing.T, tr *Tree, a, b Algorithm) {
	t.Helper()
	_, la := RunRecorded(a, tr)
	_, lb := RunRecorded(b, tr)
	slices.Sort(la)
	slices.Sort(lb)
	if !slices.Equal(la, lb) {
		t.Errorf("%v seed %d: %s visits %d leaves, %s %d, not the same set", tr.Shape, tr.Seed, a.Label(), len(la), b.Label(), len(lb))
	}
}

// PS*(1) is SSS*, PS*(w) is alpha-beta, MTD(+inf) is SSS* and MTD(-inf)
// is DUAL*: the same leaves on the same trees.
func TestEquivalences(t *testing.T) {
	sss, dual, ab := Algorithm{Name: "SSS*"}, Algorithm{Name: "DUAL*"}, Algorithm{Name: "alphabeta"}
	for _, s := range sample() {
		for seed := uint64(1); seed <= 4; seed++ {
			tr := mustTree(t, s, seed)
			sameLeaves(t, tr, Algorithm{Name: "PS*", K: 1}, sss)
			sameLeaves(t, tr, Algorithm{Name: "PS*", K: s.Width}, ab)
			sameLeaves(t, tr, Algorithm{Name: "MTD(+inf)"}, sss)
			sameLeaves(t, tr, Algorithm{Name: "MTD(-inf)"}, dual)
		}
	}
}

// SSS* and DUAL* never visit more leaves than alpha-beta (Stockman's
// dominance), here on larger random trees too.
func TestDominance(t *testing.T) {
	for _, s := range []Shape{{Width: 8, Depth: 4, Order: 1, Prob: 1}, {Width: 5, Depth: 5, Order: 1, Prob: 1, Gen: Campbell}, {Width: 8, Depth: 4, Order: 2, Prob: 0.9}} {
		for seed := uint64(0); seed < 5; seed++ {
			tr := mustTree(t, s, seed)
			_, ab := RunRecorded(Algorithm{Name: "alphabeta"}, tr)
			in := make(map[uint64]bool)
			for _, k := range ab {
				in[k] = true
			}
			for _, a := range []Algorithm{{Name: "SSS*"}, {Name: "DUAL*"}} {
				_, ls := RunRecorded(a, tr)
				for _, k := range ls {
					if !in[k] {
						t.Errorf("%v seed %d: %s visits a leaf alpha-beta does not", s, seed, a.Label())
						break
					}
				}
			}
		}
	}
}

// The ordering property holds: at every interior node of an order-R tree
// (probability 1) a best successor is among the first w/R.
func TestOrderingProperty(t *testing.T) {
	for _, s := range []Shape{{Width: 4, Depth: 4, Order: 2, Prob: 1}, {Width: 6, Depth: 3, Order: 3, Prob: 1, Gen: Campbell}, {Width: 5, Depth: 4, Order: 5, Prob: 1}} {
		tr := mustTree(t, s, 7)
		var check func(n Node) int64
		check = func(n Node) int64 {
			if tr.IsLeaf(n) {
				return tr.Value(n)
			}
			vals := make([]int64, s.Width)
			for i := range vals {
				vals[i] = check(tr.Child(n, i))
			}
			best := slices.Max(vals)
			if !tr.IsMax(n) {
				best = slices.Min(vals)
			}
			if !slices.Contains(vals[:max(1, s.Width/s.Order)], best) {
				t.Errorf("%v: node depth %d pos %d has its best successor outside the first %d", s, n.Depth, n.Pos, s.Width/s.Order)
			}
			return best
		}
		check(tr.Root())
	}
}

// A tree is fixed by its seed: the same seed, the same leaves and counts;
// another seed, other leaves. An ordered tree has the random tree's leaves.
func TestReproducible(t *testing.T) {
	s := Shape{Width: 6, Depth: 4, Order: 2, Prob: 0.8, Gen: Campbell}
	a, b, c := mustTree(t, s, 42), mustTree(t, s, 42), mustTree(t, s, 43)
	for _, alg := range []Algorithm{{Name: "SSS*"}, {Name: "PS*", K: 2}, {Name: "MTD(f)"}} {
		sa, la := RunRecorded(alg, a)
		sb, lb := RunRecorded(alg, b)
		if sa != sb || !slices.Equal(la, lb) {
			t.Errorf("%s: two trees of seed 42 differ", alg.Label())
		}
	}
	if a.FullMinimax() == c.FullMinimax() && Run(Algorithm{Name: "alphabeta"}, a) == Run(Algorithm{Name: "alphabeta"}, c) {
		t.Errorf("seeds 42 and 43 give the same tree")
	}
	random := mustTree(t, Shape{Width: 6, Depth: 4, Order: 1, Prob: 1, Gen: Campbell}, 42)
	var all func(tr *Tree, n Node, out *[]int64)
	all = func(tr *Tree, n Node, out *[]int64) {
		if tr.IsLeaf(n) {
			*out = append(*out, tr.Value(n))
			return
		}
		for i := 0; i < tr.Width; i++ {
			all(tr, tr.Child(n, i), out)
		}
	}
	var x, y []int64
	all(a, a.Root(), &x)
	all(random, random.Root(), &y)
	if slices.Equal(x, y) {
		t.Errorf("the ordered tree kept the random tree's order")
	}
	slices.Sort(x)
	slices.Sort(y)
	if !slices.Equal(x, y) {
		t.Errorf("the ordered tree's leaves are not the random tree's")
	}
}

// The experiment's summary: means over the trees, and the JSON records.
func TestExperiment(t *testing.T) {
	c := Config{Shape: Shape{Width: 4, Depth: 4, Order: 4, Prob: 1}, Trees: 5, Seed: 3, Algorithms: Algorithms([]int{1, 2, 4})}
	rs, err := Experiment(c)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if r.LeavesMean != float64(MinimalLeaves(4, 4)) || r.LeavesSE != 0 {
			t.Errorf("%s: mean %v s.e. %v on minimal trees", r.Algorithm.Label(), r.LeavesMean, r.LeavesSE)
		}
	}
	recs := Records(rs, 3)
	if recs[1].Algorithm != "SSS*" || recs[len(recs)-1].K != 4 || recs[0].Trees != 5 {
		t.Errorf("records: %+v", recs)
	}
	if _, err := Experiment(Config{Shape: Shape{Width: 6, Depth: 2, Order: 1, Prob: 1}, Trees: 1, Algorithms: []Algorithm{{Name: "PS*", K: 4}}}); err == nil {
		t.Errorf("PS*(4) on width 6 accepted")
	}
}

// reportBound is the PS* report's storage for PS*(k) on T(w,d): OPEN of
// (w/k)^ceil(d/2) states and BACKUP of 1 + w/k + ... + (w/k)^floor((d-1)/2)
// nodes.
func reportBound(w, d, k int) int {
	open, _ := power(w/k, (d+1)/2)
	backup := 0
	for j := 0; j <= (d-1)/2; j++ {
		b, _ := power(w/k, j)
		backup += int(b)
	}
	return int(open) + backup
}

// PS*'s OPEN and BACKUP never exceed the report's sizes (SSS*'s OPEN
// never exceeds w^ceil(d/2)), and on random T(8,4) they reach them: 21
// for PS*(2), 7 for PS*(4), as its Table 2 prints.
func TestStorageBounds(t *testing.T) {
	for _, s := range []Shape{{Width: 8, Depth: 4, Order: 1, Prob: 1}, {Width: 4, Depth: 5, Order: 2, Prob: 0.5, Gen: Campbell}, {Width: 6, Depth: 3, Order: 1, Prob: 1}, {Width: 4, Depth: 6, Order: 1, Prob: 1}} {
		peak := make(map[int]int)
		for seed := uint64(0); seed < 10; seed++ {
			tr := mustTree(t, s, seed)
			for k := 1; k <= s.Width; k++ {
				if s.Width%k != 0 {
					continue
				}
				st := Run(Algorithm{Name: "PS*", K: k}, tr)
				if b := reportBound(s.Width, s.Depth, k); st.Storage > b {
					t.Errorf("%v seed %d: PS*(%d) held %d entries, more than %d", s, seed, k, st.Storage, b)
				}
				peak[k] = max(peak[k], st.Storage)
			}
			open, _ := power(s.Width, (s.Depth+1)/2)
			if st := Run(Algorithm{Name: "SSS*"}, tr); st.Storage > int(open) {
				t.Errorf("%v seed %d: SSS* held %d states, more than %d", s, seed, st.Storage, open)
			}
		}
		if s.Width == 8 && (peak[2] != 21 || peak[4] != 7) {
			t.Errorf("%v: PS*(2) and PS*(4) peaked at %d and %d, the report's sizes are 21 and 7", s, peak[2], peak[4])
		}
	}
}
