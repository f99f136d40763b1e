package engine

import (
	"regexp"
	"runtime/debug"
	"testing"
)

// versionForm is every version Version may return: the number, with the
// commit for a development version or a modified tree, or "unknown".
var versionForm = regexp.MustCompile(`^(unknown|[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?(\+[0-9a-f]{7}(-dirty)?)?)$`)

func TestVersionString(t *testing.T) {
	const rev = "5d9c878e1f2a3b4c5d6e7f8091a2b3c4d5e6f708"
	for _, c := range []struct {
		number, rev string
		modified    bool
		want        string
	}{
		{"0.2.0-dev", rev, false, "0.2.0-dev+5d9c878"},
		{"0.2.0-dev", rev, true, "0.2.0-dev+5d9c878-dirty"},
		{"0.2.0-dev\n", "5d9c878", false, "0.2.0-dev+5d9c878"},
		{"0.2.0-rc.1", rev, false, "0.2.0-rc.1+5d9c878"},
		{"0.2.0", rev, false, "0.2.0"},
		{"0.2.0", rev, true, "0.2.0+5d9c878-dirty"},
		{" 1.10.3\r\n", "", false, "1.10.3"},
		// No commit known (a tree without git): the number alone.
		{"0.2.0-dev", "", false, "0.2.0-dev"},
		{"0.2.0-dev", "", true, "0.2.0-dev"},
		// A revision that is no hash is ignored.
		{"0.2.0-dev", "5d9c8", false, "0.2.0-dev"},
		{"0.2.0-dev", "5D9C878", false, "0.2.0-dev"},
		{"0.2.0-dev", "5d9c878 extra", false, "0.2.0-dev"},
		// A number that is not one.
		{"", rev, false, "unknown"},
		{"0.2", rev, false, "unknown"},
		{"v0.2.0", rev, false, "unknown"},
		{"0.2.0-", rev, false, "unknown"},
		{"0.2.0 beta", rev, false, "unknown"},
		{"0.02.0", rev, false, "unknown"},
		{"0.2.0-dev\x00", rev, false, "unknown"},
	} {
		got := versionString(c.number, c.rev, c.modified)
		if got != c.want {
			t.Errorf("versionString(%q, %q, %v) = %q, want %q", c.number, c.rev, c.modified, got, c.want)
		}
		if !versionForm.MatchString(got) {
			t.Errorf("versionString(%q, %q, %v) = %q, not of the version's form", c.number, c.rev, c.modified, got)
		}
	}
}

func TestBuildRevision(t *testing.T) {
	vcs := []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"}, {Key: "vcs.modified", Value: "true"}}
	clean := []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"}, {Key: "vcs.modified", Value: "false"}}
	for _, c := range []struct {
		fromMake string
		settings []debug.BuildSetting
		rev      string
		modified bool
	}{
		{"5d9c878", vcs, "5d9c878", false}, // the Makefile's value wins
		{"5d9c878-dirty", nil, "5d9c878", true},
		{"", vcs, "0123456789abcdef0123456789abcdef01234567", true},
		{"", clean, "0123456789abcdef0123456789abcdef01234567", false},
		{"not a hash", clean, "0123456789abcdef0123456789abcdef01234567", false},
		{"-dirty", nil, "", false},
		{"", nil, "", false},
		{"", []debug.BuildSetting{{Key: "vcs.revision", Value: "garbage"}, {Key: "vcs.modified", Value: "true"}}, "", false},
	} {
		rev, modified := buildRevision(c.fromMake, c.settings)
		if rev != c.rev || modified != c.modified {
			t.Errorf("buildRevision(%q, %v) = %q, %v; want %q, %v", c.fromMake, c.settings, rev, modified, c.rev, c.modified)
		}
	}
}

func TestVersionOf(t *testing.T) {
	for _, c := range [][3]string{
		{"0.2.0-dev", "5d9c878", "0.2.0-dev+5d9c878"},
		{"0.2.0-dev", "5d9c878-dirty", "0.2.0-dev+5d9c878-dirty"},
		{"0.2.0-dev", "", "0.2.0-dev"},
		{"0.2.0", "5d9c878", "0.2.0"},
		{"0.2.0", "5d9c878-dirty", "0.2.0+5d9c878-dirty"},
		{"0.2.0", "-dirty", "0.2.0"},
	} {
		if got := VersionOf(c[0], c[1]); got != c[2] {
			t.Errorf("VersionOf(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}

// Version follows SetVersionNumber, and a test binary (which carries no
// VCS information) without a commit from the Makefile gives the number
// alone.
func TestVersionFollowsNumber(t *testing.T) {
	savedCommit, savedNumber := buildCommit, versionNumber
	defer func() { buildCommit = savedCommit; SetVersionNumber(savedNumber) }()
	buildCommit = ""
	SetVersionNumber("3.1.4-dev\n")
	if v := Version(); v != "3.1.4-dev" {
		t.Errorf("Version() = %q, want 3.1.4-dev", v)
	}
	buildCommit = "abcdef1-dirty"
	SetVersionNumber("3.1.4")
	if v := Version(); v != "3.1.4+abcdef1-dirty" {
		t.Errorf("Version() = %q, want 3.1.4+abcdef1-dirty", v)
	}
	SetVersionNumber("")
	if v := Version(); v != "unknown" {
		t.Errorf("Version() with no number = %q, want unknown", v)
	}
}
