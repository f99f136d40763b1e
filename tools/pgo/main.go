// Command pgo makes a CPU profile fit to be committed as default.pgo, the
// profile that Go's profile-guided optimisation reads when it builds the
// engine (make pgo, docs/design.md): it replaces every absolute path in
// the profile's string table (the profiled binary's file name, and source
// files outside the module when the binary was not built with -trimpath)
// by its last element, so that no path of the machine that made the
// profile is kept. Optimisation reads only the functions and lines of the
// samples, which stay as they were. Example:
//
//	go run ./tools/pgo -in merged.pprof -out default.pgo
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path"
	"strings"
)

func main() {
	in := flag.String("in", "", "the CPU profile to read (gzipped protocol buffer, as runtime/pprof and go tool pprof -proto write it)")
	out := flag.String("out", "", "the profile to write")
	flag.Parse()
	if *in == "" || *out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: pgo -in PROFILE -out FILE")
		os.Exit(2)
	}
	if err := run(*in, *out); err != nil {
		fmt.Fprintln(os.Stderr, "pgo:", err)
		os.Exit(1)
	}
}

func run(in, out string) error {
	data, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	clean, err := cleanProfile(data)
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	return os.WriteFile(out, clean, 0o644)
}

// stringTable is the field number of the profile's string table
// (perftools.profiles.Profile.string_table, a repeated string).
const stringTable = 6

// cleanProfile returns the gzipped profile data with every absolute path
// in its string table cut to its last element. The other fields are
// copied byte for byte: the table's strings are top-level fields of the
// profile message, each with its own length, so none other changes.
func cleanProfile(data []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("not a gzipped profile: %w", err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("not a gzipped profile: %w", err)
	}
	var msg []byte
	for len(raw) > 0 {
		key, n := binary.Uvarint(raw)
		if n <= 0 {
			return nil, errors.New("malformed protocol buffer: bad field key")
		}
		field, wire := key>>3, key&7
		var size int
		switch wire {
		case 0: // varint
			_, m := binary.Uvarint(raw[n:])
			if m <= 0 {
				return nil, errors.New("malformed protocol buffer: bad varint")
			}
			size = n + m
		case 1: // 64-bit
			size = n + 8
		case 5: // 32-bit
			size = n + 4
		case 2: // length-delimited
			l, m := binary.Uvarint(raw[n:])
			if m <= 0 || l > uint64(len(raw)-n-m) {
				return nil, errors.New("malformed protocol buffer: bad length")
			}
			if field == stringTable {
				s := cleanString(string(raw[n+m : n+m+int(l)]))
				msg = binary.AppendUvarint(msg, key)
				msg = binary.AppendUvarint(msg, uint64(len(s)))
				msg = append(msg, s...)
				raw = raw[n+m+int(l):]
				continue
			}
			size = n + m + int(l)
		default:
			return nil, fmt.Errorf("malformed protocol buffer: wire type %d", wire)
		}
		if size > len(raw) {
			return nil, errors.New("malformed protocol buffer: truncated")
		}
		msg = append(msg, raw[:size]...)
		raw = raw[size:]
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(msg); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// cleanString returns s cut to its last element when it is an absolute
// path (Unix or Windows form), else s.
func cleanString(s string) string {
	s2 := strings.ReplaceAll(s, `\`, "/")
	if strings.HasPrefix(s2, "/") || len(s2) > 2 && s2[1] == ':' && s2[2] == '/' {
		return path.Base(s2)
	}
	return s
}
