package train

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"

	"brudno/nnue"
)

// The checkpoint file (little-endian):
//
//	magic       [4]byte "BRNT"
//	version     uint32  2, 3 with king buckets, 4 with king buckets and their factor
//	hidden      uint32  H
//	buckets     uint32  B, output buckets
//	kingBuckets uint32  K, 2 to 16 (versions 3 and 4 only)
//	kingLayout  [64]byte the king bucket of each king square (versions 3 and 4 only)
//	seed        uint64  the run's seed (initialisation, split, shuffles)
//	epoch       uint32  epochs done
//	offset      uint64  positions of the next epoch done (0 at an epoch's end)
//	step        uint64  optimiser steps done
//	lossSum     float64 sum of the training losses of those positions
//	lossCount   uint64  and their number
//	trainCount  uint64  training positions of the run
//	fingerprint uint32  CRC-32 of the run's data (Dataset.Fingerprint)
//	params      float32[P]  P = K*768*H + H + B*(2*H + 1) (K = 1 before version 3), 768*H more in version 4, laid out as Net.Params
//	m           float32[P]  Adam's first moments
//	v           float32[P]  and second moments
//	checksum    uint32  CRC-32 (IEEE) of every preceding byte
//
// The shuffle of an epoch is drawn from the seed and the epoch's number,
// so this is all a run needs to go on exactly where it stopped. Version 1,
// which ReadCheckpoint also reads, had no buckets field (one bucket); a
// run without king buckets still writes version 2.
const (
	ckptMagic         = "BRNT"
	ckptVersion       = 2
	ckptKingVersion   = 3
	ckptFactorVersion = 4
)

// WriteCheckpoint writes the trainer's state to w.
func (t *Trainer) WriteCheckpoint(w io.Writer) error {
	le := binary.LittleEndian
	p := len(t.Net.Params)
	buf := make([]byte, 0, 64+12*p+4)
	buf = append(buf, ckptMagic...)
	kings := t.Net.kingBuckets() > 1
	if t.Net.Factor {
		buf = le.AppendUint32(buf, ckptFactorVersion)
	} else if kings {
		buf = le.AppendUint32(buf, ckptKingVersion)
	} else {
		buf = le.AppendUint32(buf, ckptVersion)
	}
	buf = le.AppendUint32(buf, uint32(t.Net.Hidden))
	buf = le.AppendUint32(buf, uint32(t.Net.Buckets))
	if kings {
		buf = le.AppendUint32(buf, uint32(t.Net.KingBuckets))
		buf = append(buf, t.Net.KingLayout[:]...)
	}
	buf = le.AppendUint64(buf, t.opt.Seed)
	buf = le.AppendUint32(buf, uint32(t.epoch))
	buf = le.AppendUint64(buf, uint64(t.offset))
	buf = le.AppendUint64(buf, t.step)
	buf = le.AppendUint64(buf, math.Float64bits(t.lossSum))
	buf = le.AppendUint64(buf, uint64(t.lossCount))
	buf = le.AppendUint64(buf, uint64(t.trainCount))
	buf = le.AppendUint32(buf, t.dataCRC)
	for _, s := range [][]float32{t.Net.Params, t.m, t.v} {
		for _, x := range s {
			buf = le.AppendUint32(buf, math.Float32bits(x))
		}
	}
	buf = le.AppendUint32(buf, crc32.ChecksumIEEE(buf))
	_, err := w.Write(buf)
	return err
}

// SaveCheckpoint writes the trainer's state to the named file
// (atomically, through a temporary file).
func (t *Trainer) SaveCheckpoint(name string) error {
	return writeFileAtomic(name, t.WriteCheckpoint)
}

// ErrBadCheckpoint is wrapped by the errors of reading a checkpoint that
// is not one or is damaged.
var ErrBadCheckpoint = errors.New("not a valid checkpoint")

// ReadCheckpoint returns a trainer that goes on from the checkpoint in b
// with the options opt, except for the hidden layer size, the buckets,
// the king buckets and the seed, which are the checkpoint's.
func ReadCheckpoint(b []byte, opt Options) (*Trainer, error) {
	le := binary.LittleEndian
	net, at, err := readCheckpointHeader(b)
	if err != nil {
		return nil, err
	}
	fixed := at + 8 + 4 + 8 + 8 + 8 + 8 + 8 + 4 // the seed's offset, then the fields from the seed to the fingerprint
	p := numFactorParams(net.Hidden, net.Buckets, net.KingBuckets, net.Factor)
	if want := fixed + 12*p + 4; len(b) != want {
		return nil, badCheckpoint("%d bytes, want %d for %d hidden neurons, %d buckets and %d king buckets%s",
			len(b), want, net.Hidden, net.Buckets, net.kingBuckets(), map[bool]string{true: " with a factor"}[net.Factor])
	}
	if sum := le.Uint32(b[len(b)-4:]); sum != crc32.ChecksumIEEE(b[:len(b)-4]) {
		return nil, badCheckpoint("checksum mismatch (the file is damaged)")
	}
	net.Params = make([]float32, p)
	opt.Hidden, opt.Buckets, opt.KingBuckets, opt.Factor = net.Hidden, net.Buckets, net.kingBuckets(), net.Factor
	opt.Seed = le.Uint64(b[at:])
	if err := opt.Check(); err != nil {
		return nil, err
	}
	t := newTrainer(net, opt)
	t.epoch = int(le.Uint32(b[at+8:]))
	t.offset = int(le.Uint64(b[at+12:]))
	t.step = le.Uint64(b[at+20:])
	t.lossSum = math.Float64frombits(le.Uint64(b[at+28:]))
	t.lossCount = int64(le.Uint64(b[at+36:]))
	t.trainCount = int(le.Uint64(b[at+44:]))
	t.dataCRC = le.Uint32(b[at+52:])
	if t.offset < 0 || t.trainCount < 0 || t.lossCount < 0 || (t.offset != 0 && t.offset >= t.trainCount) {
		return nil, badCheckpoint("inconsistent position counts")
	}
	off := fixed
	for _, s := range [][]float32{net.Params, t.m, t.v} {
		for i := range s {
			s[i] = math.Float32frombits(le.Uint32(b[off:]))
			off += 4
		}
	}
	return t, nil
}

func badCheckpoint(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrBadCheckpoint, fmt.Sprintf(format, args...))
}

// readCheckpointHeader checks the header of checkpoint b (versions 1 to
// 4) and returns a net of its sizes without parameters and the offset of
// the seed.
func readCheckpointHeader(b []byte) (*Net, int, error) {
	le := binary.LittleEndian
	if len(b) < 8 || !bytes.Equal(b[:4], []byte(ckptMagic)) {
		return nil, 0, badCheckpoint("no %q header", ckptMagic)
	}
	v := le.Uint32(b[4:])
	at := map[uint32]int{1: 12, ckptVersion: 16, ckptKingVersion: 16 + 4 + 64, ckptFactorVersion: 16 + 4 + 64}[v]
	if at == 0 {
		return nil, 0, badCheckpoint("version %d, this trainer reads versions 1 to %d", v, ckptFactorVersion)
	}
	if len(b) < at+60 {
		return nil, 0, badCheckpoint("%d bytes: too short", len(b))
	}
	net := &Net{Hidden: int(le.Uint32(b[8:])), Buckets: 1, KingBuckets: 1}
	if err := CheckHidden(net.Hidden); err != nil {
		return nil, 0, badCheckpoint("%v", err)
	}
	if v >= ckptVersion {
		net.Buckets = int(le.Uint32(b[12:]))
		if err := CheckBuckets(net.Buckets); err != nil {
			return nil, 0, badCheckpoint("%v", err)
		}
	}
	if v >= ckptKingVersion {
		k := le.Uint32(b[16:])
		if k < 2 || k > nnue.MaxKingBuckets {
			return nil, 0, badCheckpoint("%d king buckets, want 2 to %d", k, nnue.MaxKingBuckets)
		}
		copy(net.KingLayout[:], b[20:84])
		if err := net.KingLayout.Check(int(k)); err != nil {
			return nil, 0, badCheckpoint("%v", err)
		}
		net.KingBuckets = int(k)
		net.Factor = v == ckptFactorVersion
	}
	return net, at, nil
}

// LoadCheckpoint reads the named checkpoint file (see ReadCheckpoint).
func LoadCheckpoint(name string, opt Options) (*Trainer, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	t, err := ReadCheckpoint(b, opt)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return t, nil
}
