// What the fit reads: the NNUE training records of Brudno's self-play
// games (docs/nnue-data.md: each record holds the position, the search
// score from the side to move's view and the game's result), each made
// into a sample: the score, the two candidate variables and the outcome
// for the side to move.

package wdl

import (
	"brudno/board"
	"brudno/nnue/data"
)

// Outcome is a game's result for the side to move.
type Outcome int8

// The outcomes for the side to move.
const (
	Win Outcome = iota
	Draw
	Loss
)

// Sample is one record as the fit sees it.
type Sample struct {
	Score    int32
	Material int16 // non-king material in pawn units
	Move     int32 // the fullmove number
	Out      Outcome
	Held     bool // from a held-out game
}

// Value returns the sample's value of the variable v.
func (s *Sample) Value(v Variable) int {
	if v == VarMove {
		return int(s.Move)
	}
	return int(s.Material)
}

// Data is the samples the fit reads, with what the reports say of them.
type Data struct {
	Samples []Sample
	Games   int      // games seen (by the records' game-start flags)
	Skipped int      // corrupt records left out
	Files   []string // the files read, for the generated file's comment

	// Holdout: every Holdout'th game (the games numbered Holdout-1
	// modulo Holdout, counted from 0) is held out; 0 holds out none.
	Holdout int
}

// Add adds a record: a game-start record (or the first record) begins a
// new game, and a record that does not decode is counted as skipped.
func (d *Data) Add(rec *data.Record) {
	if rec.GameStart() || d.Games == 0 {
		d.Games++
	}
	game := d.Games - 1
	if _, err := rec.FEN(); err != nil {
		d.Skipped++
		return
	}
	// The result is White's (checked by FEN); reversed when Black is to
	// move (bit 4 of the flags byte).
	out := [3]Outcome{data.WhiteWin: Win, data.Draw: Draw, data.BlackWin: Loss}[rec.Result()]
	if rec[29]&(1<<4) != 0 {
		out = Win + Loss - out
	}
	d.Samples = append(d.Samples, Sample{
		Score:    int32(rec.Score()),
		Material: int16(recordMaterial(rec)),
		Move:     int32(uint16(rec[26]) | uint16(rec[27])<<8),
		Out:      out,
		Held:     d.Holdout > 0 && game%d.Holdout == d.Holdout-1,
	})
}

// Outcomes returns the number of samples of each outcome.
func (d *Data) Outcomes() (n [3]int) {
	for i := range d.Samples {
		n[d.Samples[i].Out]++
	}
	return n
}

// recordMaterial returns the non-king material of a record's position in
// pawn units, read from its piece codes (docs/nnue-data.md).
func recordMaterial(r *data.Record) int {
	m := 0
	for i := 0; i < r.Occupied().Count() && i < 32; i++ {
		code := r[8+i/2] >> (4 * (i & 1)) & 15
		m += PieceUnits(board.PieceType(code & 7))
	}
	return m
}
