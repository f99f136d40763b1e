// Command spsa tunes Brudno's search parameters by simultaneous
// perturbation stochastic approximation (SPSA), the method OpenBench
// uses, with fastchess playing the games. Each iteration perturbs every
// chosen parameter by ±c_k at random, plays game pairs between the engine
// with the parameters raised (θ+) and lowered (θ-) on the same openings,
// and moves every parameter by r_k·c_k·(wins - losses of θ+)·δ. The
// schedule is OpenBench's: with N iterations, A = N/10, α = 0.602,
// γ = 0.101, each parameter's c_end (its SPSA step) and a common r_end,
//
//	c_k = c_end·N^γ / (k+1)^γ,  a_k = r_end·c_end²·(A+N)^α / (A+k+1)^α,  r_k = a_k / c_k².
//
// The engine must be a tune build (go build -tags tune), whose UCI options
// include every parameter of `brudno params`. The state (the parameters
// as reals, the iteration) is written after every iteration to -state, and
// a run started with the same -state goes on from there; the log holds a
// line per iteration. With -report it plays nothing and prints where the
// state's parameters stand against the engine's defaults, in steps
// (c_end), and the fastchess options that set the rounded values. Example:
//
//	go build -tags tune -o brudno-tune . &&
//	go run ./tools/spsa -engine ./brudno-tune -fastchess PATH/fastchess \
//	    -book ../shared/books/noob_2moves.epd -tc 2+0.02 -pairs 2 \
//	    -iterations 2000 -params RFPMargin,FutilityMul,LMRBase,LMRDiv
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
)

// param is one tuned parameter, as `brudno params -spsa` lists it.
type param struct {
	Name     string
	Value    float64 // the current estimate
	Min, Max float64
	CEnd     float64
}

// state is what -state keeps between runs.
type state struct {
	Iteration int
	Params    []param
}

// schedule holds OpenBench's SPSA constants for N iterations.
type schedule struct {
	n     int
	rEnd  float64
	alpha float64
	gamma float64
	bigA  float64
}

func newSchedule(n int, rEnd float64) schedule {
	return schedule{n: n, rEnd: rEnd, alpha: 0.602, gamma: 0.101, bigA: 0.1 * float64(n)}
}

// ck and rk are the perturbation and the learning rate of iteration k
// (from 0) for a parameter whose final perturbation is cEnd.
func (s schedule) ck(k int, cEnd float64) float64 {
	return cEnd * math.Pow(float64(s.n), s.gamma) / math.Pow(float64(k+1), s.gamma)
}

func (s schedule) rk(k int, cEnd float64) float64 {
	aEnd := s.rEnd * cEnd * cEnd
	a := aEnd * math.Pow(s.bigA+float64(s.n), s.alpha)
	ak := a / math.Pow(s.bigA+float64(k+1), s.alpha)
	c := s.ck(k, cEnd)
	return ak / (c * c)
}

// perturbed returns θ+ and θ- for the signs delta, rounded and clamped.
func perturbed(ps []param, delta []float64, s schedule, k int) (plus, minus []int) {
	for i, p := range ps {
		c := s.ck(k, p.CEnd)
		plus = append(plus, int(math.Round(math.Min(p.Max, math.Max(p.Min, p.Value+c*delta[i])))))
		minus = append(minus, int(math.Round(math.Min(p.Max, math.Max(p.Min, p.Value-c*delta[i])))))
	}
	return plus, minus
}

// update moves every parameter by r_k·c_k·result·δ, within its range;
// result is θ+'s wins minus its losses.
func update(ps []param, delta []float64, s schedule, k int, result float64) {
	for i := range ps {
		p := &ps[i]
		c := s.ck(k, p.CEnd)
		p.Value = math.Min(p.Max, math.Max(p.Min, p.Value+s.rk(k, p.CEnd)*c*result*delta[i]))
	}
}

// resultRE finds the summary fastchess prints at the end of a match; the
// wins and losses are the first engine's.
var resultRE = regexp.MustCompile(`Games: (\d+), Wins: (\d+), Losses: (\d+), Draws: (\d+)`)

// parseResult returns the first engine's wins and losses from the last
// summary of fastchess's output.
func parseResult(out []byte) (games, wins, losses int, err error) {
	m := resultRE.FindAllSubmatch(out, -1)
	if len(m) == 0 {
		return 0, 0, 0, errors.New("no result in fastchess's output")
	}
	last := m[len(m)-1]
	games, _ = strconv.Atoi(string(last[1]))
	wins, _ = strconv.Atoi(string(last[2]))
	losses, _ = strconv.Atoi(string(last[3]))
	return games, wins, losses, nil
}

// readParams runs `ENGINE params -spsa` and keeps the named parameters
// (all with an empty list).
func readParams(engine string, names []string) ([]param, error) {
	out, err := exec.Command(engine, "params", "-spsa").Output()
	if err != nil {
		return nil, fmt.Errorf("%s params -spsa: %v", engine, err)
	}
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	var ps []param
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Split(sc.Text(), ", ")
		if len(f) != 7 || f[1] != "int" {
			return nil, fmt.Errorf("unexpected line from %s params -spsa: %q", engine, sc.Text())
		}
		if len(names) > 0 && !want[f[0]] {
			continue
		}
		var v [4]float64
		for i := range v {
			if v[i], err = strconv.ParseFloat(f[2+i], 64); err != nil {
				return nil, fmt.Errorf("line %q: %v", sc.Text(), err)
			}
		}
		ps = append(ps, param{Name: f[0], Value: v[0], Min: v[1], Max: v[2], CEnd: v[3]})
		delete(want, f[0])
	}
	for n := range want {
		return nil, fmt.Errorf("no parameter %q (see `brudno params`)", n)
	}
	if len(ps) == 0 {
		return nil, errors.New("no parameter to tune")
	}
	return ps, nil
}

func main() {
	var c config
	flag.StringVar(&c.engine, "engine", "", "a tune build of brudno (go build -tags tune)")
	flag.StringVar(&c.fastchess, "fastchess", "fastchess", "the fastchess binary")
	flag.StringVar(&c.book, "book", "", "EPD openings (e.g. ../shared/books/noob_2moves.epd)")
	flag.StringVar(&c.tc, "tc", "2+0.02", "time control of the games, or a fixed limit a move in fastchess's form (nodes=5000, depth=8, st=0.1)")
	flag.IntVar(&c.hash, "hash", 8, "Hash of each engine, MB")
	flag.IntVar(&c.pairs, "pairs", 2, "game pairs per iteration")
	flag.IntVar(&c.concurrency, "concurrency", 2, "games at once")
	flag.IntVar(&c.iterations, "iterations", 1000, "N, the planned number of iterations")
	flag.Float64Var(&c.rEnd, "r", 0.002, "r_end, the final learning rate")
	flag.StringVar(&c.names, "params", "", "comma-separated parameters to tune (default all)")
	flag.StringVar(&c.statePath, "state", "spsa-state.json", "state file, written every iteration; an existing one is continued")
	flag.Uint64Var(&c.seed, "seed", 1, "random seed of the perturbations")
	flag.StringVar(&c.pgn, "pgn", "", "append every game to this PGN file (fastchess's comments: convert with `brudno datagen-pgn` into training records)")
	reportOnly := flag.Bool("report", false, "print where -state's parameters stand against the engine's defaults, and the options that set them; play nothing")
	flag.Parse()
	if c.engine == "" || (c.book == "" && !*reportOnly) || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: go run ./tools/spsa -engine BRUDNO_TUNE_BUILD -book EPD [-fastchess PATH] [-tc 2+0.02] [-pairs 2] [-iterations N] [-params A,B] [-state FILE] [-pgn FILE]")
		fmt.Fprintln(os.Stderr, "       go run ./tools/spsa -report -engine BRUDNO_TUNE_BUILD -state FILE")
		os.Exit(2)
	}
	run := run
	if *reportOnly {
		run = reportState
	}
	if err := run(c, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "spsa:", err)
		os.Exit(1)
	}
}

// config is a run's settings, from the flags.
type config struct {
	engine, fastchess, book, tc, names, statePath, pgn string
	hash, pairs, concurrency, iterations               int
	rEnd                                               float64
	seed                                               uint64
}

// limitArg is fastchess's -each argument for -tc: a time control
// (2+0.02) as tc=, a limit already in fastchess's form (nodes=5000) as it is.
func limitArg(tc string) string {
	if strings.Contains(tc, "=") {
		return tc
	}
	return "tc=" + tc
}

func run(c config, log io.Writer) error {
	var st state
	if b, err := os.ReadFile(c.statePath); err == nil {
		if err := json.Unmarshal(b, &st); err != nil {
			return fmt.Errorf("%s: %v", c.statePath, err)
		}
		fmt.Fprintf(log, "continuing %s at iteration %d\n", c.statePath, st.Iteration)
	} else {
		var list []string
		if c.names != "" {
			list = strings.Split(c.names, ",")
		}
		ps, err := readParams(c.engine, list)
		if err != nil {
			return err
		}
		st.Params = ps
	}
	s := newSchedule(c.iterations, c.rEnd)
	rng := rand.New(rand.NewPCG(c.seed, uint64(st.Iteration)))
	for ; st.Iteration < c.iterations; st.Iteration++ {
		k := st.Iteration
		delta := make([]float64, len(st.Params))
		for i := range delta {
			delta[i] = float64(2*rng.IntN(2) - 1)
		}
		plus, minus := perturbed(st.Params, delta, s, k)
		out, err := exec.Command(c.fastchess, c.matchArgs(st.Params, plus, minus, 1+rng.IntN(10000))...).CombinedOutput()
		if err != nil {
			return fmt.Errorf("iteration %d: fastchess: %v\n%s", k, err, out)
		}
		games, wins, losses, err := parseResult(out)
		if err != nil {
			return fmt.Errorf("iteration %d: %v\n%s", k, err, out)
		}
		update(st.Params, delta, s, k, float64(wins-losses))
		var b strings.Builder
		for _, p := range st.Params {
			fmt.Fprintf(&b, " %s=%.2f", p.Name, p.Value)
		}
		fmt.Fprintf(log, "iteration %d: %d games, +%d -%d;%s\n", k+1, games, wins, losses, b.String())
		js, err := json.MarshalIndent(state{Iteration: k + 1, Params: st.Params}, "", "  ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(c.statePath, js, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// matchArgs is fastchess's command line for one iteration: θ+ (plus)
// against θ- (minus), c.pairs game pairs from the book's opening start
// on, and the games appended to c.pgn when it is set.
func (c config) matchArgs(ps []param, plus, minus []int, start int) []string {
	args := []string{"-engine", "cmd=" + c.engine, "name=plus"}
	for i, p := range ps {
		args = append(args, fmt.Sprintf("option.%s=%d", p.Name, plus[i]))
	}
	args = append(args, "-engine", "cmd="+c.engine, "name=minus")
	for i, p := range ps {
		args = append(args, fmt.Sprintf("option.%s=%d", p.Name, minus[i]))
	}
	args = append(args, "-each", limitArg(c.tc), "option.Threads=1", fmt.Sprintf("option.Hash=%d", c.hash),
		"-openings", "file="+c.book, "format=epd", "order=random", fmt.Sprintf("start=%d", start),
		"-rounds", strconv.Itoa(c.pairs), "-games", "2", "-repeat", "-concurrency", strconv.Itoa(c.concurrency), "-recover")
	if c.pgn != "" {
		args = append(args, "-pgnout", "file="+c.pgn, "append=true")
	}
	return args
}

// reportState prints, for the state file's parameters, where each
// started (the engine's default) and stands, with the shift in steps
// (c_end), and the fastchess options that set the values rounded as the
// games use them, for those that differ from the default.
func reportState(c config, w io.Writer) error {
	b, err := os.ReadFile(c.statePath)
	if err != nil {
		return err
	}
	var st state
	if err := json.Unmarshal(b, &st); err != nil {
		return fmt.Errorf("%s: %v", c.statePath, err)
	}
	var names []string
	for _, p := range st.Params {
		names = append(names, p.Name)
	}
	defaults, err := readParams(c.engine, names)
	if err != nil {
		return err
	}
	return report(w, st, defaults)
}

// report writes reportState's table and options line.
func report(w io.Writer, st state, defaults []param) error {
	start := map[string]float64{}
	for _, p := range defaults {
		start[p.Name] = p.Value
	}
	fmt.Fprintf(w, "after %d iterations\n\n", st.Iteration)
	fmt.Fprintln(w, "| parameter | start | now | shift in steps (c_end) | step |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: |")
	var opts []string
	for _, p := range st.Params {
		s, ok := start[p.Name]
		if !ok {
			return fmt.Errorf("the engine has no parameter %q", p.Name)
		}
		fmt.Fprintf(w, "| %s | %g | %.2f | %+.2f | %g |\n", p.Name, s, p.Value, (p.Value-s)/p.CEnd, p.CEnd)
		if v := math.Round(p.Value); v != s {
			opts = append(opts, fmt.Sprintf("option.%s=%d", p.Name, int(v)))
		}
	}
	fmt.Fprintf(w, "\noptions: %s\n", strings.Join(opts, " "))
	return nil
}
