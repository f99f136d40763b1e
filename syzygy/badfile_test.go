package syzygy

import (
	"encoding/binary"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readShared reads a file of the shared tables.
func readShared(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(tableDir, name))
	if err != nil {
		missing(t, "no tablebases in %s: %v", tableDir, err)
	}
	return data
}

// A damaged file is refused with an error naming it, by CheckFile and by
// the first probe that needs it; probes of its material fail, the other
// tables keep working, and nothing panics.
func TestDamagedFiles(t *testing.T) {
	wdl := readShared(t, "KQvKR.rtbw")
	dtz := readShared(t, "KQvKR.rtbz")
	pawn := readShared(t, "KPvKP.rtbw")
	at := func(data []byte, off int, b byte) []byte {
		d := append([]byte(nil), data...)
		d[off] = b
		return d
	}
	u16 := func(data []byte, off int, v uint16) []byte {
		d := append([]byte(nil), data...)
		binary.LittleEndian.PutUint16(d[off:], v)
		return d
	}
	// The first sub-table's compression header of KQvKR.rtbw: the header
	// is 5 + 5 bytes, padded to 10.
	first := wdl[10:]
	lmax, lmin := int(first[8]), int(first[9])
	nsym := int(binary.LittleEndian.Uint16(wdl[10+10+2*(lmax-lmin+1):]))
	syms := 10 + 12 + 2*(lmax-lmin+1)
	sizeNote := "16 more than a multiple of 64"
	for _, c := range []struct {
		name string
		data []byte
		why  string
	}{
		{"KQvKR.rtbw", nil, sizeNote},
		{"KQvKR.rtbw", []byte("not a table at all"), sizeNote},
		{"KQvKR.rtbw", wdl[:len(wdl)/2], ""},
		{"KQvKR.rtbw", wdl[:len(wdl)-64], "pass the end of the file"},
		{"KQvKR.rtbw", append(append([]byte(nil), wdl...), make([]byte, 64)...), "should be"},
		{"KQvKR.rtbw", wdl[:80], "truncated"},
		{"KQvKR.rtbz", wdl, "not a DTZ file"},
		{"KQvKR.rtbw", dtz, "not a WDL file"},
		{"KQvKR.rtbw", at(wdl, 0, 0x72), "not a WDL file: magic 5d23e872"},
		{"KQvKR.rtbw", at(wdl, 4, wdl[4]|0x02), "pawns"},
		{"KQvKR.rtbw", at(wdl, 4, wdl[4]&^0x01), "symmetry"},
		{"KQvKR.rtbw", at(wdl, 6, 0x77), "piece code"},
		{"KQvKR.rtbw", at(wdl, 6, 0x55), "not in one run"},
		{"KQvKR.rtbw", at(wdl, 6, 0x44), "the piece list has"},
		{"KQvKR.rtbw", at(wdl, 5, 0x99), "group orders"},
		{"KQvKR.rtbw", at(wdl, 10+9, 0), "code lengths"},
		{"KQvKR.rtbw", at(wdl, 10+1, 40), "block size"},
		{"KQvKR.rtbw", at(wdl, 10+2, 0), "sparse span"},
		{"KQvKR.rtbw", u16(wdl, 10+10, 0xffff), ""},
		{"KQvKR.rtbw", u16(wdl, 10+10+2*(lmax-lmin+1), uint16(nsym+1)), ""},
		{"KQvKR.rtbw", u16(wdl, syms, 0xffff), ""},
		{"KPvKP.rtbw", at(pawn, 5, 0x22), "group orders"},
		{"KPvKP.rtbw", at(at(pawn, 7, 0x99), 8, 0x11), "leading pawns"}, // the pawns' order swapped
	} {
		dir := t.TempDir()
		for _, name := range []string{"KQvK.rtbw", "KQvK.rtbz", "KRvK.rtbw", "KRvK.rtbz", "KQvKR.rtbw", "KQvKR.rtbz", "KPvK.rtbw", "KPvK.rtbz", "KPvKP.rtbw", "KPvKP.rtbz", "KQvKP.rtbw", "KRvKP.rtbw", "KBvKP.rtbw", "KNvKP.rtbw"} {
			os.WriteFile(filepath.Join(dir, name), readShared(t, name), 0o644)
		}
		path := filepath.Join(dir, c.name)
		os.WriteFile(path, c.data, 0o644)
		r := CheckFile(path)
		if r.Err == nil || !strings.Contains(r.Err.Error(), path) || !strings.Contains(r.Err.Error(), c.why) {
			t.Errorf("%s damaged (%s): CheckFile says %v", c.name, c.why, r.Err)
		}
		ts, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		fen := "8/8/8/8/4k3/8/6r1/Q3K3 w - - 0 1"
		if strings.HasPrefix(c.name, "KPvKP") {
			fen = "8/2K3k1/8/4p3/8/5P2/8/8 w - - 0 1"
		}
		pos := mustFEN(t, fen)
		_, ok1 := ts.ProbeWDL(pos)
		_, ok2 := ts.ProbeDTZ(pos)
		if ok1 && ok2 {
			t.Errorf("%s damaged (%s): probed", c.name, c.why)
		}
		errs := ts.LoadErrors()
		if len(errs) != 1 || !strings.Contains(errs[0].Error(), path) {
			t.Errorf("%s damaged (%s): load errors %v", c.name, c.why, errs)
		}
		if w, ok := ts.ProbeWDL(mustFEN(t, "8/8/8/3k4/8/8/8/1Q2K3 b - - 0 1")); !ok || w != -2 {
			t.Errorf("%s damaged: KQvK no longer probed (%d %v)", c.name, w, ok)
		}
		ts.Close()
	}
}

// A file that Open found and that is gone when a probe first needs it is
// refused with an error naming it; the other tables keep working.
func TestFileGoneAfterOpen(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"KQvK.rtbw", "KQvK.rtbz", "KRvK.rtbw", "KRvK.rtbz"} {
		os.WriteFile(filepath.Join(dir, name), readShared(t, name), 0o644)
	}
	ts, err := Open(dir)
	if err != nil || ts.MaxPieces() != 3 {
		t.Fatalf("Open: %v, %v", err, ts)
	}
	defer ts.Close()
	gone := filepath.Join(dir, "KRvK.rtbw")
	if err := os.Remove(gone); err != nil {
		t.Fatal(err)
	}
	if _, ok := ts.ProbeWDL(mustFEN(t, "8/8/8/3k4/8/8/8/1R2K3 b - - 0 1")); ok {
		t.Error("KRvK probed without its file")
	}
	_, why := os.Open(gone) // the system's words for a missing file
	errs := ts.LoadErrors()
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), gone) || !strings.Contains(errs[0].Error(), bareError(why).Error()) {
		t.Errorf("load errors %v", errs)
	}
	if w, ok := ts.ProbeWDL(mustFEN(t, "8/8/8/3k4/8/8/8/1Q2K3 b - - 0 1")); !ok || w != -2 {
		t.Errorf("KQvK no longer probed (%d %v)", w, ok)
	}
}

// CheckDir reports every file of a folder, sorted, and refuses an
// unreadable folder; the shared tables all pass.
func TestCheckDir(t *testing.T) {
	readShared(t, "KQvK.rtbw")
	reports, err := CheckDir(tableDir)
	if err != nil || len(reports) != 70 {
		t.Fatalf("CheckDir: %d reports, %v", len(reports), err)
	}
	for i, r := range reports {
		if r.Err != nil || r.Pieces < 3 || r.Pieces > 4 || r.Size%64 != 16 || r.Kind != [2]string{"WDL", "DTZ"}[map[bool]int{false: 0, true: 1}[strings.HasSuffix(r.Path, ".rtbz")]] {
			t.Errorf("%+v", r)
		}
		if i > 0 && reports[i-1].Path >= r.Path {
			t.Errorf("not sorted: %s before %s", reports[i-1].Path, r.Path)
		}
	}
	if _, err := CheckDir(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Error("CheckDir of a missing folder: no error")
	}
	if r := CheckFile(filepath.Join(t.TempDir(), "KQvK.rtbw")); r.Err == nil {
		t.Error("CheckFile of a missing file: no error")
	}
	if r := CheckFile(filepath.Join(tableDir, "KQvK.rtbw") + ".bak"); r.Err == nil {
		t.Error("CheckFile of another extension: no error")
	}
}

// Random damage anywhere in a file, header or data, never panics or
// reads out of bounds; what a probe finds inconsistent is reported.
func TestRandomDamage(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for _, name := range fuzzMaterials {
		data := readShared(t, name.file)
		for range 40 {
			d := append([]byte(nil), data...)
			for range 1 + rng.IntN(8) {
				d[rng.IntN(len(d))] = byte(rng.IntN(256))
			}
			if rng.IntN(4) == 0 {
				d = d[:rng.IntN(len(d))]
			}
			probeBytes(t, d, name)
		}
	}
}

// fuzzMaterial is a file FuzzTableFile damages, and positions of its
// material to probe.
type fuzzMaterial struct {
	file string
	fens []string
}

var fuzzMaterials = []fuzzMaterial{
	{"KQvK.rtbw", []string{"8/8/8/3k4/8/8/8/1Q2K3 b - - 0 1", "8/8/8/3k4/8/8/8/1Q2K3 w - - 0 1"}},
	{"KRvK.rtbz", []string{"8/8/8/8/3K4/8/5r2/6k1 b - - 0 1", "8/8/8/8/3K4/8/5r2/6k1 w - - 0 1"}},
	{"KQvKR.rtbz", []string{"8/8/8/8/4k3/8/6r1/Q3K3 w - - 0 1", "8/3k4/8/5r2/8/8/K4Q2/8 b - - 0 1"}},
	{"KPvKP.rtbw", []string{"8/2K3k1/8/4pP2/8/8/8/8 w - e6 0 1", "8/2K3k1/8/4p3/8/5P2/8/8 b - - 0 1"}},
	{"KBBvK.rtbw", []string{"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", "4k3/8/8/8/8/8/8/2B1KB2 b - - 0 1"}},
}

// probeBytes loads data as the file of m, and, when it is accepted,
// decodes values spread over it and probes m's positions through a set
// that holds it alone.
func probeBytes(t *testing.T, data []byte, m fuzzMaterial) {
	ext := filepath.Ext(m.file)
	mat, err := parseMaterial(strings.TrimSuffix(m.file, ext))
	if err != nil {
		t.Fatal(err)
	}
	dtz := ext == ".rtbz"
	tab, err := parseTable(data, mat, dtz)
	if err != nil {
		if tab != nil {
			t.Fatal("a refused file returned a table")
		}
		return
	}
	tab.path = m.file
	for i := range tab.subs {
		tab.sample(&tab.subs[i])
	}
	ts := &Tables{byKey: map[matKey]*entry{}}
	e := &entry{mat: mat}
	kind := wdlKind
	if dtz {
		kind = dtzKind
	}
	e.files[kind].path = m.file
	e.files[kind].tab.Store(tab)
	ts.byKey[mat.key()] = e
	ts.entries = []*entry{e}
	ts.maxPieces = mat.pieces
	for _, fen := range m.fens {
		pos := mustFEN(t, fen)
		ts.ProbeWDL(pos)
		ts.ProbeDTZ(pos)
		ts.RankRoot(pos, true)
		if pos.FEN() != fen {
			t.Fatalf("%s: the position changed to %s", fen, pos.FEN())
		}
	}
}

// FuzzTableFile feeds damaged table files to the loader and, when it
// accepts them, to the decoder and the probes: they may refuse the file
// or give wrong values, but never panic or read out of bounds.
//
//	go test ./syzygy -run XXX -fuzz FuzzTableFile
func FuzzTableFile(f *testing.F) {
	for i, m := range fuzzMaterials {
		data, err := os.ReadFile(filepath.Join(tableDir, m.file))
		if err != nil {
			continue // seeds from the shared tables, when present
		}
		f.Add(uint8(i), data)
		f.Add(uint8(i), data[:len(data)/2])
		d := append([]byte(nil), data...)
		d[len(d)/3] ^= 0xff
		f.Add(uint8(i), d)
	}
	f.Add(uint8(0), []byte("q\xe8#]1\x00\xeeU"))
	f.Add(uint8(0), syntheticKQvK()) // a valid file, when the tables are absent
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		probeBytes(t, data, fuzzMaterials[int(which)%len(fuzzMaterials)])
	})
}
