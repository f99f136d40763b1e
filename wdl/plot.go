// The fit's plot: the fitted curves against the held-out outcomes.

package wdl

import (
	"bytes"
	"fmt"
	"strings"
)

// The plot's layout: four panels of panelW by panelH pixels, the plot
// area at (plotLeft, plotTop) in each, scores from smin to smax with the
// observed rates in bins of binW centipawns.
const (
	panelW, panelH    = 420, 260
	plotLeft, plotTop = 50, 30
	plotW, plotH      = 350, 190
	smin, smax        = -600, 600
	binW              = 50
)

var (
	plotColours = [3]string{"#2a7d2a", "#777777", "#c0392b"}
	plotNames   = [3]string{"win", "draw", "loss"}
)

// SVG draws, for each of four values of the variable, the fitted W, D
// and L curves against the score, with the held-out games' observed
// rates in 50-centipawn bins (positions within a window of the value) as
// dots.
func SVG(m *Model, samples []Sample) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="11">`+"\n", 2*panelW, 2*panelH+20)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	for pi, v := range curveValues(m.Var) {
		plotPanel(&b, m, samples, v, (pi%2)*panelW+plotLeft, (pi/2)*panelH+plotTop)
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d">score (centipawns, side to move)</text>`+"\n", panelW-80, 2*panelH+14)
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// plotPanel draws the panel of the variable's value v with its plot area
// at (ox, oy).
func plotPanel(b *bytes.Buffer, m *Model, samples []Sample, v, ox, oy int) {
	window := 4
	if m.Var == VarMove {
		window = 8
	}
	px := func(s float64) float64 { return float64(ox) + (s-smin)/(smax-smin)*plotW }
	py := func(p float64) float64 { return float64(oy) + (1-p)*plotH }
	fmt.Fprintf(b, `<text x="%d" y="%d">%s %d (dots: held-out games, %s %d..%d)</text>`+"\n", ox, oy-10, m.Var, v, m.Var, v-window, v+window)
	fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="black"/>`+"\n", ox, oy, plotW, plotH)
	for s := smin; s <= smax; s += 200 {
		fmt.Fprintf(b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/><text x="%.1f" y="%d" text-anchor="middle">%d</text>`+"\n",
			px(float64(s)), oy, px(float64(s)), oy+plotH, px(float64(s)), oy+plotH+14, s)
	}
	for p := 0.0; p <= 1.0001; p += 0.25 {
		fmt.Fprintf(b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/><text x="%d" y="%.1f" text-anchor="end">%.2f</text>`+"\n",
			ox, py(p), ox+plotW, py(p), ox-4, py(p)+4, p)
	}
	counts := observedCounts(m, samples, v, window)
	for k := range 3 {
		for j, c := range counts {
			n := c[0] + c[1] + c[2]
			if n < 20 {
				continue
			}
			fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="2.5" fill="%s"/>`+"\n", px(float64(smin+j*binW+binW/2)), py(c[k]/n), plotColours[k])
		}
		var pts []string
		for s := smin; s <= smax; s += 10 {
			w, d, l := m.Probs(float64(s), v)
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", px(float64(s)), py([3]float64{w, d, l}[k])))
		}
		fmt.Fprintf(b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="1.5"/>`+"\n", strings.Join(pts, " "), plotColours[k])
		fmt.Fprintf(b, `<text x="%d" y="%d" fill="%s">%s</text>`+"\n", ox+plotW-40, oy+15+14*k, plotColours[k], plotNames[k])
	}
}

// observedCounts returns the held-out outcomes by score bin of the
// samples whose variable is within window of v.
func observedCounts(m *Model, samples []Sample, v, window int) [][3]float64 {
	counts := make([][3]float64, (smax-smin)/binW)
	for i := range samples {
		sm := &samples[i]
		if d := sm.Value(m.Var) - v; !sm.Held || d > window || -d > window || sm.Score < smin || sm.Score >= smax {
			continue
		}
		counts[(int(sm.Score)-smin)/binW][sm.Out]++
	}
	return counts
}
