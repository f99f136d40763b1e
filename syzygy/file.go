// Reading a table file: the header, the piece lists and the groups of
// each sub-table, the compression headers, the DTZ value maps, and the
// walk that finds where the sparse indexes, block lengths and data
// blocks lie (docs/syzygy-format.md, "Layout of a file" to "DTZ value
// maps"). Everything a file says is checked here, once, when the file is
// loaded ("Checking a file", steps 1 to 10), so that a probe can trust
// the offsets it reads.
package syzygy

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"sync/atomic"

	"brudno/board"
)

const (
	magicWDL = 0x5D23E871
	magicDTZ = 0xA50C66D7
)

// Flags of a DTZ sub-table (the first byte of its compression header).
const (
	dtzBlackStored = 0x01 // the side to move stored: table black
	dtzMapped      = 0x02 // value maps follow
	dtzWinPlies    = 0x04 // wins stored in plies
	dtzLossPlies   = 0x08 // losses stored in plies
	dtzWideMaps    = 0x10 // the maps are 16-bit
	subConstant    = 0x80 // every value of the sub-table is the same
)

// The kinds of leading group.
const (
	leadKings = iota // the two kings: 462 placements
	leadThree        // three unique pieces: 31,332 placements
	leadPawns        // the leading pawns
)

// table is one loaded file. After load it is only read.
type table struct {
	path  string
	data  []byte
	unmap func() error
	dtz   bool
	mat   material

	sides      int // sub-tables per leading-pawn file: 2, or 1 (symmetric WDL, and every DTZ file)
	lead       int // leadKings, leadThree or leadPawns
	leadCode   uint8
	leadPawns  int // k
	otherPawns int // m
	subs       []sub

	broken atomic.Bool // a probe found the data inconsistent; see Tables.refuse
}

// group is a run of places of a sub-table's piece list indexed together.
type group struct {
	start, n uint8
	factor   uint64
}

// symbol is one entry of a sub-table's pairing tree. A leaf (right ==
// leafMark) stands for one value, left; a pair for the values of left
// followed by those of right. count is the number of values it stands for.
type symbol struct {
	left, right uint16
	count       uint32
}

const leafMark = 0xFFF

// valueMap is one of a DTZ sub-table's four maps: n entries from offset at.
type valueMap struct {
	at, n int
	wide  bool
}

// sub is one sub-table: its piece list and index groups, and where its
// compressed values lie.
type sub struct {
	codes   [MaxPieces]uint8
	groups  [MaxPieces]group // in list order: the leading group first
	ngroups int
	size    uint64

	flags      uint8
	constant   bool
	constValue uint8

	blockBits, spanBits uint8
	blocks, extra       uint32
	minLen, maxLen      uint8
	base                [33]uint64 // low(l) << (64 - l)
	first               [33]uint16 // F(l)
	syms                []symbol

	sparseAt, lengthsAt, dataAt int
	maps                        [4]valueMap // wins, losses, cursed wins, blessed losses
}

// layoutError is an error in a file's contents.
func layoutError(format string, args ...any) error {
	return fmt.Errorf(format, args...)
}

// cursor reads a file's fields in order, checking each against its end.
type cursor struct {
	data []byte
	off  int
	err  error
}

func (c *cursor) need(n int, what string) bool {
	if c.err != nil {
		return false
	}
	if n < 0 || c.off > len(c.data)-n {
		c.err = layoutError("truncated: %s at offset %d needs %d bytes, the file has %d", what, c.off, n, len(c.data))
		return false
	}
	return true
}

func (c *cursor) u8(what string) int {
	if !c.need(1, what) {
		return 0
	}
	c.off++
	return int(c.data[c.off-1])
}

func (c *cursor) u16(what string) int {
	if !c.need(2, what) {
		return 0
	}
	c.off += 2
	return int(binary.LittleEndian.Uint16(c.data[c.off-2:]))
}

func (c *cursor) skip(n int, what string) int {
	at := c.off
	if c.need(n, what) {
		c.off += n
	}
	return at
}

func (c *cursor) alignEven() {
	if c.off&1 != 0 {
		c.skip(1, "padding")
	}
}

// parseTable reads and checks the file data of material mat.
func parseTable(data []byte, mat material, dtz bool) (*table, error) {
	t := &table{data: data, dtz: dtz, mat: mat}
	if len(data) < 16 || len(data)%64 != 16 {
		return nil, layoutError("size %d is not 16 more than a multiple of 64", len(data))
	}
	magic, kind := uint32(magicWDL), "WDL"
	if dtz {
		magic, kind = magicDTZ, "DTZ"
	}
	if binary.LittleEndian.Uint32(data) != magic {
		return nil, layoutError("not a %s file: magic %08x", kind, binary.LittleEndian.Uint32(data))
	}
	flags := data[4]
	pawns := mat.pawns()
	switch {
	case flags&0x02 != 0 != pawns:
		return nil, layoutError("the flag byte %#02x disagrees with the name about pawns", flags)
	case !dtz && flags&0x01 != 0 == mat.symmetric():
		return nil, layoutError("the flag byte %#02x disagrees with the name about symmetry", flags)
	case flags&0x0c != 0:
		return nil, layoutError("the flag byte %#02x has bits 2 or 3 set", flags)
	case flags>>4 != 0 && int(flags>>4) != mat.pieces:
		return nil, layoutError("the flag byte says %d pieces, the name %d", flags>>4, mat.pieces)
	}

	t.sides = 1
	if !dtz && !mat.symmetric() {
		t.sides = 2
	}
	files := 1
	if pawns {
		files = 4
		var colour int
		colour, t.leadPawns, t.otherPawns = mat.leadingPawns()
		t.lead, t.leadCode = leadPawns, uint8(board.Pawn)|uint8(colour)<<3
	} else {
		unique := 0
		for _, side := range mat.sides {
			for _, n := range side {
				if n == 1 {
					unique++
				}
			}
		}
		t.lead = leadKings
		if unique >= 3 {
			t.lead = leadThree
		}
	}
	t.subs = make([]sub, files*t.sides)

	c := &cursor{data: data, off: 5}
	n := mat.pieces
	for f := range files {
		order := c.u8("order byte")
		order2 := 0
		if t.otherPawns > 0 {
			order2 = c.u8("second order byte")
		}
		at := c.skip(n, "piece list")
		if c.err != nil {
			return nil, c.err
		}
		for s := range t.sides {
			shift := 4 * s
			var codes [MaxPieces]uint8
			for i := range n {
				codes[i] = data[at+i] >> shift & 15
			}
			sb := &t.subs[f*t.sides+s]
			if err := t.setGroups(sb, codes, order>>shift&15, order2>>shift&15, f); err != nil {
				return nil, fmt.Errorf("sub-table %d: %v", f*t.sides+s, err)
			}
		}
	}
	c.alignEven()

	for i := range t.subs {
		if err := t.readCompression(c, &t.subs[i]); err != nil {
			return nil, fmt.Errorf("sub-table %d: %v", i, err)
		}
	}
	if dtz {
		for i := range t.subs {
			readMaps(c, &t.subs[i])
		}
		c.alignEven()
	}
	if c.err != nil {
		return nil, c.err
	}
	if err := t.placeParts(c.off); err != nil {
		return nil, err
	}
	for i := range t.subs {
		if err := t.checkBlocks(&t.subs[i]); err != nil {
			return nil, fmt.Errorf("sub-table %d: %v", i, err)
		}
	}
	return t, nil
}

// setGroups checks a sub-table's piece list against the material and cuts
// it into groups with their factors.
func (t *table) setGroups(sb *sub, codes [MaxPieces]uint8, order, order2, file int) error {
	n := t.mat.pieces
	sb.codes = codes
	var count [16]int
	for i := range n {
		c := codes[i]
		if c&7 == 0 || c&7 == 7 {
			return layoutError("piece code %d at place %d", c, i)
		}
		if i > 0 && c != codes[i-1] && count[c] > 0 {
			return layoutError("piece code %d is not in one run", c)
		}
		count[c]++
	}
	for c := range count {
		if c&7 == 0 || c&7 == 7 {
			continue
		}
		if want := int(t.mat.sides[c>>3][c&7]); count[c] != want {
			return layoutError("the piece list has %d of code %d, the name %d", count[c], c, want)
		}
	}

	placements := [MaxPieces]uint64{}
	ng := 0
	next := 0
	switch t.lead {
	case leadPawns:
		k, m := t.leadPawns, t.otherPawns
		for i := range k {
			if codes[i] != t.leadCode {
				return layoutError("the list does not start with the %d leading pawns", k)
			}
		}
		sb.groups[0] = group{start: 0, n: uint8(k)}
		placements[0] = leadCount[k][file]
		ng, next = 1, k
		if m > 0 {
			for i := k; i < k+m; i++ {
				if codes[i] != t.leadCode^8 {
					return layoutError("the other side's %d pawns do not follow the leading pawns", m)
				}
			}
			sb.groups[1] = group{start: uint8(k), n: uint8(m)}
			placements[1] = binom[48-k][m]
			ng, next = 2, k+m
		}
	case leadThree:
		for i := range 3 {
			if count[codes[i]] != 1 {
				return layoutError("the leading group holds a piece that is not unique")
			}
		}
		sb.groups[0] = group{start: 0, n: 3}
		placements[0] = threeCount
		ng, next = 1, 3
	default:
		if codes[0]&7 != uint8(board.King) || codes[1]&7 != uint8(board.King) {
			return layoutError("the leading group is not the two kings")
		}
		sb.groups[0] = group{start: 0, n: 2}
		placements[0] = kingPairCount
		ng, next = 1, 2
	}
	for next < n {
		g := 1
		for next+g < n && codes[next+g] == codes[next] {
			g++
		}
		sb.groups[ng] = group{start: uint8(next), n: uint8(g)}
		placements[ng] = binom[64-next][g]
		ng++
		next += g
	}
	sb.ngroups = ng

	// Lay the groups out by significance: the leading group at position
	// order, the second pawn group at order2, the rest in list order on the
	// positions left.
	hasSecond := t.lead == leadPawns && t.otherPawns > 0
	if order >= ng || hasSecond && (order2 >= ng || order2 == order) {
		return layoutError("group orders %d, %d out of range for %d groups", order, order2, ng)
	}
	var at [MaxPieces]int // group at each position
	for i := range at {
		at[i] = -1
	}
	at[order] = 0
	rest := 1
	if hasSecond {
		at[order2] = 1
		rest = 2
	}
	for p := range ng {
		if at[p] < 0 {
			at[p] = rest
			rest++
		}
	}
	factor := uint64(1)
	for p := range ng {
		g := at[p]
		sb.groups[g].factor = factor
		hi, lo := bits.Mul64(factor, placements[g])
		if hi != 0 || lo >= 1<<62 {
			return layoutError("the sub-table's size overflows")
		}
		factor = lo
	}
	sb.size = factor
	return nil
}

// readCompression reads one compression header at the cursor.
func (t *table) readCompression(c *cursor, sb *sub) error {
	sb.flags = uint8(c.u8("compression flags"))
	if sb.flags&subConstant != 0 {
		sb.constant = true
		sb.constValue = uint8(c.u8("constant value"))
		if t.dtz {
			sb.constValue = 0
		} else if sb.constValue > 4 {
			return layoutError("constant WDL value %d", sb.constValue)
		}
		return c.err
	}
	at := c.skip(9, "compression header") - 1 // the header starts at the flags
	if c.err != nil {
		return c.err
	}
	d := c.data[at:]
	sb.blockBits, sb.spanBits = d[1], d[2]
	sb.extra = uint32(d[3])
	sb.blocks = binary.LittleEndian.Uint32(d[4:])
	sb.maxLen, sb.minLen = d[8], d[9]
	switch {
	case sb.blockBits < 3 || sb.blockBits > 30:
		return layoutError("block size 2^%d", sb.blockBits)
	case sb.spanBits < 1 || sb.spanBits > 62:
		return layoutError("sparse span 2^%d", sb.spanBits)
	case sb.blocks == 0:
		return layoutError("no data blocks")
	case sb.minLen < 1 || sb.minLen > sb.maxLen || sb.maxLen > 32:
		return layoutError("code lengths %d to %d", sb.minLen, sb.maxLen)
	}
	lmin, lmax := int(sb.minLen), int(sb.maxLen)
	for l := lmin; l <= lmax; l++ {
		sb.first[l] = uint16(c.u16("code counts"))
	}
	nsym := c.u16("symbol count")
	recs := c.skip(3*nsym, "symbols")
	if nsym&1 != 0 {
		c.skip(1, "padding")
	}
	if c.err != nil {
		return c.err
	}
	if nsym < 1 || nsym > 4095 {
		return layoutError("%d symbols", nsym)
	}
	if sb.first[lmax] != 0 {
		return layoutError("F(%d) = %d, not 0", lmax, sb.first[lmax])
	}
	var low [34]uint64
	for l := lmax - 1; l >= lmin; l-- {
		if sb.first[l] < sb.first[l+1] {
			return layoutError("F increases at %d bits", l)
		}
		sum := low[l+1] + uint64(sb.first[l]) - uint64(sb.first[l+1])
		if sum&1 != 0 {
			return layoutError("the code is not complete at %d bits", l)
		}
		low[l] = sum / 2
	}
	if low[lmin] >= 1<<lmin || uint64(sb.first[lmin])+1<<lmin-low[lmin] > uint64(nsym) {
		return layoutError("the code names more symbols than the %d there are", nsym)
	}
	for l := lmin; l <= lmax; l++ {
		sb.base[l] = low[l] << (64 - l)
	}
	syms, err := buildSymbols(c.data[recs:recs+3*nsym], !t.dtz)
	if err != nil {
		return err
	}
	sb.syms = syms
	return nil
}

// buildSymbols decodes the symbol records and counts the values each
// stands for, refusing cycles, children out of range and WDL values
// above 4.
func buildSymbols(recs []byte, wdl bool) ([]symbol, error) {
	n := len(recs) / 3
	syms := make([]symbol, n)
	for i := range syms {
		b0, b1, b2 := uint16(recs[3*i]), uint16(recs[3*i+1]), uint16(recs[3*i+2])
		s := symbol{left: b0 | (b1&15)<<8, right: b1>>4 | b2<<4}
		if s.right == leafMark {
			if wdl {
				if b0 > 4 {
					return nil, layoutError("symbol %d has the WDL value %d", i, b0)
				}
				s.left = b0
			}
			s.count = 1
		} else if int(s.left) >= n || int(s.right) >= n {
			return nil, layoutError("symbol %d pairs symbols %d and %d of %d", i, s.left, s.right, n)
		}
		syms[i] = s
	}
	const (
		open = 1
		done = 2
	)
	state := make([]uint8, n)
	var count func(i int) error
	count = func(i int) error {
		switch state[i] {
		case done:
			return nil
		case open:
			return layoutError("the symbols form a cycle through %d", i)
		}
		s := &syms[i]
		if s.right != leafMark {
			state[i] = open
			if err := count(int(s.left)); err != nil {
				return err
			}
			if err := count(int(s.right)); err != nil {
				return err
			}
			s.count = syms[s.left].count + syms[s.right].count
			if s.count > 65536 {
				return layoutError("symbol %d stands for %d values", i, s.count)
			}
		}
		state[i] = done
		return nil
	}
	for i := range syms {
		if err := count(i); err != nil {
			return nil, err
		}
	}
	return syms, nil
}

// readMaps reads a DTZ sub-table's value maps, when it has them.
func readMaps(c *cursor, sb *sub) {
	if sb.flags&dtzMapped == 0 {
		return
	}
	wide := sb.flags&dtzWideMaps != 0
	if wide {
		c.alignEven()
	}
	for i := range sb.maps {
		m := &sb.maps[i]
		m.wide = wide
		if wide {
			m.n = c.u16("value map")
			m.at = c.skip(2*m.n, "value map")
		} else {
			m.n = c.u8("value map")
			m.at = c.skip(m.n, "value map")
		}
	}
}

func align64(n int) int { return (n + 63) &^ 63 }

// placeParts finds where each sub-table's sparse index, block lengths and
// data lie, starting at off, and checks that they end where the file's
// checksum begins.
func (t *table) placeParts(off int) error {
	size := len(t.data)
	room := func(count, unit uint64, what string, i int) error {
		if count > uint64(size)/unit || off > size-int(count*unit) {
			return layoutError("sub-table %d: the %s (%d entries at %d) pass the end of the file (%d bytes)", i, what, count, off, size)
		}
		return nil
	}
	for i := range t.subs {
		sb := &t.subs[i]
		if sb.constant {
			continue
		}
		entries := (sb.size-1)>>sb.spanBits + 1
		if err := room(entries, 6, "sparse index", i); err != nil {
			return err
		}
		sb.sparseAt = off
		off += int(6 * entries)
	}
	for i := range t.subs {
		sb := &t.subs[i]
		if sb.constant {
			continue
		}
		if err := room(uint64(sb.blocks)+uint64(sb.extra), 2, "block lengths", i); err != nil {
			return err
		}
		sb.lengthsAt = off
		off += 2 * int(sb.blocks+sb.extra)
	}
	for i := range t.subs {
		sb := &t.subs[i]
		if sb.constant {
			continue
		}
		off = align64(off)
		if err := room(uint64(sb.blocks), 1<<sb.blockBits, "data blocks", i); err != nil {
			return err
		}
		sb.dataAt = off
		off += int(sb.blocks) << sb.blockBits
	}
	if end := align64(off) + 16; end != size {
		return layoutError("the parts end at %d: the file should be %d bytes, not %d", off, end, size)
	}
	return nil
}

// blockLen returns the stored length of block b (its number of values
// minus one).
func (sb *sub) blockLen(data []byte, b uint32) int {
	return int(binary.LittleEndian.Uint16(data[sb.lengthsAt+2*int(b):]))
}

// checkBlocks checks that the real blocks hold exactly the sub-table's
// values and that every sparse-index entry names the block and position
// of the middle value of its span.
func (t *table) checkBlocks(sb *sub) error {
	if sb.constant {
		return nil
	}
	data := t.data
	total := uint64(0)
	for b := range sb.blocks {
		total += uint64(sb.blockLen(data, b)) + 1
	}
	if total != sb.size {
		return layoutError("the blocks hold %d values, the sub-table has %d", total, sb.size)
	}
	entries := (sb.size-1)>>sb.spanBits + 1
	all := sb.blocks + sb.extra
	b, start := uint32(0), uint64(0) // block b's first value is number start
	for e := range entries {
		m := e<<sb.spanBits + 1<<(sb.spanBits-1)
		for b < all && m >= start+uint64(sb.blockLen(data, b))+1 {
			start += uint64(sb.blockLen(data, b)) + 1
			b++
		}
		if b == all {
			return layoutError("sparse entry %d: value %d lies past the last block", e, m)
		}
		at := sb.sparseAt + 6*int(e)
		gotB := binary.LittleEndian.Uint32(data[at:])
		gotPos := uint64(binary.LittleEndian.Uint16(data[at+4:]))
		if gotB != b || gotPos != m-start {
			return layoutError("sparse entry %d names block %d position %d; the block lengths put value %d at block %d position %d",
				e, gotB, gotPos, m, b, m-start)
		}
	}
	return nil
}

// errCorrupt is what a probe meets when a file's data contradicts itself
// in a way the checks at load cannot see (the bit stream of a block).
var errCorrupt = errors.New("corrupt data block")

// errMapRange is a decoded DTZ value beyond its map.
var errMapRange = errors.New("a DTZ value lies beyond its value map")
