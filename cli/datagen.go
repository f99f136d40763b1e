// The datagen subcommand: training data for the Texel tuner, made by the
// engine itself. It plays self-play games with a fixed small node budget
// per move (varied by up to ±12.5% per move so that games from one
// opening differ) from varied openings (a random position of an EPD/FEN
// book such as noob_2moves.epd, then optionally random legal plies),
// adjudicates them (mate, stalemate, repetition, fifty moves, insufficient
// material, a long decisive or drawn score, a ply limit), and writes every
// quiet position it met (side to move not in check, static evaluation
// equal to the quiescence value, no mate score) with the game's result.
//
// Output format -format text (the default), one position per line (see
// eval.FormatSample):
//
//	<FEN, six fields> [<result for White: 1.0, 0.5 or 0.0>]
//
// With -format bin it writes instead the 32-byte records of package
// brudno/nnue/data for NNUE training: each holds the position, the score
// of the search made there (side to move's view) and the game's result.
// The positions recorded are those where the side to move is not in
// check, the best move found is neither a capture nor a promotion and the
// score is no mate score (the static evaluation is not asked: the network
// learns from the search score). A bin run can go on for hours: SIGINT or
// SIGTERM stops it taking new games, it finishes and writes the games in
// progress (a second signal drops them), flushes and exits 0; each game's
// records are written together and the buffer is flushed every 10
// seconds, so a crash loses only the last seconds. With -append it
// continues a file: a trailing partial record (left by a kill -9) is cut
// off, and the games are numbered on from the count kept in FILE.games
// (the next game index, rewritten before each game starts), so a resumed
// run with the same -seed plays no game of the earlier runs again.
//
// With -pgn FILE every game is also written as PGN, in the order the
// games end: the start position (book line and random plies) in a FEN
// tag, the game's index in Round, the moves in SAN (a mate ends in #),
// the result, and how the game ended in a Termination tag ("normal" for
// mate and the drawing rules, "adjudication" for the score, ply and
// table adjudications) and a closing comment naming the rule. With
// -resign-score and -draw-after set out of reach the games end on the
// board, which is how the built-in suite gamemates was made
// (docs/commands.md, "epd").

package cli

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"brudno/board"
	"brudno/eval"
	"brudno/nnue"
	"brudno/nnue/data"
	"brudno/search"
	"brudno/syzygy"
	"brudno/testpositions"
)

// datagenConfig holds the settings of one data-generation run.
type datagenConfig struct {
	games, threads, hashMB  int
	nodes, softNodes        uint64
	tb                      *syzygy.Tables // -syzygy: adjudicate by the tables (nil: not)
	randomPlies, skipPlies  int
	perGame, maxPlies       int
	resignScore, resignPly  int
	drawScore, drawPly      int
	drawAfter               int
	seed                    int64
	bin                     bool      // -format bin: NNUE records instead of text lines
	net                     *nnue.Net // -nnue: the games' evaluation (nil: the hand-crafted one)
	firstGame               int       // index of the first game (bin -append goes on from FILE.games)
	openings                []string
	progressEvery           time.Duration
	stderr                  io.Writer
	writeGame               func(rec *gameRecord) error
	pgn                     io.Writer // -pgn: every game as PGN (nil: none)
	gamesDone, wins, losses int
	searches, searchNodes   uint64 // the searches of the games written, and their nodes

	// Bin format only (nil otherwise): reserve records that game indices
	// below next are used, before a game starts; flush is called every
	// flushEvery; closing stop ends the issue of new games, closing abort
	// also stops waiting for the games in progress.
	reserve     func(next int) error
	flush       func() error
	flushEvery  time.Duration
	stop, abort <-chan struct{}

	// trace, when not nil, is told of every search of playGame: the
	// position and the result, before the move is played (tests replay
	// the games with it).
	trace func(pos *board.Position, res search.Result)
}

func cmdDatagen(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("datagen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cfg datagenConfig
	format := fs.String("format", "text", "output `format`: text (`FEN [result]` lines for the tuner) or bin (32-byte NNUE training records, see nnue/data)")
	bookPath := fs.String("book", "", "EPD/FEN `file` of opening positions (e.g. ../shared/books/noob_2moves.epd); none: random plies from the start position")
	out := fs.String("out", "", "write the positions to this `file` (required)")
	netFile := fs.String("nnue", "", "play the games with the NNUE network of this `file` (default: the hand-crafted evaluation); the scores recorded are then the network's search's")
	pgnPath := fs.String("pgn", "", "also write every game as PGN to this `file` (replaced, or appended to with -append)")
	appendOut := fs.Bool("append", false, "append to the output file instead of replacing it (bin: and go on with new games, numbered on from FILE.games)")
	fs.IntVar(&cfg.games, "games", 1000, "games to play")
	fs.Uint64Var(&cfg.nodes, "nodes", 5000, "nodes per move (with -soft-nodes: the hard limit of a search)")
	fs.Uint64Var(&cfg.softNodes, "soft-nodes", 0, "end each search after the first whole iteration that reaches this many nodes, varied as -nodes is (0: none; -nodes then cuts an iteration)")
	tbPath := fs.String("syzygy", "", "adjudicate a game by the Syzygy tables of these `folders` once its position is in them: win, loss, or a draw (also for a win or loss that the fifty-move rule spoils)")
	fs.IntVar(&cfg.threads, "threads", runtime.NumCPU(), "games played at once")
	fs.IntVar(&cfg.hashMB, "hash", 16, "transposition table size per game thread, MB")
	fs.IntVar(&cfg.randomPlies, "random-plies", -1, "random legal plies after the opening position (default 0 with -book, 8 without)")
	fs.IntVar(&cfg.skipPlies, "skip-plies", 8, "record no position in the first this many plies of a game")
	fs.IntVar(&cfg.perGame, "per-game", 0, "record at most this many positions per game, chosen at random (0: all)")
	fs.IntVar(&cfg.maxPlies, "max-plies", 400, "adjudicate a draw after this many plies")
	fs.IntVar(&cfg.resignScore, "resign-score", 1000, "adjudicate a win when the score is at least this (centipawns) ...")
	fs.IntVar(&cfg.resignPly, "resign-plies", 6, "... for this many consecutive plies")
	fs.IntVar(&cfg.drawScore, "draw-score", 8, "adjudicate a draw when the score is within this of zero ...")
	fs.IntVar(&cfg.drawPly, "draw-plies", 12, "... for this many consecutive plies ...")
	fs.IntVar(&cfg.drawAfter, "draw-after", 80, "... after this many plies")
	fs.Int64Var(&cfg.seed, "seed", 1, "random seed (the games of a seed are the same whatever -threads is)")
	positional, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(positional) > 0 || *out == "" || cfg.games < 1 || cfg.nodes < 1 || cfg.softNodes > cfg.nodes || cfg.threads < 1 || (*format != "text" && *format != "bin") {
		fmt.Fprintln(stderr, "usage: brudno datagen -out FILE [-format text|bin] [-book FILE] [-games N] [-nodes N] [-threads N] [flags]  (`brudno datagen -h` lists them)")
		return 2
	}
	if cfg.randomPlies < 0 {
		cfg.randomPlies = 8
		if *bookPath != "" {
			cfg.randomPlies = 0
		}
	}
	cfg.openings = []string{board.StartFEN}
	if *bookPath != "" {
		if cfg.openings, err = readDatagenBook(*bookPath); err != nil {
			fmt.Fprintf(stderr, "datagen: %v\n", err)
			return 1
		}
	}
	if *tbPath != "" {
		ts, err := syzygy.Open(*tbPath)
		if err != nil || ts.MaxPieces() == 0 {
			fmt.Fprintf(stderr, "datagen: -syzygy %s: no usable tables (%v)\n", *tbPath, err)
			return 1
		}
		cfg.tb = ts
	}
	if *netFile != "" {
		if cfg.net, err = nnue.LoadFile(*netFile); err != nil {
			fmt.Fprintf(stderr, "datagen: -nnue: %v\n", err)
			return 2
		}
	}
	cfg.stderr = stderr
	cfg.progressEvery = 10 * time.Second
	if *pgnPath != "" {
		flags := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
		if *appendOut {
			flags = os.O_CREATE | os.O_WRONLY | os.O_APPEND
		}
		pf, err := os.OpenFile(*pgnPath, flags, 0o644)
		if err != nil {
			fmt.Fprintf(stderr, "datagen: -pgn: %v\n", err)
			return 1
		}
		pw := bufio.NewWriter(pf)
		cfg.pgn = pw
		defer func() {
			if err := pw.Flush(); err != nil {
				fmt.Fprintf(stderr, "datagen: -pgn: %v\n", err)
			}
			pf.Close()
		}()
	}
	if *format == "bin" {
		cfg.bin = true
		return datagenBin(&cfg, *out, *appendOut, stdout, stderr)
	}
	return datagenText(&cfg, *out, *appendOut, stdout, stderr)
}

// readDatagenBook reads the opening positions of an EPD/FEN book, each
// checked to parse.
func readDatagenBook(path string) ([]string, error) {
	fens, err := readFENs(path)
	if err != nil {
		return nil, err
	}
	var list board.MoveList
	for i, fen := range fens {
		p, err := board.ParseFEN(fen)
		if err != nil {
			return nil, fmt.Errorf("%s: position %d (%s): %v", path, i+1, fen, err)
		}
		if p.GenerateLegal(&list); list.Count == 0 {
			return nil, fmt.Errorf("%s: position %d (%s) has no legal move", path, i+1, fen)
		}
	}
	if len(fens) == 0 {
		return nil, fmt.Errorf("%s holds no positions", path)
	}
	return fens, nil
}

// datagenText runs cfg with -format text into the file out (replaced,
// or appended to) and prints the summary.
func datagenText(cfg *datagenConfig, out string, appendOut bool, stdout, stderr io.Writer) int {
	flags := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
	if appendOut {
		flags = os.O_CREATE | os.O_WRONLY | os.O_APPEND
	}
	f, err := os.OpenFile(out, flags, 0o644)
	if err != nil {
		fmt.Fprintf(stderr, "datagen: %v\n", err)
		return 1
	}
	w := bufio.NewWriterSize(f, 1<<16)
	positions := 0
	cfg.writeGame = func(rec *gameRecord) error {
		for _, l := range rec.lines {
			if _, err := w.WriteString(l + "\n"); err != nil {
				return err
			}
		}
		positions += len(rec.lines)
		return nil
	}
	began := time.Now()
	err = runAndClose(cfg, w.Flush, f)
	if err != nil {
		fmt.Fprintf(stderr, "datagen: %v\n", err)
		return 1
	}
	el := time.Since(began)
	fmt.Fprintf(stdout, "%d games (White won %d, drawn %d, Black won %d), %d positions written to %s in %.1fs (%.2f games/s, %d nodes per move, %d threads)\n",
		cfg.gamesDone, cfg.wins, cfg.gamesDone-cfg.wins-cfg.losses, cfg.losses, positions, out, el.Seconds(),
		float64(cfg.gamesDone)/el.Seconds(), cfg.nodes, cfg.threads)
	return 0
}

// datagenBin runs cfg with -format bin into the file out: it opens (or
// continues) the file and its game counter, stops on SIGINT/SIGTERM, and
// prints the summary.
func datagenBin(cfg *datagenConfig, out string, appendOut bool, stdout, stderr io.Writer) int {
	stop, abort := make(chan struct{}), make(chan struct{})
	finished := make(chan struct{})
	defer close(finished)
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sig)
	go func() {
		select {
		case s := <-sig:
			fmt.Fprintf(stderr, "datagen: %v: no new games; finishing the games in progress (signal again to drop them)\n", s)
			close(stop)
		case <-finished:
			return
		}
		select {
		case <-sig:
			fmt.Fprintln(stderr, "datagen: dropping the games in progress")
			close(abort)
		case <-finished:
		}
	}()
	return runDatagenBin(cfg, out, appendOut, stop, abort, stdout, stderr)
}

// runDatagenBin is datagenBin without the signal handling: closing stop
// or abort has the effect of a first or second signal.
func runDatagenBin(cfg *datagenConfig, out string, appendOut bool, stop, abort <-chan struct{}, stdout, stderr io.Writer) int {
	fail := func(err error) int {
		fmt.Fprintf(stderr, "datagen: %v\n", err)
		return 1
	}
	counter := out + ".games"
	var existing int64
	flags := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
	if appendOut {
		flags = os.O_CREATE | os.O_WRONLY | os.O_APPEND
		n, extra, err := data.CountFile(out)
		switch {
		case errors.Is(err, os.ErrNotExist):
		case err != nil:
			return fail(err)
		case extra != 0:
			fmt.Fprintf(stderr, "datagen: warning: %s ends in a partial record (%d bytes after %d whole records); cutting it off\n", out, extra, n)
			if err := os.Truncate(out, n*data.RecordSize); err != nil {
				return fail(err)
			}
		}
		existing = n
		next, err := readGameCounter(counter)
		switch {
		case errors.Is(err, os.ErrNotExist):
			next = int(existing)
			if existing > 0 {
				fmt.Fprintf(stderr, "datagen: warning: no %s; numbering the games on from the record count, %d\n", counter, next)
			}
		case err != nil:
			return fail(err)
		}
		cfg.firstGame = next
	}
	if err := writeGameCounter(counter, cfg.firstGame); err != nil {
		return fail(err)
	}
	f, err := os.OpenFile(out, flags, 0o644)
	if err != nil {
		return fail(err)
	}
	w := data.NewWriter(f)
	cfg.writeGame = func(rec *gameRecord) error { return w.WriteAll(rec.records) }
	cfg.flush = w.Flush
	cfg.flushEvery = 10 * time.Second
	cfg.reserve = func(next int) error { return writeGameCounter(counter, next) }
	cfg.stop, cfg.abort = stop, abort
	began := time.Now()
	err = runAndClose(cfg, w.Flush, f)
	if err != nil {
		return fail(err)
	}
	el := time.Since(began)
	next, err := readGameCounter(counter)
	if err != nil {
		return fail(err)
	}
	fmt.Fprintf(stdout, "%d games (White won %d, drawn %d, Black won %d), %d positions written to %s in %.1fs (%.2f games/s, %.0f positions/s, %d nodes per move, %.0f searched on average, %d threads); the file holds %d records, next game index %d\n",
		cfg.gamesDone, cfg.wins, cfg.gamesDone-cfg.wins-cfg.losses, cfg.losses, w.Count(), out, el.Seconds(),
		float64(cfg.gamesDone)/el.Seconds(), float64(w.Count())/el.Seconds(), cfg.nodes, cfg.meanNodes(), cfg.threads, existing+w.Count(), next)
	return 0
}

// readGameCounter reads the next game index from a FILE.games counter.
func readGameCounter(name string) (int, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%s: want the next game index (a number >= 0), found %q", name, strings.TrimSpace(string(b)))
	}
	return n, nil
}

// writeGameCounter replaces the counter file by one holding next; it
// writes a temporary file and renames it, so the counter is never torn.
func writeGameCounter(name string, next int) error {
	tmp := name + ".tmp"
	if err := os.WriteFile(tmp, []byte(strconv.Itoa(next)+"\n"), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, name)
}

// gameRecord is a finished game's positions (text lines or, with -format
// bin, records) and result.
type gameRecord struct {
	lines           []string
	records         []data.Record
	result          float64
	searches, nodes uint64 // the game's searches and the nodes they counted
	pgn             string // the game as PGN (-pgn)
}

// positions returns the number of positions the game recorded.
func (rec *gameRecord) positions() int { return len(rec.lines) + len(rec.records) }

// run plays the games on cfg.threads workers and writes each as it ends.
// Games get the indices cfg.firstGame on, and game g's random numbers
// come from its index alone, so the games of a seed do not depend on
// -threads.
func (cfg *datagenConfig) run() error {
	jobs := make(chan int)
	done := make(chan gameRecord)
	issueErr := make(chan error, 1)
	var wg sync.WaitGroup
	for i := 0; i < cfg.threads; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cfg.work(jobs, done)
		}()
	}
	go func() {
		defer func() {
			close(jobs)
			wg.Wait()
			close(done)
		}()
		if err := cfg.issue(jobs); err != nil {
			issueErr <- err
		}
	}()
	firstErr := cfg.collect(done)
	if firstErr == nil {
		select {
		case firstErr = <-issueErr:
		default:
		}
	}
	return firstErr
}

// work plays the games whose indices come on jobs, with a searcher and
// table of its own, and sends each finished game to done.
func (cfg *datagenConfig) work(jobs <-chan int, done chan<- gameRecord) {
	tt := search.NewTT(cfg.hashMB)
	s := search.NewSearcher(tt)
	ev := eval.NewEvaluator()
	for g := range jobs {
		tt.Clear()
		s.Clear()
		done <- cfg.playGame(s, ev, g, rand.New(rand.NewSource(cfg.seed*1_000_003+int64(g))))
	}
}

// issue sends the games' indices to jobs until all are issued or stop or
// abort is closed, reserving each index first (bin format); it returns
// the error of a reservation that failed.
func (cfg *datagenConfig) issue(jobs chan<- int) error {
	for i := 0; i < cfg.games; i++ {
		g := cfg.firstGame + i
		select {
		case <-cfg.stop: // nil channels (text format) never fire
			return nil
		case <-cfg.abort:
			return nil
		default:
		}
		if cfg.reserve != nil {
			if err := cfg.reserve(g + 1); err != nil {
				return err
			}
		}
		select {
		case jobs <- g:
		case <-cfg.stop:
			return nil
		case <-cfg.abort:
			return nil
		}
	}
	return nil
}

// collect writes the games that come on done as they end, counting the
// results, flushing every cfg.flushEvery and reporting progress, until
// done is closed or abort is; after an error it only drains the workers.
// It returns the first error.
func (cfg *datagenConfig) collect(done chan gameRecord) error {
	var tick <-chan time.Time
	if cfg.flush != nil && cfg.flushEvery > 0 {
		t := time.NewTicker(cfg.flushEvery)
		defer t.Stop()
		tick = t.C
	}
	began, last := time.Now(), time.Now()
	var firstErr error
	positions := 0
	for {
		var rec gameRecord
		select {
		case r, ok := <-done:
			if !ok {
				return firstErr
			}
			rec = r
		case <-tick:
			if firstErr == nil {
				firstErr = cfg.flush()
			}
			continue
		case <-cfg.abort:
			go func() { // let the workers end their games and return
				for range done {
				}
			}()
			return firstErr
		}
		if firstErr != nil {
			continue // drain the workers
		}
		cfg.gamesDone++
		switch rec.result {
		case 1:
			cfg.wins++
		case 0:
			cfg.losses++
		}
		positions += rec.positions()
		cfg.searches += rec.searches
		cfg.searchNodes += rec.nodes
		firstErr = cfg.writeGame(&rec)
		if cfg.pgn != nil && firstErr == nil {
			_, firstErr = io.WriteString(cfg.pgn, rec.pgn)
		}
		if time.Since(last) >= cfg.progressEvery || cfg.gamesDone == cfg.games {
			last = time.Now()
			el := time.Since(began).Seconds()
			fmt.Fprintf(cfg.stderr, "games %d/%d  positions %d  +%d =%d -%d  %.0fs  %.2f games/s\n",
				cfg.gamesDone, cfg.games, positions, cfg.wins, cfg.gamesDone-cfg.wins-cfg.losses, cfg.losses, el, float64(cfg.gamesDone)/el)
		}
	}
}

// opening returns a start position for one game: a book position and
// cfg.randomPlies random legal plies (retried when they end the game).
func (cfg *datagenConfig) opening(rng *rand.Rand) *board.Position {
	for {
		p, err := board.ParseFEN(cfg.openings[rng.Intn(len(cfg.openings))])
		if err != nil {
			panic(err) // validated when the book was read
		}
		ok := true
		var list board.MoveList
		for i := 0; i < cfg.randomPlies && ok; i++ {
			p.GenerateLegal(&list)
			if list.Count == 0 {
				ok = false
				break
			}
			p.Make(list.Moves[rng.Intn(list.Count)])
		}
		if p.GenerateLegal(&list); ok && list.Count > 0 {
			p.ResetHistory()
			return p
		}
	}
}

// playGame plays game number index and returns its quiet positions with
// the result.
func (cfg *datagenConfig) playGame(s *search.Searcher, ev *eval.Evaluator, index int, rng *rand.Rand) gameRecord {
	pos := cfg.opening(rng)
	opts := search.DefaultOptions()
	opts.Threads = 1
	opts.Net = cfg.net
	var fens []string
	var records []data.Record
	var result float64
	var searches, searched uint64
	winStreak, drawStreak, lastSign := 0, 0, 0
	var list board.MoveList
	var startFEN, ending string
	var sans []string
	if cfg.pgn != nil {
		startFEN = pos.FEN()
	}
game:
	for ply := 0; ; ply++ {
		pos.GenerateLegal(&list)
		switch {
		case list.Count == 0 && pos.InCheck():
			result = 1
			if pos.Side() == board.White {
				result = 0
			}
			ending = "checkmate"
			break game
		case list.Count == 0, pos.IsThreefold(), pos.IsFiftyMoveDraw(), pos.InsufficientMaterial(), ply >= cfg.maxPlies:
			result = 0.5
			ending = drawEnding(pos, list.Count, ply >= cfg.maxPlies)
			break game
		default:
			if r, ok := cfg.tbResult(pos); ok {
				result = r
				ending = "tablebase adjudication"
				break game
			}
			nodes := cfg.nodes - cfg.nodes/8 + uint64(rng.Int63n(int64(cfg.nodes/4+1)))
			lim := search.Limits{Nodes: nodes}
			if cfg.softNodes > 0 {
				lim.SoftNodes = cfg.softNodes * nodes / cfg.nodes
			}
			res := s.Search(pos, lim, opts, 0, search.Callbacks{})
			searches++
			searched += res.Nodes
			if cfg.trace != nil {
				cfg.trace(pos, res)
			}
			score := res.Score
			if pos.Side() == board.Black {
				score = -score
			}
			if cfg.bin {
				if ply >= cfg.skipPlies && !search.IsMateScore(res.Score) && !pos.InCheck() && res.Best != board.NoMove &&
					!pos.IsCapture(res.Best) && res.Best.Kind() != board.Promotion {
					records = append(records, data.Encode(pos, res.Score, data.Draw)) // the result is set below
				}
			} else if ply >= cfg.skipPlies && !search.IsMateScore(score) && ev.IsQuiet(pos) {
				fens = append(fens, pos.FEN())
			}
			// Adjudication on the score (White's view).
			sign := 0
			if score >= cfg.resignScore {
				sign = 1
			} else if score <= -cfg.resignScore {
				sign = -1
			}
			if sign != 0 && sign == lastSign {
				winStreak++
			} else if sign != 0 {
				winStreak = 1
			} else {
				winStreak = 0
			}
			lastSign = sign
			if abs(score) <= cfg.drawScore {
				drawStreak++
			} else {
				drawStreak = 0
			}
			if winStreak >= cfg.resignPly {
				result = float64(sign+1) / 2
				ending = "score adjudication (win)"
				break game
			}
			if ply >= cfg.drawAfter && drawStreak >= cfg.drawPly {
				result = 0.5
				ending = "score adjudication (draw)"
				break game
			}
			if cfg.pgn != nil {
				sans = append(sans, testpositions.EncodeSAN(pos, res.Best))
			}
			pos.Make(res.Best)
		}
	}
	var pgn string
	if cfg.pgn != nil {
		pgn = gamePGN(index, startFEN, sans, result, ending)
	}
	if cfg.bin {
		if cfg.perGame > 0 && len(records) > cfg.perGame {
			rng.Shuffle(len(records), func(i, j int) { records[i], records[j] = records[j], records[i] })
			records = records[:cfg.perGame]
		}
		for i := range records {
			records[i].SetResult(data.ResultFromScore(result))
		}
		if len(records) > 0 {
			records[0].SetGameStart() // games can be told apart: a trainer holds out whole ones
		}
		return gameRecord{records: records, result: result, searches: searches, nodes: searched, pgn: pgn}
	}
	if cfg.perGame > 0 && len(fens) > cfg.perGame {
		rng.Shuffle(len(fens), func(i, j int) { fens[i], fens[j] = fens[j], fens[i] })
		fens = fens[:cfg.perGame]
	}
	lines := make([]string, len(fens))
	for i, fen := range fens {
		lines[i] = eval.FormatSample(fen, result)
	}
	return gameRecord{lines: lines, result: result, searches: searches, nodes: searched, pgn: pgn}
}

// drawEnding names the rule that drew a game on the board.
func drawEnding(pos *board.Position, legal int, plyLimit bool) string {
	switch {
	case legal == 0:
		return "stalemate"
	case pos.IsThreefold():
		return "threefold repetition"
	case pos.IsFiftyMoveDraw():
		return "fifty-move rule"
	case pos.InsufficientMaterial():
		return "insufficient material"
	case plyLimit:
		return "ply limit adjudication"
	}
	return "draw"
}

// gamePGN returns game number index as PGN.
func gamePGN(index int, startFEN string, sans []string, result float64, ending string) string {
	res := map[float64]string{1: "1-0", 0.5: "1/2-1/2", 0: "0-1"}[result]
	termination := "normal"
	if strings.Contains(ending, "adjudication") {
		termination = "adjudication"
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "[Event \"Brudno datagen\"]\n[Round \"%d\"]\n[White \"Brudno\"]\n[Black \"Brudno\"]\n[Result \"%s\"]\n", index, res)
	fmt.Fprintf(&sb, "[SetUp \"1\"]\n[FEN \"%s\"]\n[Termination \"%s\"]\n\n", startFEN, termination)
	fields := strings.Fields(startFEN)
	moveNo, black := 1, false
	if len(fields) == 6 {
		if n, err := strconv.Atoi(fields[5]); err == nil && n > 0 {
			moveNo = n
		}
		black = fields[1] == "b"
	}
	w := pgnWriter{width: 79}
	for i, san := range sans {
		switch {
		case !black:
			san = fmt.Sprintf("%d. %s", moveNo, san)
		case i == 0:
			san = fmt.Sprintf("%d... %s", moveNo, san)
		}
		w.add(san)
		if black {
			moveNo++
		}
		black = !black
	}
	w.add("{" + ending + "}")
	w.add(res)
	sb.WriteString(w.sb.String())
	sb.WriteString("\n\n")
	return sb.String()
}

// pgnWriter lays out PGN movetext: tokens (a numbered move, a comment, the
// result) joined by spaces, in lines of at most width characters.
type pgnWriter struct {
	sb      strings.Builder
	lineLen int
	width   int
}

func (w *pgnWriter) add(text string) {
	if w.lineLen > 0 && w.lineLen+len(text)+1 > w.width {
		w.sb.WriteString("\n")
		w.lineLen = 0
	}
	if w.lineLen > 0 {
		w.sb.WriteString(" ")
		w.lineLen++
	}
	w.sb.WriteString(text)
	w.lineLen += len(text)
}

// tbResult returns the result for White of a position the tables know
// (-syzygy): 1, 0.5 or 0, with a win or loss that the fifty-move rule
// spoils (a cursed win, a blessed loss) a draw, as the game would end.
func (cfg *datagenConfig) tbResult(pos *board.Position) (float64, bool) {
	if cfg.tb == nil || pos.Occupied().Count() > cfg.tb.MaxPieces() || pos.CastlingRights() != 0 {
		return 0, false
	}
	wdl, ok := cfg.tb.ProbeWDL(pos)
	if !ok {
		return 0, false
	}
	r := 0.5
	switch {
	case wdl == 2:
		r = 1
	case wdl == -2:
		r = 0
	}
	if pos.Side() == board.Black {
		r = 1 - r
	}
	return r, true
}

// meanNodes returns the mean nodes of the searches of the games written.
func (cfg *datagenConfig) meanNodes() float64 {
	if cfg.searches == 0 {
		return 0
	}
	return float64(cfg.searchNodes) / float64(cfg.searches)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// runAndClose plays cfg's games, then flushes the writer and closes the
// file whatever happened, returning the first error.
func runAndClose(cfg *datagenConfig, flush func() error, f *os.File) error {
	err := cfg.run()
	if ferr := flush(); err == nil {
		err = ferr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
