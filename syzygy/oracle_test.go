package syzygy

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"sync"
	"testing"

	"brudno/board"
)

// The oracle test compares ProbeWDL and ProbeDTZ with Fathom, an
// independent prober written in C, on random legal positions of every
// table in the shared folder, both colourings, en-passant positions
// included. SYZYGY_ORACLE_N sets the number of positions compared (default
// 600); positions without a legal move are left out.
// It needs the fathom program (Debian's package installs /usr/games/fathom;
// FATHOM names another) and skips without it.

var fathomLine = regexp.MustCompile(`\[(WDL|DTZ) "([^"]*)"\]`)

var fathomWDL = map[string]int{"Loss": -2, "BlessedLoss": -1, "Draw": 0, "CursedWin": 1, "Win": 2}

// fathom probes fen and returns Fathom's WDL and (unsigned) DTZ.
func fathom(prog, fen string) (wdl, dtz int, err error) {
	out, err := exec.Command(prog, "--path="+tableDir, fen).Output()
	if err != nil {
		return 0, 0, fmt.Errorf("fathom %q: %v", fen, err)
	}
	found := 0
	for _, m := range fathomLine.FindAllStringSubmatch(string(out), -1) {
		switch m[1] {
		case "WDL":
			v, ok := fathomWDL[m[2]]
			if !ok {
				return 0, 0, fmt.Errorf("fathom %q: WDL %q", fen, m[2])
			}
			wdl = v
		case "DTZ":
			if dtz, err = strconv.Atoi(m[2]); err != nil {
				return 0, 0, err
			}
		}
		found++
	}
	if found != 2 {
		return 0, 0, fmt.Errorf("fathom %q: no WDL and DTZ in %q", fen, out)
	}
	return wdl, dtz, nil
}

func fathomProgram(t *testing.T) string {
	prog := os.Getenv("FATHOM")
	if prog == "" {
		prog = "/usr/games/fathom"
	}
	if _, err := exec.LookPath(prog); err != nil {
		t.Skip("no fathom program:", err)
	}
	return prog
}

type oracleCase struct {
	fen      string
	wdl, dtz int
}

func TestOracleFathom(t *testing.T) {
	ts := openShared(t)
	prog := fathomProgram(t)
	n := 600
	if s := os.Getenv("SYZYGY_ORACLE_N"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil {
			t.Fatal("SYZYGY_ORACLE_N:", err)
		}
	}
	names := tableNames(t, tableDir)
	r := rand.New(rand.NewSource(int64(n)))
	cases := make(chan oracleCase)
	var mu sync.Mutex
	var compared, diffs, epCount int
	var classes [5]int
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range cases {
				wdl, dtz, err := fathom(prog, c.fen)
				mu.Lock()
				compared++
				if err != nil || wdl != c.wdl || dtz != abs(c.dtz) {
					diffs++
					if diffs <= 20 {
						t.Errorf("%s: brudno WDL %d DTZ %d, fathom WDL %d DTZ %d (%v)", c.fen, c.wdl, c.dtz, wdl, dtz, err)
					}
				}
				mu.Unlock()
			}
		}()
	}
	for i, sent := 0, 0; sent < n; i++ {
		pos := randomPosition(r, names[i%len(names)], i/len(names)%2 == 1)
		if !pos.HasLegalMove() {
			continue // Fathom reports mates oddly
		}
		sent++
		if pos.EnPassant() != board.NoSquare {
			epCount++
		}
		wdl, ok1 := ts.ProbeWDL(pos)
		dtz, ok2 := ts.ProbeDTZ(pos)
		if !ok1 || !ok2 {
			t.Fatalf("%s: probe failed (%v %v): %v", pos.FEN(), ok1, ok2, ts.LoadErrors())
		}
		classes[wdl+2]++
		if sign(dtz) != sign(wdl) {
			t.Errorf("%s: WDL %d but DTZ %d", pos.FEN(), wdl, dtz)
		}
		cases <- oracleCase{pos.FEN(), wdl, dtz}
	}
	close(cases)
	wg.Wait()
	t.Logf("%d positions of %d tables compared with fathom (%d with en passant; loss..win %v), %d differences", compared, len(names), epCount, classes, diffs)
	if epCount == 0 && n >= 200 {
		t.Error("no en-passant position was generated")
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
