package trees

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Algorithm names a search: Name is "alphabeta", "SSS*", "DUAL*",
// "MTD(f)", "MTD(+inf)", "MTD(-inf)" or "PS*", and K is PS*'s number of
// partitions (0 for the others).
type Algorithm struct {
	Name string
	K    int
}

// Label is the algorithm as a table shows it: PS*(k) with its k.
func (a Algorithm) Label() string {
	if a.Name == "PS*" {
		return fmt.Sprintf("PS*(%d)", a.K)
	}
	return a.Name
}

// The first guess of MTD(f): the middle of the leaf values' range.
const mtdGuess = ValueRange / 2

// search runs a on t through the probe and returns the value it finds.
func (a Algorithm) search(t *Tree, p *Probe) int64 {
	switch a.Name {
	case "alphabeta":
		p.note(t.Depth, 0)
		return alphaBeta(t, p, t.Root(), -Inf, Inf)
	case "SSS*":
		return sssStar(t, p, false)
	case "DUAL*":
		return sssStar(t, p, true)
	case "MTD(f)":
		return mtdf(t, p, mtdGuess)
	case "MTD(+inf)":
		return mtdf(t, p, Inf)
	case "MTD(-inf)":
		return mtdf(t, p, -Inf)
	case "PS*":
		return psStar(t, p, a.K)
	}
	panic("trees: unknown algorithm " + a.Name)
}

// Validate checks that a exists and, for PS*, that k divides the width.
func (a Algorithm) Validate(width int) error {
	switch a.Name {
	case "alphabeta", "SSS*", "DUAL*", "MTD(f)", "MTD(+inf)", "MTD(-inf)":
		return nil
	case "PS*":
		if a.K < 1 || a.K > width || width%a.K != 0 {
			return fmt.Errorf("PS*(%d): k must divide the width %d", a.K, width)
		}
		return nil
	}
	return fmt.Errorf("unknown algorithm %q", a.Name)
}

// mtd reports whether a re-searches (and so may evaluate a leaf twice).
func (a Algorithm) mtd() bool { return strings.HasPrefix(a.Name, "MTD") }

// Run searches t with a and returns the cost.
func Run(a Algorithm, t *Tree) Stats {
	p := newProbe(t, a.mtd(), false)
	p.stats.Value = a.search(t, p)
	return p.stats
}

// RunRecorded is Run that also returns the keys of the leaves evaluated,
// in the order of their first evaluation.
func RunRecorded(a Algorithm, t *Tree) (Stats, []uint64) {
	p := newProbe(t, a.mtd(), true)
	p.stats.Value = a.search(t, p)
	return p.stats, p.keys
}

// DefaultKs are the partition counts tried by default: the powers of two
// that divide the width, and the width itself.
func DefaultKs(width int) []int {
	var ks []int
	for k := 1; k <= width; k *= 2 {
		if width%k == 0 {
			ks = append(ks, k)
		}
	}
	if ks[len(ks)-1] != width {
		ks = append(ks, width)
	}
	return ks
}

// Algorithms lists alpha-beta, SSS*, DUAL*, the three MTD searches and
// PS*(k) for each k.
func Algorithms(ks []int) []Algorithm {
	as := []Algorithm{{Name: "alphabeta"}, {Name: "SSS*"}, {Name: "DUAL*"}, {Name: "MTD(f)"}, {Name: "MTD(+inf)"}, {Name: "MTD(-inf)"}}
	for _, k := range ks {
		as = append(as, Algorithm{Name: "PS*", K: k})
	}
	return as
}

// ParseKs reads a list such as "1,2,4,8".
func ParseKs(s string) ([]int, error) {
	var ks []int
	for _, f := range strings.Split(s, ",") {
		k, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || k < 1 {
			return nil, fmt.Errorf("bad partition count %q", f)
		}
		ks = append(ks, k)
	}
	return ks, nil
}

// Config is an experiment: Trees trees of a shape, with seeds Seed,
// Seed+1, ..., each searched by every algorithm.
type Config struct {
	Shape
	Trees      int
	Seed       uint64
	Algorithms []Algorithm
}

// Result is one algorithm's cost over an experiment's trees.
type Result struct {
	Algorithm   Algorithm
	Shape       Shape
	Trees       int
	LeavesMean  float64 // mean distinct leaves
	LeavesSE    float64 // its standard error
	EvalsMean   float64 // mean evaluations, repeats included
	StorageMax  int     // largest storage over all the trees
	StorageMean float64 // mean of each tree's largest storage
	OpenMax     int
	BackupMax   int
}

// Experiment runs the configuration. Every algorithm must find the value
// alpha-beta finds on every tree; a disagreement is an error (a bug).
func Experiment(c Config) ([]Result, error) {
	if err := c.Shape.Validate(); err != nil {
		return nil, err
	}
	if c.Trees < 1 {
		return nil, fmt.Errorf("need at least one tree, got %d", c.Trees)
	}
	for _, a := range c.Algorithms {
		if err := a.Validate(c.Width); err != nil {
			return nil, err
		}
	}
	// Per algorithm: sums for the means and the variance.
	n := len(c.Algorithms)
	sum, sumSq, evals, storage := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	res := make([]Result, n)
	for i := range c.Trees {
		t, err := New(c.Shape, c.Seed+uint64(i))
		if err != nil {
			return nil, err
		}
		want := Run(Algorithm{Name: "alphabeta"}, t).Value
		for j, a := range c.Algorithms {
			st := Run(a, t)
			if st.Value != want {
				return nil, fmt.Errorf("%s found %d, alpha-beta %d on %v seed %d", a.Label(), st.Value, want, c.Shape, t.Seed)
			}
			x := float64(st.Leaves)
			sum[j] += x
			sumSq[j] += x * x
			evals[j] += float64(st.Evals)
			storage[j] += float64(st.Storage)
			r := &res[j]
			r.StorageMax = max(r.StorageMax, st.Storage)
			r.OpenMax = max(r.OpenMax, st.Open)
			r.BackupMax = max(r.BackupMax, st.Backup)
		}
	}
	// Means and standard errors (sample standard deviation / sqrt(N)).
	N := float64(c.Trees)
	for j, a := range c.Algorithms {
		r := &res[j]
		r.Algorithm, r.Shape, r.Trees = a, c.Shape, c.Trees
		r.LeavesMean = sum[j] / N
		r.EvalsMean = evals[j] / N
		r.StorageMean = storage[j] / N
		if c.Trees > 1 {
			v := (sumSq[j] - sum[j]*sum[j]/N) / (N - 1)
			r.LeavesSE = math.Sqrt(max(v, 0) / N)
		}
	}
	return res, nil
}

// Record is a Result as the JSON output writes it.
type Record struct {
	Algorithm   string  `json:"algorithm"`
	K           int     `json:"k"`
	Width       int     `json:"width"`
	Depth       int     `json:"depth"`
	Order       int     `json:"order"`
	Prob        float64 `json:"prob"`
	Gen         string  `json:"gen"`
	Seed        uint64  `json:"seed"`
	Trees       int     `json:"trees"`
	LeavesMean  float64 `json:"leaves_mean"`
	LeavesSE    float64 `json:"leaves_se"`
	EvalsMean   float64 `json:"evals_mean"`
	StorageMax  int     `json:"storage_max"`
	StorageMean float64 `json:"storage_mean"`
	OpenMax     int     `json:"open_max"`
	BackupMax   int     `json:"backup_max"`
}

// Records converts results for JSON.
func Records(rs []Result, seed uint64) []Record {
	out := make([]Record, 0, len(rs))
	for _, r := range rs {
		out = append(out, Record{
			Algorithm: r.Algorithm.Name, K: r.Algorithm.K,
			Width: r.Shape.Width, Depth: r.Shape.Depth, Order: r.Shape.Order, Prob: r.Shape.Prob,
			Gen: r.Shape.Gen.String(), Seed: seed, Trees: r.Trees,
			LeavesMean: r.LeavesMean, LeavesSE: r.LeavesSE, EvalsMean: r.EvalsMean,
			StorageMax: r.StorageMax, StorageMean: r.StorageMean, OpenMax: r.OpenMax, BackupMax: r.BackupMax,
		})
	}
	return out
}

// MinimalLeaves is Knuth and Moore's count of the leaves of the minimal
// tree: w^ceil(d/2) + w^floor(d/2) - 1.
func MinimalLeaves(w, d int) int {
	a, _ := power(w, (d+1)/2)
	b, _ := power(w, d/2)
	return int(a + b - 1)
}

// Table writes the results of one experiment as a Markdown table: mean
// leaves, standard error, evaluations, largest storage (OPEN + BACKUP).
func Table(rs []Result) string {
	var b strings.Builder
	b.WriteString("| algorithm | leaves (mean) | s.e. | evaluations (mean) | largest storage | OPEN | BACKUP |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|\n")
	for _, r := range rs {
		open, back := "", ""
		switch r.Algorithm.Name {
		case "SSS*", "DUAL*":
			open = strconv.Itoa(r.OpenMax)
		case "PS*":
			open, back = strconv.Itoa(r.OpenMax), strconv.Itoa(r.BackupMax)
		}
		fmt.Fprintf(&b, "| %s | %.1f | %.1f | %.1f | %d | %s | %s |\n",
			r.Algorithm.Label(), r.LeavesMean, r.LeavesSE, r.EvalsMean, r.StorageMax, open, back)
	}
	return b.String()
}
