// The network built into the binary: engine/nets/default.nnue when the
// build has one (make net writes it). EvalFile names it "<default>", and
// the engine evaluates with it by default (Evaluation NNUE).
package engine

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"sync"

	"brudno/nnue"
)

//go:embed nets
var netsFS embed.FS

const (
	embeddedNetPath = "nets/default.nnue"
	embeddedNetName = "<default>" // the EvalFile value that names the embedded network
)

// EmbeddedNet returns the embedded network, nil when the build has none,
// or the error of a damaged one (which TestEmbeddedNet would catch
// before a release).
func EmbeddedNet() (*nnue.Net, error) { return embeddedNet() }

var embeddedNet = sync.OnceValues(func() (*nnue.Net, error) {
	b, err := netsFS.ReadFile(embeddedNetPath)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	net, err := nnue.Load(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("embedded network %s: %w", embeddedNetPath, err)
	}
	return net, nil
})

// defaultEvalFile is EvalFile's default: the embedded network when the
// build has a sound one, else none.
func defaultEvalFile() string {
	if net, err := embeddedNet(); net != nil && err == nil {
		return embeddedNetName
	}
	return "<empty>"
}

// DefaultEvaluation is Evaluation's default: NNUE with the embedded
// network when the build has a sound one, else the hand-crafted
// evaluation.
func DefaultEvaluation() string {
	if defaultEvalFile() == embeddedNetName {
		return "NNUE"
	}
	return "HCE"
}
