// Brudno's command line: with no argument it speaks UCI on stdin/stdout;
// otherwise the first argument names a subcommand (package cli, or
// `brudno help` for the list).
package main

import (
	"os"

	"brudno/cli"
	"brudno/engine"
	"brudno/uci"
)

func main() {
	if len(os.Args) < 2 {
		uci.Run(os.Stdin, os.Stdout, engine.New())
		return
	}
	os.Exit(cli.Run(os.Args[1:], os.Stdout, os.Stderr))
}
