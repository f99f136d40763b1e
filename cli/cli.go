// Package cli holds Brudno's subcommands, everything the program does
// besides speaking UCI: bench, perft, epd, book, datagen, train, tune, tb and
// the rest, one file each, with the flag handling they share in flags.go.
// The program's main runs the UCI loop when it has no argument and hands
// every other command line to Run. Run also takes the form in which
// OpenBench and other tools start engines, one whole command an argument:
// `brudno "genfens 10 seed 1 book None" "quit"`.
package cli

import (
	"fmt"
	"io"
	"strings"

	"brudno/engine"
)

// Command is one subcommand: its name, the synopsis of its arguments and
// its one-line description (as `brudno help` prints them), and the
// function that runs it on the arguments after the name, returning the
// exit status.
type Command struct {
	Name, Args, Help string
	Run              func(args []string, stdout, stderr io.Writer) int
}

// Commands lists the subcommands in the order `brudno help` prints them.
var Commands []Command

func init() {
	Commands = []Command{
		{"bench", "[-v] [-stats] [-epd FILE] [-hash MB] [-cpuprofile FILE] [-algo A] [-plain] [-enable LIST] [-disable LIST] [-param Name=V] [DEPTH]", fmt.Sprintf("search the bench positions to DEPTH (default %d), one thread; last line: N nodes M nps", engine.DefaultBenchDepth), cmdBench},
		{"book", "build|analyse|probe|dump ...", "build a Polyglot book from PGN games or from Brudno's analysis, list a position's book moves, dump a book (`brudno book help`)", cmdBook},
		{"lab", "[-epd FILE] [-depths 2-6] [-maxtime 60s] [-set seed|mtd|etc] [-hash MB] [-two] [-etc=false] [-plot DIR] | -minimal [-armg D] [-armg-qs] [-plot DIR] ... | -smp N[,N...] [-scheme LazySMP,YBW] [-repeat R] [-plot DIR] ... | -trees -width W -depth D -order R ...", "node counts of alpha-beta, aspiration, PVS, +TT, +killers/history, +ETC and MTD(f) at fixed depths; -set mtd: MTD(f) against PVS with one- and two-bound table entries; -set etc: ETC with its restrictions lifted; -minimal: the left-first minimal graph, ARMG(D) and each configuration's nodes over it; -plot: SVG plots of the tables; -smp: parallel time to depth; -trees: alpha-beta, SSS*, DUAL*, MTD(f) and PS*(k) on synthetic trees (docs/search-lab.md, docs/lab-trees.md)", cmdLab},
		{"params", "[-spsa] [-r R_END]", "the search's tunable constants, or with -spsa in OpenBench's SPSA input format (a tune build, -tags tune, takes each as a UCI option)", cmdParams},
		{"perft", "[-full] DEPTH [FEN] | -suite FILE [-depth N] [-maxnodes N]", "count leaf nodes (divide, total, speed) or check a perft suite", cmdPerft},
		{"epd", "FILE [-movetime MS | -depth N | -nodes N] [-threads N] [-hash MB] [-option Name=Value ...] [-json OUT] [-mates]", "solve an EPD test suite: a line per position, then solved N/M and time to solution; -mates: the depth at which each proved mate (dm, mated) is found", cmdEPD},
		{"chess960", "[-out FILE]", "the 960 start positions of Chess960, a FEN a line in the standard numbering (518 is the usual start), as an opening file for Chess960 matches", cmdChess960},
		{"datagen", "-out FILE [-format text|bin] [-append] [-book EPD] [-games N] [-nodes N] [-threads N] [-nnue NET]", "self-play games at a fixed node count; writes their quiet positions with the result (`FEN [1.0|0.5|0.0]` lines) for the tuner, or with -format bin 32-byte NNUE training records (docs/nnue-data.md)", cmdDatagen},
		{"genfens", "N seed S book FILE|None [plies N|A-B] [nodes N] [margin CP]", "N distinct opening positions for OpenBench's data generation, `info string genfens FEN` lines: the start position or a random line of the EPD book, random plies, kept when a short search scores them within the margin; the same for the same seed (docs/nnue-data.md, \"Data from OpenBench\")", cmdGenfens},
		{"datagen-info", "[-show N] [-net NET] FILE...", "checks and summarises `datagen -format bin` files: records, results, scores, the first positions; -net: how far the hand-crafted evaluation and a network are from the search scores", cmdDatagenInfo},
		{"datagen-pgn", "-out FILE [-skip-plies 8] GAMES.pgn...", "`datagen -format bin` records from PGN games with a score comment on each move (fastchess's and cutechess's `{+0.31/14 0.212s}`, as OpenBench's data generation returns them), chosen by datagen's rules", cmdDatagenPGN},
		{"train", "-out NET [-checkpoint FILE] [-resume CKPT] [-init NET] [-hidden 256] [-buckets 1] [-king-buckets 1] [-factor] [-epochs 20] [-batch 16384] [-lr 0.001] [-lr-drop 15] [-lr-gamma 0.1] [-wd 0.01] [-lambda 1] [-scale 400] [-power 2] [-val 0.05] [-threads N] [-seed 1] [-mirror] [-best FILE] [-progress 1m] [-cpuprofile FILE] DATAFILE...", "train the NNUE network on `datagen -format bin` files; writes the quantised net (and NET.ckpt) after every epoch", cmdTrain},
		{"tune", "[-start default|initial] [-epochs N] [-only GROUPS] [-out FILE] DATAFILE...", "Texel tuning of the evaluation weights on datagen output; writes eval/weights_tuned.go", cmdTune},
		{"wdl", "SCORE MATERIAL|MOVE|FEN | -fit [-out FILE] [-var auto|material|move] [-holdout 10] [-plot FILE.svg] DATAFILE...", "the win/draw/loss model of UCI_ShowWDL: W D L per mille for the side to move at SCORE centipawns, or fit it to `datagen -format bin` files and print the fit and its calibration (-out writes engine/wdl_model.go)", cmdWDL},
		{"tb", "probe [-path DIRS] [-rule50=false] FEN | check DIR | positions [-n 100] [-pieces 5-6] DATA.bin... | games -path DIRS GAMES.pgn...", "Syzygy tablebases: a position's WDL, DTZ, best moves and every legal move's result; check the table files of a folder; openings for a tablebase match from datagen files; per player, the moves of a match's games that spoilt a tablebase result (docs/syzygy.md)", cmdTB},
		{"version", "", "print the version", func(_ []string, stdout, _ io.Writer) int {
			fmt.Fprintln(stdout, engine.Name, engine.Version())
			return 0
		}},
		{"help", "", "print this help", cmdHelp},
	}
}

func cmdHelp(_ []string, stdout, _ io.Writer) int {
	fmt.Fprintf(stdout, "%s %s, a UCI chess engine.\n\nusage:\n  brudno\n      run the UCI protocol on stdin/stdout\n", engine.Name, engine.Version())
	for _, c := range Commands {
		fmt.Fprintf(stdout, "  brudno %s %s\n      %s\n", c.Name, c.Args, c.Help)
	}
	return 0
}

// Run runs the subcommand that args[0] names (NAME, -NAME or --NAME) on
// the rest of args and returns its exit status: 0 on success, 1 when the
// work failed, 2 for bad usage, which includes an unknown or missing name,
// and 3 when `train` was stopped by a signal (its net and checkpoint
// written, the run unfinished).
// When args[0] holds more than one word, each argument is instead a whole
// command, run in order up to the first "quit" (see runEach).
func Run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "no command; try `brudno help`")
		return 2
	}
	if len(strings.Fields(args[0])) > 1 {
		return runEach(args, stdout, stderr)
	}
	return runOne(args, stdout, stderr)
}

// runEach runs each argument as one command line, NAME ARGS..., in order,
// as engines started by OpenBench do (`brudno "genfens 10 seed 1 book
// None" "quit"`): "quit" ends the list, and the first command that fails
// ends it with its exit status.
func runEach(args []string, stdout, stderr io.Writer) int {
	for _, a := range args {
		words := strings.Fields(a)
		switch {
		case len(words) == 0:
			continue
		case words[0] == "quit":
			return 0
		}
		if rc := runOne(words, stdout, stderr); rc != 0 {
			return rc
		}
	}
	return 0
}

// runOne runs the subcommand args[0] names on the rest of args.
func runOne(args []string, stdout, stderr io.Writer) int {
	for _, c := range Commands {
		if c.Name == args[0] || "-"+c.Name == args[0] || "--"+c.Name == args[0] {
			return c.Run(args[1:], stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "unknown command %q; try `brudno help`\n", args[0])
	return 2
}
