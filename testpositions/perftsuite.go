// Perft suites: EPD lines whose D1..D9 operations give the published leaf
// counts of their position, read with the package's EPD reader and
// checked against board's perft.
package testpositions

import (
	"io"

	"brudno/board"
)

// PerftEntry is one position of a perft suite with its expected counts.
type PerftEntry struct {
	Line   int
	FEN    string
	Counts map[int]uint64 // depth -> expected leaf count
}

// ReadPerftSuite reads perft EPD lines ("FEN ;D1 20 ;D2 400 ..."). Lines it
// cannot read are returned as errors naming the line; the others are kept.
func ReadPerftSuite(r io.Reader) ([]PerftEntry, []error) {
	records, problems := ReadEPD(r)
	var errs []error
	for _, p := range problems {
		if p.Skipped {
			errs = append(errs, p)
		}
	}
	entries := make([]PerftEntry, 0, len(records))
	for _, rec := range records {
		entries = append(entries, PerftEntry{Line: rec.Line, FEN: rec.FEN, Counts: rec.PerftCounts()})
	}
	return entries, errs
}

// PerftResult is the outcome of checking one count.
type PerftResult struct {
	Entry    PerftEntry
	Depth    int
	Want     uint64
	Got      uint64
	Mismatch bool
}

// CheckPerftSuite checks every count of every entry up to maxDepth, skipping
// counts above maxNodes (0: no cap). report is called after each check.
func CheckPerftSuite(entries []PerftEntry, maxDepth int, maxNodes uint64, report func(PerftResult)) (checked, mismatches int) {
	for _, e := range entries {
		p, err := board.ParseFEN(e.FEN)
		if err != nil {
			continue
		}
		for d := 1; d <= 9; d++ {
			want, ok := e.Counts[d]
			if !ok || d > maxDepth || maxNodes > 0 && want > maxNodes {
				continue
			}
			got := p.Perft(d)
			r := PerftResult{Entry: e, Depth: d, Want: want, Got: got, Mismatch: got != want}
			checked++
			if r.Mismatch {
				mismatches++
			}
			report(r)
		}
	}
	return checked, mismatches
}
