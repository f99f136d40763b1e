package syzygy

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"brudno/board"
)

// MaxPieces is the largest number of pieces (kings included) a Syzygy
// table has.
const MaxPieces = 7

// The first four bytes of a WDL and of a DTZ file.
var (
	magicWDL = [4]byte{0x71, 0xe8, 0x23, 0x5d}
	magicDTZ = [4]byte{0xd7, 0x66, 0x0c, 0xa5}
)

// Extensions of the two kinds of file.
const (
	extWDL = ".rtbw"
	extDTZ = ".rtbz"
)

// A table is one file, WDL or DTZ, of one material. It is registered when
// a folder is scanned and read on first use; parts are then immutable.
type table struct {
	name     string // e.g. KRPvKB
	path     string
	dtz      bool
	mat      material // white is the first side of the name
	key      uint32   // material key with the colours as in the name
	key2     uint32   // ... and with the colours swapped
	pieces   int
	hasPawns bool
	bothPawn bool // both sides have pawns
	unique   bool // some piece other than a king is alone of its kind

	state atomic.Uint32 // stateNew, stateReady or stateFailed
	mu    sync.Mutex
	err   error
	data  []byte
	close func() error
	parts [2][4]pairs // [side to move][file of the leading pawn]; DTZ uses side 0
}

const (
	stateNew = iota
	stateReady
	stateFailed
)

// newTable describes the table of the material name (without checking
// that any file exists).
func newTable(name string, dtz bool) (*table, error) {
	m, err := parseName(name)
	if err != nil {
		return nil, err
	}
	t := &table{name: name, dtz: dtz, mat: m, key: m.key(), pieces: m.total()}
	sw := m.swapped()
	t.key2 = sw.key()
	t.hasPawns = m[0][board.Pawn]+m[1][board.Pawn] > 0
	t.bothPawn = m[0][board.Pawn] > 0 && m[1][board.Pawn] > 0
	for c := 0; c < 2; c++ {
		for pt := board.Pawn; pt < board.King; pt++ {
			if m[c][pt] == 1 {
				t.unique = true
			}
		}
	}
	return t, nil
}

func (t *table) kind() string {
	if t.dtz {
		return "DTZ"
	}
	return "WDL"
}

// sides is how many sides to move the file stores: two for a WDL table of
// unequal material, one otherwise.
func (t *table) sides() int {
	if !t.dtz && t.key != t.key2 {
		return 2
	}
	return 1
}

func (t *table) files() int {
	if t.hasPawns {
		return 4
	}
	return 1
}

// ready loads the table on first use and reports whether it is usable.
// Several goroutines may call it at once; after the first load it costs
// one atomic read.
func (t *table) ready() bool {
	if s := t.state.Load(); s != stateNew {
		return s == stateReady
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.state.Load() == stateNew {
		t.load()
	}
	return t.state.Load() == stateReady
}

func (t *table) load() {
	data, closer, err := mapFile(t.path)
	if err == nil {
		err = t.parse(data)
		if err != nil && closer != nil {
			closer()
		}
	}
	if err != nil {
		t.err = fmt.Errorf("%s: %w", t.path, err)
		t.state.Store(stateFailed)
		return
	}
	t.data, t.close = data, closer
	t.state.Store(stateReady)
}

// release unmaps a table that CheckFile loaded for itself.
func (t *table) release() {
	if t.close != nil {
		t.close()
	}
	t.data, t.close = nil, nil
}

// loadErr is the error that made the table unusable, or nil.
func (t *table) loadErr() error {
	if t.state.Load() != stateFailed {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.err
}

// parse reads the file's header and locates every sub-table, checking
// every size and offset against the data; b is not copied.
func (t *table) parse(b []byte) error {
	magic := magicWDL
	if t.dtz {
		magic = magicDTZ
	}
	if len(b) < 5 {
		return errors.New("truncated header")
	}
	if [4]byte(b[:4]) != magic {
		return fmt.Errorf("not a Syzygy %s file (bad magic %x)", t.kind(), b[:4])
	}
	split, pawns := b[4]&1 != 0, b[4]&2 != 0
	if pawns != t.hasPawns {
		return errors.New("the pawn flag disagrees with the material of the name")
	}
	if !t.dtz && split != (t.sides() == 2) {
		return errors.New("the split flag disagrees with the material of the name")
	}
	off, err := t.readPieces(b, 5)
	if err != nil {
		return err
	}
	return t.readData(b, off+off&1)
}

// readPieces reads, per file, the order of the groups and the pieces in
// the order the table encodes them, and sets up the index groups.
func (t *table) readPieces(b []byte, off uint64) (uint64, error) {
	for f := 0; f < t.files(); f++ {
		n := 1
		if t.bothPawn {
			n = 2
		}
		h, ok := slice(b, off, uint64(n+t.pieces))
		if !ok {
			return 0, errTruncated
		}
		order := [2][2]int{{int(h[0] & 0xf), 0xf}, {int(h[0] >> 4), 0xf}}
		if t.bothPawn {
			order[0][1], order[1][1] = int(h[1]&0xf), int(h[1]>>4)
		}
		for i := 0; i < t.sides(); i++ {
			p := &t.parts[i][f]
			for k := 0; k < t.pieces; k++ {
				v := h[n+k]
				if i == 1 {
					v >>= 4
				}
				p.pieces[k] = v & 0xf
			}
			if err := t.setGroups(p, order[i], f); err != nil {
				return 0, err
			}
		}
		off += uint64(n + t.pieces)
	}
	return off, nil
}

// setGroups splits the pieces into groups (the leading group, then runs of
// like pieces) and computes each group's factor in the mixed-radix index:
// order gives the place of the leading group and, when both sides have
// pawns, of the other side's pawns.
func (t *table) setGroups(p *pairs, order [2]int, file int) error {
	if err := t.checkPieces(p); err != nil {
		return err
	}
	first := 2
	if t.hasPawns {
		first = 0
	} else if t.unique {
		first = 3
	}
	n := 0
	p.groupLen[0] = 1
	for i := 1; i < t.pieces; i++ {
		first--
		if first > 0 || p.pieces[i] == p.pieces[i-1] {
			p.groupLen[n]++
		} else {
			n++
			p.groupLen[n] = 1
		}
	}
	n++
	p.groupLen[n] = 0
	if t.hasPawns && (p.groupLen[0] > 5 || p.pieces[0]&7 != byte(board.Pawn)) {
		return errors.New("bad leading pawns")
	}
	if t.bothPawn && p.pieces[p.groupLen[0]] != p.pieces[0]^8 {
		return errors.New("the other side's pawns do not follow the leading pawns")
	}
	if order[0] >= n || (t.bothPawn && (order[1] >= n || order[1] == order[0])) {
		return errors.New("bad group order")
	}
	free := 64 - p.groupLen[0]
	next := 1
	if t.bothPawn {
		free -= p.groupLen[1]
		next = 2
	}
	size := uint64(1)
	for k := 0; k < n; k++ {
		switch {
		case k == order[0]:
			p.groupIdx[0] = size
			switch {
			case t.hasPawns:
				size *= leadSize[p.groupLen[0]][file]
			case t.unique:
				size *= 31332
			default:
				size *= 462
			}
		case t.bothPawn && k == order[1]:
			p.groupIdx[1] = size
			size *= binomial[p.groupLen[1]][48-p.groupLen[0]]
		default:
			if next >= n {
				return errors.New("bad group order")
			}
			p.groupIdx[next] = size
			size *= binomial[p.groupLen[next]][free]
			free -= p.groupLen[next]
			next++
		}
	}
	p.groupIdx[n] = size
	p.size = size
	return nil
}

// checkPieces makes sure the file's list of pieces is the material of the
// name, and that with pawns the leading pawns are of one colour in every file.
func (t *table) checkPieces(p *pairs) error {
	var m material
	for k := 0; k < t.pieces; k++ {
		pc := board.Piece(p.pieces[k])
		if pc.Type() < board.Pawn || pc.Type() > board.King {
			return fmt.Errorf("bad piece code %d", p.pieces[k])
		}
		m[pc.Color()][pc.Type()]++
	}
	if m != t.mat {
		return errors.New("the pieces in the file are not the material of the name")
	}
	if t.hasPawns && p.pieces[0] != t.parts[0][0].pieces[0] {
		return errors.New("the leading pawns change colour between files")
	}
	return nil
}

// readData reads the sub-tables' sizes, the DTZ value maps, then the
// sparse indices, block lengths and blocks, in this order in the file.
func (t *table) readData(b []byte, off uint64) error {
	var err error
	for f := 0; f < t.files(); f++ {
		for i := 0; i < t.sides(); i++ {
			p := &t.parts[i][f]
			if off, err = p.readSizes(b, off); err != nil {
				return fmt.Errorf("sub-table %d/%d: %w", i, f, err)
			}
		}
	}
	if t.dtz {
		if off, err = t.readMaps(b, off); err != nil {
			return err
		}
	}
	for f := 0; f < t.files(); f++ {
		for i := 0; i < t.sides(); i++ {
			p := &t.parts[i][f]
			if p.single {
				continue
			}
			n := (p.size + p.span - 1) / p.span
			var ok bool
			if p.sparse, ok = slice(b, off, 6*n); !ok {
				return fmt.Errorf("sparse index: %w", errTruncated)
			}
			off += 6 * n
		}
	}
	for f := 0; f < t.files(); f++ {
		for i := 0; i < t.sides(); i++ {
			p := &t.parts[i][f]
			var ok bool
			if p.blockLen, ok = slice(b, off, 2*p.blockLenSize); !ok {
				return fmt.Errorf("block lengths: %w", errTruncated)
			}
			off += 2 * p.blockLenSize
		}
	}
	for f := 0; f < t.files(); f++ {
		for i := 0; i < t.sides(); i++ {
			p := &t.parts[i][f]
			if p.single {
				continue
			}
			off = (off + 63) &^ 63
			n := p.blocks * p.blockSize // below 2^52: 32-bit count, blocks up to 1 MiB
			var ok bool
			if p.data, ok = slice(b, off, n); !ok {
				return fmt.Errorf("compressed data: %w (%d bytes, needs %d)", errTruncated, len(b), off+n)
			}
			off += n
		}
	}
	return nil
}

// readMaps reads a DTZ table's value maps: per file, when the sub-table
// is mapped, four lists (win, loss, cursed win, blessed loss) of 8- or
// 16-bit values, each preceded by its length.
func (t *table) readMaps(b []byte, off uint64) (uint64, error) {
	for f := 0; f < t.files(); f++ {
		p := &t.parts[0][f]
		if p.flags&flagMapped == 0 {
			continue
		}
		wide := p.flags&flagWide != 0
		if wide {
			off += off & 1
		}
		for i := 0; i < 4; i++ {
			var n uint64
			var ok bool
			if wide {
				n, ok = le16(b, off)
				p.mapIdx[i], p.mapLen[i] = int(off+2), int(n)
				off += 2 + 2*n
			} else if off < uint64(len(b)) {
				n, ok = uint64(b[off]), true
				p.mapIdx[i], p.mapLen[i] = int(off+1), int(n)
				off += 1 + n
			}
			if !ok || off > uint64(len(b)) {
				return 0, fmt.Errorf("DTZ map: %w", errTruncated)
			}
		}
	}
	return off + off&1, nil
}
