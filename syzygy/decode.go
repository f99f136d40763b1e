// Reading one value of a sub-table: the sparse index and the block
// lengths lead to the block and the value's position in it; the block's
// codes are read until the symbol that holds the position, which is then
// expanded down its pairing tree to a leaf (docs/syzygy-format.md,
// "Finding the block of a value", "Decoding a block").
package syzygy

import "encoding/binary"

// value returns the stored value number idx of sub-table sb of file data:
// a WDL value 0 to 4, or a DTZ file's decoded value before its map.
func (sb *sub) value(data []byte, idx uint64) (int, error) {
	if sb.constant {
		return int(sb.constValue), nil
	}
	if idx >= sb.size {
		return 0, errCorrupt
	}
	// The block and position from the sparse entry of idx's span.
	at := sb.sparseAt + 6*int(idx>>sb.spanBits)
	block := binary.LittleEndian.Uint32(data[at:])
	half := int64(1) << (sb.spanBits - 1)
	pos := int64(binary.LittleEndian.Uint16(data[at+4:])) + int64(idx&(1<<sb.spanBits-1)) - half
	all := sb.blocks + sb.extra
	for pos < 0 {
		if block == 0 || block > all {
			return 0, errCorrupt
		}
		block--
		pos += int64(sb.blockLen(data, block)) + 1
	}
	for {
		if block >= all {
			return 0, errCorrupt
		}
		n := int64(sb.blockLen(data, block))
		if pos <= n {
			break
		}
		pos -= n + 1
		block++
	}
	if block >= sb.blocks {
		return 0, errCorrupt
	}
	sym, in, err := sb.findSymbol(data, block, int(pos))
	if err != nil {
		return 0, err
	}
	// Down the pairing tree to the leaf that holds the position.
	syms := sb.syms
	for syms[sym].right != leafMark {
		s := &syms[sym]
		if n := int(syms[s.left].count); in < n {
			sym = int(s.left)
		} else {
			in -= n
			sym = int(s.right)
		}
	}
	return int(syms[sym].left), nil
}

// findSymbol reads the codes of block b until the symbol that holds value
// number pos of the block; it returns the symbol and the position inside
// it.
func (sb *sub) findSymbol(data []byte, b uint32, pos int) (int, int, error) {
	start := sb.dataAt + int(b)<<sb.blockBits
	limit := 8 << sb.blockBits // bits in the block
	window := loadBE64(data, start)
	next := start + 8 // the next byte to load
	used := 0         // bits consumed since the last load
	read := 0         // bits consumed in all
	syms := sb.syms
	for {
		if read >= limit {
			return 0, 0, errCorrupt
		}
		l := int(sb.minLen)
		for window < sb.base[l] {
			l++
		}
		sym := int(sb.first[l]) + int((window-sb.base[l])>>(64-l))
		n := int(syms[sym].count)
		if pos < n {
			return sym, pos, nil
		}
		pos -= n
		window <<= l
		used += l
		read += l
		if used >= 32 {
			used -= 32
			window |= uint64(loadBE32(data, next)) << used
			next += 4
		}
	}
}

// loadBE64 reads 8 bytes big-endian at off, zeros past the end of data.
func loadBE64(data []byte, off int) uint64 {
	if off >= 0 && off <= len(data)-8 {
		return binary.BigEndian.Uint64(data[off:])
	}
	return uint64(loadBE32(data, off))<<32 | uint64(loadBE32(data, off+4))
}

// loadBE32 reads 4 bytes big-endian at off, zeros past the end of data.
func loadBE32(data []byte, off int) uint32 {
	if off >= 0 && off <= len(data)-4 {
		return binary.BigEndian.Uint32(data[off:])
	}
	v := uint32(0)
	for i := range 4 {
		v <<= 8
		if j := off + i; j >= 0 && j < len(data) {
			v |= uint32(data[j])
		}
	}
	return v
}
