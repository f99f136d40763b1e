// Plots of the chess laboratory's tables (`brudno lab -plot DIR`): a line
// per configuration against the depth, drawn with gonum's plot.

package cli

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// labPlot draws rows[k][i], the value of configuration names[i] at depth
// from+k, as a line per configuration, into path (the extension picks the
// format). NaN cells (not run) are left out; logY puts the values on a
// logarithmic scale.
func labPlot(path, title, yLabel string, logY bool, from int, names []string, rows [][]float64) error {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "depth"
	p.Y.Label.Text = yLabel
	if logY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = logTicks{}
	}
	var ticks []plot.Tick
	for k := range rows {
		ticks = append(ticks, plot.Tick{Value: float64(from + k), Label: fmt.Sprint(from + k)})
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	drawn := 0
	for i, name := range names {
		var xys plotter.XYs
		for k, row := range rows {
			if !math.IsNaN(row[i]) {
				xys = append(xys, plotter.XY{X: float64(from + k), Y: row[i]})
			}
		}
		if len(xys) == 0 {
			continue
		}
		line, points, err := plotter.NewLinePoints(xys)
		if err != nil {
			return err
		}
		line.Color, points.Color = plotutil.Color(i), plotutil.Color(i)
		line.Dashes = plotutil.Dashes(i / 7)
		points.Shape = plotutil.Shape(i)
		p.Add(line, points)
		p.Legend.Add(name, line, points)
		drawn++
	}
	if drawn == 0 {
		return fmt.Errorf("nothing to plot in %s", filepath.Base(path))
	}
	// Room above the lines for the legend.
	p.Legend.Top, p.Legend.Left = true, true
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, row := range rows {
		for _, v := range row {
			if !math.IsNaN(v) {
				lo, hi = min(lo, v), max(hi, v)
			}
		}
	}
	if logY {
		p.Y.Min, p.Y.Max = lo/1.1, hi*math.Pow(hi/lo, 0.7)
	} else {
		p.Y.Min, p.Y.Max = lo, hi+0.7*(hi-lo)
	}
	p.Add(plotter.NewGrid())
	return p.Save(7*vg.Inch, 5*vg.Inch, path)
}

// labPlotTo draws a plot into dir under name, creating dir; nothing when
// dir is empty.
func labPlotTo(dir, name string, draw func(path string) error) error {
	if dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return draw(filepath.Join(dir, name))
}

// labCells converts node counts to plot cells, 0 (not run) to NaN, each
// divided by div (1 for the counts themselves).
func labCells(rows [][]uint64, div func(k int) float64) [][]float64 {
	out := make([][]float64, len(rows))
	for k, row := range rows {
		out[k] = make([]float64, len(row))
		for i, n := range row {
			out[k][i] = math.NaN()
			if n > 0 {
				out[k][i] = float64(n) / div(k)
			}
		}
	}
	return out
}

// logTicks labels 1, 2 and 5 times each power of ten in the range, so
// that a range inside one decade still has labels.
type logTicks struct{}

func (logTicks) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for _, ms := range [][]float64{{1, 2, 5}, {1, 1.5, 2, 3, 4, 5, 6, 8}} {
		ticks = ticks[:0]
		for p := math.Pow(10, math.Floor(math.Log10(lo))); p <= hi; p *= 10 {
			for _, m := range ms {
				if v := m * p; v >= lo && v <= hi {
					ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'g', 4, 64)})
				}
			}
		}
		if len(ticks) >= 4 {
			break
		}
	}
	return ticks
}

// labPlotSMP draws the median speedup of each scheme against the thread
// count (one thread at 1), with the ideal speedup for comparison.
func labPlotSMP(path string, depth, positions int, runs []*smpRun) error {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Time-to-depth speedup, depth %d, %d positions (medians)", depth, positions)
	p.X.Label.Text = "threads"
	p.Y.Label.Text = "speedup over one thread"
	top := 1.0
	var schemes []string
	byScheme := map[string]plotter.XYs{}
	for _, r := range runs {
		name := r.scheme.String()
		if _, ok := byScheme[name]; !ok {
			schemes = append(schemes, name)
			byScheme[name] = plotter.XYs{{X: 1, Y: 1}}
		}
		sp, _, _ := r.medians()
		byScheme[name] = append(byScheme[name], plotter.XY{X: float64(r.threads), Y: sp})
		top = max(top, float64(r.threads), sp)
	}
	ideal, err := plotter.NewLine(plotter.XYs{{X: 1, Y: 1}, {X: top, Y: top}})
	if err != nil {
		return err
	}
	ideal.Dashes = []vg.Length{vg.Points(4), vg.Points(4)}
	p.Add(ideal)
	p.Legend.Add("ideal", ideal)
	for i, name := range schemes {
		line, points, err := plotter.NewLinePoints(byScheme[name])
		if err != nil {
			return err
		}
		line.Color, points.Color = plotutil.Color(i), plotutil.Color(i)
		points.Shape = plotutil.Shape(i)
		p.Add(line, points)
		p.Legend.Add(name, line, points)
	}
	p.Legend.Top, p.Legend.Left = true, true
	p.X.Min, p.Y.Min = 1, 0
	p.Add(plotter.NewGrid())
	return p.Save(7*vg.Inch, 5*vg.Inch, path)
}
