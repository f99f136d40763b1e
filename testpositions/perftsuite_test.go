package testpositions

import (
	"strings"
	"testing"
)

func TestReadPerftSuite(t *testing.T) {
	src := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902\n" +
		"# a comment\n\n" +
		"4k3/8/8/8/8/8/8/4K2R w K - 0 1; D1 15; D2 66\x00\n" + // NUL-terminated, as in a published file
		`not a fen ;D1 3
4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 x
8/8/8/8/8/8/8/K6k w - - ;D1 3 ;D2 999
`
	entries, errs := ReadPerftSuite(strings.NewReader(src))
	if len(entries) != 3 || len(errs) != 2 {
		t.Fatalf("%d entries, %d errors (%v); want 3 and 2", len(entries), len(errs), errs)
	}
	if !strings.Contains(errs[0].Error(), "line 5") || !strings.Contains(errs[1].Error(), "line 6") {
		t.Errorf("errors do not name their lines: %v", errs)
	}
	if entries[1].Counts[2] != 66 || entries[0].Counts[3] != 8902 {
		t.Errorf("counts read wrong: %v %v", entries[0].Counts, entries[1].Counts)
	}
	var mismatched []PerftResult
	checked, bad := CheckPerftSuite(entries, 9, 1000, func(r PerftResult) {
		if r.Mismatch {
			mismatched = append(mismatched, r)
		}
	})
	if checked != 6 || bad != 1 || mismatched[0].Depth != 2 || mismatched[0].Got != 9 {
		t.Errorf("checked %d, mismatches %d (%+v); want 6 (8902 is over the cap) and 1 (K vs K depth 2 = 9)", checked, bad, mismatched)
	}
}
