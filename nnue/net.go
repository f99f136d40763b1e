// Package nnue is Brudno's efficiently updatable neural network
// evaluation: loading and saving the network file, accumulators that are
// refreshed from a position or updated by a move's feature changes, the
// output layer, and a per-thread Evaluator that keeps one accumulator per
// search ply and brings them up to date lazily.
//
// The network is 2×768 inputs → H hidden neurons per perspective (SCReLU)
// → 1 output, from one of B output buckets chosen by the number of pieces
// on the board (Bucket; B = 1 is a single output layer). Each perspective sees its own pieces as the first 384
// features and the board from its own side (ranks mirrored for Black):
// see FeatureIndex. With K > 1 king input buckets (kingbuckets.go) there
// are K sets of feature weights, one chosen per perspective by its king's
// square, the board mirrored so that the king is on files e-h. The output
// layer reads the side to move's accumulator first, then the other
// side's.
//
// The arithmetic is integer throughout: accumulators are int16 (sums wrap
// as int16 arithmetic does), the activated value v = clamp(acc, 0, QA) is
// multiplied by its output weight in int16, that product by v again in
// int32, and the int32 sum (wrapping) is scaled to centipawns by
//
//	eval = (sum/QA + outputBias) * scale / (QA*QB)
//
// with Go's truncating division, scale being the net's (Scale, 400, unless
// its trainer read the search scores on another scale). On amd64 CPUs
// with AVX2 and on arm64 (NEON) the accumulator updates and the output
// layer run in assembly; everywhere else, with the purego build tag, or
// after UseSIMD(false), in pure Go. Both give bit-identical results.
//
// File format (little-endian), version 1 (a net without king buckets) or
// 2 (with K > 1 king buckets, kingbuckets.go):
//
//	magic    [4]byte  "BRNN"
//	version  uint32   1 or 2
//	inputs   uint32   768
//	hidden   uint32   H (a multiple of 16, 16..1024)
//	buckets  uint32   B, output buckets, 1..8
//	qa       uint32   255
//	qb       uint32   64
//	scale    uint32   centipawns per unit of output, MinScale..MaxScale (400 by default)
//	kingBuckets uint32   K, 2..16 (version 2 only)
//	kingLayout  [64]byte the king bucket of each king square (version 2 only; KingLayout)
//	featureWeights int16[K*768*H]  king bucket k's feature f's H weights at [(k*768+f)*H:], K = 1 in version 1
//	featureBias    int16[H]
//	outputWeights  int16[B*2*H]  bucket b's at [b*2H : (b+1)*2H]: first H for the side to move, next H for the other side
//	outputBias     int32[B]
//	checksum       uint32        CRC-32 (IEEE) of every preceding byte
//
// Every output weight must satisfy |w| <= 127 so that QA*w fits in int16.
package nnue

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
)

// Network shape and quantisation constants of file format version 1.
const (
	Inputs          = 768  // features per perspective
	MinHidden       = 16   // smallest hidden layer
	MaxHidden       = 1024 // largest hidden layer
	QA              = 255  // activation clamp (accumulator quantisation)
	QB              = 64   // output weight quantisation
	Scale           = 400  // centipawns per unit of network output, by default
	MinScale        = 50   // the range of a net's scale
	MaxScale        = 1000
	MaxOutputWeight = 127 // |output weight| limit, so that QA*w fits in int16
	MaxBuckets      = 8   // most output buckets

	// Version is the file format version of a net without king buckets;
	// KingVersion that of one with them. Load reads both.
	Version     = 1
	KingVersion = 2
)

// magic opens every network file.
var magic = [4]byte{'B', 'R', 'N', 'N'}

// headerSize is the size of the fixed header: magic and seven uint32s;
// kingHeaderSize that of version 2, which adds K and the layout.
const (
	headerSize     = 4 + 7*4
	kingHeaderSize = headerSize + 4 + 64
)

// Net is a loaded network. It is immutable after creation and may be
// shared by any number of goroutines and Evaluators.
type Net struct {
	hidden         int
	buckets        int
	scale          int // centipawns per unit of output
	kingBuckets    int // K; 1: no king buckets, no mirroring
	kingLayout     KingLayout
	featureWeights []int16 // kingBuckets*Inputs*hidden; feature f's column at [f*hidden:(f+1)*hidden]
	featureBias    []int16 // hidden
	outputWeights  []int16 // buckets*2*hidden: by bucket, the side to move's half first
	outputBias     []int32 // buckets
}

// Hidden returns the number of hidden neurons per perspective (H).
func (n *Net) Hidden() int { return n.hidden }

// Buckets returns the number of output buckets (B).
func (n *Net) Buckets() int { return n.buckets }

// Scale returns the centipawns per unit of the network's output.
func (n *Net) Scale() int { return n.scale }

// KingBuckets returns the number of king input buckets (1: none).
func (n *Net) KingBuckets() int { return n.kingBuckets }

// KingLayout returns the net's king bucket layout (all 0 without king
// buckets).
func (n *Net) KingLayout() KingLayout { return n.kingLayout }

// Bucket returns the output bucket of a position with pieces pieces (2 to
// 32, kings included) in a network of buckets buckets: the range 2..32
// cut into equal parts, (pieces-2)·buckets/31, fewest pieces first.
func Bucket(pieces, buckets int) int {
	return min(max(pieces-2, 0)*buckets/31, buckets-1)
}

// validBuckets reports why a number of output buckets is not allowed, or nil.
func validBuckets(b int) error {
	if b < 1 || b > MaxBuckets {
		return fmt.Errorf("nnue: %d output buckets, want 1 to %d", b, MaxBuckets)
	}
	return nil
}

// validScale reports why a scale is not allowed, or nil.
func validScale(scale int) error {
	if scale < MinScale || scale > MaxScale {
		return fmt.Errorf("nnue: scale %d, want %d to %d", scale, MinScale, MaxScale)
	}
	return nil
}

// validHidden reports why a hidden-layer size is not allowed, or nil.
func validHidden(h int) error {
	if h < MinHidden || h > MaxHidden || h%16 != 0 {
		return fmt.Errorf("nnue: hidden size %d is not a multiple of 16 in %d..%d", h, MinHidden, MaxHidden)
	}
	return nil
}

// checkOutputWeights reports the first output weight outside ±MaxOutputWeight.
func checkOutputWeights(w []int16) error {
	for i, x := range w {
		if x > MaxOutputWeight || x < -MaxOutputWeight {
			return fmt.Errorf("nnue: output weight %d is %d, outside ±%d", i, x, MaxOutputWeight)
		}
	}
	return nil
}

// NewNet builds a network of the given hidden size with one output
// bucket from its parameters, which it copies: featureWeights has
// Inputs*hidden entries (feature f's weights at [f*hidden:(f+1)*hidden]),
// featureBias hidden entries and outputWeights 2*hidden (the side to
// move's half first). It validates as Load does.
func NewNet(hidden int, featureWeights, featureBias, outputWeights []int16, outputBias int32) (*Net, error) {
	return NewBucketedNet(hidden, 1, featureWeights, featureBias, outputWeights, []int32{outputBias})
}

// NewBucketedNet is NewNet with buckets output buckets: outputWeights has
// buckets*2*hidden entries (bucket b's 2*hidden at [b*2*hidden:]) and
// outputBias buckets.
func NewBucketedNet(hidden, buckets int, featureWeights, featureBias, outputWeights []int16, outputBias []int32) (*Net, error) {
	return NewScaledNet(hidden, buckets, Scale, featureWeights, featureBias, outputWeights, outputBias)
}

// NewScaledNet is NewBucketedNet with scale centipawns per unit of output
// (MinScale to MaxScale) in place of Scale.
func NewScaledNet(hidden, buckets, scale int, featureWeights, featureBias, outputWeights []int16, outputBias []int32) (*Net, error) {
	return NewKingNet(hidden, buckets, scale, nil, featureWeights, featureBias, outputWeights, outputBias)
}

// NewKingNet is NewScaledNet with the king buckets of layout (nil: none):
// featureWeights has layout.Buckets()*Inputs*hidden entries, king bucket
// k's feature f's weights at [(k*Inputs+f)*hidden:].
func NewKingNet(hidden, buckets, scale int, layout *KingLayout, featureWeights, featureBias, outputWeights []int16, outputBias []int32) (*Net, error) {
	if err := validScale(scale); err != nil {
		return nil, err
	}
	if err := validHidden(hidden); err != nil {
		return nil, err
	}
	if err := validBuckets(buckets); err != nil {
		return nil, err
	}
	kb := 1
	if layout != nil {
		kb = layout.Buckets()
		if err := layout.Check(kb); err != nil {
			return nil, err
		}
	}
	if len(featureWeights) != kb*Inputs*hidden {
		return nil, fmt.Errorf("nnue: %d feature weights, want %d", len(featureWeights), kb*Inputs*hidden)
	}
	if len(featureBias) != hidden {
		return nil, fmt.Errorf("nnue: %d feature biases, want %d", len(featureBias), hidden)
	}
	if len(outputWeights) != buckets*2*hidden {
		return nil, fmt.Errorf("nnue: %d output weights, want %d", len(outputWeights), buckets*2*hidden)
	}
	if len(outputBias) != buckets {
		return nil, fmt.Errorf("nnue: %d output biases, want %d", len(outputBias), buckets)
	}
	if err := checkOutputWeights(outputWeights); err != nil {
		return nil, err
	}
	n := newNet(hidden, buckets, scale, kb)
	if layout != nil {
		n.kingLayout = *layout
	}
	copy(n.featureWeights, featureWeights)
	copy(n.featureBias, featureBias)
	copy(n.outputWeights, outputWeights)
	copy(n.outputBias, outputBias)
	return n, nil
}

func newNet(hidden, buckets, scale, kingBuckets int) *Net {
	return &Net{
		hidden:         hidden,
		buckets:        buckets,
		scale:          scale,
		kingBuckets:    kingBuckets,
		featureWeights: make([]int16, kingBuckets*Inputs*hidden),
		featureBias:    make([]int16, hidden),
		outputWeights:  make([]int16, buckets*2*hidden),
		outputBias:     make([]int32, buckets),
	}
}

// Params returns copies of the network's parameters, in NewBucketedNet's
// order.
func (n *Net) Params() (featureWeights, featureBias, outputWeights []int16, outputBias []int32) {
	return append([]int16(nil), n.featureWeights...),
		append([]int16(nil), n.featureBias...),
		append([]int16(nil), n.outputWeights...),
		append([]int32(nil), n.outputBias...)
}

// FileSize returns the size in bytes of a net file with hidden size h and
// b output buckets, without king buckets.
func FileSize(h, b int) int { return KingFileSize(h, b, 1) }

// KingFileSize returns the size in bytes of a net file with hidden size
// h, b output buckets and k king buckets (1: a version 1 file).
func KingFileSize(h, b, k int) int {
	hs := headerSize
	if k > 1 {
		hs = kingHeaderSize
	}
	return hs + 2*(k*Inputs*h+h+b*2*h) + 4*b + 4
}

// LoadFile reads a network from the named file.
func LoadFile(name string) (*Net, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	n, err := Load(bufio.NewReader(f))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return n, nil
}

// Load reads a network in the file format of the package comment. It
// rejects, with an error and before allocating anything sized by the
// header, a file whose header is not version 1 or 2 with 768 inputs, a
// valid hidden size, 1 to 8 buckets, the constants QA and QB, a scale
// from MinScale to MaxScale and (version 2) 2 to 16 king buckets with a
// valid layout; then a short file, trailing bytes, a bad checksum and
// output weights beyond ±127.
func Load(r io.Reader) (*Net, error) {
	var hdr [kingHeaderSize]byte
	n, err := readHeader(r, hdr[:])
	if err != nil {
		return nil, err
	}
	hs := headerSize
	if n.kingBuckets > 1 {
		hs = kingHeaderSize
	}
	buf := make([]byte, KingFileSize(n.hidden, n.buckets, n.kingBuckets))
	copy(buf, hdr[:hs])
	if _, err := io.ReadFull(r, buf[hs:]); err != nil {
		return nil, truncated("body", err)
	}
	var extra [1]byte
	if k, err := io.ReadFull(r, extra[:]); k > 0 {
		return nil, errors.New("nnue: trailing bytes after the checksum")
	} else if err != io.EOF {
		return nil, fmt.Errorf("nnue: reading past the checksum: %w", err)
	}
	body := buf[:len(buf)-4]
	if got, want := crc32.ChecksumIEEE(body), binary.LittleEndian.Uint32(buf[len(body):]); got != want {
		return nil, fmt.Errorf("nnue: checksum %08x, file says %08x", got, want)
	}
	layout := n.kingLayout
	n = newNet(n.hidden, n.buckets, n.scale, n.kingBuckets)
	n.kingLayout = layout
	p := buf[hs:]
	p = readInt16s(n.featureWeights, p)
	p = readInt16s(n.featureBias, p)
	p = readInt16s(n.outputWeights, p)
	for i := range n.outputBias {
		n.outputBias[i] = int32(binary.LittleEndian.Uint32(p[4*i:]))
	}
	if err := checkOutputWeights(n.outputWeights); err != nil {
		return nil, err
	}
	return n, nil
}

// readHeader reads and checks the header into hdr (kingHeaderSize bytes,
// of which a version 1 file fills headerSize) and returns a Net holding
// only its sizes and scale.
func readHeader(r io.Reader, hdr []byte) (*Net, error) {
	if _, err := io.ReadFull(r, hdr[:headerSize]); err != nil {
		return nil, truncated("header", err)
	}
	if [4]byte(hdr[:4]) != magic {
		return nil, fmt.Errorf("nnue: bad magic %q, want %q", hdr[:4], magic[:])
	}
	field := func(i int) uint32 { return binary.LittleEndian.Uint32(hdr[4+4*i:]) }
	version, inputs, hidden, buckets := field(0), field(1), field(2), field(3)
	qa, qb, scale := field(4), field(5), field(6)
	if version != Version && version != KingVersion {
		return nil, fmt.Errorf("nnue: unsupported file version %d, want %d or %d", version, Version, KingVersion)
	}
	if inputs != Inputs {
		return nil, fmt.Errorf("nnue: %d inputs, want %d", inputs, Inputs)
	}
	if hidden < MinHidden || hidden > MaxHidden || hidden%16 != 0 {
		return nil, fmt.Errorf("nnue: hidden size %d is not a multiple of 16 in %d..%d", hidden, MinHidden, MaxHidden)
	}
	if buckets < 1 || buckets > MaxBuckets {
		return nil, fmt.Errorf("nnue: %d output buckets, want 1 to %d", buckets, MaxBuckets)
	}
	if qa != QA || qb != QB {
		return nil, fmt.Errorf("nnue: quantisation qa=%d qb=%d, want %d, %d", qa, qb, QA, QB)
	}
	if err := validScale(int(scale)); err != nil {
		return nil, err
	}
	n := &Net{hidden: int(hidden), buckets: int(buckets), scale: int(scale), kingBuckets: 1}
	if version == Version {
		return n, nil
	}
	if _, err := io.ReadFull(r, hdr[headerSize:kingHeaderSize]); err != nil {
		return nil, truncated("king bucket header", err)
	}
	kb := binary.LittleEndian.Uint32(hdr[headerSize:])
	if kb < 2 || kb > MaxKingBuckets {
		return nil, fmt.Errorf("nnue: %d king buckets in a version %d file, want 2 to %d", kb, KingVersion, MaxKingBuckets)
	}
	var l KingLayout
	copy(l[:], hdr[headerSize+4:kingHeaderSize])
	if err := l.Check(int(kb)); err != nil {
		return nil, err
	}
	n.kingBuckets, n.kingLayout = int(kb), l
	return n, nil
}

func truncated(part string, err error) error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return fmt.Errorf("nnue: file too short (truncated in the %s)", part)
	}
	return fmt.Errorf("nnue: reading the %s: %w", part, err)
}

func readInt16s(dst []int16, p []byte) []byte {
	for i := range dst {
		dst[i] = int16(binary.LittleEndian.Uint16(p[2*i:]))
	}
	return p[2*len(dst):]
}

func appendInt16s(b []byte, src []int16) []byte {
	for _, x := range src {
		b = binary.LittleEndian.AppendUint16(b, uint16(x))
	}
	return b
}

// MarshalBinary returns the network in the file format.
func (n *Net) MarshalBinary() ([]byte, error) {
	b := make([]byte, 0, KingFileSize(n.hidden, n.buckets, n.kingBuckets))
	b = append(b, magic[:]...)
	version := uint32(Version)
	if n.kingBuckets > 1 {
		version = KingVersion
	}
	for _, v := range []uint32{version, Inputs, uint32(n.hidden), uint32(n.buckets), QA, QB, uint32(n.scale)} {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	if n.kingBuckets > 1 {
		b = binary.LittleEndian.AppendUint32(b, uint32(n.kingBuckets))
		b = append(b, n.kingLayout[:]...)
	}
	b = appendInt16s(b, n.featureWeights)
	b = appendInt16s(b, n.featureBias)
	b = appendInt16s(b, n.outputWeights)
	for _, x := range n.outputBias {
		b = binary.LittleEndian.AppendUint32(b, uint32(x))
	}
	b = binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
	return b, nil
}

// Save writes the network in the file format that Load reads.
func (n *Net) Save(w io.Writer) error {
	b, _ := n.MarshalBinary()
	_, err := w.Write(b)
	return err
}
