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
)

// The checkpoint file (little-endian):
//
//	magic       [4]byte "BRNT"
//	version     uint32  2
//	hidden      uint32  H
//	buckets     uint32  B, output buckets
//	seed        uint64  the run's seed (initialisation, split, shuffles)
//	epoch       uint32  epochs done
//	offset      uint64  positions of the next epoch done (0 at an epoch's end)
//	step        uint64  optimiser steps done
//	lossSum     float64 sum of the training losses of those positions
//	lossCount   uint64  and their number
//	trainCount  uint64  training positions of the run
//	fingerprint uint32  CRC-32 of the run's data (Dataset.Fingerprint)
//	params      float32[P]  P = 769*H + B*(2*H + 1), laid out as Net.Params
//	m           float32[P]  Adam's first moments
//	v           float32[P]  and second moments
//	checksum    uint32  CRC-32 (IEEE) of every preceding byte
//
// The shuffle of an epoch is drawn from the seed and the epoch's number,
// so this is all a run needs to go on exactly where it stopped. Version 1,
// which ReadCheckpoint also reads, had no buckets field (one bucket).
const (
	ckptMagic   = "BRNT"
	ckptVersion = 2
)

// WriteCheckpoint writes the trainer's state to w.
func (t *Trainer) WriteCheckpoint(w io.Writer) error {
	le := binary.LittleEndian
	p := len(t.Net.Params)
	buf := make([]byte, 0, 64+12*p+4)
	buf = append(buf, ckptMagic...)
	buf = le.AppendUint32(buf, ckptVersion)
	buf = le.AppendUint32(buf, uint32(t.Net.Hidden))
	buf = le.AppendUint32(buf, uint32(t.Net.Buckets))
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
// with the options opt, except for the hidden layer size, the buckets and
// the seed, which are the checkpoint's.
func ReadCheckpoint(b []byte, opt Options) (*Trainer, error) {
	le := binary.LittleEndian
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrBadCheckpoint, fmt.Sprintf(format, args...))
	}
	fixed := 4 + 4 + 4 + 4 + 8 + 4 + 8 + 8 + 8 + 8 + 8 + 4
	if len(b) < 8 || !bytes.Equal(b[:4], []byte(ckptMagic)) {
		return nil, bad("no %q header", ckptMagic)
	}
	buckets, at := 1, 12 // at: the seed's offset
	switch v := le.Uint32(b[4:]); v {
	case 1:
		fixed -= 4
	case ckptVersion:
		at += 4
	default:
		return nil, bad("version %d, this trainer reads versions 1 and %d", v, ckptVersion)
	}
	if len(b) < fixed+4 {
		return nil, bad("%d bytes: too short", len(b))
	}
	h := int(le.Uint32(b[8:]))
	if err := CheckHidden(h); err != nil {
		return nil, bad("%v", err)
	}
	if at == 16 {
		buckets = int(le.Uint32(b[12:]))
		if err := CheckBuckets(buckets); err != nil {
			return nil, bad("%v", err)
		}
	}
	p := numParams(h, buckets)
	if want := fixed + 12*p + 4; len(b) != want {
		return nil, bad("%d bytes, want %d for %d hidden neurons and %d buckets", len(b), want, h, buckets)
	}
	if sum := le.Uint32(b[len(b)-4:]); sum != crc32.ChecksumIEEE(b[:len(b)-4]) {
		return nil, bad("checksum mismatch (the file is damaged)")
	}
	opt.Hidden, opt.Buckets = h, buckets
	opt.Seed = le.Uint64(b[at:])
	if err := opt.Check(); err != nil {
		return nil, err
	}
	net := &Net{Hidden: h, Buckets: buckets, Params: make([]float32, p)}
	t := newTrainer(net, opt)
	t.epoch = int(le.Uint32(b[at+8:]))
	t.offset = int(le.Uint64(b[at+12:]))
	t.step = le.Uint64(b[at+20:])
	t.lossSum = math.Float64frombits(le.Uint64(b[at+28:]))
	t.lossCount = int64(le.Uint64(b[at+36:]))
	t.trainCount = int(le.Uint64(b[at+44:]))
	t.dataCRC = le.Uint32(b[at+52:])
	if t.offset < 0 || t.trainCount < 0 || t.lossCount < 0 || (t.offset != 0 && t.offset >= t.trainCount) {
		return nil, bad("inconsistent position counts")
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
