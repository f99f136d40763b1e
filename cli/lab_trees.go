// `brudno lab -trees`: the search laboratory on synthetic uniform trees
// (package lab/trees): alpha-beta, SSS*, DUAL*, MTD(f) and PS*(k) counting
// the leaves they evaluate, one tree family at a time or over the PS*
// report's grid.

package cli

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"brudno/lab/trees"
)

// isLabTrees reports whether lab's arguments ask for the synthetic trees.
func isLabTrees(args []string) bool {
	return slices.Contains(args, "-trees") || slices.Contains(args, "--trees")
}

func cmdLabTrees(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("lab -trees", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Bool("trees", true, "search synthetic uniform trees (this mode)")
	width := fs.Int("width", 8, "the trees' width `w`")
	depth := fs.Int("depth", 4, "the trees' depth `d` (the root is a MAX node)")
	order := fs.Int("order", 1, "order `R`: the best successor is among the first w/R (1: random, w: minimal)")
	prob := fs.Float64("prob", 1, "probability `p` that a node is ordered")
	count := fs.Int("count", 100, "number of trees (seeds seed, seed+1, ...)")
	seed := fs.Uint64("seed", 1, "seed of the first tree")
	gen := fs.String("gen", "iid", "leaf values: iid (independent) or campbell (sums of arc values)")
	kList := fs.String("k", "", "PS* partition counts, e.g. 1,2,4,8 (default: the powers of two dividing w, and w)")
	jsonOut := fs.String("json", "", "write the results as JSON records to `file`")
	plotDir := fs.String("plot", "", "write SVG plots of mean leaves into `dir`")
	grid := fs.Bool("grid", false, "run the PS* report's grid (Tables 2-6) instead: T(8,4), T(16,4), T(24,4), T(32,4), T(8,6)")
	only := fs.String("shapes", "", "with -grid, only these shapes, e.g. 8x4,8x6")
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) > 0 {
		fmt.Fprintf(stderr, "lab: unexpected argument %q\n", pos[0])
		return 2
	}
	g, err := trees.ParseGenerator(*gen)
	if err != nil {
		fmt.Fprintf(stderr, "lab: %v\n", err)
		return 2
	}
	if *plotDir != "" {
		if err := os.MkdirAll(*plotDir, 0o755); err != nil {
			fmt.Fprintf(stderr, "lab: %v\n", err)
			return 1
		}
	}
	var records []trees.Record
	if *grid {
		rc := labTreesGrid(g, *count, *seed, *only, *plotDir, &records, stdout, stderr)
		if rc != 0 {
			return rc
		}
	} else {
		s := trees.Shape{Width: *width, Depth: *depth, Order: *order, Prob: *prob, Gen: g}
		ks := trees.DefaultKs(*width)
		if *kList != "" {
			if ks, err = trees.ParseKs(*kList); err != nil {
				fmt.Fprintf(stderr, "lab: %v\n", err)
				return 2
			}
		}
		start := time.Now()
		rs, err := trees.Experiment(trees.Config{Shape: s, Trees: *count, Seed: *seed, Algorithms: trees.Algorithms(ks)})
		if err != nil {
			fmt.Fprintf(stderr, "lab: %v\n", err)
			return 2
		}
		fmt.Fprintf(stdout, "%v, %d trees (seeds %d..%d); minimal tree %d leaves.\n\n%s", s, *count, *seed, *seed+uint64(*count)-1, trees.MinimalLeaves(*width, *depth), trees.Table(rs))
		fmt.Fprintf(stderr, "%d trees in %v\n", *count, time.Since(start).Round(time.Millisecond))
		records = trees.Records(rs, *seed)
		if *plotDir != "" {
			path := filepath.Join(*plotDir, fmt.Sprintf("trees-T%d-%d-R%d-p%g-%s.svg", *width, *depth, *order, *prob, g))
			if err := trees.PlotBars(rs, path); err != nil {
				fmt.Fprintf(stderr, "lab: %v\n", err)
				return 1
			}
		}
	}
	if *jsonOut != "" {
		return labTreesWriteJSON(*jsonOut, records, stderr)
	}
	return 0
}

// labTreesGrid runs the grid (or the shapes named in only, "WxD,..."),
// printing a table per shape as it finishes.
func labTreesGrid(g trees.Generator, count int, seed uint64, only, plotDir string, records *[]trees.Record, stdout, stderr io.Writer) int {
	shapes := trees.PaperGrid()
	if only != "" {
		var kept []trees.GridShape
		for _, gs := range shapes {
			if slices.Contains(strings.Split(only, ","), fmt.Sprintf("%dx%d", gs.Width, gs.Depth)) {
				kept = append(kept, gs)
			}
		}
		if len(kept) == 0 {
			fmt.Fprintf(stderr, "lab: no grid shape in %q (8x4, 16x4, 24x4, 32x4, 8x6)\n", only)
			return 2
		}
		shapes = kept
	}
	for _, gs := range shapes {
		gr, err := trees.RunGridShape(gs, g, count, seed, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "lab: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "### %s (%v)\n\n%s\n", gr.Title(), gr.Elapsed.Round(time.Second), gr.Table())
		*records = append(*records, trees.Records(gr.AllResults(), seed)...)
		if plotDir != "" {
			if err := trees.PlotGrid(gr, trees.PlotName(plotDir, gr, "svg")); err != nil {
				fmt.Fprintf(stderr, "lab: %v\n", err)
				return 1
			}
		}
	}
	return 0
}

// labTreesWriteJSON writes v, indented, to path.
func labTreesWriteJSON(path string, v any, stderr io.Writer) int {
	data, err := json.MarshalIndent(v, "", "  ")
	if err == nil {
		err = os.WriteFile(path, append(data, '\n'), 0o644)
	}
	if err != nil {
		fmt.Fprintf(stderr, "lab: %v\n", err)
		return 1
	}
	return 0
}
