package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// testFiles writes a binary and a document to a folder and returns them
// as archive entries.
func testFiles(t *testing.T) []file {
	dir := t.TempDir()
	bin, doc := filepath.Join(dir, "brudno"), filepath.Join(dir, "README.md")
	if err := os.WriteFile(bin, []byte("\x7fELF binary"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(doc, []byte("# Brudno\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return []file{{name: "brudno", path: bin, mode: 0o755}, {name: "README.md", path: doc, mode: 0o644}}
}

var date = time.Date(2026, 11, 27, 12, 34, 56, 0, time.UTC)

// entry is what an archive holds of one file.
type entry struct {
	mode    os.FileMode
	content string
	date    time.Time
}

// Both archives hold the folder and each file under it with its mode,
// content and the commit's date; written twice, they are the same bytes.
func TestArchives(t *testing.T) {
	files := testFiles(t)
	want := map[string]entry{
		"brudno-0.2.0-os-arch/":          {os.ModeDir | 0o755, "", date},
		"brudno-0.2.0-os-arch/brudno":    {0o755, "\x7fELF binary", date},
		"brudno-0.2.0-os-arch/README.md": {0o644, "# Brudno\n", date},
	}
	for _, kind := range []string{"tar.gz", "zip"} {
		write := writeTarGz
		read := readTarGz
		if kind == "zip" {
			write, read = writeZip, readZip
		}
		var a, b bytes.Buffer
		if err := write(&a, "brudno-0.2.0-os-arch", files, date); err != nil {
			t.Fatal(err)
		}
		if err := write(&b, "brudno-0.2.0-os-arch", files, date.In(time.FixedZone("east", 3*3600))); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: two archives of the same files differ", kind)
		}
		got := read(t, a.Bytes())
		if len(got) != len(want) {
			t.Errorf("%s: %d entries, want %d: %v", kind, len(got), len(want), got)
		}
		for name, w := range want {
			g, ok := got[name]
			if !ok || g.mode != w.mode || g.content != w.content || !g.date.Equal(w.date) {
				t.Errorf("%s: %s is %+v (present %v), want %+v", kind, name, g, ok, w)
			}
		}
	}
}

func readTarGz(t *testing.T, b []byte) map[string]entry {
	gz, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if gz.Name != "" || !gz.ModTime.IsZero() && gz.ModTime.Unix() != 0 {
		t.Errorf("the gzip header names %q, dated %v", gz.Name, gz.ModTime)
	}
	tr := tar.NewReader(gz)
	m := map[string]entry{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		c, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		if h.Uid != 0 || h.Gid != 0 || h.Uname != "" || h.Gname != "" {
			t.Errorf("%s: owner %d/%d %q/%q", h.Name, h.Uid, h.Gid, h.Uname, h.Gname)
		}
		m[h.Name] = entry{h.FileInfo().Mode(), string(c), h.ModTime}
	}
	return m
}

func readZip(t *testing.T, b []byte) map[string]entry {
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]entry{}
	for _, f := range zr.File {
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		c, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		m[f.Name] = entry{f.Mode(), string(c), f.Modified}
	}
	return m
}

// SHA256SUMS has sha256sum's `HASH  NAME` lines, sorted by name.
func TestChecksums(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{"b.zip": "", "a.tar.gz": "abc"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := checksums(dir, []string{"b.zip", "a.tar.gz"})
	if err != nil {
		t.Fatal(err)
	}
	want := "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  a.tar.gz\n" +
		"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  b.zip\n"
	if string(got) != want {
		t.Errorf("SHA256SUMS:\n%s\nwant\n%s", got, want)
	}
	if _, err := checksums(dir, []string{"missing"}); err == nil {
		t.Error("a missing archive was summed")
	}
}
