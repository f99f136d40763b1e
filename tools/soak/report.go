package main

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// tally is the count of one group of engine-games.
type tally struct {
	games, timeLosses, illegal, crashes, stalls, pv, violations int
	maxOverrun                                                  float64 // the wrapper's, ms
	timed                                                       int
	peakKB                                                      int
}

func (t *tally) add(sd *side, games int) {
	t.games += games
	t.timeLosses += sd.TimeLosses
	t.illegal += sd.Illegal
	t.crashes += sd.Crashes
	t.stalls += sd.Stalls
	for _, n := range sd.PV {
		t.pv += n
	}
	for _, r := range sd.Records {
		t.violations += len(r.Violations)
		if r.TimedMoves > 0 && (t.timed == 0 || r.MaxOverrunMS > t.maxOverrun) {
			t.maxOverrun = r.MaxOverrunMS
		}
		t.timed += r.TimedMoves
		t.peakKB = max(t.peakKB, r.MaxRSSKB)
	}
}

func (t *tally) row(label string) string {
	over := "-"
	if t.timed > 0 {
		over = fmt.Sprintf("%.1f", t.maxOverrun)
	}
	return fmt.Sprintf("| %s | %d | %d | %d | %d | %d | %d | %d | %s | %.0f |\n", label, t.games,
		t.crashes, t.illegal, t.stalls, t.timeLosses, t.pv, t.violations, over, float64(t.peakKB)/1024)
}

const tallyHead = "| games | crashes | illegal | stalls | time losses | PV warnings | wrapper violations | largest overrun ms | peak MB |\n"

// report writes the run's tables in Markdown.
func report(bs []batch, meta map[string]string) string {
	sort.Slice(bs, func(i, j int) bool { return bs[i].ID < bs[j].ID })
	var sb strings.Builder
	games, secs := 0, 0.0
	var brudno, opp tally
	groups := map[[2]string]*tally{}
	pvKinds := map[string]int{}
	ponderHits, ponderMisses := 0, 0
	group := func(k [2]string, sd *side, g int) {
		if groups[k] == nil {
			groups[k] = &tally{}
		}
		groups[k].add(sd, g)
	}
	for i := range bs {
		b := &bs[i]
		games += b.Games
		secs += b.Seconds
		for name, sd := range b.Sides {
			if !strings.HasPrefix(name, "brudno") {
				opp.add(sd, b.Games)
				continue
			}
			brudno.add(sd, b.Games)
			for k, n := range sd.PV {
				pvKinds[k] += n
			}
			for _, r := range sd.Records {
				ponderHits += r.PonderHits
				ponderMisses += r.PonderMisses
			}
			c := b.Config.A
			if name == "brudno-B" && b.Config.B != nil {
				c = *b.Config.B
			}
			for _, f := range c.features() {
				group(f, sd, b.Games)
			}
			group([2]string{"limit", b.Config.Limit.Kind + " " + b.Config.Limit.Value}, sd, b.Games)
			group([2]string{"Chess960", map[bool]string{true: "on", false: "off"}[b.Config.Chess960]}, sd, b.Games)
			group([2]string{"opponent", map[bool]string{true: "Brudno", false: "opponent"}[b.Config.B != nil]}, sd, b.Games)
		}
	}
	fmt.Fprintf(&sb, "# Soak: %d games in %d batches", games, len(bs))
	if meta != nil {
		fmt.Fprintf(&sb, ", %s lanes, %s wall clock this run, batches of %s games, seed %s, opponent %q",
			meta["lanes"], meta["wall"], meta["batch"], meta["seed"], meta["opponent"])
	}
	fmt.Fprintf(&sb, "; %.0f batch-seconds\n\n", secs)
	sb.WriteString("## In total\n\n| side " + tallyHead + "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	sb.WriteString(brudno.row("Brudno (engine-games)"))
	sb.WriteString(opp.row("opponent (games)"))
	fmt.Fprintf(&sb, "\nPonder hits %d, misses %d. PV warnings by kind: %v.\n", ponderHits, ponderMisses, pvKinds)
	starved, outside := 0, 0 // Brudno's processes with a loss on time, by what the wrapper saw
	for _, b := range bs {
		for name, sd := range b.Sides {
			if !strings.HasPrefix(name, "brudno") || sd.TimeLosses == 0 {
				continue
			}
			for _, r := range sd.Records {
				switch {
				case r.MaxOverrunMS <= 0:
					outside++
				case r.WaitAtMaxMS >= r.MaxOverrunMS:
					starved++
				}
			}
		}
	}
	fmt.Fprintf(&sb, "Of Brudno's processes that lost on time, %d answered in time at the wrapper (the delay came after it), "+
		"and in %d the threads waited for a CPU at least as long as the overrun during the move that overran most.\n", outside, starved)

	sb.WriteString("\n## By option value (Brudno's engine-games)\n\n| option | value " + tallyHead +
		"| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	keys := make([][2]string, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i][0] != keys[j][0] {
			return keys[i][0] < keys[j][0]
		}
		return natLess(keys[i][1], keys[j][1])
	})
	for _, k := range keys {
		sb.WriteString(groups[k].row(k[0] + " | " + k[1]))
	}
	sb.WriteString(memoryTable(bs))
	var failed []string
	for _, b := range bs {
		if f := b.failures(); len(f) > 0 { // judged again: the rules may be newer than the run
			failed = append(failed, fmt.Sprintf("- batch %d (%s %s, Chess960 %v): %s", b.ID, b.Config.Limit.Kind,
				b.Config.Limit.Value, b.Config.Chess960, strings.Join(f, "; ")))
		}
	}
	fmt.Fprintf(&sb, "\n## Failing batches: %d\n\n", len(failed))
	for _, f := range failed {
		sb.WriteString(f + "\n")
	}
	return sb.String()
}

// memoryTable is the engine processes' peak memory per Hash size, in the
// run's first and second half, and the largest growth of resident memory
// within one process from its second game to its last.
func memoryTable(bs []batch) string {
	type mem struct{ first, second []int }
	byHash := map[int]*mem{}
	growth := map[int]int{}
	multi := map[int]int{}
	half := len(bs) / 2
	for i, b := range bs {
		for name, sd := range b.Sides {
			if !strings.HasPrefix(name, "brudno") {
				continue
			}
			for _, r := range sd.Records {
				if r.MaxRSSKB == 0 {
					continue
				}
				m := byHash[r.Hash]
				if m == nil {
					m = &mem{}
					byHash[r.Hash] = m
				}
				if i < half {
					m.first = append(m.first, r.MaxRSSKB)
				} else {
					m.second = append(m.second, r.MaxRSSKB)
				}
				if n := len(r.RSSNewGameKB); n >= 3 {
					multi[r.Hash]++
					growth[r.Hash] = max(growth[r.Hash], r.RSSNewGameKB[n-1]-r.RSSNewGameKB[1])
				}
			}
		}
	}
	var sb strings.Builder
	sb.WriteString("\n## Peak memory (MB) per Hash size, engine processes of the run's first and second half\n\n" +
		"| Hash MB | processes | median, first half | median, second half | largest | processes of 3+ games | largest growth from game 2 to the last |\n" +
		"| ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	hashes := make([]int, 0, len(byHash))
	for h := range byHash {
		hashes = append(hashes, h)
	}
	slices.Sort(hashes)
	mb := func(kb int) string { return fmt.Sprintf("%.0f", float64(kb)/1024) }
	for _, h := range hashes {
		m := byHash[h]
		all := append(slices.Clone(m.first), m.second...)
		g := "-"
		if multi[h] > 0 {
			g = mb(growth[h])
		}
		fmt.Fprintf(&sb, "| %d | %d | %s | %s | %s | %d | %s |\n", h, len(all), medianMB(m.first),
			medianMB(m.second), mb(slices.Max(all)), multi[h], g)
	}
	return sb.String()
}

func medianMB(kb []int) string {
	if len(kb) == 0 {
		return "-"
	}
	s := slices.Clone(kb)
	slices.Sort(s)
	return fmt.Sprintf("%.0f", float64(s[len(s)/2])/1024)
}

// natLess orders values with a leading number by that number.
func natLess(a, b string) bool {
	na, ea := leadingNumber(a)
	nb, eb := leadingNumber(b)
	if ea == nil && eb == nil && na != nb {
		return na < nb
	}
	return a < b
}

func leadingNumber(s string) (float64, error) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '-' || r == '+' })
	for _, w := range f {
		if v, err := strconv.ParseFloat(w, 64); err == nil {
			return v, nil
		}
	}
	return math.NaN(), fmt.Errorf("no number")
}
