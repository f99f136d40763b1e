// Perft suites: EPD lines whose D1..D8 operations give the published leaf
// counts of their position, read and checked against board's perft.
package testpositions

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

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
	var entries []PerftEntry
	var errs []error
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		// Some published files end their lines with NUL bytes: treat them as space.
		line := strings.TrimSpace(strings.ReplaceAll(sc.Text(), "\x00", " "))
		if line == "" || line[0] == '#' {
			continue
		}
		parts := strings.Split(line, ";")
		e := PerftEntry{Line: n, FEN: strings.TrimSpace(parts[0]), Counts: map[int]uint64{}}
		if _, err := board.ParseFEN(e.FEN); err != nil {
			errs = append(errs, fmt.Errorf("line %d: %v", n, err))
			continue
		}
		bad := false
		for _, op := range parts[1:] {
			f := strings.Fields(op)
			if len(f) == 0 {
				continue
			}
			if len(f) != 2 || len(f[0]) != 2 || f[0][0] != 'D' || f[0][1] < '1' || f[0][1] > '9' {
				errs = append(errs, fmt.Errorf("line %d: bad perft operation %q", n, strings.TrimSpace(op)))
				bad = true
				break
			}
			count, err := strconv.ParseUint(f[1], 10, 64)
			if err != nil {
				errs = append(errs, fmt.Errorf("line %d: bad count %q", n, f[1]))
				bad = true
				break
			}
			e.Counts[int(f[0][1]-'0')] = count
		}
		if !bad {
			entries = append(entries, e)
		}
	}
	if err := sc.Err(); err != nil {
		errs = append(errs, err)
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
