// Brudno's command line: with no argument it speaks UCI on stdin/stdout;
// otherwise the first argument names a subcommand (package cli, or
// `brudno help` for the list), or, when it holds several words, each
// argument is one whole command, as OpenBench starts engines:
// `brudno "genfens 10 seed 1 book None" "quit"`.
package main

import (
	_ "embed"
	"os"

	"brudno/cli"
	"brudno/engine"
	"brudno/uci"
)

// versionNumber is the VERSION file: the version number that the
// engine's version starts with (engine/version.go).
//
//go:embed VERSION
var versionNumber string

func main() {
	engine.SetVersionNumber(versionNumber)
	if len(os.Args) < 2 {
		uci.Run(os.Stdin, os.Stdout, engine.New())
		return
	}
	os.Exit(cli.Run(os.Args[1:], os.Stdout, os.Stderr))
}
