// The evaluation explained term by term, for the UCI `eval` command: the
// trace of one evaluation multiplied by the weights, summed per group of
// weights (the `eval` tags of Params) and per colour.
package eval

import "brudno/board"

// Term is one group of weights as it counted for each colour, middlegame
// and endgame, each colour from its own point of view.
type Term struct {
	Name         string
	White, Black [2]int
}

// Breakdown is the evaluation explained for the `eval` command.
type Breakdown struct {
	Terms   []Term
	Phase   int  // maxPhase (24) with all pieces .. 0
	Scale   int  // endgame scale out of 128
	Special bool // endgame knowledge decided the value; the terms do not add up to it
	Total   int  // from the side to move's point of view, as Evaluate
}

// Explain returns the terms of the default evaluation of p.
func Explain(p *board.Position) Breakdown {
	return NewEvaluatorWith(defaults, 0).Explain(p)
}

// Explain returns the terms of the evaluation of p.
func (e *Evaluator) Explain(p *board.Position) Breakdown {
	var tr Trace
	b := Breakdown{Total: e.EvaluateTrace(p, &tr), Phase: tr.Phase, Scale: tr.Scale, Special: tr.Special}
	counts := flatCounts(&tr.C)
	weights := flatWeights(e.w)
	index := map[string]int{}
	for i, info := range ParamNames() {
		if info.Safety {
			continue
		}
		k, ok := index[info.Group]
		if !ok {
			k = len(b.Terms)
			index[info.Group] = k
			b.Terms = append(b.Terms, Term{Name: info.Group})
		}
		t := &b.Terms[k]
		n := counts[i]
		t.White[0] += int(n[0]) * weights[i].MG()
		t.White[1] += int(n[0]) * weights[i].EG()
		t.Black[0] += int(n[1]) * weights[i].MG()
		t.Black[1] += int(n[1]) * weights[i].EG()
	}
	safety := Term{Name: "king attack"}
	for c, v := range []*[2]int{&safety.White, &safety.Black} {
		s := safetyPenalty(tr.Safety[c])
		v[0], v[1] = s.MG(), s.EG()
	}
	b.Terms = append(b.Terms, safety)
	return b
}
