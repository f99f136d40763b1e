// The datagen-pgn subcommand: NNUE training records (package
// brudno/nnue/data) from PGN games whose moves carry the engine's score in
// a comment, as the games of an OpenBench data-generation workload come
// back from fastchess or cutechess:
//
//	1. e4 {+0.31/14 0.212s, n=25043} e5 {-0.27/13 0.198s}
//
// The score before the slash is the mover's, in pawns (+M5 and -M4 are
// mates, in plies); the mover is the side to move of the position where
// the move was played, so it is the record's score as datagen writes it.
// A position is recorded by datagen's rules: past the first -skip-plies
// plies of the game, a score that is no mate, the side to move not in
// check, and the move played neither a capture nor a promotion. Every
// record of a game holds the result of its Result tag; games without a
// result (*) or whose Termination tag says it ended abnormally (an engine
// lost on time, crashed, hung or played an illegal move) are left out,
// and a game that cannot be read is left out with a message naming it.

package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"brudno/board"
	"brudno/book"
	"brudno/nnue/data"
	"brudno/testpositions"
)

// pgnPly is one move of a game's movetext and the first comment after it.
type pgnPly struct{ san, comment string }

func cmdDatagenPGN(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("datagen-pgn", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "write the records to this `file` (required)")
	skip := fs.Int("skip-plies", 8, "record no position in the first this many plies of a game")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if *out == "" || len(files) == 0 || *skip < 0 {
		fmt.Fprintln(stderr, "usage: brudno datagen-pgn -out FILE [-skip-plies N] GAMES.pgn...")
		return 2
	}
	for _, name := range files { // a missing input leaves no output file behind
		if _, err := os.Stat(name); err != nil {
			fmt.Fprintf(stderr, "datagen-pgn: %v\n", err)
			return 1
		}
	}
	f, err := os.Create(*out)
	if err != nil {
		fmt.Fprintf(stderr, "datagen-pgn: %v\n", err)
		return 1
	}
	w := data.NewWriter(f)
	began := time.Now()
	var n pgnCounts
	var list board.MoveList
	for _, name := range files {
		if err = convertPGNFile(name, *skip, w, &list, stderr, &n); err != nil {
			break
		}
	}
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintf(stderr, "datagen-pgn: %v\n", err)
		return 1
	}
	el := time.Since(began).Seconds()
	fmt.Fprintf(stdout, "%d games, %d records written to %s in %.1fs (%.0f records/s); left out: %d games without a result, %d ended abnormally, %d unreadable\n",
		n.games, w.Count(), *out, el, float64(w.Count())/max(el, 1e-9), n.unfinished, n.abnormal, n.bad)
	return 0
}

// pgnCounts counts the games datagen-pgn used and those it left out.
type pgnCounts struct{ games, unfinished, abnormal, bad int }

// convertPGNFile writes the records of every game of the file name to w
// and counts the games (those that could not be read are named on
// stderr). Only a file or write error is returned.
func convertPGNFile(name string, skip int, w *data.Writer, list *board.MoveList, stderr io.Writer, n *pgnCounts) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	var werr error
	rerr := book.SplitPGN(f, func(number, line int, text string) {
		if werr != nil {
			return
		}
		recs, err := pgnGameRecords(text, skip, list)
		switch {
		case errors.Is(err, errNoResult):
			n.unfinished++
		case errors.Is(err, errAbnormalEnd):
			n.abnormal++
		case err != nil:
			n.bad++
			fmt.Fprintf(stderr, "datagen-pgn: %s: game %d (line %d) left out: %v\n", name, number, line, err)
		default:
			n.games++
			werr = w.WriteAll(recs)
		}
	})
	if rerr != nil {
		return fmt.Errorf("%s: %v", name, rerr)
	}
	return werr
}

var (
	errNoResult    = errors.New("no result")
	errAbnormalEnd = errors.New("abnormal end")
)

// abnormalEnds are the words of the Termination tags of fastchess and
// cutechess for games whose result says nothing of the position: an
// engine crashed, hung, lost on time or played an illegal move, or the
// match was stopped.
var abnormalEnds = []string{"abandoned", "stalled", "time forfeit", "illegal", "rules infraction", "unterminated"}

// pgnGameRecords replays one game's text and returns its records.
func pgnGameRecords(text string, skip int, list *board.MoveList) ([]data.Record, error) {
	tags, movetext, err := book.GameTags(text)
	if err != nil {
		return nil, err
	}
	if v := tags["variant"]; v != "" && !strings.EqualFold(v, "standard") {
		return nil, fmt.Errorf("variant %q: only standard chess is recorded", v)
	}
	term := strings.ToLower(tags["termination"])
	for _, w := range abnormalEnds {
		if strings.Contains(term, w) {
			return nil, errAbnormalEnd
		}
	}
	plies, terminator, err := splitMovetext(movetext)
	if err != nil {
		return nil, err
	}
	result, ok := tags["result"]
	if !ok {
		result = terminator
	}
	var res data.Result
	switch result {
	case "1-0":
		res = data.WhiteWin
	case "0-1":
		res = data.BlackWin
	case "1/2-1/2":
		res = data.Draw
	case "*", "":
		return nil, errNoResult
	default:
		return nil, fmt.Errorf("result %q is none of 1-0, 0-1, 1/2-1/2, *", result)
	}
	pos := board.NewPosition()
	if fen := tags["fen"]; fen != "" {
		if pos, err = board.ParseFEN(fen); err != nil {
			return nil, fmt.Errorf("FEN tag: %v", err)
		}
	}
	var recs []data.Record
	for i, p := range plies {
		m, err := decodePGNMove(pos, list, p.san)
		if err != nil {
			return nil, fmt.Errorf("ply %d: %v", i+1, err)
		}
		score, mate, scored := commentScore(p.comment)
		if i >= skip && scored && !mate && !pos.InCheck() && !pos.IsCapture(m) && m.Kind() != board.Promotion {
			recs = append(recs, data.Encode(pos, score, res))
		}
		pos.Make(m)
	}
	if len(recs) > 0 {
		recs[0].SetGameStart()
	}
	return recs, nil
}

// splitMovetext returns the moves of a movetext with the first comment
// after each, and the game termination marker if there is one. Variations,
// move numbers, NAGs and the comments of neither are passed over.
func splitMovetext(s string) (plies []pgnPly, terminator string, err error) {
	depth := 0
	comment := func(c string) {
		if depth == 0 && len(plies) > 0 && plies[len(plies)-1].comment == "" {
			plies[len(plies)-1].comment = c
		}
	}
	for i := 0; i < len(s); {
		switch c := s[i]; c {
		case ' ', '\t', '\n', '\r':
			i++
		case '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return nil, "", errors.New("unterminated '{' comment")
			}
			comment(strings.TrimSpace(s[i+1 : i+end]))
			i += end + 1
		case ';':
			end := strings.IndexByte(s[i:], '\n')
			if end < 0 {
				end = len(s) - i
			}
			comment(strings.TrimSpace(s[i+1 : i+end]))
			i += end
		case '}':
			return nil, "", errors.New("'}' outside a comment")
		case '(':
			depth++
			i++
		case ')':
			if depth == 0 {
				return nil, "", errors.New("unbalanced ')' in the movetext")
			}
			depth--
			i++
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \t\n\r{};()", rune(s[j])) {
				j++
			}
			tok := s[i:j]
			i = j
			if depth > 0 {
				continue
			}
			switch tok {
			case "1-0", "0-1", "1/2-1/2", "*":
				terminator = tok
				continue
			}
			if digits := strings.TrimLeft(tok, "0123456789"); digits == "" || digits[0] == '.' && len(digits) < len(tok) {
				tok = strings.TrimLeft(digits, ".") // "12." or "12...", maybe with the move: "12.e4"
			}
			if tok == "" || tok[0] == '$' || strings.Trim(tok, ".!?") == "" {
				continue // a move number, a NAG or an annotation
			}
			plies = append(plies, pgnPly{san: tok})
		}
	}
	if depth != 0 {
		return nil, "", errors.New("unterminated '(' variation")
	}
	return plies, terminator, nil
}

// commentScore reads a move's score from its comment as fastchess and
// cutechess write it, "+0.31/14 0.212s, ..." or "-M4/20 ...": the mover's
// score in centipawns, whether it is a mate, and whether the comment has
// a score ("book", an empty score or any other comment has none).
func commentScore(c string) (cp int, mate, ok bool) {
	field, _, _ := strings.Cut(c, " ")
	field, _, _ = strings.Cut(field, ",")
	score, depth, found := strings.Cut(field, "/")
	if !found || score == "" {
		return 0, false, false
	}
	if _, err := strconv.Atoi(depth); err != nil {
		return 0, false, false
	}
	if n, isMate := strings.CutPrefix(strings.TrimLeft(score, "+-"), "M"); isMate {
		_, err := strconv.Atoi(n)
		return 0, true, err == nil
	}
	v, err := strconv.ParseFloat(score, 64)
	if err != nil || math.IsNaN(v) || math.Abs(v) > 1000 {
		return 0, false, false
	}
	return int(math.Round(v * 100)), false, true
}

// decodePGNMove returns the legal move of pos that a SAN move names: it
// matches the piece, destination, disambiguation and promotion against
// the legal moves, and hands what it cannot read alone (UCI moves, long
// algebraic notation, odd spellings) to testpositions.DecodeSAN.
func decodePGNMove(pos *board.Position, list *board.MoveList, san string) (board.Move, error) {
	s := strings.TrimRight(san, "+#!?")
	pos.GenerateLegal(list)
	switch s {
	case "O-O", "0-0", "O-O-O", "0-0-0":
		long := len(s) == 5
		for _, m := range list.Slice() {
			if m.IsCastling() && (m.To() < m.From()) == long {
				return m, nil
			}
		}
		return board.NoMove, fmt.Errorf("%q: no such castling here", san)
	}
	pt, promo := board.Pawn, board.NoPieceType
	if len(s) > 0 && strings.IndexByte("NBRQK", s[0]) >= 0 {
		pt = testpositions.PieceFromLetter(s[0])
		s = s[1:]
	}
	if k := len(s); pt == board.Pawn && k >= 2 && strings.IndexByte("NBRQ", s[k-1]) >= 0 {
		promo = testpositions.PieceFromLetter(s[k-1])
		s = strings.TrimSuffix(s[:k-1], "=")
	}
	if len(s) >= 2 {
		to, ok := board.ParseSquare(s[len(s)-2:])
		var from [3]byte // the disambiguation: a file, a rank, both or nothing
		n := 0
		for i := 0; i < len(s)-2 && n < len(from); i++ {
			if c := s[i]; c != 'x' && c != '-' {
				from[n] = c
				n++
			}
		}
		if ok && n <= 2 {
			found := board.NoMove
			for _, m := range list.Slice() {
				if m.To() != to || m.IsCastling() || m.Promo() != promo || pos.PieceAt(m.From()).Type() != pt || !fromMatches(m.From(), from[:n]) {
					continue
				}
				if found != board.NoMove {
					return board.NoMove, fmt.Errorf("%q: ambiguous", san)
				}
				found = m
			}
			if found != board.NoMove {
				return found, nil
			}
		}
	}
	return testpositions.DecodeSAN(pos, san)
}

// fromMatches reports whether the square sq fits a SAN disambiguation
// (nothing, a file, a rank or both).
func fromMatches(sq board.Square, dis []byte) bool {
	for i := 0; i < len(dis); i++ {
		switch c := dis[i]; {
		case c >= 'a' && c <= 'h':
			if sq.File() != int(c-'a') {
				return false
			}
		case c >= '1' && c <= '8':
			if sq.Rank() != int(c-'1') {
				return false
			}
		default:
			return false
		}
	}
	return true
}
