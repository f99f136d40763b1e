// Building a book from PGN games. The file is split into games here
// (reading with no line-length limit); comments, variations and NAGs are
// removed and common notation slips (0-0 for O-O, e8Q for e8=Q) are
// repaired before notnil/chess decodes the SAN moves. A game that cannot be
// read is skipped with a message, and a panic inside the PGN library is
// caught and treated the same way, so a bad game never ends the build.
//
// Weights: with ByResult (the default) a move's weight is the number of
// half-points the side that played it scored in the games where it was
// played (win 2, draw 1, loss 0; a game without a result counts as a
// draw), so moves that only lost are left out. With ByFrequency the weight
// is the number of games in which the move was played. A move enters the
// book only if it was played in at least MinGames games, within the first
// MaxPly plies of the game.
package book

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/notnil/chess"

	"brudno/board"
)

// Weighting says how BuildFromPGN turns games into weights.
type Weighting int

const (
	ByResult    Weighting = iota // half-points scored by the side that played the move
	ByFrequency                  // number of games in which the move was played
)

// ParseWeighting reads "results" or "frequency".
func ParseWeighting(s string) (Weighting, error) {
	switch strings.ToLower(s) {
	case "results", "result":
		return ByResult, nil
	case "frequency", "games":
		return ByFrequency, nil
	}
	return 0, fmt.Errorf("unknown weighting %q (results or frequency)", s)
}

// Default limits of BuildFromPGN.
const (
	DefaultMaxPly   = 30
	DefaultMinGames = 1
)

// PGNOptions configure BuildFromPGN. Zero MaxPly and MinGames mean the
// defaults.
type PGNOptions struct {
	MaxPly    int
	MinGames  int
	Weighting Weighting
	// Skipped, if not nil, is told about every game that is skipped: its
	// number (from 1) in the file, the line where it starts, and why.
	Skipped func(game, line int, err error)
}

// PGNStats summarises a build.
type PGNStats struct {
	Games, Skipped int // games read and used; games skipped
	Positions      int // distinct positions with at least one entry
	Entries        int
}

// BuildFromPGN reads PGN games from r and returns the book entries. Only
// an error reading r ends the build early; bad games are skipped.
func BuildFromPGN(r io.Reader, opt PGNOptions) ([]Entry, PGNStats, error) {
	if opt.MaxPly <= 0 {
		opt.MaxPly = DefaultMaxPly
	}
	if opt.MinGames <= 0 {
		opt.MinGames = DefaultMinGames
	}
	type stat struct{ games, points uint64 }
	stats := map[uint64]map[uint16]*stat{}
	var st PGNStats
	err := SplitPGN(r, func(number, line int, text string) {
		g, err := decodeGame(text, opt.MaxPly)
		if err != nil {
			st.Skipped++
			if opt.Skipped != nil {
				opt.Skipped(number, line, err)
			}
			return
		}
		st.Games++
		for i, pm := range g.moves {
			byMove := stats[pm.key]
			if byMove == nil {
				byMove = map[uint16]*stat{}
				stats[pm.key] = byMove
			}
			s := byMove[pm.move]
			if s == nil {
				s = &stat{}
				byMove[pm.move] = s
			}
			s.games++
			// points is from White's view; the mover alternates.
			pts := g.whitePoints
			if (g.firstSide == board.White) != (i%2 == 0) {
				pts = 2 - pts
			}
			s.points += pts
		}
	})
	ws := Weights{}
	for key, byMove := range stats {
		for mv, s := range byMove {
			if s.games < uint64(opt.MinGames) {
				continue
			}
			w := s.games
			if opt.Weighting == ByResult {
				w = s.points
			}
			if w > 0 {
				ws.Add(key, mv, w)
			}
		}
	}
	es := ws.Entries()
	st.Entries, st.Positions = len(es), len(ws)
	return es, st, err
}

// pgnMove is one move of a decoded game.
type pgnMove struct {
	key  uint64
	move uint16
}

// pgnGame is a decoded game: its moves up to the ply limit and White's
// score in half-points.
type pgnGame struct {
	moves       []pgnMove
	firstSide   board.Color
	whitePoints uint64
}

// SplitPGN calls game for every game in r with its number (from 1), first
// line and text. Tag lines after movetext start a new game; lines
// beginning with '%' are escapes and ignored. Only an error reading r is
// returned.
func SplitPGN(r io.Reader, game func(number, line int, text string)) error {
	br := bufio.NewReader(r)
	var sb strings.Builder
	number, lineNo, start := 0, 0, 0
	inMoves := false
	flush := func() {
		if strings.TrimSpace(sb.String()) != "" {
			number++
			game(number, start, sb.String())
		}
		sb.Reset()
		inMoves = false
	}
	for {
		line, err := br.ReadString('\n')
		if len(line) > 0 {
			lineNo++
			t := strings.TrimSpace(line)
			switch {
			case strings.HasPrefix(line, "%"):
			case strings.HasPrefix(t, "["):
				if inMoves {
					flush()
				}
				if sb.Len() == 0 {
					start = lineNo
				}
				sb.WriteString(t + "\n")
			case t != "":
				if sb.Len() == 0 {
					start = lineNo
				}
				inMoves = true
				sb.WriteString(t + "\n")
			}
		}
		if err == io.EOF {
			flush()
			return nil
		}
		if err != nil {
			flush()
			return err
		}
	}
}

var (
	tagRe      = regexp.MustCompile(`^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]`)
	castleRe   = regexp.MustCompile(`(^|[\s.])0-0(-0)?`)
	promoRe    = regexp.MustCompile(`([a-h][18])([QRBN])`)
	nagRe      = regexp.MustCompile(`\$\d+`)
	resultRe   = regexp.MustCompile(`(1-0|0-1|1/2-1/2|\*)\s*$`)
	errNoMoves = errors.New("no moves")
)

// decodeGame decodes one game's text, keeping the first maxPly moves.
func decodeGame(text string, maxPly int) (g *pgnGame, err error) {
	defer func() {
		if r := recover(); r != nil {
			g, err = nil, fmt.Errorf("the PGN library failed on this game: %v", r)
		}
	}()
	tags, moveText, err := GameTags(text)
	if err != nil {
		return nil, err
	}
	if v := tags["variant"]; v != "" && !strings.EqualFold(v, "standard") && !strings.EqualFold(v, "chess") {
		return nil, fmt.Errorf("variant %q is not supported", v)
	}
	movetext, err := CleanMovetext(moveText)
	if err != nil {
		return nil, err
	}
	result := tags["result"]
	if result != "1-0" && result != "0-1" && result != "1/2-1/2" {
		result = "*"
		if m := resultRe.FindStringSubmatch(movetext); m != nil {
			result = m[1]
		}
	}
	g = &pgnGame{whitePoints: 1}
	switch result {
	case "1-0":
		g.whitePoints = 2
	case "0-1":
		g.whitePoints = 0
	}

	start := board.NewPosition()
	pgnText := movetext
	if fen := tags["fen"]; fen != "" {
		fields := strings.Fields(fen)
		switch len(fields) {
		case 4:
			fields = append(fields, "0", "1")
		case 6:
			if fields[5] == "0" {
				fields[5] = "1"
			}
		default:
			return nil, fmt.Errorf("FEN tag %q does not have 4 or 6 fields", fen)
		}
		fen = strings.Join(fields, " ")
		if start, err = board.ParseFEN(fen); err != nil {
			return nil, fmt.Errorf("FEN tag: %v", err)
		}
		pgnText = fmt.Sprintf("[FEN \"%s\"]\n\n%s", fen, movetext)
	}
	if !resultRe.MatchString(pgnText) {
		pgnText += " *"
	}
	read, err := chess.PGN(strings.NewReader(pgnText))
	if err != nil {
		return nil, err
	}
	game := chess.NewGame(read)
	moves := game.Moves()
	if len(moves) == 0 {
		return nil, errNoMoves
	}
	pos := start
	g.firstSide = pos.Side()
	for i, mv := range moves {
		if i >= maxPly {
			break
		}
		m, err := pos.ParseMove(mv.String())
		if err != nil {
			return nil, fmt.Errorf("move %d: %v", i/2+1, err)
		}
		g.moves = append(g.moves, pgnMove{key: pos.Key(), move: EncodeMove(m)})
		pos.Make(m)
	}
	return g, nil
}

// GameTags splits the text of one game, as SplitPGN hands it over, into
// its tags (by lower-case name) and its movetext.
func GameTags(text string) (tags map[string]string, movetext string, err error) {
	tags = map[string]string{}
	var moveLines []string
	for _, line := range strings.Split(text, "\n") {
		if m := tagRe.FindStringSubmatch(line); m != nil {
			tags[strings.ToLower(m[1])] = strings.ReplaceAll(m[2], `\"`, `"`)
			continue
		}
		if strings.HasPrefix(line, "[") {
			return nil, "", fmt.Errorf("malformed tag %q", truncate(line, 60))
		}
		moveLines = append(moveLines, line)
	}
	return tags, strings.Join(moveLines, "\n"), nil
}

// CleanMovetext removes comments ({...} and ; to the end of the line),
// variations and NAGs and repairs the
// notation slips the PGN library rejects.
func CleanMovetext(s string) (string, error) {
	var sb strings.Builder
	depth, inComment, inLineComment := 0, false, false
	for _, c := range s {
		switch {
		case inLineComment:
			if c == '\n' {
				inLineComment = false
				sb.WriteByte(' ')
			}
		case inComment:
			if c == '}' {
				inComment = false
				sb.WriteByte(' ')
			}
		case c == ';':
			inLineComment = true
		case c == '{':
			inComment = true
		case c == '(':
			depth++
		case c == ')':
			if depth == 0 {
				return "", errors.New("unbalanced ')' in the movetext")
			}
			depth--
			if depth == 0 {
				sb.WriteByte(' ')
			}
		case depth == 0:
			sb.WriteRune(c)
		}
	}
	if inComment {
		return "", errors.New("unterminated '{' comment")
	}
	if depth != 0 {
		return "", errors.New("unterminated '(' variation")
	}
	out := nagRe.ReplaceAllString(sb.String(), " ")
	out = castleRe.ReplaceAllStringFunc(out, func(m string) string {
		return strings.ReplaceAll(m, "0", "O")
	})
	out = promoRe.ReplaceAllString(out, "$1=$2")
	return out, nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}
