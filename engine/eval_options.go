// The evaluation options: Evaluation chooses between the hand-crafted
// evaluation (HCE) and the NNUE network, and EvalFile loads a network
// file or names the embedded one ("<default>", embedded_net.go). A build
// with an embedded network evaluates with it by default; one without
// evaluates with HCE.
package engine

import (
	"errors"
	"fmt"
	"strings"

	"brudno/nnue"
)

func evalOptions() []Option {
	return []Option{
		// EvalFile first: New applies the defaults in this order, and
		// Evaluation NNUE needs the network loaded.
		{Name: "EvalFile", Type: String, Default: defaultEvalFile(), apply: setEvalFile},
		{Name: "Evaluation", Type: Combo, Default: DefaultEvaluation(), Vars: []string{"HCE", "NNUE"}, apply: setEvaluation},
	}
}

// setEvaluation selects the evaluation; NNUE needs a loaded network.
func setEvaluation(e *Engine, v string) error {
	if v == "NNUE" && e.set.net == nil {
		return fmt.Errorf("option Evaluation: no network is loaded (set EvalFile to a network file); keeping %s", e.evaluationName())
	}
	e.set.nnue = v == "NNUE"
	e.applyEvaluation()
	return nil
}

// setEvalFile loads the network named v ("" or "<empty>": none;
// "<default>": the embedded one). On error the previous network stays.
func setEvalFile(e *Engine, v string) error {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		v = v[1 : len(v)-1]
	}
	if v == "" || v == "<empty>" {
		if e.set.nnue {
			return fmt.Errorf("option EvalFile: the NNUE evaluation needs a network; keeping %s", e.set.netName)
		}
		e.set.net, e.set.netName = nil, ""
		return nil
	}
	var net *nnue.Net
	var err error
	if v == embeddedNetName {
		if net, err = embeddedNet(); net == nil && err == nil {
			err = errors.New("this build has no embedded network")
		}
	} else {
		net, err = nnue.LoadFile(v)
	}
	if err != nil {
		if e.set.net != nil {
			return fmt.Errorf("option EvalFile: %v; keeping %s", err, e.set.netName)
		}
		return fmt.Errorf("option EvalFile: %v", err)
	}
	e.set.net, e.set.netName = net, v
	e.applyEvaluation()
	return nil
}

// applyEvaluation passes the chosen evaluation to the search. A change
// empties the table, whose entries hold the other evaluation's scores.
func (e *Engine) applyEvaluation() {
	var net *nnue.Net
	if e.set.nnue {
		net = e.set.net
	}
	if net != e.set.search.Net && e.tt != nil {
		e.tt.Clear()
	}
	e.set.search.Net = net
}

func (e *Engine) evaluationName() string {
	if e.set.nnue {
		return "NNUE (" + e.set.netName + ")"
	}
	return "HCE"
}
