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
// Output format, one position per line (see eval.FormatSample):
//
//	<FEN, six fields> [<result for White: 1.0, 0.5 or 0.0>]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"os"
	"runtime"
	"sync"
	"time"

	"brudno/board"
	"brudno/eval"
	"brudno/search"
)

// datagenConfig holds the settings of one data-generation run.
type datagenConfig struct {
	games, threads, hashMB  int
	nodes                   uint64
	randomPlies, skipPlies  int
	perGame, maxPlies       int
	resignScore, resignPly  int
	drawScore, drawPly      int
	drawAfter               int
	seed                    int64
	openings                []string
	progressEvery           time.Duration
	stderr                  io.Writer
	writeGame               func(lines []string) error
	gamesDone, wins, losses int
}

func cmdDatagen(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("datagen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cfg datagenConfig
	bookPath := fs.String("book", "", "EPD/FEN `file` of opening positions (e.g. ../shared/books/noob_2moves.epd); none: random plies from the start position")
	out := fs.String("out", "", "write the positions to this `file` (required)")
	appendOut := fs.Bool("append", false, "append to the output file instead of replacing it")
	fs.IntVar(&cfg.games, "games", 1000, "games to play")
	fs.Uint64Var(&cfg.nodes, "nodes", 5000, "nodes per move")
	fs.IntVar(&cfg.threads, "threads", runtime.NumCPU(), "games played at once")
	fs.IntVar(&cfg.hashMB, "hash", 16, "transposition table size per game thread, MB")
	fs.IntVar(&cfg.randomPlies, "random-plies", -1, "random legal plies after the opening position (default 0 with -book, 8 without)")
	fs.IntVar(&cfg.skipPlies, "skip-plies", 8, "record no position in the first this many plies of a game")
	fs.IntVar(&cfg.perGame, "per-game", 0, "record at most this many quiet positions per game, chosen at random (0: all)")
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
	if len(positional) > 0 || *out == "" || cfg.games < 1 || cfg.nodes < 1 || cfg.threads < 1 {
		fmt.Fprintln(stderr, "usage: brudno datagen -out FILE [-book FILE] [-games N] [-nodes N] [-threads N] [flags]  (`brudno datagen -h` lists them)")
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
		fens, err := readFENs(*bookPath)
		if err != nil {
			fmt.Fprintf(stderr, "datagen: %v\n", err)
			return 1
		}
		for i, fen := range fens {
			if _, err := board.ParseFEN(fen); err != nil {
				fmt.Fprintf(stderr, "datagen: %s: position %d (%s): %v\n", *bookPath, i+1, fen, err)
				return 1
			}
		}
		if len(fens) == 0 {
			fmt.Fprintf(stderr, "datagen: %s holds no positions\n", *bookPath)
			return 1
		}
		cfg.openings = fens
	}
	flags := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
	if *appendOut {
		flags = os.O_CREATE | os.O_WRONLY | os.O_APPEND
	}
	f, err := os.OpenFile(*out, flags, 0o644)
	if err != nil {
		fmt.Fprintf(stderr, "datagen: %v\n", err)
		return 1
	}
	w := bufio.NewWriterSize(f, 1<<16)
	positions := 0
	cfg.writeGame = func(lines []string) error {
		for _, l := range lines {
			if _, err := w.WriteString(l + "\n"); err != nil {
				return err
			}
		}
		positions += len(lines)
		return nil
	}
	cfg.stderr = stderr
	cfg.progressEvery = 10 * time.Second
	began := time.Now()
	err = cfg.run()
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintf(stderr, "datagen: %v\n", err)
		return 1
	}
	el := time.Since(began)
	fmt.Fprintf(stdout, "%d games (White won %d, drawn %d, Black won %d), %d positions written to %s in %.1fs (%.2f games/s, %d nodes per move, %d threads)\n",
		cfg.gamesDone, cfg.wins, cfg.gamesDone-cfg.wins-cfg.losses, cfg.losses, positions, *out, el.Seconds(),
		float64(cfg.gamesDone)/el.Seconds(), cfg.nodes, cfg.threads)
	return 0
}

// gameRecord is a finished game's positions and result.
type gameRecord struct {
	lines  []string
	result float64
}

// run plays the games on cfg.threads workers and writes each as it ends.
func (cfg *datagenConfig) run() error {
	jobs := make(chan int)
	done := make(chan gameRecord)
	var wg sync.WaitGroup
	for i := 0; i < cfg.threads; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tt := search.NewTT(cfg.hashMB)
			s := search.NewSearcher(tt)
			ev := eval.NewEvaluator()
			for g := range jobs {
				tt.Clear()
				s.Clear()
				done <- cfg.playGame(s, ev, rand.New(rand.NewSource(cfg.seed*1_000_003+int64(g))))
			}
		}()
	}
	go func() {
		for g := 0; g < cfg.games; g++ {
			jobs <- g
		}
		close(jobs)
		wg.Wait()
		close(done)
	}()
	began, last := time.Now(), time.Now()
	var firstErr error
	positions := 0
	for rec := range done {
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
		positions += len(rec.lines)
		firstErr = cfg.writeGame(rec.lines)
		if time.Since(last) >= cfg.progressEvery || cfg.gamesDone == cfg.games {
			last = time.Now()
			el := time.Since(began).Seconds()
			fmt.Fprintf(cfg.stderr, "games %d/%d  positions %d  +%d =%d -%d  %.0fs  %.2f games/s\n",
				cfg.gamesDone, cfg.games, positions, cfg.wins, cfg.gamesDone-cfg.wins-cfg.losses, cfg.losses, el, float64(cfg.gamesDone)/el)
		}
	}
	return firstErr
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

// playGame plays one self-play game and returns its quiet positions with
// the result.
func (cfg *datagenConfig) playGame(s *search.Searcher, ev *eval.Evaluator, rng *rand.Rand) gameRecord {
	pos := cfg.opening(rng)
	opts := search.DefaultOptions()
	opts.Threads = 1
	var fens []string
	var result float64
	winStreak, drawStreak, lastSign := 0, 0, 0
	var list board.MoveList
game:
	for ply := 0; ; ply++ {
		pos.GenerateLegal(&list)
		switch {
		case list.Count == 0 && pos.InCheck():
			result = 1
			if pos.Side() == board.White {
				result = 0
			}
			break game
		case list.Count == 0, pos.IsThreefold(), pos.IsFiftyMoveDraw(), pos.InsufficientMaterial(), ply >= cfg.maxPlies:
			result = 0.5
			break game
		default:
			nodes := cfg.nodes - cfg.nodes/8 + uint64(rng.Int63n(int64(cfg.nodes/4+1)))
			res := s.Search(pos, search.Limits{Nodes: nodes}, opts, 0, search.Callbacks{})
			score := res.Score
			if pos.Side() == board.Black {
				score = -score
			}
			if ply >= cfg.skipPlies && !search.IsMateScore(score) && ev.IsQuiet(pos) {
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
				break game
			}
			if ply >= cfg.drawAfter && drawStreak >= cfg.drawPly {
				result = 0.5
				break game
			}
			pos.Make(res.Best)
		}
	}
	if cfg.perGame > 0 && len(fens) > cfg.perGame {
		rng.Shuffle(len(fens), func(i, j int) { fens[i], fens[j] = fens[j], fens[i] })
		fens = fens[:cfg.perGame]
	}
	lines := make([]string, len(fens))
	for i, fen := range fens {
		lines[i] = eval.FormatSample(fen, result)
	}
	return gameRecord{lines, result}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
