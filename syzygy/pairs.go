package syzygy

import (
	"encoding/binary"
	"errors"
)

// A pairs holds one compressed sub-table: the values of every index of one
// side to move (and, with pawns, one file of the leading pawn). Values are
// coded by "recursive pairing": a symbol stands for a pair of symbols,
// down to the leaves, which hold values; the symbols are then written with a
// canonical Huffman code in blocks of fixed size. A sparse index gives, every
// span values, the block and the offset within it, and a table of block
// lengths lets the decoder walk from there to the block of any index.
type pairs struct {
	flags     byte
	single    bool // every position has the same value: singleValue
	singleVal int

	blockSize    uint64 // bytes per block
	span         uint64 // values between two sparse index entries
	blocks       uint64 // compressed blocks
	blockLenSize uint64 // entries of blockLen (blocks plus padding)
	minLen       int    // shortest and longest code, in bits
	maxLen       int
	lowest       []uint16 // lowest[l-minLen]: the smallest symbol of length l
	base         []uint64 // base[l-minLen]: the first code of length l, left-aligned in 64 bits
	symLen       []uint32 // symLen[s]+1 values are what symbol s stands for
	tree         []byte   // three bytes per symbol: its left and right symbols, 12 bits each

	sparse   []byte // six bytes per entry: block (32 bits) and offset (16 bits)
	blockLen []byte // two bytes per block: its number of values minus one
	data     []byte // the blocks

	size     uint64 // number of indices
	pieces   [MaxPieces]byte
	groupLen [MaxPieces + 1]int
	groupIdx [MaxPieces + 1]uint64

	mapIdx [4]int // DTZ: where each WDL class's value map starts in the file
	mapLen [4]int
}

// Flags of a sub-table (most concern DTZ tables only).
const (
	flagSTM      = 1   // DTZ: which side to move the table stores
	flagMapped   = 2   // DTZ: values go through a map
	flagWinPlies = 4   // DTZ: win distances are in plies, not moves
	flagLossPly  = 8   // DTZ: loss distances are in plies
	flagWide     = 16  // DTZ: the map has 16-bit entries
	flagSingle   = 128 // every index has the same value
)

const noChild = 0xfff

var errTruncated = errors.New("truncated")

// le16 and le32 read little-endian numbers at off, reporting ok=false past the end.
func le16(b []byte, off uint64) (uint64, bool) {
	if off > uint64(len(b)) || uint64(len(b))-off < 2 {
		return 0, false
	}
	return uint64(binary.LittleEndian.Uint16(b[off:])), true
}

func le32(b []byte, off uint64) (uint64, bool) {
	if off > uint64(len(b)) || uint64(len(b))-off < 4 {
		return 0, false
	}
	return uint64(binary.LittleEndian.Uint32(b[off:])), true
}

// slice returns b[off:off+n] or ok=false when it does not fit.
func slice(b []byte, off, n uint64) ([]byte, bool) {
	if off > uint64(len(b)) || uint64(len(b))-off < n {
		return nil, false
	}
	return b[off : off+n], true
}

// readSizes reads the sub-table's header at off: block size, span, block
// count, code lengths, the lowest symbols and the pairing tree. It returns
// the offset after it.
func (p *pairs) readSizes(b []byte, off uint64) (uint64, error) {
	if off >= uint64(len(b)) {
		return 0, errTruncated
	}
	p.flags = b[off]
	if p.flags&flagSingle != 0 {
		if off+1 >= uint64(len(b)) {
			return 0, errTruncated
		}
		p.single, p.singleVal = true, int(b[off+1])
		return off + 2, nil
	}
	h, ok := slice(b, off, 10)
	if !ok {
		return 0, errTruncated
	}
	if h[1] > 20 || h[2] > 40 {
		return 0, errors.New("block size or span out of range")
	}
	p.blockSize, p.span = 1<<h[1], 1<<h[2]
	p.blocks = uint64(binary.LittleEndian.Uint32(h[4:]))
	p.blockLenSize = p.blocks + uint64(h[3])
	p.maxLen, p.minLen = int(h[8]), int(h[9])
	if p.minLen < 1 || p.maxLen < p.minLen || p.maxLen > 32 {
		return 0, errors.New("bad code lengths")
	}
	off += 10
	n := uint64(p.maxLen - p.minLen + 1)
	raw, ok := slice(b, off, 2*n)
	if !ok {
		return 0, errTruncated
	}
	off += 2 * n
	p.lowest = make([]uint16, n)
	for i := range p.lowest {
		p.lowest[i] = binary.LittleEndian.Uint16(raw[2*i:])
	}
	p.setBases()
	syms, ok := le16(b, off)
	if !ok {
		return 0, errTruncated
	}
	off += 2
	if p.tree, ok = slice(b, off, 3*syms); !ok {
		return 0, errTruncated
	}
	off += 3*syms + syms&1
	return off, p.setSymLen()
}

// setBases computes the canonical code's first code of each length: codes
// of the same length are consecutive, and longer codes are smaller.
func (p *pairs) setBases() {
	n := len(p.lowest)
	p.base = make([]uint64, n)
	for i := n - 2; i >= 0; i-- {
		p.base[i] = (p.base[i+1] + uint64(p.lowest[i]) - uint64(p.lowest[i+1])) / 2
	}
	for i := range p.base {
		p.base[i] <<= uint(64 - i - p.minLen)
	}
}

func (p *pairs) children(s int) (left, right int) {
	t := p.tree[3*s:]
	return int(t[1]&0xf)<<8 | int(t[0]), int(t[2])<<4 | int(t[1]>>4)
}

// setSymLen computes how many values each symbol stands for, refusing a
// tree that points outside itself, loops, or expands absurdly.
func (p *pairs) setSymLen() error {
	n := len(p.tree) / 3
	p.symLen = make([]uint32, n)
	state := make([]byte, n) // 0 new, 1 being expanded, 2 done
	var visit func(s int) error
	visit = func(s int) error {
		state[s] = 1
		l, r := p.children(s)
		if r != noChild {
			if l >= n || r >= n {
				return errors.New("pairing tree points past its end")
			}
			for _, c := range [2]int{l, r} {
				switch state[c] {
				case 1:
					return errors.New("pairing tree has a cycle")
				case 0:
					if err := visit(c); err != nil {
						return err
					}
				}
			}
			v := uint64(p.symLen[l]) + uint64(p.symLen[r]) + 1
			if v > 1<<24 {
				return errors.New("pairing tree expands too far")
			}
			p.symLen[s] = uint32(v)
		}
		state[s] = 2
		return nil
	}
	for s := 0; s < n; s++ {
		if state[s] == 0 {
			if err := visit(s); err != nil {
				return err
			}
		}
	}
	return nil
}

// value decodes the value stored at index idx; ok=false when the index or
// the data it leads to is out of range.
func (p *pairs) value(idx uint64) (int, bool) {
	if p.single {
		return p.singleVal, true
	}
	if idx >= p.size {
		return 0, false
	}
	block, offset, ok := p.locate(idx)
	if !ok {
		return 0, false
	}
	sym, offset, ok := p.symbolAt(block, offset)
	if !ok {
		return 0, false
	}
	for p.symLen[sym] != 0 {
		l, r := p.children(sym)
		if n := int64(p.symLen[l]) + 1; offset < n {
			sym = l
		} else {
			offset -= n
			sym = r
		}
	}
	l, _ := p.children(sym)
	return l, true
}

// maxWalk bounds the blocks locate steps over from a sparse index entry.
// Real tables need a few (at most 80 in the 3- and 4-piece set); a damaged
// one could otherwise make a lookup walk billions.
const maxWalk = 1 << 16

// locate finds the block holding index idx and the index's offset in it,
// starting from the nearest sparse index entry.
func (p *pairs) locate(idx uint64) (block uint64, offset int64, ok bool) {
	k := idx / p.span
	block, ok1 := le32(p.sparse, 6*k)
	off, ok2 := le16(p.sparse, 6*k+4)
	if !ok1 || !ok2 {
		return 0, 0, false
	}
	offset = int64(off) + int64(idx%p.span) - int64(p.span/2)
	for steps := 0; ; steps++ {
		if steps > maxWalk {
			return 0, 0, false
		}
		if offset < 0 {
			if block == 0 {
				return 0, 0, false
			}
			block--
			n, ok := le16(p.blockLen, 2*block)
			if !ok {
				return 0, 0, false
			}
			offset += int64(n) + 1
			continue
		}
		n, ok := le16(p.blockLen, 2*block)
		if !ok {
			return 0, 0, false
		}
		if offset <= int64(n) {
			return block, offset, block < p.blocks
		}
		offset -= int64(n) + 1
		block++
	}
}

// symbolAt decodes the Huffman symbols of a block until the one that
// covers the offset, and returns it with the offset within it.
func (p *pairs) symbolAt(block uint64, offset int64) (int, int64, bool) {
	data, ok := slice(p.data, block*p.blockSize, p.blockSize)
	if !ok || len(data) < 8 {
		return 0, 0, false
	}
	buf := binary.BigEndian.Uint64(data)
	pos, bits := 8, 64
	for {
		l := 0
		for buf < p.base[l] {
			l++
			if l == len(p.base) {
				return 0, 0, false
			}
		}
		sym := int((buf-p.base[l])>>uint(64-l-p.minLen)) + int(p.lowest[l])
		if sym >= len(p.symLen) {
			return 0, 0, false
		}
		n := int64(p.symLen[sym]) + 1
		if offset < n {
			return sym, offset, true
		}
		offset -= n
		buf <<= uint(l + p.minLen)
		bits -= l + p.minLen
		if bits <= 32 {
			var w uint64
			if pos+4 <= len(data) {
				w = uint64(binary.BigEndian.Uint32(data[pos:]))
			}
			pos += 4
			bits += 32
			buf |= w << uint(64-bits)
		}
	}
}
