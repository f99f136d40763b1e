// The project's own small suites, built into the binary: mates in 1 to 3
// and only-move positions (both constructed and verified by this
// package's tests), mates from the engine's own games (gamemates: mate
// and mated in 1 to 4, made by tools/gamemates, each distance re-proved
// by the tests) and perft positions with published counts. Tests use
// them, and `brudno epd builtin:NAME` runs them without any download.
package testpositions

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"strings"
)

//go:embed suites/*.epd
var embeddedSuites embed.FS

// EmbeddedSuiteNames lists the built-in suites ("gamemates", "mates",
// "onlymove", "perft").
func EmbeddedSuiteNames() []string {
	entries, _ := fs.ReadDir(embeddedSuites, "suites")
	var names []string
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".epd"))
	}
	return names
}

// EmbeddedSuite returns the records of a built-in suite.
func EmbeddedSuite(name string) ([]Record, []Problem, error) {
	data, err := embeddedSuites.ReadFile("suites/" + name + ".epd")
	if err != nil || strings.ContainsAny(name, "/\\.") {
		return nil, nil, fmt.Errorf("no built-in suite %q (there are: %s)", name, strings.Join(EmbeddedSuiteNames(), ", "))
	}
	records, problems := ReadEPD(bytes.NewReader(data))
	return records, problems, nil
}
