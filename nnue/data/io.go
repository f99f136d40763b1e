package data

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"

	"brudno/board"
)

// Writer writes records through a buffer. Call Flush when done.
type Writer struct {
	bw      *bufio.Writer
	scratch Record
	n       int64
}

// NewWriter returns a Writer with a 64 KiB buffer (a multiple of the
// record size, so the buffer is always written out in whole records).
func NewWriter(w io.Writer) *Writer {
	return &Writer{bw: bufio.NewWriterSize(w, 2048*RecordSize)}
}

// Write appends one record.
func (w *Writer) Write(r Record) error {
	w.scratch = r // keeps r on the stack: no allocation per record
	if _, err := w.bw.Write(w.scratch[:]); err != nil {
		return err
	}
	w.n++
	return nil
}

// WriteAll appends records together, for example all those of one game:
// when they do not fit in the buffer's free space, the buffered records
// are flushed first, so a group of up to 2048 records reaches the
// underlying writer in a single Write call.
func (w *Writer) WriteAll(rs []Record) error {
	if need := len(rs) * RecordSize; need > w.bw.Available() && w.bw.Buffered() > 0 {
		if err := w.bw.Flush(); err != nil {
			return err
		}
	}
	for i := range rs {
		if _, err := w.bw.Write(rs[i][:]); err != nil {
			return err
		}
		w.n++
	}
	return nil
}

// Flush writes the buffered records to the underlying writer.
func (w *Writer) Flush() error { return w.bw.Flush() }

// Count returns the number of records written through w.
func (w *Writer) Count() int64 { return w.n }

// ErrTruncated is wrapped by the error Reader.Read returns when the input
// ends inside a record.
var ErrTruncated = errors.New("truncated record")

// Reader reads records through a buffer.
type Reader struct {
	br *bufio.Reader
	n  int64
}

// NewReader returns a Reader with a 64 KiB buffer.
func NewReader(r io.Reader) *Reader {
	return &Reader{br: bufio.NewReaderSize(r, 2048*RecordSize)}
}

// Read returns the next record, io.EOF at the end of the input, or an
// error wrapping ErrTruncated when the input ends inside a record.
func (r *Reader) Read() (Record, error) {
	var rec Record
	k, err := io.ReadFull(r.br, rec[:])
	switch {
	case err == io.EOF:
		return rec, io.EOF
	case err == io.ErrUnexpectedEOF:
		return rec, fmt.Errorf("record %d: %w: the input ends %d bytes into it (records are %d bytes)", r.n+1, ErrTruncated, k, RecordSize)
	case err != nil:
		return rec, err
	}
	r.n++
	return rec, nil
}

// Next reads and decodes the next record. At the end of the input it
// returns io.EOF; a corrupt record gives an error naming its number
// (counting from 1) and wrapping ErrCorrupt.
func (r *Reader) Next() (*board.Position, int, Result, error) {
	rec, err := r.Read()
	if err != nil {
		return nil, 0, 0, err
	}
	pos, score, res, err := Decode(rec)
	if err != nil {
		return nil, 0, 0, fmt.Errorf("record %d: %w", r.n, err)
	}
	return pos, score, res, nil
}

// Count returns the number of records read so far.
func (r *Reader) Count() int64 { return r.n }

// CountFile returns the number of whole records in the named file and the
// number of bytes after the last whole record (0 for an intact file; more
// means the file ends in a partial record, as after a crash mid-write).
func CountFile(name string) (records, trailing int64, err error) {
	fi, err := os.Stat(name)
	if err != nil {
		return 0, 0, err
	}
	if !fi.Mode().IsRegular() {
		return 0, 0, fmt.Errorf("%s is not a regular file", name)
	}
	return fi.Size() / RecordSize, fi.Size() % RecordSize, nil
}
