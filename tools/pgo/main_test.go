package main

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"io"
	"runtime/pprof"
	"strings"
	"testing"
	"time"
)

// profileFields returns the top-level fields of a gzipped profile: the
// string table's strings, and every other field's bytes in order.
func profileFields(t *testing.T, data []byte) (strs []string, other [][]byte) {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	for len(raw) > 0 {
		key, n := binary.Uvarint(raw)
		size := n
		switch key & 7 {
		case 0:
			_, m := binary.Uvarint(raw[n:])
			size += m
		case 1:
			size += 8
		case 5:
			size += 4
		case 2:
			l, m := binary.Uvarint(raw[n:])
			if key>>3 == stringTable {
				strs = append(strs, string(raw[n+m:n+m+int(l)]))
				raw = raw[n+m+int(l):]
				continue
			}
			size += m + int(l)
		default:
			t.Fatalf("wire type %d", key&7)
		}
		other = append(other, raw[:size])
		raw = raw[size:]
	}
	return strs, other
}

// A real CPU profile of this test binary keeps its samples, functions and
// everything but the absolute paths, which lose all but their last
// element.
func TestCleanProfile(t *testing.T) {
	var buf bytes.Buffer
	if err := pprof.StartCPUProfile(&buf); err != nil {
		t.Skip("no CPU profiling:", err)
	}
	x := 0
	for end := time.Now().Add(200 * time.Millisecond); time.Now().Before(end); {
		for i := 0; i < 1000; i++ {
			x = x*31 + i
		}
	}
	pprof.StopCPUProfile()
	_ = x

	strs, other := profileFields(t, buf.Bytes())
	absolute := 0
	for _, s := range strs {
		if strings.HasPrefix(s, "/") {
			absolute++
		}
	}
	if absolute == 0 {
		t.Fatal("the profile has no absolute path to clean (the binary's file name should be one)")
	}
	clean, err := cleanProfile(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	cstrs, cother := profileFields(t, clean)
	if len(cstrs) != len(strs) {
		t.Fatalf("%d strings, want %d", len(cstrs), len(strs))
	}
	for i, s := range strs {
		want := s
		if strings.HasPrefix(s, "/") {
			want = s[strings.LastIndex(s, "/")+1:]
		}
		if cstrs[i] != want {
			t.Errorf("string %d: %q, want %q", i, cstrs[i], want)
		}
	}
	if len(cother) != len(other) {
		t.Fatalf("%d other fields, want %d", len(cother), len(other))
	}
	for i := range other {
		if !bytes.Equal(cother[i], other[i]) {
			t.Fatalf("field %d changed", i)
		}
	}
}

func TestCleanString(t *testing.T) {
	for _, c := range [][2]string{
		{"/usr/local/src/brudno/search/search.go", "search.go"},
		{"/srv/build/brudno", "brudno"},
		{`C:\Users\someone\brudno.exe`, "brudno.exe"},
		{"brudno/search/search.go", "brudno/search/search.go"},
		{"brudno/search.(*thread).search", "brudno/search.(*thread).search"},
		{"runtime/proc.go", "runtime/proc.go"},
		{"", ""},
	} {
		if got := cleanString(c[0]); got != c[1] {
			t.Errorf("cleanString(%q) = %q, want %q", c[0], got, c[1])
		}
	}
}

// Input that is not a profile is refused with an error.
func TestCleanProfileBadInput(t *testing.T) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte{0x32, 0xff, 0xff, 0xff, 0x0f, 'a'}) // a string longer than the data
	zw.Close()
	for _, data := range [][]byte{nil, []byte("not gzip"), gz.Bytes()} {
		if _, err := cleanProfile(data); err == nil {
			t.Errorf("%q: no error", data)
		}
	}
}
