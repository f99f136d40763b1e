package train

import (
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"

	"brudno/nnue/data"
)

// Positions are kept in memory as their 32-byte records, and their input
// features are decoded from the record each time a position is used:
// decoding costs a few dozen operations against the thousands of the
// network's accumulators, and the records are 4 times smaller than lists
// of feature indices. With the shuffled order (4 bytes a position) the
// trainer needs 36 bytes per training position.

// LoadFiles reads the records of the named files, in order, checking each
// (see checkRecord; a corrupt record gives an error naming the file and
// the record's number from 1, wrapping data.ErrCorrupt, and a file whose
// size is not a multiple of 32 one wrapping data.ErrTruncated). It also
// returns the CRC-32 (IEEE) of all the records, to recognise the data
// when resuming, and the index of the first record of each file.
func LoadFiles(names []string) (recs []data.Record, fingerprint uint32, fileStarts []int, err error) {
	total := int64(0)
	sizes := make([]int64, len(names))
	for i, name := range names {
		fi, err := os.Stat(name)
		if err != nil {
			return nil, 0, nil, err
		}
		if !fi.Mode().IsRegular() {
			return nil, 0, nil, fmt.Errorf("%s: not a regular file", name)
		}
		if extra := fi.Size() % data.RecordSize; extra != 0 {
			return nil, 0, nil, fmt.Errorf("%s: %w: the file ends %d bytes into record %d (records are %d bytes; `brudno datagen -format bin -append` on the file cuts a partial record off)",
				name, data.ErrTruncated, extra, fi.Size()/data.RecordSize+1, data.RecordSize)
		}
		total += fi.Size() / data.RecordSize
		sizes[i] = fi.Size()
	}
	recs = make([]data.Record, 0, total)
	crc := crc32.NewIEEE()
	for i, name := range names {
		fileStarts = append(fileStarts, len(recs))
		if recs, err = loadFile(name, sizes[i], recs, crc); err != nil {
			return nil, 0, nil, err
		}
	}
	return recs, crc.Sum32(), fileStarts, nil
}

// loadFile appends the records of the first size bytes of the named file
// to recs (records that datagen appends meanwhile are left out).
func loadFile(name string, size int64, recs []data.Record, crc io.Writer) ([]data.Record, error) {
	file, err := os.Open(name)
	if err != nil {
		return recs, err
	}
	defer file.Close()
	f := io.LimitReader(file, size)
	buf := make([]byte, 4096*data.RecordSize)
	n := 0 // records of this file read
	for {
		k, err := io.ReadFull(f, buf)
		if k%data.RecordSize != 0 {
			return recs, fmt.Errorf("%s: %w: the file ends %d bytes into record %d (did it change while being read?)",
				name, data.ErrTruncated, k%data.RecordSize, n+k/data.RecordSize+1)
		}
		crc.Write(buf[:k])
		for off := 0; off < k; off += data.RecordSize {
			var r data.Record
			copy(r[:], buf[off:])
			n++
			if err := checkRecord(&r); err != nil {
				return recs, fmt.Errorf("%s: record %d: %w", name, n, err)
			}
			recs = append(recs, r)
		}
		switch {
		case err == io.EOF || err == io.ErrUnexpectedEOF:
			return recs, nil
		case err != nil:
			return recs, fmt.Errorf("%s: %w", name, err)
		}
	}
}

// Dataset is the loaded data split into training and validation
// positions, the validation positions being whole games.
type Dataset struct {
	Train, Val  []data.Record
	TrainGames  int
	ValGames    int
	Fingerprint uint32 // CRC-32 of all the records as loaded
	NoGameMarks bool   // no record marked a game's start: games are blocks of pseudoGame records
}

// pseudoGame is the number of records taken as a game for the validation
// split of data with no game-start marks (written before they existed).
const pseudoGame = 64

// Split divides recs (all the data, as LoadFiles returns it: fileStarts
// are the first records of each file) into training and validation
// positions. A game begins at a record marked as a game's first
// (Record.GameStart) and at the start of each file; each game goes to
// validation with probability valFrac, decided by a hash of seed and the
// game's number, and at least one game does when valFrac > 0 and there
// are two or more. recs is reused for the training positions, in order.
func Split(recs []data.Record, fileStarts []int, fingerprint uint32, valFrac float64, seed uint64) *Dataset {
	ds := &Dataset{Fingerprint: fingerprint}
	marked := false
	for i := range recs {
		if recs[i].GameStart() {
			marked = true
			break
		}
	}
	ds.NoGameMarks = !marked && len(recs) > 0
	threshold := uint64(valFrac * (1 << 53))
	w, game, nextFile, lastGameStart := 0, -1, 0, 0
	toVal := false
	for i := range recs {
		start := i == 0
		for nextFile < len(fileStarts) && fileStarts[nextFile] <= i {
			start = start || fileStarts[nextFile] == i
			nextFile++
		}
		if marked {
			start = start || recs[i].GameStart()
		} else {
			start = start || i%pseudoGame == 0
		}
		if start {
			game++
			lastGameStart = i
			toVal = splitmix(seed^splitmix(uint64(game)))>>11 < threshold
			if toVal {
				ds.ValGames++
			} else {
				ds.TrainGames++
			}
		}
		if toVal {
			ds.Val = append(ds.Val, recs[i])
		} else {
			recs[w] = recs[i]
			w++
		}
	}
	if valFrac > 0 && ds.ValGames == 0 && ds.TrainGames >= 2 {
		// No game was drawn: move the last one (every record stayed in
		// place) to validation.
		ds.Val = append(ds.Val, recs[lastGameStart:]...)
		w = lastGameStart
		ds.ValGames, ds.TrainGames = 1, ds.TrainGames-1
	}
	ds.Train = recs[:w:w]
	return ds
}

// splitmix is the SplitMix64 finaliser, a good 64-bit mixing function.
func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// Load reads the named files and splits them (LoadFiles and Split).
func Load(names []string, valFrac float64, seed uint64) (*Dataset, error) {
	if valFrac < 0 || valFrac > 0.5 {
		return nil, fmt.Errorf("validation fraction %g: want 0 to 0.5", valFrac)
	}
	recs, fp, starts, err := LoadFiles(names)
	if err != nil {
		return nil, err
	}
	if len(recs) == 0 {
		return nil, errors.New("the data files hold no records")
	}
	ds := Split(recs, starts, fp, valFrac, seed)
	if len(ds.Train) == 0 {
		return nil, errors.New("no training positions left after holding out the validation games")
	}
	return ds, nil
}
