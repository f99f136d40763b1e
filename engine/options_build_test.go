package engine

import (
	"testing"

	"brudno/search"
)

// The play build offers what a player or a tournament runner sets, at most
// 26 options and no search switch or constant; the experiment build (-tags
// tune) adds every switch, with its default, and every constant. make test
// runs this in both builds.
func TestOptionsOfTheBuild(t *testing.T) {
	byName := map[string]Option{}
	for _, o := range Options() {
		byName[o.Name] = o
	}
	for _, name := range []string{"Hash", "Clear Hash", "Threads", "MultiPV", "Move Overhead", "Ponder", "UCI_Chess960",
		"SearchAlgorithm", "ParallelScheme", "EvalFile", "Evaluation", "OwnBook", "BookFile", "BookDepth", "BookBestMove",
		"UCI_ShowWDL", "UCI_LimitStrength", "UCI_Elo", "Skill Level"} {
		if _, ok := byName[name]; !ok {
			t.Errorf("option %s missing", name)
		}
	}
	if !experimentBuild && len(byName) > 26 {
		t.Errorf("the play build offers %d options, more than 26", len(byName))
	}
	e := New()
	for _, sw := range search.Switches {
		o, ok := byName[sw.Name]
		if ok != experimentBuild {
			t.Errorf("switch %s offered: %v, experiment build: %v", sw.Name, ok, experimentBuild)
			continue
		}
		if !ok {
			continue
		}
		if o.Type != Check || o.Default != map[bool]string{true: "true", false: "false"}[sw.Default] {
			t.Errorf("switch %s: %s option, default %s; want check, %v", sw.Name, o.Type, o.Default, sw.Default)
		}
		// Setting the option sets the search's switch.
		for _, v := range []bool{!sw.Default, sw.Default} {
			if err := e.SetOption(sw.Name, map[bool]string{true: "true", false: "false"}[v]); err != nil {
				t.Fatal(err)
			}
			opts := e.SearchOptions()
			if *sw.Field(&opts) != v {
				t.Errorf("setoption %s %v: the search has %v", sw.Name, v, !v)
			}
		}
	}
	for _, p := range search.Params {
		if _, ok := byName[p.Name]; ok != experimentBuild {
			t.Errorf("constant %s offered: %v, experiment build: %v", p.Name, ok, experimentBuild)
		}
	}
}
