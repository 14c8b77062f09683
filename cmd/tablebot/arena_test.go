package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestArenaCommand(t *testing.T) {
	code, out, stderr := runCmd(t, "arena", "fits", "--a", "easy", "--games", "2", "--seed", "3", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep map[string]any
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, k := range []string{"games", "win_rate_a", "score_median_a", "score_median_b", "tiers_a", "decision_ms_p50", "decision_ms_p99"} {
		if _, ok := rep[k]; !ok {
			t.Errorf("no %q in %s", k, out)
		}
	}
	code, out, stderr = runCmd(t, "arena", "ingenious", "--a", "strong", "--nodes", "4", "--b", "easy", "--games", "2")
	if code != 0 || !strings.Contains(out, "win rate") {
		t.Fatalf("exit %d: %s%s", code, out, stderr)
	}
	for _, args := range [][]string{{"arena"}, {"arena", "chess", "--a", "easy"}, {"arena", "fits", "--a", "hard"}} {
		if code, _, _ := runCmd(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
