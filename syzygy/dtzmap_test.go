package syzygy

import "testing"

// TestDTZMaps reads synthetic value maps, 8- and 16-bit, and maps stored
// values through them: the shared 3- and 4-piece tables use only 8-bit
// maps and count moves, so this covers the rest of the rules (16-bit maps
// start at an even offset; a sub-table may count wins or losses in plies;
// cursed wins and blessed losses are doubled and 100 further).
func TestDTZMaps(t *testing.T) {
	for _, wide := range []bool{false, true} {
		tb, err := newTable("KRvK", true)
		if err != nil {
			t.Fatal(err)
		}
		p := &tb.parts[0][0]
		p.flags = flagMapped
		// Four maps: win {7, 9}, loss {300 or 200}, cursed win {4}, blessed loss {}.
		maps := [][]int{{7, 9}, {300}, {4}, {}}
		data := []byte{0, 0, 0, 0, 0} // the maps start at offset 5
		if wide {
			p.flags |= flagWide
			data = append(data, 0xee) // padding to an even offset
			for _, m := range maps {
				data = append(data, byte(len(m)), 0)
				for _, v := range m {
					data = append(data, byte(v), byte(v>>8))
				}
			}
		} else {
			maps[1][0] = 200
			for _, m := range maps {
				data = append(data, byte(len(m)))
				for _, v := range m {
					data = append(data, byte(v))
				}
			}
		}
		end, err := tb.readMaps(data, 5)
		if err != nil || end != uint64(len(data)+len(data)&1) {
			t.Fatalf("wide %v: readMaps: %d, %v; want %d", wide, end, err, len(data)+len(data)&1)
		}
		tb.data = data
		loss := -(2*maps[1][0] + 1)
		for _, c := range []struct {
			flags    byte
			v, wdl   int
			want     int
			wantFail bool
		}{
			{0, 1, 2, 19, false},            // 9 moves: 18 plies, plus one
			{flagWinPlies, 1, 2, 10, false}, // 9 plies
			{0, 0, -2, loss, false},         // the loss map
			{flagLossPly, 0, -2, -(maps[1][0] + 1), false},
			{flagWinPlies, 0, 1, 109, false}, // cursed: always doubled, plus 100
			{0, 0, -1, 0, true},              // an empty map
			{0, 2, 2, 0, true},               // past the win map
		} {
			p.flags = p.flags&(flagMapped|flagWide) | c.flags
			got, ok := tb.mapDTZ(p, c.v, c.wdl)
			if ok == c.wantFail || (ok && got != c.want) {
				t.Errorf("wide %v flags %d: value %d WDL %d gives %d %v, want %d (fail %v)", wide, c.flags, c.v, c.wdl, got, ok, c.want, c.wantFail)
			}
		}
		if _, err := tb.readMaps(data[:len(data)-1], 5); err == nil {
			t.Errorf("wide %v: truncated maps accepted", wide)
		}
	}
}
