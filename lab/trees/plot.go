package trees

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// PlotGrid draws one grid table as the report's figures do: mean leaves
// against the order of the tree (probability-1 columns, the order on a
// log scale), a line per algorithm. The file's extension (.svg, .png,
// .pdf) picks the format.
func PlotGrid(gr GridResult, path string) error {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Leaves visited on T(%d,%d), %s", gr.Width, gr.Depth, gr.Gen)
	p.X.Label.Text = "order R (1 = random)"
	p.Y.Label.Text = "mean leaves"
	p.Y.Min = 0
	var ticks []plot.Tick
	var cols []int
	for i, c := range gr.Columns {
		if c.Prob == 1 {
			cols = append(cols, i)
			ticks = append(ticks, plot.Tick{Value: math.Log2(float64(c.Order)), Label: strconv.Itoa(c.Order)})
		}
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	// One line per distinct series: an algorithm whose means equal an
	// earlier one's in every column (PS*(1) and SSS*, say) joins its label.
	var series [][]float64
	var labels []string
	top := 0.0
	for j := range gr.Results[0] {
		ys := make([]float64, len(cols))
		for n, i := range cols {
			ys[n] = gr.Results[i][j].LeavesMean
			top = max(top, ys[n])
		}
		label := gr.Results[0][j].Algorithm.Label()
		if k := slices.IndexFunc(series, func(s []float64) bool { return slices.Equal(s, ys) }); k >= 0 {
			labels[k] += " = " + label
			continue
		}
		series, labels = append(series, ys), append(labels, label)
	}
	for j, ys := range series {
		xys := make(plotter.XYs, len(cols))
		for n, i := range cols {
			xys[n].X, xys[n].Y = math.Log2(float64(gr.Columns[i].Order)), ys[n]
		}
		line, points, err := plotter.NewLinePoints(xys)
		if err != nil {
			return err
		}
		line.Color = plotutil.Color(j)
		line.Dashes = plotutil.Dashes(j / 7)
		points.Color = plotutil.Color(j)
		points.Shape = plotutil.Shape(j)
		p.Add(line, points)
		p.Legend.Add(labels[j], line, points)
	}
	p.Y.Max = 1.5 * top // room for the legend
	p.Legend.Top = true
	p.Add(plotter.NewGrid())
	return p.Save(7*vg.Inch, 5*vg.Inch, path)
}

// PlotBars draws one experiment's mean leaves by algorithm, with the
// standard errors.
func PlotBars(rs []Result, path string) error {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Leaves visited: %v, %d trees", rs[0].Shape, rs[0].Trees)
	p.Y.Label.Text = "mean leaves"
	vals := make(plotter.Values, len(rs))
	errs := make(plotter.YErrors, len(rs))
	names := make([]string, len(rs))
	for i, r := range rs {
		vals[i] = r.LeavesMean
		errs[i].Low, errs[i].High = r.LeavesSE, r.LeavesSE
		names[i] = r.Algorithm.Label()
	}
	bars, err := plotter.NewBarChart(vals, vg.Points(20))
	if err != nil {
		return err
	}
	bars.Color = plotutil.Color(0)
	p.Add(bars)
	xys := make(plotter.XYs, len(rs))
	for i := range xys {
		xys[i].X, xys[i].Y = float64(i), vals[i]
	}
	eb, err := plotter.NewYErrorBars(struct {
		plotter.XYs
		plotter.YErrors
	}{xys, errs})
	if err != nil {
		return err
	}
	p.Add(eb)
	p.NominalX(names...)
	return p.Save(vg.Length(len(rs))*0.7*vg.Inch+2*vg.Inch, 4*vg.Inch, path)
}

// PlotName is the file name of a grid table's plot in dir.
func PlotName(dir string, gr GridResult, ext string) string {
	return filepath.Join(dir, fmt.Sprintf("trees-T%d-%d-%s.%s", gr.Width, gr.Depth, gr.Gen, ext))
}
