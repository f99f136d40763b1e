// Command dist builds Brudno's release archives (make dist), run from the
// repository's root: for each target OS/ARCH the binary, cross-compiled
// as a release is (CGO_ENABLED=0, -trimpath, symbols stripped, no build
// ID, the baseline instruction set), with README.md, LICENSE and
// CHANGELOG.md beside it in a folder brudno-VERSION-OS-ARCH, packed as
// brudno-VERSION-OS-ARCH.zip for Windows and .tar.gz elsewhere; then
// SHA256SUMS, one `HASH  NAME` line per archive, as `sha256sum -c` reads
// it. VERSION is the engine's version of the commit (engine.VersionOf):
// 0.2.0 for a release, 0.2.0-dev+5d9c878 between releases.
//
// It refuses a tree with uncommitted changes, or one without git, whose
// commit it cannot name; -force builds anyway (the names then say
// -dirty, or carry no commit). The same commit gives the same archives,
// byte for byte, with the same Go release: every file in them is dated
// at the commit's time.
//
//	go run ./tools/dist -out dist
package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"brudno/engine"
)

// Targets are the platforms a release is built for.
const Targets = "linux/amd64,linux/arm64,windows/amd64,windows/arm64,darwin/amd64,darwin/arm64"

// docs are the files each archive holds beside the binary.
var docs = []string{"README.md", "LICENSE", "CHANGELOG.md"}

func main() {
	out := flag.String("out", "dist", "the output `folder` (emptied first)")
	targets := flag.String("targets", Targets, "comma-separated OS/ARCH `list`")
	force := flag.Bool("force", false, "build from a tree with uncommitted changes or without git")
	goCmd := flag.String("go", "go", "the go command")
	flag.Parse()
	if err := run(*out, *targets, *goCmd, *force); err != nil {
		fmt.Fprintln(os.Stderr, "dist:", err)
		os.Exit(2)
	}
}

// source is what the archives are built from.
type source struct {
	number  string    // VERSION
	commit  string    // HASH or HASH-dirty; "" without git
	date    time.Time // the commit's time, every archived file's
	version string    // engine.VersionOf(number, commit)
}

func run(out, targets, goCmd string, force bool) error {
	src, err := inspect(force)
	if err != nil {
		return err
	}
	var ts [][2]string
	for _, t := range strings.Split(targets, ",") {
		osName, arch, ok := strings.Cut(strings.TrimSpace(t), "/")
		if !ok || osName == "" || arch == "" {
			return fmt.Errorf("-targets: %q is not OS/ARCH", t)
		}
		ts = append(ts, [2]string{osName, arch})
	}
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "brudno-dist")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	var names []string
	for _, t := range ts {
		name, err := buildTarget(src, t[0], t[1], goCmd, work, out)
		if err != nil {
			return fmt.Errorf("%s/%s: %w", t[0], t[1], err)
		}
		names = append(names, name)
	}
	sums, err := checksums(out, names)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "SHA256SUMS"), sums, 0o644); err != nil {
		return err
	}
	noun := "archives"
	if len(names) == 1 {
		noun = "archive"
	}
	fmt.Printf("%s: %d %s of %s and SHA256SUMS\n", out, len(names), noun, src.version)
	return nil
}

// inspect reads VERSION and asks git for the commit, refusing (without
// force) a tree with changes or without git.
func inspect(force bool) (source, error) {
	b, err := os.ReadFile("VERSION")
	if err != nil {
		return source{}, fmt.Errorf("%v (run it from the repository's root)", err)
	}
	src := source{number: strings.TrimSpace(string(b)), date: time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)}
	if engine.VersionOf(src.number, "") == "unknown" {
		return source{}, fmt.Errorf("VERSION: %q is not a version number", src.number)
	}
	prefix, err := git("rev-parse", "--show-prefix")
	switch {
	case err != nil:
		if !force {
			return source{}, fmt.Errorf("not a git checkout (%v): the archives could not name their commit; -force builds them anyway", err)
		}
		fmt.Fprintln(os.Stderr, "dist: warning: not a git checkout; the archives name no commit")
	case prefix != "":
		return source{}, errors.New("run it from the repository's root")
	default:
		if src.commit, err = git("rev-parse", "--short=7", "HEAD"); err != nil {
			return source{}, err
		}
		ct, err := git("log", "-1", "--format=%ct")
		if err != nil {
			return source{}, err
		}
		secs, err := strconv.ParseInt(ct, 10, 64)
		if err != nil {
			return source{}, fmt.Errorf("the commit's time %q: %v", ct, err)
		}
		src.date = time.Unix(secs, 0).UTC()
		status, err := git("status", "--porcelain")
		if err != nil {
			return source{}, err
		}
		if status != "" {
			if !force {
				return source{}, fmt.Errorf("the tree has uncommitted changes; commit or stash them (-force builds them as %s):\n%s",
					engine.VersionOf(src.number, src.commit+"-dirty"), status)
			}
			src.commit += "-dirty"
			fmt.Fprintln(os.Stderr, "dist: warning: the tree has uncommitted changes; the archives are named -dirty")
		}
	}
	src.version = engine.VersionOf(src.number, src.commit)
	return src, nil
}

func git(args ...string) (string, error) {
	out, err := exec.Command("git", args...).Output()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		err = fmt.Errorf("git %s: %s", strings.Join(args, " "), strings.TrimSpace(string(exit.Stderr)))
	}
	return strings.TrimSpace(string(out)), err
}

// buildFlags are the release build's flags for a commit: the paths of
// the build machine left out, symbols and the build ID too (the ID
// would differ between builds of the same source), the commit for the
// version.
func buildFlags(commit string) []string {
	return []string{"-trimpath", "-buildvcs=false", "-ldflags", "-s -w -buildid= -X brudno/engine.buildCommit=" + commit}
}

// buildTarget builds one target's binary in work and writes its archive
// to out; it returns the archive's name.
func buildTarget(src source, osName, arch, goCmd, work, out string) (string, error) {
	base := "brudno-" + src.version + "-" + osName + "-" + arch
	exe := "brudno"
	if osName == "windows" {
		exe += ".exe"
	}
	bin := filepath.Join(work, base, exe)
	args := append([]string{"build"}, buildFlags(src.commit)...)
	cmd := exec.Command(goCmd, append(args, "-o", bin, ".")...)
	// The baseline of each architecture, whatever the environment asks
	// (GOAMD64=v3 would build for AVX2 machines only), and no flags from
	// GOFLAGS or the go env file (-tags tune would make another engine).
	cmd.Env = append(os.Environ(), "GOOS="+osName, "GOARCH="+arch, "CGO_ENABLED=0",
		"GOAMD64=v1", "GOARM64=v8.0", "GOFLAGS=-mod=readonly")
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	fmt.Printf("%s: building\n", base)
	if err := cmd.Run(); err != nil {
		return "", err
	}
	files := []file{{name: exe, path: bin, mode: 0o755}}
	for _, d := range docs {
		files = append(files, file{name: d, path: d, mode: 0o644})
	}
	var buf bytes.Buffer
	var err error
	name := base + ".tar.gz"
	if osName == "windows" {
		name = base + ".zip"
		err = writeZip(&buf, base, files, src.date)
	} else {
		err = writeTarGz(&buf, base, files, src.date)
	}
	if err != nil {
		return "", err
	}
	return name, os.WriteFile(filepath.Join(out, name), buf.Bytes(), 0o644)
}

// file is one file of an archive: its name there, where it is read
// from, its permissions.
type file struct {
	name, path string
	mode       os.FileMode
}

// writeTarGz writes the files into dir/ of a gzipped tar archive: owner
// root, every entry dated date, no name or time in the gzip header.
func writeTarGz(w io.Writer, dir string, files []file, date time.Time) error {
	gz, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(gz)
	hdr := func(name string, mode os.FileMode, typ byte, size int64) *tar.Header {
		return &tar.Header{Typeflag: typ, Name: name, Mode: int64(mode), Size: size, ModTime: date, Format: tar.FormatUSTAR}
	}
	if err := tw.WriteHeader(hdr(dir+"/", 0o755, tar.TypeDir, 0)); err != nil {
		return err
	}
	for _, f := range files {
		b, err := os.ReadFile(f.path)
		if err != nil {
			return err
		}
		if err := tw.WriteHeader(hdr(dir+"/"+f.name, f.mode, tar.TypeReg, int64(len(b)))); err != nil {
			return err
		}
		if _, err := tw.Write(b); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return gz.Close()
}

// writeZip writes the files into dir/ of a zip archive, every entry
// dated date (in UTC) and deflated.
func writeZip(w io.Writer, dir string, files []file, date time.Time) error {
	zw := zip.NewWriter(w)
	d := &zip.FileHeader{Name: dir + "/", Modified: date.UTC()}
	d.SetMode(os.ModeDir | 0o755)
	if _, err := zw.CreateHeader(d); err != nil {
		return err
	}
	for _, f := range files {
		b, err := os.ReadFile(f.path)
		if err != nil {
			return err
		}
		h := &zip.FileHeader{Name: dir + "/" + f.name, Method: zip.Deflate, Modified: date.UTC()}
		h.SetMode(f.mode)
		fw, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		if _, err := fw.Write(b); err != nil {
			return err
		}
	}
	return zw.Close()
}

// checksums returns SHA256SUMS for the named files of dir: `HASH  NAME`
// lines as sha256sum writes them, sorted by name.
func checksums(dir string, names []string) ([]byte, error) {
	names = slices.Clone(names)
	slices.Sort(names)
	var sb strings.Builder
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(b)
		fmt.Fprintf(&sb, "%s  %s\n", hex.EncodeToString(sum[:]), n)
	}
	return []byte(sb.String()), nil
}
