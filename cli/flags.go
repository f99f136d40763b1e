// Flag handling shared by the subcommands: flags may stand before, between
// or after the positional arguments (parseInterspersed), the search
// configuration flags (searchFlags), depth ranges, position files and
// repeated -option Name=Value flags.

package cli

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"brudno/engine"
	"brudno/nnue"
	"brudno/search"
	"brudno/syzygy"
)

// parseInterspersed parses flags that may stand before, between or after
// positional arguments, and returns the positional ones.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return positional, nil
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
}

// searchFlags are the flags that configure search.Options.
type searchFlags struct {
	algo, enable, disable string
	plain                 bool
	threads               int
	scheme                string
	nnue                  string   // a network file: evaluate with it
	hce                   bool     // evaluate with the hand-crafted evaluation
	params                []string // the search constants set by -param
	syzygy                string   // tablebase folders, as SyzygyPath
}

func (f *searchFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.algo, "algo", "", "root algorithm: "+strings.Join(search.AlgorithmNames(), ", "))
	fs.BoolVar(&f.plain, "plain", false, "start from plain alpha-beta with every enhancement off")
	fs.StringVar(&f.enable, "enable", "", "comma-separated enhancements to switch on: "+switchNames())
	fs.StringVar(&f.disable, "disable", "", "comma-separated enhancements to switch off")
	fs.IntVar(&f.threads, "threads", 1, "search threads")
	fs.StringVar(&f.scheme, "scheme", search.LazySMP.String(), "parallel scheme with several threads: "+strings.Join(search.ParallelSchemeNames(), ", "))
	fs.StringVar(&f.nnue, "nnue", "", "evaluate with the NNUE network of this `file` (without -nnue or -hce: the engine's default evaluation, "+engine.DefaultEvaluation()+" in this build)")
	fs.BoolVar(&f.hce, "hce", false, "evaluate with the hand-crafted evaluation")
	fs.Var(paramFlag{&f.params}, "param", "set a search constant of `brudno params`, `Name=Value` (repeatable)")
	fs.StringVar(&f.syzygy, "syzygy", "", "probe the Syzygy tablebases of these `folders` (as the SyzygyPath option)")
}

// paramFlag sets a search constant (search.Params) for each -param
// Name=Value: the whole process searches with it. The settings made are
// appended to *set.
type paramFlag struct{ set *[]string }

func (paramFlag) String() string { return "" }

func (p paramFlag) Set(s string) error {
	name, value, ok := strings.Cut(s, "=")
	if !ok {
		return fmt.Errorf("want Name=Value, got %q", s)
	}
	name = strings.TrimSpace(name)
	v, err := strconv.Atoi(strings.TrimSpace(value))
	if err != nil {
		return fmt.Errorf("%s: %q is not an integer", name, value)
	}
	if err := search.SetParam(name, v); err != nil {
		return err
	}
	*p.set = append(*p.set, fmt.Sprintf("%s=%d", name, v))
	return nil
}

func switchNames() string {
	var names []string
	for _, s := range search.Switches {
		names = append(names, s.Name)
	}
	return strings.Join(names, ",")
}

// options returns the configured search options.
func (f *searchFlags) options() (search.Options, error) {
	o := search.DefaultOptions()
	if f.plain {
		o = search.PlainOptions()
	}
	if f.algo != "" {
		a, err := search.ParseAlgorithm(f.algo)
		if err != nil {
			return o, err
		}
		o.Algorithm = a
	}
	if f.threads < 1 || f.threads > 256 {
		return o, fmt.Errorf("bad thread count %d (1 to 256)", f.threads)
	}
	o.Threads = f.threads
	p, err := search.ParseParallelScheme(f.scheme)
	if err != nil {
		return o, err
	}
	o.Parallel = p
	if err := chooseEvaluation(&o, f.nnue, f.hce); err != nil {
		return o, err
	}
	if f.syzygy != "" {
		ts, err := syzygy.Open(f.syzygy)
		if ts.MaxPieces() == 0 {
			return o, fmt.Errorf("-syzygy %s: no tablebases (%v)", f.syzygy, err)
		}
		o.TB = ts
	}
	return o, applySwitches(&o, f.enable, f.disable)
}

// chooseEvaluation sets o's evaluation from the flags -nnue (a network
// file) and -hce: neither gives the engine's default evaluation.
func chooseEvaluation(o *search.Options, netFile string, hce bool) (err error) {
	switch {
	case netFile != "" && hce:
		return fmt.Errorf("-nnue and -hce: choose one evaluation")
	case netFile != "":
		o.Net, err = nnue.LoadFile(netFile)
	case !hce && engine.DefaultEvaluation() == "NNUE":
		o.Net, err = engine.EmbeddedNet()
	}
	return err
}

// applySwitches switches on the enhancements of the comma-separated list
// enable and then off those of disable.
func applySwitches(o *search.Options, enable, disable string) error {
	for _, set := range []struct {
		list string
		on   bool
	}{{enable, true}, {disable, false}} {
		for _, name := range strings.Split(set.list, ",") {
			if name = strings.TrimSpace(name); name == "" {
				continue
			}
			found := false
			for _, s := range search.Switches {
				if strings.EqualFold(s.Name, name) {
					*s.Field(o) = set.on
					found = true
				}
			}
			if !found {
				return fmt.Errorf("unknown enhancement %q (want %s)", name, switchNames())
			}
		}
	}
	return nil
}

// readFENs reads the positions of an EPD or FEN file: the first four
// fields of each line, plus the clocks when the line is a plain FEN.
func readFENs(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var fens []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		fields := strings.Fields(strings.ReplaceAll(sc.Text(), "\x00", " "))
		if len(fields) < 4 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		fens = append(fens, strings.Join(fields[:4], " "))
	}
	return fens, sc.Err()
}

// parseRange parses a depth range, "FROM-TO" or a single depth, each
// from 1 to 30.
func parseRange(s string) (from, to int, err error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		b = a
	}
	from, err1 := strconv.Atoi(a)
	to, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || from < 1 || to < from || to > 30 {
		return 0, 0, fmt.Errorf("bad depth range %q", s)
	}
	return from, to, nil
}

// optionList collects repeated -option Name=Value flags.
type optionList [][2]string

func (o *optionList) String() string { return "" }

func (o *optionList) Set(s string) error {
	name, value, ok := strings.Cut(s, "=")
	if !ok || strings.TrimSpace(name) == "" {
		return fmt.Errorf("want Name=Value, got %q", s)
	}
	*o = append(*o, [2]string{strings.TrimSpace(name), strings.TrimSpace(value)})
	return nil
}
