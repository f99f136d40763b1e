package main

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

// OpenBench's schedule: the perturbation ends at c_end and the learning
// rate at r_end after N iterations; the perturbation is larger before.
func TestSchedule(t *testing.T) {
	s := newSchedule(1000, 0.002)
	if c := s.ck(999, 5); math.Abs(c-5) > 1e-9 {
		t.Errorf("c at the last iteration %v, want c_end 5", c)
	}
	if r := s.rk(999, 5); math.Abs(r-0.002) > 1e-9 {
		t.Errorf("r at the last iteration %v, want r_end 0.002", r)
	}
	if s.ck(0, 5) <= s.ck(500, 5) || s.rk(0, 5) <= 0 {
		t.Error("the perturbation does not shrink, or the rate is not positive")
	}
}

// θ± stay in range and the update moves toward the winner.
func TestPerturbAndUpdate(t *testing.T) {
	s := newSchedule(100, 0.002)
	ps := []param{{Name: "A", Value: 10, Min: 0, Max: 12, CEnd: 4}, {Name: "B", Value: 50, Min: 0, Max: 100, CEnd: 4}}
	delta := []float64{1, -1}
	plus, minus := perturbed(ps, delta, s, 0)
	if plus[0] != 12 || minus[0] >= 10 || plus[1] >= 50 || minus[1] <= 50 {
		t.Errorf("θ+ %v, θ- %v", plus, minus)
	}
	update(ps, delta, s, 0, 2) // θ+ won two more games than it lost
	if ps[0].Value <= 10 || ps[1].Value >= 50 || ps[0].Value > 12 {
		t.Errorf("after θ+ won: %+v", ps)
	}
}

func TestParseResult(t *testing.T) {
	out := []byte(`Results of plus vs minus (2+0.02, 1t, 8MB, noob_2moves.epd):
Elo: 0.00 +/- 0.00, nElo: 0.00 +/- 0.00
Games: 2, Wins: 1, Losses: 0, Draws: 1, Points: 1.5 (75.00 %)
--------------------------------------------------
Results of plus vs minus (2+0.02, 1t, 8MB, noob_2moves.epd):
Games: 4, Wins: 2, Losses: 1, Draws: 1, Points: 2.5 (62.50 %)
`)
	games, wins, losses, err := parseResult(out)
	if err != nil || games != 4 || wins != 2 || losses != 1 {
		t.Errorf("parsed %d games +%d -%d, %v; want the last summary, 4 games +2 -1", games, wins, losses, err)
	}
	if _, _, _, err := parseResult([]byte("no summary")); err == nil {
		t.Error("no summary: no error")
	}
}

// -tc takes a time control or a fixed limit in fastchess's form.
func TestLimitArg(t *testing.T) {
	for in, want := range map[string]string{"2+0.02": "tc=2+0.02", "1+0.01": "tc=1+0.01", "nodes=5000": "nodes=5000", "st=0.1": "st=0.1"} {
		if got := limitArg(in); got != want {
			t.Errorf("limitArg(%q) = %q, want %q", in, got, want)
		}
	}
}

// Each iteration's command line: both engines with their values, the
// limit, the book from the drawn start, and -pgnout only with -pgn.
func TestMatchArgs(t *testing.T) {
	c := config{engine: "./brudno-tune", book: "book.epd", tc: "nodes=5000", hash: 8, pairs: 8, concurrency: 2}
	ps := []param{{Name: "LMRBase"}, {Name: "RFPMargin"}}
	got := strings.Join(c.matchArgs(ps, []int{80, 70}, []int{70, 80}, 42), " ")
	want := "-engine cmd=./brudno-tune name=plus option.LMRBase=80 option.RFPMargin=70" +
		" -engine cmd=./brudno-tune name=minus option.LMRBase=70 option.RFPMargin=80" +
		" -each nodes=5000 option.Threads=1 option.Hash=8 -openings file=book.epd format=epd order=random start=42" +
		" -rounds 8 -games 2 -repeat -concurrency 2 -recover"
	if got != want {
		t.Errorf("without -pgn:\n got %s\nwant %s", got, want)
	}
	c.pgn = "spsa.pgn"
	if got := strings.Join(c.matchArgs(ps, []int{80, 70}, []int{70, 80}, 42), " "); got != want+" -pgnout file=spsa.pgn append=true" {
		t.Errorf("with -pgn: got %s", got)
	}
}

// The report: each parameter's shift in steps, and options only for the
// values that round to something other than the default.
func TestReport(t *testing.T) {
	st := state{Iteration: 7, Params: []param{{Name: "LMRBase", Value: 81.4, CEnd: 6}, {Name: "RFPMargin", Value: 74.6, CEnd: 6}}}
	defaults := []param{{Name: "RFPMargin", Value: 75}, {Name: "LMRBase", Value: 75}}
	var b bytes.Buffer
	if err := report(&b, st, defaults); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"after 7 iterations", "| LMRBase | 75 | 81.40 | +1.07 | 6 |", "| RFPMargin | 75 | 74.60 | -0.07 | 6 |", "options: option.LMRBase=81\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if err := report(&b, state{Params: []param{{Name: "Nope", CEnd: 1}}}, defaults); err == nil {
		t.Error("a parameter the engine lacks: no error")
	}
}
