package engine

import (
	"runtime"
	"strings"
	"testing"
)

func TestMemInfoAvailable(t *testing.T) {
	const meminfo = "MemTotal:       24576000 kB\nMemFree:         1000000 kB\nMemAvailable:   20480000 kB\nBuffers:          100 kB\n"
	if got := memInfoAvailableMB(strings.NewReader(meminfo)); got != 20000 {
		t.Errorf("MemAvailable 20480000 kB read as %d MB, want 20000", got)
	}
	for _, bad := range []string{"", "MemTotal: 1000 kB\n", "MemAvailable:\n", "MemAvailable: lots kB\n"} {
		if got := memInfoAvailableMB(strings.NewReader(bad)); got != 0 {
			t.Errorf("%q read as %d MB, want 0 (unknown)", bad, got)
		}
	}
}

// syscall.Sysctl returns an integer's bytes as a string less a last zero
// byte: 16 GB (0x400000000, eight bytes) comes back as seven.
func TestSysctlInt(t *testing.T) {
	for _, c := range []struct {
		s    string
		want uint64
		ok   bool
	}{
		{"\x00\x00\x00\x00\x04\x00\x00", 16 << 30, true}, // hw.memsize, 16 GB, last byte dropped
		{"\x00\x40\x00", 16384, true},                    // a 4-byte 16384, last byte dropped
		{"\x00\x40\x00\x00\x00\x00\x00\x00", 16384, true},
		{"\x01\x02\x03\x04", 0x04030201, true},
		{"", 0, true},
		{"\x00\x00\x00", 0, true},
		{"\x01\x02\x03\x04\x05\x06\x07\x08\x09", 0, false},
	} {
		got, ok := sysctlInt(c.s)
		if got != c.want || ok != c.ok {
			t.Errorf("sysctlInt(%q) = %d, %v; want %d, %v", c.s, got, ok, c.want, c.ok)
		}
	}
}

func TestPagesAvailable(t *testing.T) {
	for _, c := range []struct {
		pages, pageSize, total uint64
		want                   int
	}{
		{64000, 16384, 16 << 30, 1000},
		{256000, 4096, 16 << 30, 1000},
		{2 << 20, 16384, 16 << 30, 16384}, // more pages than memory: the whole
		{0, 16384, 16 << 30, 0},
	} {
		if got := pagesAvailableMB(c.pages, c.pageSize, c.total); got != c.want {
			t.Errorf("pagesAvailableMB(%d, %d, %d) = %d, want %d", c.pages, c.pageSize, c.total, got, c.want)
		}
	}
}

// Where the system says how much memory is available (Linux, Windows,
// macOS), the check knows it, and a Hash far above it is refused with
// the table kept.
func TestHashAboveAvailableMemory(t *testing.T) {
	avail := availableMemoryMB()
	switch runtime.GOOS {
	case "linux", "windows", "darwin":
		if avail <= 0 {
			t.Fatalf("available memory unknown on %s", runtime.GOOS)
		}
	default:
		t.Skipf("no memory check on %s", runtime.GOOS)
	}
	t.Logf("%s: %d MB available", runtime.GOOS, avail)
	if avail*3/4+1 > 65536 {
		t.Skipf("%d MB available: every Hash size fits", avail)
	}
	e := New()
	if err := e.SetOption("Hash", "16"); err != nil {
		t.Fatal(err)
	}
	err := e.SetOption("Hash", "65536")
	if err == nil || !strings.Contains(err.Error(), "memory is available; keeping 16 MB") {
		t.Errorf("Hash 65536 with %d MB available: %v", avail, err)
	}
	if e.set.hashMB != 16 {
		t.Errorf("Hash is %d MB after the refusal, want 16", e.set.hashMB)
	}
}
