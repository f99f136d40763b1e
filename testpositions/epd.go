// EPD reading (PGN standard, section 16.2), tolerant of what published
// suite files contain: 4- or 6-field FENs, operations with or without a
// space after the semicolon, quoted strings holding semicolons, CRLF line
// ends, NUL bytes, comments, a check sign written apart from its move, and
// a quoted string that runs over a line break. Each record keeps its
// operations in file order; bm and am are decoded into legal moves, and
// c0 (or c7/c8/c9) move=points lists into STS-style points. A line that
// cannot be read is reported with its number and skipped; nothing in the
// input can make the reader panic.
package testpositions

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"brudno/board"
)

// Operation is one EPD operation: an opcode and its operands in order.
// Quoted operands are stored without their quotes; for the move opcodes
// (bm, am, pm, sm, pv) a check or annotation sign written apart from its
// move is joined to it and commas between moves are dropped.
type Operation struct {
	Opcode   string
	Operands []string
}

// MovePoints is a move with the points a suite awards for it (STS style).
type MovePoints struct {
	Move   board.Move
	SAN    string // as written in the file
	Points int
}

// Record is one EPD position with its operations.
type Record struct {
	Line   int          // the record's first line in the file, from 1
	FEN    string       // the FEN fields as written (4 or 6), single-spaced
	Ops    []Operation  // in file order
	BM, AM []board.Move // decoded operands of every bm and am operation
	Points []MovePoints // from c0 "Move=points, ..." (or c7/c8/c9); nil if none
}

// Problem is a line the reader skipped (Skipped) or read with a repair it
// wants the user to know about. It is an error naming the line.
type Problem struct {
	Line    int
	Msg     string
	Skipped bool
}

func (p Problem) Error() string {
	if p.Skipped {
		return fmt.Sprintf("line %d: skipped: %s", p.Line, p.Msg)
	}
	return fmt.Sprintf("line %d: %s", p.Line, p.Msg)
}

// Limits on what one record may hold; longer input is reported, not read.
const (
	maxLineBytes   = 1 << 20 // one line
	maxJoinedLines = 8       // further lines a quoted string may run over
	maxOpcodeLen   = 15      // the standard's limit on an opcode
)

// ReadEPD reads every record of an EPD file. Blank lines and comment lines
// (starting with #, %, ; or //) are ignored. Records that cannot be read
// are left out and reported in problems with their line number, as are
// repairs: a quoted string left open at the end of a line is continued on
// the next line when that line does not start a record of its own (some
// published files break a long comment over two lines), and is otherwise
// closed at the end of its line.
func ReadEPD(r io.Reader) (records []Record, problems []Problem) {
	lines, tooLong, err := readLines(r)
	if err != nil {
		problems = append(problems, Problem{Line: len(lines) + 1, Msg: fmt.Sprintf("cannot read further: %v", err), Skipped: true})
	}
	for i := 0; i < len(lines); i++ {
		first := i + 1
		if tooLong[i] {
			problems = append(problems, Problem{Line: first, Msg: fmt.Sprintf("line longer than %d bytes", maxLineBytes), Skipped: true})
			continue
		}
		line := lines[i]
		if isBlankOrComment(line) {
			continue
		}
		rec, unclosed, err := parseRecord(line)
		joined := 0
		for unclosed && joined < maxJoinedLines && i+1 < len(lines) && !tooLong[i+1] &&
			!isBlankOrComment(lines[i+1]) && !startsRecord(lines[i+1]) {
			i++
			joined++
			line += " " + strings.TrimSpace(lines[i])
			rec, unclosed, err = parseRecord(line)
		}
		if joined > 0 {
			problems = append(problems, Problem{Line: first, Msg: fmt.Sprintf("a quoted string runs over a line break; lines %d to %d read as one record", first, i+1)})
		}
		if err != nil {
			problems = append(problems, Problem{Line: first, Msg: err.Error(), Skipped: true})
			continue
		}
		if unclosed {
			problems = append(problems, Problem{Line: first, Msg: "a quoted string is not closed; closed at the end of the line"})
		}
		rec.Line = first
		records = append(records, rec)
	}
	return records, problems
}

// readLines reads all lines, cleaned by cleanLine. A line over
// maxLineBytes is kept empty and flagged in tooLong.
func readLines(r io.Reader) (lines []string, tooLong []bool, err error) {
	br := bufio.NewReaderSize(r, 64*1024)
	var buf []byte
	long := false
	for {
		chunk, isPrefix, err := br.ReadLine()
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			return lines, tooLong, err
		}
		if !long {
			if len(buf)+len(chunk) > maxLineBytes {
				long, buf = true, buf[:0]
			} else {
				buf = append(buf, chunk...)
			}
		}
		if isPrefix {
			continue
		}
		// A lone carriage return also ends a line (old Mac files).
		for _, l := range strings.Split(strings.TrimSuffix(string(buf), "\r"), "\r") {
			lines = append(lines, cleanLine(l, len(lines) == 0))
			tooLong = append(tooLong, long)
		}
		buf, long = buf[:0], false
	}
}

// cleanLine turns NUL bytes into spaces and drops, on the first line, a
// UTF-8 byte-order mark.
func cleanLine(s string, first bool) string {
	if first {
		s = strings.TrimPrefix(s, "\ufeff")
	}
	return strings.ReplaceAll(s, "\x00", " ")
}

func isBlankOrComment(line string) bool {
	t := strings.TrimSpace(line)
	return t == "" || t[0] == '#' || t[0] == '%' || t[0] == ';' || strings.HasPrefix(t, "//")
}

// startsRecord reports whether line begins with a FEN piece placement
// (a first word with seven slashes).
func startsRecord(line string) bool {
	f := strings.Fields(line)
	return len(f) > 0 && strings.Count(f[0], "/") == 7
}

// ParseRecord reads one EPD record from a single line of text. A quoted
// string left open is closed at the end of the line. The Line field is
// left 0.
func ParseRecord(line string) (Record, error) {
	rec, _, err := parseRecord(line)
	return rec, err
}

// parseRecord reads one record and reports whether its last quoted string
// was left open at the end of the text.
func parseRecord(line string) (rec Record, unclosed bool, err error) {
	sc := &opScanner{s: line}
	var fen []string
	for len(fen) < 4 {
		sc.skipSpace()
		w := sc.word(false)
		if w == "" {
			if len(fen) == 0 {
				return Record{}, false, fmt.Errorf("no FEN")
			}
			return Record{}, false, fmt.Errorf("FEN %q has %d fields, want 4 or 6", clip(strings.Join(fen, " ")), len(fen))
		}
		fen = append(fen, w)
	}
	// Two integers after the four fields are the FEN's clocks.
	save := sc.i
	sc.skipSpace()
	hm := sc.word(false)
	sc.skipSpace()
	fm := sc.word(false)
	if isUint(hm) && isUint(fm) {
		fen = append(fen, hm, fm)
	} else {
		sc.i = save
	}
	rec.FEN = strings.Join(fen, " ")
	pos, err := board.ParseFEN(rec.FEN)
	if err != nil {
		return Record{}, false, fmt.Errorf("bad FEN %q: %v", clip(rec.FEN), err)
	}
	if rec.Ops, unclosed, err = sc.operations(); err != nil {
		return Record{}, unclosed, err
	}
	if err := rec.decode(pos); err != nil {
		return Record{}, unclosed, err
	}
	return rec, unclosed, nil
}

func isUint(s string) bool {
	if s == "" || len(s) > 9 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// opScanner reads the operations after the FEN.
type opScanner struct {
	s string
	i int
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' || c == '\n' || c == 0
}

func (sc *opScanner) skipSpace() {
	for sc.i < len(sc.s) && isSpace(sc.s[sc.i]) {
		sc.i++
	}
}

// word reads up to the next space or semicolon (and, for an opcode, up to
// an opening quote).
func (sc *opScanner) word(opcode bool) string {
	start := sc.i
	for sc.i < len(sc.s) {
		c := sc.s[sc.i]
		if isSpace(c) || c == ';' || opcode && c == '"' {
			break
		}
		sc.i++
	}
	return sc.s[start:sc.i]
}

// quoted reads a quoted string starting at the opening quote; a backslash
// escapes a quote or a backslash (as in PGN). It reports whether the
// closing quote was found.
func (sc *opScanner) quoted() (string, bool) {
	sc.i++ // the opening quote
	var sb strings.Builder
	for sc.i < len(sc.s) {
		c := sc.s[sc.i]
		switch {
		case c == '\\' && sc.i+1 < len(sc.s) && (sc.s[sc.i+1] == '"' || sc.s[sc.i+1] == '\\'):
			sb.WriteByte(sc.s[sc.i+1])
			sc.i += 2
			continue
		case c == '"':
			sc.i++
			return sb.String(), true
		}
		sb.WriteByte(c)
		sc.i++
	}
	return sb.String(), false
}

// operations reads "opcode operand ... ;" until the end of the line. The
// last semicolon may be missing, and empty operations (";;") are skipped.
func (sc *opScanner) operations() (ops []Operation, unclosed bool, err error) {
	for {
		sc.skipSpace()
		for sc.i < len(sc.s) && (sc.s[sc.i] == ';' || isSpace(sc.s[sc.i])) {
			sc.i++
		}
		if sc.i >= len(sc.s) {
			return ops, unclosed, nil
		}
		opcode := sc.word(true)
		if !validOpcode(opcode) {
			if opcode == "" {
				opcode = sc.s[sc.i : sc.i+1]
			}
			return nil, false, fmt.Errorf("bad opcode %q (an opcode is a letter followed by up to %d letters, digits or underscores)", clip(opcode), maxOpcodeLen-1)
		}
		op := Operation{Opcode: opcode, Operands: []string{}}
		for {
			sc.skipSpace()
			if sc.i >= len(sc.s) {
				break
			}
			if sc.s[sc.i] == ';' {
				sc.i++
				break
			}
			if sc.s[sc.i] == '"' {
				s, closed := sc.quoted()
				unclosed = !closed
				op.Operands = append(op.Operands, s)
				continue
			}
			op.Operands = append(op.Operands, sc.word(false))
		}
		if isMoveOpcode(opcode) {
			op.Operands = normaliseMoveOperands(op.Operands)
		}
		ops = append(ops, op)
	}
}

func validOpcode(s string) bool {
	if s == "" || len(s) > maxOpcodeLen || !isLetter(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !isLetter(c) && (c < '0' || c > '9') && c != '_' {
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// isMoveOpcode reports whether the opcode's operands are SAN moves.
func isMoveOpcode(opcode string) bool {
	switch strings.ToLower(opcode) {
	case "bm", "am", "pm", "sm", "pv":
		return true
	}
	return false
}

// normaliseMoveOperands splits operands at commas and joins a lone check,
// mate or annotation sign ("+", "#", "!", "?!") to the move before it.
func normaliseMoveOperands(in []string) []string {
	out := []string{}
	for _, o := range in {
		for _, part := range strings.Split(o, ",") {
			if part == "" {
				continue
			}
			if strings.Trim(part, "+#!?") == "" && len(out) > 0 {
				out[len(out)-1] += part
				continue
			}
			out = append(out, part)
		}
	}
	return out
}

// decode checks the operations this package uses and fills BM, AM and
// Points. A bad bm, am, dm or Dn operand is an error; a c0 that is not a
// points list is only a comment.
func (rec *Record) decode(pos *board.Position) error {
	for _, op := range rec.Ops {
		name := strings.ToLower(op.Opcode)
		switch {
		case name == "bm" || name == "am":
			if len(op.Operands) == 0 {
				return fmt.Errorf("%s without a move", op.Opcode)
			}
			for _, s := range op.Operands {
				m, err := DecodeSAN(pos, s)
				if err != nil {
					return fmt.Errorf("%s: %v", op.Opcode, err)
				}
				if name == "bm" {
					rec.BM = append(rec.BM, m)
				} else {
					rec.AM = append(rec.AM, m)
				}
			}
		case name == "dm" || name == "mated":
			if len(op.Operands) != 1 {
				return fmt.Errorf("%s needs one operand, got %d", op.Opcode, len(op.Operands))
			}
			if n, err := strconv.Atoi(op.Operands[0]); err != nil || n < 1 || n > 500 {
				return fmt.Errorf("%s: %q is not a number of moves from 1 to 500", op.Opcode, clip(op.Operands[0]))
			}
		case perftDepth(op.Opcode) > 0:
			if len(op.Operands) != 1 {
				return fmt.Errorf("%s needs one count, got %d operands", op.Opcode, len(op.Operands))
			}
			if _, err := strconv.ParseUint(op.Operands[0], 10, 64); err != nil {
				return fmt.Errorf("%s: bad count %q", op.Opcode, clip(op.Operands[0]))
			}
		}
	}
	rec.Points = decodePoints(rec, pos)
	return nil
}

// perftDepth returns n for a perft count opcode Dn (D1 to D9), else 0.
func perftDepth(opcode string) int {
	if len(opcode) == 2 && opcode[0] == 'D' && opcode[1] >= '1' && opcode[1] <= '9' {
		return int(opcode[1] - '0')
	}
	return 0
}

// decodePoints reads STS-style points: c0 "f5=10, Be5+=2, Bf2=3", or,
// failing that, c8 "10 2 3" with the moves in c9 (UCI) or c7 (SAN). It
// returns nil when there is no such list or any part of it does not read.
func decodePoints(rec *Record, pos *board.Position) []MovePoints {
	if c0, ok := rec.Operand("c0"); ok {
		if pts := pointsFromC0(c0, pos); pts != nil {
			return pts
		}
	}
	c8, ok := rec.Operand("c8")
	if !ok {
		return nil
	}
	values := strings.Fields(c8)
	for _, movesOp := range []string{"c9", "c7"} {
		list, ok := rec.Operand(movesOp)
		if !ok {
			continue
		}
		moves := strings.Fields(list)
		if len(moves) != len(values) || len(moves) == 0 {
			continue
		}
		var pts []MovePoints
		for i, s := range moves {
			v, err := strconv.Atoi(values[i])
			if err != nil || v < 0 {
				return nil
			}
			var m board.Move
			if movesOp == "c9" {
				m, err = pos.ParseMove(s)
			} else {
				m, err = DecodeSAN(pos, s)
			}
			if err != nil {
				pts = nil
				break
			}
			pts = append(pts, MovePoints{Move: m, SAN: s, Points: v})
		}
		if pts != nil {
			return pts
		}
	}
	return nil
}

func pointsFromC0(c0 string, pos *board.Position) []MovePoints {
	var pts []MovePoints
	for _, part := range strings.Split(c0, ",") {
		part = strings.TrimSpace(part)
		eq := strings.LastIndexByte(part, '=')
		if eq <= 0 {
			return nil
		}
		v, err := strconv.Atoi(strings.TrimSpace(part[eq+1:]))
		if err != nil || v < 0 || v > 1000000 {
			return nil
		}
		san := strings.TrimSpace(part[:eq])
		m, err := DecodeSAN(pos, san)
		if err != nil {
			return nil
		}
		pts = append(pts, MovePoints{Move: m, SAN: san, Points: v})
	}
	return pts
}

// Op returns the first operation with the opcode (case-insensitive).
func (rec *Record) Op(opcode string) (Operation, bool) {
	for _, op := range rec.Ops {
		if strings.EqualFold(op.Opcode, opcode) {
			return op, true
		}
	}
	return Operation{}, false
}

// Operand returns the operands of the first operation with the opcode,
// joined by spaces.
func (rec *Record) Operand(opcode string) (string, bool) {
	op, ok := rec.Op(opcode)
	if !ok {
		return "", false
	}
	return strings.Join(op.Operands, " "), true
}

// ID returns the id operand, or "" if there is none.
func (rec *Record) ID() string {
	id, _ := rec.Operand("id")
	return id
}

// DirectMate returns the dm operand (mate in that many moves), or 0.
func (rec *Record) DirectMate() int {
	s, ok := rec.Operand("dm")
	if !ok {
		return 0
	}
	n, _ := strconv.Atoi(s)
	return n
}

// Mated returns the operand of this project's opcode mated (the side to
// move is mated in that many moves with best play: the position's UCI
// score is "mate -N"), or 0. The EPD standard has dm for the side that
// mates and nothing for the side that is mated; readers that do not know
// mated pass over it as over any unknown opcode.
func (rec *Record) Mated() int {
	s, ok := rec.Operand("mated")
	if !ok {
		return 0
	}
	n, _ := strconv.Atoi(s)
	return n
}

// PerftCounts returns the Dn operations as depth -> leaf count.
func (rec *Record) PerftCounts() map[int]uint64 {
	counts := map[int]uint64{}
	for _, op := range rec.Ops {
		if d := perftDepth(op.Opcode); d > 0 && len(op.Operands) == 1 {
			if n, err := strconv.ParseUint(op.Operands[0], 10, 64); err == nil {
				counts[d] = n
			}
		}
	}
	return counts
}

// FullFEN returns the FEN with six fields: a 4-field FEN gets its clocks
// from the hmvc and fmvn operations, or 0 and 1.
func (rec *Record) FullFEN() string {
	if strings.Count(rec.FEN, " ") == 5 {
		return rec.FEN
	}
	hm, fm := 0, 1
	if s, ok := rec.Operand("hmvc"); ok {
		if n, err := strconv.Atoi(s); err == nil && n >= 0 && n <= 1000 {
			hm = n
		}
	}
	if s, ok := rec.Operand("fmvn"); ok {
		if n, err := strconv.Atoi(s); err == nil && n >= 1 && n <= 100000 {
			fm = n
		}
	}
	return fmt.Sprintf("%s %d %d", rec.FEN, hm, fm)
}

// EPD writes the record back as one EPD line: the FEN as read, then each
// operation, quoting operands that need it.
func (rec *Record) EPD() string {
	var sb strings.Builder
	sb.WriteString(rec.FEN)
	for _, op := range rec.Ops {
		sb.WriteByte(' ')
		sb.WriteString(op.Opcode)
		for _, o := range op.Operands {
			sb.WriteByte(' ')
			sb.WriteString(quoteOperand(o))
		}
		sb.WriteByte(';')
	}
	return sb.String()
}

// quoteOperand quotes an operand that would not read back as one word.
func quoteOperand(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\v\f\r\n\x00;\"\\,") {
		return s
	}
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`)
	return `"` + r.Replace(s) + `"`
}
