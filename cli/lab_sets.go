// The lab's sets of configurations (-set) and its searches with a table of
// any size and layout (-hash, -two): the seed experiment's sequence, MTD(f)
// against PVS with one- and two-bound entries (docs/search-lab.md, "MTD(f)
// against PVS: the switches"), ETC with its restrictions lifted one at a
// time ("ETC and its restrictions"), and the root drivers side by side,
// SSS* and DUAL* among them ("SSS* and DUAL* as MTD(+inf) and
// MTD(-inf)"); their counts are in docs/results/lab-search.md.

package cli

import (
	"fmt"
	"slices"
	"strings"

	"brudno/board"
	"brudno/search"
)

// labSetNames lists the sets -set accepts.
var labSetNames = []string{"seed", "mtd", "etc", "algo"}

// labSet returns the configurations of set name. two puts the table of
// every configuration of the seed, etc and algo sets in the two-bound
// layout (the mtd set has both layouts in its columns); etc (the mtd set
// only) says whether its configurations use ETC; algos (the algo set
// only) are its root drivers, in order. A configuration with a ref is
// also shown relative to the configuration of that name.
func labSet(name string, two, etc bool, algos []search.Algorithm) ([]labConfig, error) {
	var cs []labConfig
	switch name {
	case "seed":
		cs = labConfigs()
	case "mtd":
		base := labBase(etc)
		for _, two := range []bool{false, true} {
			suffix, ref := " 1b", ""
			if two {
				suffix, ref = " 2b", "PVS+asp 1b" // what two bounds do to PVS
			}
			o := base
			o.TwoBoundTT = two
			asp := "PVS+asp" + suffix
			cs = append(cs, labConfig{name: asp, opts: o, ref: ref})
			o.Aspiration = false
			cs = append(cs, labConfig{name: "PVS" + suffix, opts: o, ref: asp})
			o.Algorithm = search.MTDF
			cs = append(cs, labConfig{name: "MTD(f)" + suffix, opts: o, ref: asp})
			o.MTDGuessBack2 = true
			cs = append(cs, labConfig{name: "MTD(f) back2" + suffix, opts: o, ref: asp})
		}
		return cs, nil
	case "etc":
		o := labBase(false)
		cs = append(cs, labConfig{name: "no ETC", opts: o})
		o.ETC = true
		cs = append(cs, labConfig{name: "ETC", opts: o, ref: "no ETC"})
		e := o
		e.ETCEveryDepth = true
		cs = append(cs, labConfig{name: "ETC every depth", opts: e, ref: "no ETC"})
		e = o
		e.ETCRepetitions = true
		cs = append(cs, labConfig{name: "ETC +repetitions", opts: e, ref: "no ETC"})
		e.ETCEveryDepth = true
		cs = append(cs, labConfig{name: "ETC both lifted", opts: e, ref: "no ETC"})
	case "algo":
		// Each driver as the papers have it, over the same node search,
		// table and ordering: no aspiration window, no ETC.
		ref := ""
		if slices.Contains(algos, search.AlphaBeta) {
			ref = search.AlphaBeta.String()
		}
		for _, a := range algos {
			o := labBase(false)
			o.Algorithm, o.Aspiration = a, false
			c := labConfig{name: a.String(), opts: o}
			if a != search.AlphaBeta {
				c.ref = ref
			}
			cs = append(cs, c)
		}
	default:
		return nil, fmt.Errorf("unknown set %q (want %s)", name, strings.Join(labSetNames, ", "))
	}
	for i := range cs {
		cs[i].opts.TwoBoundTT = two
	}
	return cs, nil
}

// parseLabAlgos reads -algo: root drivers by name, comma-separated, each
// at most once.
func parseLabAlgos(list string) ([]search.Algorithm, error) {
	var algos []search.Algorithm
	for _, f := range strings.Split(list, ",") {
		a, err := search.ParseAlgorithm(strings.TrimSpace(f))
		if err != nil {
			return nil, err
		}
		if slices.Contains(algos, a) {
			return nil, fmt.Errorf("-algo names %v twice", a)
		}
		algos = append(algos, a)
	}
	return algos, nil
}

// labBase is the seed experiment's PVS with aspiration windows, the table,
// killers and history, and ETC when etc is set: the configuration the
// seed's MTD(f) column is compared with.
func labBase(etc bool) search.Options {
	o := search.PlainOptions()
	o.Algorithm, o.Aspiration, o.TT, o.Killers, o.History, o.ETC = search.PVS, true, true, true, true, etc
	return o
}

// labSearch searches each FEN to depth as engine.BenchPositions does (one
// thread, the table and the histories cleared before each position), with
// the table tt, which it switches to the layout opts asks for. It returns
// the nodes and the summed counters.
func labSearch(fens []string, depth int, opts search.Options, tt *search.TT) (nodes uint64, st search.Stats) {
	nodes, st, _ = labSearchScores(fens, depth, opts, tt)
	return nodes, st
}

// labSearchScores is labSearch that also returns each position's score
// (0 for a FEN that does not parse).
func labSearchScores(fens []string, depth int, opts search.Options, tt *search.TT) (nodes uint64, st search.Stats, scores []int) {
	opts.Threads, opts.MultiPV = 1, 1
	tt.SetTwoBound(opts.TwoBoundTT)
	s := search.NewSearcher(tt)
	scores = make([]int, len(fens))
	for i, fen := range fens {
		p, err := board.ParseFEN(fen)
		if err != nil {
			continue
		}
		tt.Clear()
		s.Clear()
		r := s.Search(p, search.Limits{Depth: depth}, opts, 0, search.Callbacks{})
		nodes += r.Nodes
		scores[i] = r.Score
		st.Add(r.Stats)
	}
	return nodes, st, scores
}

// labTableDesc describes the table of a lab run for its header.
func labTableDesc(set string, mb int, two bool) string {
	switch {
	case set == "mtd":
		return fmt.Sprintf("%d MB table (columns 1b: one bound per entry, 2b: two)", mb)
	case two:
		return fmt.Sprintf("%d MB table of two-bound entries", mb)
	}
	return fmt.Sprintf("%d MB table", mb)
}
