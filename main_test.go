package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// VERSION holds one version number and a newline, and CHANGELOG.md has a
// section for it (for a development version, 0.2.0-dev, the section of
// the release it leads to, 0.2.0).
func TestVersionFile(t *testing.T) {
	form := regexp.MustCompile(`^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?\n$`)
	if !form.MatchString(versionNumber) {
		t.Fatalf("VERSION is %q, want MAJOR.MINOR.PATCH[-PRERELEASE] and a newline", versionNumber)
	}
	release, _, _ := strings.Cut(strings.TrimSpace(versionNumber), "-")
	log, err := os.ReadFile("CHANGELOG.md")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^## ` + regexp.QuoteMeta(release) + `( |$)`).Match(log) {
		t.Errorf("CHANGELOG.md has no section `## %s` for VERSION %s", release, strings.TrimSpace(versionNumber))
	}
}
