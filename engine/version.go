// The engine's version, as `brudno version` and UCI's `id name` print it.
//
// The number is the VERSION file at the repository's root, which package
// main embeds and passes to SetVersionNumber. A number with a
// pre-release part, such as 0.2.0-dev, is a development version: a build
// of it also names the commit it was built from, 0.2.0-dev+5d9c878, and
// 0.2.0-dev+5d9c878-dirty when the tree had uncommitted changes. A
// release, 0.2.0, is its number alone, unless its tree had changes
// (0.2.0+5d9c878-dirty). The commit comes from the Makefile, which sets
// buildCommit with -ldflags -X; a plain `go build` in a checkout leaves
// it to what the go command recorded (vcs.revision and vcs.modified).
// A tree without git, such as a `git archive` zip as OpenBench builds
// it, has neither, and the version is the number alone.
package engine

import (
	"regexp"
	"runtime/debug"
	"strings"
	"sync"
)

// Name and Author identify the engine; Version gives the build.
const (
	Name   = "Brudno"
	Author = "the Brudno developers"
)

// buildCommit is set by the Makefile: `-X brudno/engine.buildCommit=HASH`
// or HASH-dirty, HASH an abbreviated commit hash. Anything else is
// ignored.
var buildCommit string

var (
	versionMu     sync.Mutex
	versionNumber string
	version       string
)

// SetVersionNumber sets the version number (the VERSION file's content;
// surrounding space is ignored). Package main calls it before anything
// else runs.
func SetVersionNumber(number string) {
	versionMu.Lock()
	defer versionMu.Unlock()
	versionNumber, version = number, ""
}

// Version returns the build's version: the number, and for a
// development version or a modified tree the commit, as the file's
// comment describes. It is "unknown" when the number was never set or is
// not of the form MAJOR.MINOR.PATCH with an optional -PRERELEASE.
func Version() string {
	versionMu.Lock()
	defer versionMu.Unlock()
	if version == "" {
		rev, modified := buildRevision(buildCommit, readBuildSettings())
		version = versionString(versionNumber, rev, modified)
	}
	return version
}

// VersionOf returns the version of a build of number at commit: an
// abbreviated hash, with -dirty for a tree with uncommitted changes, or
// "" when the commit is unknown; as Version, with the commit given
// (tools/dist names its archives so).
func VersionOf(number, commit string) string {
	rev, modified := buildRevision(commit, nil)
	return versionString(number, rev, modified)
}

var (
	numberForm = regexp.MustCompile(`^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$`)
	hashForm   = regexp.MustCompile(`^[0-9a-f]{7,64}$`)
)

// shortHash is how many hex digits of a commit hash the version shows,
// as many as git's usual abbreviation.
const shortHash = 7

// versionString composes the version from the number, the commit's hash
// ("" when unknown) and whether the tree had changes.
func versionString(number, rev string, modified bool) string {
	number = strings.TrimSpace(number)
	if !numberForm.MatchString(number) {
		return "unknown"
	}
	if !hashForm.MatchString(rev) {
		return number
	}
	dev := strings.Contains(number, "-")
	if !dev && !modified {
		return number
	}
	v := number + "+" + rev[:min(len(rev), shortHash)]
	if modified {
		v += "-dirty"
	}
	return v
}

// buildRevision returns the commit and whether the tree had changes:
// from the Makefile's value when it is a hash (optionally with -dirty),
// else from the go command's vcs.revision and vcs.modified; "" when
// neither knows.
func buildRevision(fromMake string, settings []debug.BuildSetting) (string, bool) {
	if h, dirty := strings.CutSuffix(fromMake, "-dirty"); hashForm.MatchString(h) {
		return h, dirty
	}
	var rev string
	var modified bool
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if !hashForm.MatchString(rev) {
		return "", false
	}
	return rev, modified
}

func readBuildSettings() []debug.BuildSetting {
	if bi, ok := debug.ReadBuildInfo(); ok {
		return bi.Settings
	}
	return nil
}
