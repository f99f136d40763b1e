package trees

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// Column is one tree family of a grid table: an order and a probability.
type Column struct {
	Order int
	Prob  float64
}

func (c Column) String() string {
	if c.Prob != 1 {
		return fmt.Sprintf("p=%.2g ord=%d", c.Prob, c.Order)
	}
	return fmt.Sprintf("ord=%d", c.Order)
}

// GridShape is one table of the grid: the uniform trees of a width and a
// depth, in several orderings, searched by alpha-beta, SSS*, DUAL*, the
// MTD searches and PS*(k) for each k.
type GridShape struct {
	Width, Depth int
	Columns      []Column
	Ks           []int
}

// PaperGrid is the grid of the PS* report's Tables 2 to 6: T(8,4),
// T(16,4), T(24,4), T(32,4) and T(8,6), random (order 1) and of order 2,
// 4 and 8, and minimal (order w), plus T(24,4) with p = 0.9 at orders 2
// and 4; PS* with the report's partition counts and k = w.
func PaperGrid() []GridShape {
	cols := func(w int, extra ...Column) []Column {
		cs := []Column{{1, 1}, {2, 1}, {4, 1}, {8, 1}}
		if w != 8 {
			cs = append(cs, Column{w, 1})
		}
		return append(cs, extra...)
	}
	return []GridShape{
		{8, 4, cols(8), []int{1, 2, 4, 8}},
		{16, 4, cols(16), []int{1, 2, 4, 8, 16}},
		{24, 4, cols(24, Column{2, 0.9}, Column{4, 0.9}), []int{1, 2, 4, 6, 8, 24}},
		{32, 4, cols(32), []int{1, 2, 4, 8, 16, 32}},
		{8, 6, cols(8), []int{1, 2, 4, 8}},
	}
}

// GridResult is one grid table's results, by column.
type GridResult struct {
	GridShape
	Gen     Generator
	Results [][]Result // [column][algorithm]
	Elapsed time.Duration
}

// RunGridShape runs every column of g with trees trees each (seeds seed,
// seed+1, ...: the same leaves in every column), logging each column's
// time to log.
func RunGridShape(g GridShape, gen Generator, trees int, seed uint64, log io.Writer) (GridResult, error) {
	start := time.Now()
	gr := GridResult{GridShape: g, Gen: gen}
	for _, c := range g.Columns {
		t0 := time.Now()
		s := Shape{Width: g.Width, Depth: g.Depth, Order: c.Order, Prob: c.Prob, Gen: gen}
		rs, err := Experiment(Config{Shape: s, Trees: trees, Seed: seed, Algorithms: Algorithms(g.Ks)})
		if err != nil {
			return gr, err
		}
		gr.Results = append(gr.Results, rs)
		if log != nil {
			fmt.Fprintf(log, "%v: %d trees in %v\n", s, trees, time.Since(t0).Round(time.Millisecond))
		}
	}
	gr.Elapsed = time.Since(start)
	return gr, nil
}

// Title names the table.
func (gr GridResult) Title() string {
	return fmt.Sprintf("T(%d,%d), %s leaves, %d trees per column", gr.Width, gr.Depth, gr.Gen, gr.Results[0][0].Trees)
}

// Table writes the grid table in the report's layout: a row per
// algorithm, mean leaves ± standard error per column, and the largest
// storage over all the columns.
func (gr GridResult) Table() string {
	var b strings.Builder
	fmt.Fprintf(&b, "| algorithm |")
	for _, c := range gr.Columns {
		fmt.Fprintf(&b, " %s |", c)
	}
	b.WriteString(" largest storage |\n|---|")
	b.WriteString(strings.Repeat("---:|", len(gr.Columns)+1))
	b.WriteString("\n")
	for j := range gr.Results[0] {
		storage := 0
		fmt.Fprintf(&b, "| %s |", gr.Results[0][j].Algorithm.Label())
		for i := range gr.Columns {
			r := gr.Results[i][j]
			fmt.Fprintf(&b, " %.0f ± %.0f |", r.LeavesMean, r.LeavesSE)
			storage = max(storage, r.StorageMax)
		}
		fmt.Fprintf(&b, " %d |\n", storage)
	}
	fmt.Fprintf(&b, "\nMinimal tree: %d leaves. Mean leaves ± standard error; storage: OPEN (SSS*, DUAL*), OPEN + BACKUP (PS*), table entries (MTD), the depth (alpha-beta).\n", MinimalLeaves(gr.Width, gr.Depth))
	return b.String()
}

// AllResults flattens the grid's results.
func (gr GridResult) AllResults() []Result {
	var rs []Result
	for _, col := range gr.Results {
		rs = append(rs, col...)
	}
	return rs
}
