// The network built into the binary: engine/nets/default.nnue when the
// build has one (make net writes it). EvalFile names it "<default>".
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

// embeddedNet returns the embedded network, nil when the build has none,
// or the error of a damaged one (which TestEmbeddedNet would catch
// before a release).
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
