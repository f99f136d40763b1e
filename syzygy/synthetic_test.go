package syzygy

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
)

// syntheticBit is bit i of the block of the synthetic KQvK.rtbw: 1 when
// the i-th run of 256 values holds losses (stored 0), 0 when it holds
// wins (stored 4).
func syntheticBit(i int) int { return i % 3 & 1 }

// syntheticKQvK builds a small valid KQvK.rtbw without the real tables:
// side 0 constant (stored 4), side 1 one block of a two-symbol code,
// each symbol standing for 256 equal values by eight levels of pairs.
func syntheticKQvK() []byte {
	d := []byte{0x71, 0xe8, 0x23, 0x5d, 0x31, 0x00, 0xee, 0x66, 0x55, 0x00}
	d = append(d, 0x80, 4) // side 0: constant
	// Side 1: flags, Bk 6, Sp 15, X 0, R 1, Lmax 1, Lmin 1, F(1) 0.
	d = append(d, 0, 6, 15, 0, 1, 0, 0, 0, 1, 1, 0, 0)
	// Symbols: 0 and 1 the two runs of 256, 2 leaf 4, 3 leaf 0, then
	// 4..10 pairs of 2, 4, ... 128 fours, 11..17 the same of zeros.
	type rec struct{ left, right int }
	syms := make([]rec, 18)
	syms[2], syms[3] = rec{4, 0xfff}, rec{0, 0xfff}
	for k := range 7 {
		syms[4+k] = rec{2, 2}
		syms[11+k] = rec{3, 3}
		if k > 0 {
			syms[4+k] = rec{4 + k - 1, 4 + k - 1}
			syms[11+k] = rec{11 + k - 1, 11 + k - 1}
		}
	}
	syms[0], syms[1] = rec{10, 10}, rec{17, 17}
	d = binary.LittleEndian.AppendUint16(d, uint16(len(syms)))
	for _, s := range syms {
		d = append(d, byte(s.left), byte(s.left>>8|s.right<<4), byte(s.right>>4))
	}
	// The sparse index (one entry: value 16,384 is in block 0 at 16,384)
	// and the block length (31,332 values).
	d = binary.LittleEndian.AppendUint32(d, 0)
	d = binary.LittleEndian.AppendUint16(d, 16384)
	d = binary.LittleEndian.AppendUint16(d, threeCount-1)
	for len(d)%64 != 0 {
		d = append(d, 0)
	}
	block := make([]byte, 64)
	for i := range 8 * len(block) {
		block[i/8] |= byte(syntheticBit(i) << (7 - i%8))
	}
	d = append(d, block...)
	return append(d, make([]byte, 16)...) // the checksum's place
}

// The synthetic file loads, passes CheckFile, and decodes to its runs:
// the reader checked without the real tables.
func TestSyntheticTable(t *testing.T) {
	data := syntheticKQvK()
	mat, _ := parseMaterial("KQvK")
	tab, err := parseTable(data, mat, false)
	if err != nil {
		t.Fatalf("the synthetic KQvK.rtbw is refused: %v", err)
	}
	if len(tab.subs) != 2 || !tab.subs[0].constant || tab.subs[1].constant || tab.subs[1].size != threeCount {
		t.Fatalf("sub-tables %+v", tab.subs)
	}
	for idx := uint64(0); idx < threeCount; idx += 97 {
		v, err := tab.subs[1].value(data, idx)
		if want := 4 * (1 - syntheticBit(int(idx/256))); err != nil || v != want {
			t.Fatalf("value %d: %d %v, want %d", idx, v, err, want)
		}
	}
	if v, err := tab.subs[0].value(data, 12345); err != nil || v != 4 {
		t.Errorf("constant side: %d %v", v, err)
	}
	path := filepath.Join(t.TempDir(), "KQvK.rtbw")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if r := CheckFile(path); r.Err != nil {
		t.Errorf("CheckFile: %v", r.Err)
	}
	// A code that names more symbols than there are is refused.
	bad := append([]byte(nil), data...)
	binary.LittleEndian.PutUint16(bad[24:], 1)
	if _, err := parseTable(bad, mat, false); err == nil {
		t.Error("a code of two symbols with one symbol accepted")
	}
}
