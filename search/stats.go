// The counters of a search's work.
package search

import (
	"reflect"
	"time"
)

// Stats counts the work of a search.
type Stats struct {
	Nodes         uint64 // interior nodes (depth > 0)
	QNodes        uint64 // quiescence nodes
	Leaves        uint64 // nodes left without searching a child
	PVNodes       uint64 // interior nodes whose value fell inside the window
	CutNodes      uint64 // interior nodes that failed high
	AllNodes      uint64 // interior nodes that failed low
	FailHighFirst uint64 // fail highs caused by the first move searched
	TTProbes      uint64
	TTHits        uint64
	TTCutoffs     uint64
	ETCCutoffs    uint64
	NullTries     uint64
	NullCutoffs   uint64
	ReSearches    uint64 // PVS and LMR re-searches, aspiration and MTD passes (MTD(f), SSS*, DUAL*) after the first

	SingularSearches   uint64 // searches without the hash move
	SingularExtensions uint64 // hash moves extended (once or twice)
	DoubleExtensions   uint64 // of those, extended twice
	MultiCuts          uint64 // nodes cut because the other moves beat beta too
	ProbCutTries       uint64 // captures searched by ProbCut
	ProbCuts           uint64 // nodes cut by ProbCut
	HistoryPrunes      uint64 // quiet moves skipped for their history
	NegativeExtensions uint64 // hash moves searched a ply shallower by Singular
	TBHits             uint64 // tablebase probes that found the position
	QSFutility         uint64 // quiescence captures that win nothing, skipped by QSFutility
	ChecksNotExtended  uint64 // checks that lose material, not extended with CheckExtSEE

	// Parallel search. With YBW: split points made, joins of a split point
	// by a thread other than its owner, and the nodes of moves that were
	// being searched at a split point when a cutoff there (or above it)
	// made them useless. With Lazy SMP: the nodes of iterations abandoned
	// because another thread completed that depth first. Idle is the time
	// a thread spent waiting: a YBW helper for a split point to join, an
	// owner for the helpers still under its split point.
	SplitPoints  uint64
	SplitJoins   uint64
	AbortedNodes uint64
	Idle         time.Duration
}

// Total returns all nodes visited (interior and quiescence).
func (s *Stats) Total() uint64 { return s.Nodes + s.QNodes }

// Add adds o to s, field by field (every field is a count or a duration).
func (s *Stats) Add(o Stats) {
	sv, ov := reflect.ValueOf(s).Elem(), reflect.ValueOf(o)
	for i := 0; i < sv.NumField(); i++ {
		switch f := sv.Field(i); f.Kind() {
		case reflect.Uint64:
			f.SetUint(f.Uint() + ov.Field(i).Uint())
		case reflect.Int64:
			f.SetInt(f.Int() + ov.Field(i).Int())
		default:
			panic("search: Stats field " + sv.Type().Field(i).Name + " is neither a count nor a duration")
		}
	}
}
