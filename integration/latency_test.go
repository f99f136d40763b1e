// The stop-latency benchmark: the time from sending "stop" during a
// "go infinite" to reading "bestmove", over the pipes a GUI uses.

package integration

import (
	"sort"
	"testing"
	"time"
)

// BenchmarkStopLatency reports the median, p99 and maximum latency in
// milliseconds (run with -benchtime 200x for a distribution).
func BenchmarkStopLatency(b *testing.B) {
	g := startEngine(b)
	g.send("uci")
	g.expect("uciok", 5*time.Second)
	var lat []time.Duration
	for i := 0; i < b.N; i++ {
		g.send("position startpos moves e2e4 e7e5 g1f3", "go infinite")
		time.Sleep(time.Duration(10+i%40) * time.Millisecond)
		start := time.Now()
		g.send("stop")
		g.expect("bestmove", 5*time.Second)
		lat = append(lat, time.Since(start))
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(lat[len(lat)/2]), "p50-ms")
	b.ReportMetric(ms(lat[len(lat)*99/100]), "p99-ms")
	b.ReportMetric(ms(lat[len(lat)-1]), "max-ms")
}
