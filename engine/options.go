// The option table: every UCI option is declared here once, with its type,
// default and range, and the function that applies a value. The uci
// package prints the table and forwards setoption to SetOption.
package engine

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"time"

	"brudno/search"
)

// OptionType is a UCI option type.
type OptionType string

const (
	Check  OptionType = "check"
	Spin   OptionType = "spin"
	Combo  OptionType = "combo"
	Button OptionType = "button"
	String OptionType = "string"
)

// Option describes one option.
type Option struct {
	Name     string
	Type     OptionType
	Default  string
	Min, Max int
	Vars     []string // combo values
	apply    func(e *Engine, v string) error
	// note, when set, says after a successful apply what the value did
	// (SetOptionNote returns it; the uci layer prints it as info string).
	note func(e *Engine) string
}

var options []Option

func init() {
	options = []Option{
		{Name: "Hash", Type: Spin, Default: "64", Min: 1, Max: 65536, apply: setHash},
		{Name: "Clear Hash", Type: Button, apply: func(e *Engine, _ string) error {
			e.tt.Clear()
			return nil
		}},
		{Name: "Threads", Type: Spin, Default: "1", Min: 1, Max: 256, apply: func(e *Engine, v string) error {
			e.set.search.Threads, _ = strconv.Atoi(v)
			setProcs(e.set.search.Threads)
			if e.searcher != nil {
				e.searcher.Reserve(e.set.search.Threads, e.set.search.Net)
			}
			return nil
		}},
		{Name: "MultiPV", Type: Spin, Default: "1", Min: 1, Max: 256, apply: func(e *Engine, v string) error {
			e.set.search.MultiPV, _ = strconv.Atoi(v)
			return nil
		}},
		{Name: "Move Overhead", Type: Spin, Default: "30", Min: 0, Max: 5000, apply: func(e *Engine, v string) error {
			ms, _ := strconv.Atoi(v)
			e.set.overhead = time.Duration(ms) * time.Millisecond
			return nil
		}},
		{Name: "Ponder", Type: Check, Default: "false", apply: func(e *Engine, v string) error {
			e.set.ponder = v == "true"
			return nil
		}},
		{Name: "UCI_Chess960", Type: Check, Default: "false", apply: func(e *Engine, v string) error {
			e.set.chess960 = v == "true"
			e.pos.SetChess960(e.set.chess960)
			return nil
		}},
	}
	options = append(options, searchOptions()...)
	options = append(options, evalOptions()...)
	options = append(options, tuneOptions()...)
	options = append(options, bookOptions()...)
	options = append(options, wdlOptions()...)
	options = append(options, strengthOptions()...)
	options = append(options, syzygyOptions()...)
	options = append(options, Option{Name: "Debug Log File", Type: String, Default: "", apply: setDebugLog})
}

// Options returns the option table.
func Options() []Option { return append([]Option(nil), options...) }

// SetOption sets the option called name (case-insensitive) to value. A bad
// value or unknown name is an error and changes nothing.
func (e *Engine) SetOption(name, value string) error {
	_, err := e.SetOptionNote(name, value)
	return err
}

// SetOptionNote is SetOption, returning besides what the value did when
// the option says so (the tablebases SyzygyPath found), else "".
func (e *Engine) SetOptionNote(name, value string) (string, error) {
	var opt *Option
	for i := range options {
		if strings.EqualFold(options[i].Name, name) {
			opt = &options[i]
		}
	}
	if opt == nil {
		return "", fmt.Errorf("no such option: %q", name)
	}
	v, err := opt.normalise(value)
	if err != nil {
		return "", err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.running {
		return "", fmt.Errorf("option %s: %w", opt.Name, ErrSearching)
	}
	if err := opt.apply(e, v); err != nil || opt.note == nil {
		return "", err
	}
	return opt.note(e), nil
}

// normalise checks a value against the option's type and range and
// returns it in canonical form.
func (o *Option) normalise(value string) (string, error) {
	value = strings.TrimSpace(value)
	switch o.Type {
	case Check:
		switch strings.ToLower(value) {
		case "true", "false":
			return strings.ToLower(value), nil
		}
		return "", fmt.Errorf("option %s: %q is not true or false", o.Name, value)
	case Spin:
		n, err := strconv.Atoi(value)
		if err != nil || n < o.Min || n > o.Max {
			return "", fmt.Errorf("option %s: %q is not an integer from %d to %d", o.Name, value, o.Min, o.Max)
		}
		return strconv.Itoa(n), nil
	case Combo:
		for _, v := range o.Vars {
			if strings.EqualFold(v, value) {
				return v, nil
			}
		}
		return "", fmt.Errorf("option %s: %q is not one of %s", o.Name, value, strings.Join(o.Vars, ", "))
	}
	return value, nil
}

func setHash(e *Engine, v string) error {
	mb, _ := strconv.Atoi(v)
	if avail := availableMemoryMB(); avail > 0 && mb > avail*3/4 { // memory.go
		return fmt.Errorf("option Hash: %d MB requested but only %d MB of memory is available; keeping %d MB", mb, avail, e.set.hashMB)
	}
	if e.tt != nil && mb == e.set.hashMB {
		return nil // tournament managers send the options again before every game
	}
	e.set.hashMB = mb
	if e.tt != nil {
		e.tt.Resize(mb)
	}
	return nil
}

// SearchOptions returns the search switches in force.
func (e *Engine) SearchOptions() search.Options {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.set.search
}

// setProcs lets Go run every search thread and the protocol loop at once
// (GOMAXPROCS at least threads+1, never under the CPUs). With more
// threads than CPUs, Go's own scheduler would otherwise share the CPUs
// among them in 10 ms slices, and the main search thread, or the loop
// that answers isready, could wait that long for its turn; the kernel's
// scheduler shares them more finely.
func setProcs(threads int) {
	if n := max(runtime.NumCPU(), threads+1); runtime.GOMAXPROCS(0) != n {
		runtime.GOMAXPROCS(n)
	}
}
