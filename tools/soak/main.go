// Command soak plays Brudno through fastchess for thousands of games, each
// batch of games with options drawn at random (threads and parallel
// scheme, Hash, MultiPV, pondering, WDL, weakened play, own book,
// tablebases, Move Overhead, search algorithm and evaluation, Chess960,
// clocks from 0.5+0.005 to 10+0.1, node, depth and movetime limits),
// against itself or an opponent, several batches at once. It counts per
// option value and in total the crashes, illegal moves, stalls, losses on
// time, PV warnings, the largest time overrun and the peak memory, and
// keeps the PGN and the engine logs of every failing batch
// (docs/reliability.md). Example:
//
//	go build -o soak ./tools/soak && ./soak -engine ./brudno -fastchess PATH/fastchess \
//	    -book ../shared/books/noob_2moves.epd -opponent /usr/games/ethereal-chess \
//	    -syzygy ../shared/syzygy -games 2000 -lanes 2 -out soak-out
//
// It resumes from -out's batches.jsonl, and `soak report -out DIR` prints
// the report of a run (also written to DIR/report.md).
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"brudno/tools/fastchess"
)

// side is how one engine of a batch fared, from fastchess's output and
// (for Brudno) the wrapper's records.
type side struct {
	Name       string         `json:"name"`
	TimeLosses int            `json:"time_losses"`
	Illegal    int            `json:"illegal"`
	Crashes    int            `json:"crashes"`
	Stalls     int            `json:"stalls"`
	PV         map[string]int `json:"pv,omitempty"` // PV warnings by kind
	OverrunMS  []int          `json:"overrun_ms,omitempty"`
	Records    []record       `json:"records,omitempty"`
}

// batch is one fastchess run of a few games with one configuration.
type batch struct {
	ID       int              `json:"id"`
	Lane     int              `json:"lane"`
	Config   batchConfig      `json:"config"`
	Games    int              `json:"games"`
	Sides    map[string]*side `json:"sides"`
	Warnings []string         `json:"warnings,omitempty"` // other fastchess warnings and errors
	Seconds  float64          `json:"seconds"`
	Failed   []string         `json:"failed,omitempty"`
}

type soak struct {
	engine, fastchess, book, opponent, syzygy, out, self, chess960 string
	nice                                                           string // nice(1), when the wrapper may run above the engine's priority
	games, lanes, perBatch                                         int
	seed                                                           uint64
	adjudicate                                                     bool

	mu     sync.Mutex
	nextID int
	played int
	done   []batch
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "wrap" {
		os.Exit(wrapMain(os.Args[2:]))
	}
	if len(os.Args) > 1 && os.Args[1] == "report" {
		fs := flag.NewFlagSet("report", flag.ExitOnError)
		out := fs.String("out", "soak-out", "the run's folder")
		fs.Parse(os.Args[2:])
		bs, err := readBatches(filepath.Join(*out, "batches.jsonl"))
		if err != nil {
			fail(err)
		}
		fmt.Print(report(bs, nil))
		return
	}
	s := &soak{}
	flag.StringVar(&s.engine, "engine", "./brudno", "the Brudno binary")
	flag.StringVar(&s.fastchess, "fastchess", "fastchess", "the fastchess binary")
	flag.StringVar(&s.book, "book", "", "EPD openings (required)")
	flag.StringVar(&s.opponent, "opponent", "", "an opponent engine (half the batches play it); empty: Brudno only")
	flag.StringVar(&s.syzygy, "syzygy", "", "a Syzygy folder for SyzygyPath (empty: never set)")
	flag.StringVar(&s.out, "out", "soak-out", "folder for the run's records, report, failing PGNs and logs")
	flag.IntVar(&s.games, "games", 2000, "games to play in all (a resumed run counts the games before)")
	flag.IntVar(&s.lanes, "lanes", runtime.NumCPU(), "games at once (one batch a lane)")
	flag.IntVar(&s.perBatch, "batch", 2, "games a batch (pairs of games with one opening), one configuration and the same engine processes")
	var seed int
	flag.IntVar(&seed, "seed", 1, "seed of the configurations drawn")
	flag.BoolVar(&s.adjudicate, "adjudicate", true, "resign (5 moves at 1000 cp) and draw (8 moves within 5 cp after move 50) adjudication")
	flag.Parse()
	s.seed = uint64(seed)
	if s.book == "" || s.games < 1 || s.lanes < 1 || s.perBatch < 2 {
		fail(fmt.Errorf("-book is required; -games and -lanes must be positive, -batch at least 2"))
	}
	var err error
	if s.self, err = os.Executable(); err != nil {
		fail(err)
	}
	for _, p := range []*string{&s.engine, &s.book, &s.syzygy, &s.out} {
		if *p != "" {
			if *p, err = filepath.Abs(*p); err != nil {
				fail(err)
			}
		}
	}
	for _, d := range []string{"rec", "logs", "pgn"} {
		if err := os.MkdirAll(filepath.Join(s.out, d), 0o755); err != nil {
			fail(err)
		}
	}
	if n, err := exec.LookPath("nice"); err == nil && os.Geteuid() == 0 {
		s.nice = n
	}
	s.chess960 = filepath.Join(s.out, "chess960.epd")
	if b, err := exec.Command(s.engine, "chess960", "-out", s.chess960).CombinedOutput(); err != nil {
		fail(fmt.Errorf("%s chess960: %v %s", s.engine, err, b))
	}
	if s.done, err = readBatches(filepath.Join(s.out, "batches.jsonl")); err != nil && !os.IsNotExist(err) {
		fail(err)
	}
	for _, b := range s.done {
		s.nextID = max(s.nextID, b.ID+1)
		s.played += b.Games
	}
	start := time.Now()
	var wg sync.WaitGroup
	for lane := 0; lane < s.lanes; lane++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.lane(lane)
		}()
	}
	wg.Wait()
	rep := report(s.done, map[string]string{
		"lanes": strconv.Itoa(s.lanes), "wall": time.Since(start).Round(time.Second).String(),
		"opponent": s.opponent, "seed": strconv.Itoa(seed), "batch": strconv.Itoa(s.perBatch)})
	os.WriteFile(filepath.Join(s.out, "report.md"), []byte(rep), 0o644)
	fmt.Print(rep)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "soak:", err)
	os.Exit(1)
}

// wrapMain is `soak wrap -rec FILE -label L [-ponder] -- ENGINE ARGS...`.
func wrapMain(args []string) int {
	fs := flag.NewFlagSet("wrap", flag.ExitOnError)
	rec := fs.String("rec", "", "file the record is appended to")
	label := fs.String("label", "", "the record's label")
	ponder := fs.Bool("ponder", false, "ponder as a GUI would")
	fs.Parse(args)
	if *rec == "" || fs.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: soak wrap -rec FILE [-label L] [-ponder] -- ENGINE ARGS...")
		return 2
	}
	return wrap(*rec, *label, *ponder, fs.Args())
}

// lane plays batches until the run has its games.
func (s *soak) lane(lane int) {
	for {
		s.mu.Lock()
		if s.played >= s.games {
			s.mu.Unlock()
			return
		}
		id := s.nextID
		s.nextID++
		s.played += s.perBatch // claimed; corrected when the batch ends
		s.mu.Unlock()

		b := s.run(id, lane)

		s.mu.Lock()
		s.played += b.Games - s.perBatch
		s.done = append(s.done, b)
		appendJSON(filepath.Join(s.out, "batches.jsonl"), b)
		n := s.played
		s.mu.Unlock()
		status := "ok"
		if len(b.Failed) > 0 {
			status = "FAILED: " + strings.Join(b.Failed, "; ")
		}
		fmt.Printf("batch %d lane %d: %d games, %s, %.0fs, %d/%d games: %s\n",
			id, lane, b.Games, b.Config.Limit.Kind+" "+b.Config.Limit.Value, b.Seconds, n, s.games, status)
	}
}

// run plays batch id: draws its configuration, runs fastchess, and
// collects what happened.
func (s *soak) run(id, lane int) batch {
	r := rand.New(rand.NewPCG(s.seed, uint64(id)))
	cfg := drawBatch(r, s.opponent != "", s.syzygy != "")
	b := batch{ID: id, Lane: lane, Config: cfg, Sides: map[string]*side{}}
	stem := fmt.Sprintf("b%05d", id)
	pgn := filepath.Join(s.out, "pgn", stem+".pgn")
	var logs []string
	brudno := func(name string, c engineConfig) []string {
		rec := filepath.Join(s.out, "rec", stem+"-"+name+".jsonl")
		log := filepath.Join(s.out, "logs", stem+"-"+name+".log")
		logs = append(logs, rec, log)
		wrapArgs := "wrap -rec " + rec + " -label " + name
		if c.Ponder {
			wrapArgs += " -ponder"
		}
		cmd, engine := s.self, s.engine
		if s.nice != "" {
			// fastchess (at -5) and the wrapper (at -10) stand in for the
			// GUI: their delays are not the engine's, so they run above
			// the engines, which run at the usual priority (0).
			cmd, wrapArgs = s.nice, "-n -5 "+s.self+" "+wrapArgs
			engine = s.nice + " -n 10 " + engine
		}
		a := []string{"-engine", "cmd=" + cmd, "args=" + wrapArgs + " -- " + engine, "name=" + name,
			cfg.Limit.limitArg(true), "option.Debug Log File=" + log}
		b.Sides[name] = &side{Name: name}
		return append(a, c.options(s.syzygy)...)
	}
	args := brudno("brudno-A", cfg.A)
	if cfg.B != nil {
		args = append(args, brudno("brudno-B", *cfg.B)...)
	} else {
		// Ethereal 12 spends the whole of a movetime, and fastchess
		// allows nothing beyond it: a margin keeps those games going.
		la := cfg.Limit.limitArg(false)
		if strings.HasPrefix(la, "st=") {
			la += " timemargin=100"
		}
		opp := []string{"cmd=" + s.opponent}
		if s.nice != "" {
			opp = []string{"cmd=" + s.nice, "args=-n 5 " + s.opponent} // back to priority 0
		}
		args = append(append(append(args, "-engine"), opp...), "name=opponent", "option.Hash=16", "option.Threads=1")
		args = append(args, strings.Fields(la)...)
		b.Sides["opponent"] = &side{Name: "opponent"}
	}
	book := s.book
	if cfg.Chess960 {
		book = s.chess960
		args = append(args, "-variant", "fischerandom")
	}
	args = append(args, "-openings", "file="+book, "format=epd", "order=random",
		"-srand", strconv.FormatUint(s.seed*1000003+uint64(id), 10),
		"-rounds", strconv.Itoa(s.perBatch/2), "-games", "2", "-repeat", "-concurrency", "1",
		"-pgnout", "file="+pgn, "-ratinginterval", "0")
	if s.adjudicate {
		args = append(args, "-resign", "movecount=5", "score=1000", "twosided=true",
			"-draw", "movenumber=50", "movecount=8", "score=5")
	}
	start := time.Now()
	cmd := exec.Command(s.fastchess, args...)
	if s.nice != "" {
		cmd = exec.Command(s.nice, append([]string{"-n", "-5", s.fastchess}, args...)...)
	}
	cmd.Dir = s.out
	out, err := cmd.CombinedOutput()
	b.Seconds = time.Since(start).Seconds()
	os.WriteFile(filepath.Join(s.out, "logs", stem+"-fastchess.txt"), out, 0o644)
	logs = append(logs, filepath.Join(s.out, "logs", stem+"-fastchess.txt"))
	parseFastchess(string(out), &b)
	if err != nil {
		b.Warnings = append(b.Warnings, "fastchess: "+err.Error())
	}
	for name, sd := range b.Sides {
		if strings.HasPrefix(name, "brudno") {
			recs, _ := readRecords(filepath.Join(s.out, "rec", stem+"-"+name+".jsonl"))
			sd.Records = recs
		}
	}
	b.Failed = b.failures()
	if len(b.Failed) == 0 {
		for _, f := range append(logs, pgn) {
			os.Remove(f)
		}
	}
	return b
}

var pvRE = regexp.MustCompile(`^Warning; (.*PV.*?) - (?:move \S+ )?from (\S+)$`)

// parseFastchess tallies fastchess's output into the batch.
func parseFastchess(out string, b *batch) {
	get := func(name string) *side {
		if b.Sides[name] == nil {
			b.Sides[name] = &side{Name: name}
		}
		return b.Sides[name]
	}
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if g, ok := fastchess.Finished(line); ok {
			b.Games++
			sd := get(g.Loser)
			switch g.Ending {
			case fastchess.TimeLoss:
				sd.TimeLosses++
				if g.OverrunMS >= 0 {
					sd.OverrunMS = append(sd.OverrunMS, g.OverrunMS)
				}
			case fastchess.Illegal:
				sd.Illegal++
			case fastchess.Disconnect:
				sd.Crashes++
			case fastchess.Stall:
				sd.Stalls++
			}
			continue
		}
		if m := pvRE.FindStringSubmatch(line); m != nil {
			kind, name := m[1], m[2]
			sd := get(name)
			if sd.PV == nil {
				sd.PV = map[string]int{}
			}
			sd.PV[kind]++
			continue
		}
		if strings.HasPrefix(line, "Warning") || strings.Contains(line, "rror") {
			if len(b.Warnings) < 20 {
				b.Warnings = append(b.Warnings, line)
			}
		}
	}
}

// failures lists what went wrong in a batch; empty when nothing did.
func (b *batch) failures() []string {
	var f []string
	if b.Games == 0 {
		f = append(f, "no game finished")
	}
	for _, w := range b.Warnings {
		if b.bookNoScore(w) {
			continue
		}
		f = append(f, "fastchess: "+w)
	}
	for name, sd := range b.Sides {
		add := func(n int, what string) {
			if n > 0 {
				f = append(f, fmt.Sprintf("%s: %d %s", name, n, what))
			}
		}
		if sd.TimeLosses > 0 {
			// fastchess's overrun beside the wrapper's: a loss the wrapper
			// saw answered in time was lost between it and fastchess.
			wrapped := "-"
			for _, r := range sd.Records {
				wrapped = fmt.Sprintf("%.1f ms, after waiting %.1f ms for a CPU", r.MaxOverrunMS, r.WaitAtMaxMS)
			}
			f = append(f, fmt.Sprintf("%s: %d losses on time (fastchess overrun %v ms, largest at the wrapper %s)",
				name, sd.TimeLosses, sd.OverrunMS, wrapped))
		}
		add(sd.Illegal, "illegal moves")
		add(sd.Crashes, "crashes")
		add(sd.Stalls, "stalls")
		for k, n := range sd.PV {
			add(n, "PV warnings: "+k)
		}
		if !strings.HasPrefix(name, "brudno") {
			continue
		}
		if len(sd.Records) == 0 {
			f = append(f, name+": no wrapper record (the process was killed?)")
		}
		for _, r := range sd.Records {
			if r.Exit != 0 || r.Signal != "" {
				f = append(f, fmt.Sprintf("%s: exit %d %s", name, r.Exit, r.Signal))
			}
			for _, v := range r.Violations {
				f = append(f, name+": "+v)
			}
			if r.Stderr != "" {
				f = append(f, name+": stderr: "+firstLine(r.Stderr))
			}
		}
	}
	return f
}

// bookNoScore tells fastchess's warning that a move came without a
// scored info line when it names a Brudno with OwnBook on: a book move is
// played at once with `info string book move ...` and no score, as
// intended.
func (b *batch) bookNoScore(w string) bool {
	name, ok := strings.CutPrefix(w, "Warning; No info line available to extract score from engine ")
	switch {
	case !ok:
		return false
	case name == "brudno-A":
		return b.Config.A.OwnBook
	case name == "brudno-B":
		return b.Config.B != nil && b.Config.B.OwnBook
	}
	return false
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

func readRecords(file string) ([]record, error) {
	return readLines[record](file)
}

func readBatches(file string) ([]batch, error) {
	return readLines[batch](file)
}

// readLines reads a file of JSON lines; a torn last line is skipped.
func readLines[T any](file string) ([]T, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var vs []T
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var v T
		if json.Unmarshal(sc.Bytes(), &v) == nil {
			vs = append(vs, v)
		}
	}
	return vs, sc.Err()
}
