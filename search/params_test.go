package search

import "testing"

// Every parameter of the table has a valid range holding its default, a
// step, and a unique name; SetParam keeps the range and rebuilds the LMR
// table.
func TestParams(t *testing.T) {
	seen := map[string]bool{}
	vars := map[*int]bool{}
	for _, p := range Params {
		if seen[p.Name] || vars[p.Value] {
			t.Errorf("%s: listed twice", p.Name)
		}
		seen[p.Name], vars[p.Value] = true, true
		if p.Min > *p.Value || *p.Value > p.Max || p.Step <= 0 || p.Step > p.Max-p.Min {
			t.Errorf("%s: default %d, range %d..%d, step %d", p.Name, *p.Value, p.Min, p.Max, p.Step)
		}
	}
	if err := SetParam("RFPMargin", 100000); err == nil {
		t.Error("SetParam accepted a value out of range")
	}
	if err := SetParam("NoSuchParam", 1); err == nil {
		t.Error("SetParam accepted an unknown name")
	}
	before := lmrTable[20][20]
	if err := SetParam("LMRDiv", 150); err != nil {
		t.Fatal(err)
	}
	after := lmrTable[20][20]
	if err := SetParam("LMRDiv", 225); err != nil {
		t.Fatal(err)
	}
	if after <= before || lmrTable[20][20] != before {
		t.Errorf("LMR table at (20, 20): %d, then %d with LMRDiv 150, then %d", before, after, lmrTable[20][20])
	}
}
