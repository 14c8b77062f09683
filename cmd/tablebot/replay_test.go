package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/catalog"
)

func runCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(context.Background(), args, &out, &errOut, func(string) string { return "" })
	return code, out.String(), errOut.String()
}

func TestReplayFITSExample(t *testing.T) {
	code, out, stderr := runCmd(t, "replay", "../../examples/fits-2p.json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got replayOutput
	if err := json.Unmarshal([]byte(out), &got); err != nil || got.Game != "fits" || !got.Over {
		t.Fatalf("%v %+v", err, got)
	}
	for _, s := range got.Seats {
		boards := s.Detail.(map[string]any)["boards"].([]any)
		sum := 0.0
		for _, b := range boards {
			sum += b.(float64)
		}
		if len(boards) != 4 || int(sum) != s.Score {
			t.Errorf("seat %d: score %d is not the sum of its four boards %v", s.Seat, s.Score, boards)
		}
	}
}

func TestReplayExample(t *testing.T) {
	code, out, stderr := runCmd(t, "replay", "../../examples/ingenious-2p.json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got replayOutput
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	if got.Game != "ingenious" || !got.Over || len(got.Seats) != 2 || got.Error != nil {
		t.Fatalf("unexpected result %+v", got)
	}
	if len(got.Ranking) == 0 || len(got.Ranking[0]) == 0 {
		t.Fatalf("no ranking: %s", out)
	}
	// The winner's headline score is its lowest colour, and it is at least the loser's.
	win, lose := got.Ranking[0][0], got.Ranking[len(got.Ranking)-1][0]
	if got.Seats[win].Score < got.Seats[lose].Score {
		t.Fatalf("winner scored %d below %d", got.Seats[win].Score, got.Seats[lose].Score)
	}
	detail := got.Seats[0].Detail.(map[string]any)
	for _, k := range []string{"R", "G", "B", "O", "Y", "P"} {
		if _, ok := detail[k]; !ok {
			t.Fatalf("detail lacks %s: %v", k, detail)
		}
	}
}

func TestReplayIllegalMove(t *testing.T) {
	code, out, _ := runCmd(t, "replay", "testdata/illegal.json")
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	var got replayOutput
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	if got.Error == nil || got.Error.Move != 6 || got.Moves != 6 || !strings.Contains(got.Error.Reason, "not neighbours") {
		t.Fatalf("want an error at move 6 about neighbours after 6 applied moves, got %+v", got)
	}
	if got.Over {
		t.Fatal("a stopped replay is not over")
	}
}

func TestReplayErrors(t *testing.T) {
	tests := []struct {
		file, want string
		code       int
	}{
		{"testdata/missing.json", "no such file", 2},
		{"testdata/malformed.json", "line 4", 2},
		{"testdata/unknown-game.json", `unknown game "chess"`, 2},
	}
	for _, tc := range tests {
		code, out, stderr := runCmd(t, "replay", tc.file)
		if code != tc.code || !strings.Contains(stderr, tc.want) || out != "" {
			t.Errorf("%s: exit %d, stderr %q, stdout %q; want exit %d mentioning %q", tc.file, code, stderr, out, tc.code, tc.want)
		}
	}
	code, out, _ := runCmd(t, "replay", "testdata/wrong-seat.json")
	if code != 1 || !strings.Contains(out, `"move": 1`) {
		t.Errorf("wrong seat: exit %d, %s", code, out)
	}
}

func TestSelfplayReplaysToSameResult(t *testing.T) {
	code, rec, stderr := runCmd(t, "selfplay", "ingenious", "--players", "3", "--seed", "11")
	if code != 0 {
		t.Fatalf("selfplay: exit %d: %s", code, stderr)
	}
	path := t.TempDir() + "/g.json"
	if err := writeFile(path, rec); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := runCmd(t, "replay", path)
	if code != 0 || !strings.Contains(out, `"over": true`) {
		t.Fatalf("replay: exit %d %s %s", code, out, stderr)
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{{"replay"}, {"frobnicate"}, {"render", "x.json"}, {"selfplay", "chess"}} {
		if code, _, stderr := runCmd(t, args...); code != 2 || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q; want 2 with a message", args, code, stderr)
		}
	}
	if code, out, _ := runCmd(t, "version"); code != 0 || !strings.HasPrefix(out, "tablebot ") {
		t.Errorf("version: %d %q", code, out)
	}
}

func TestCatalogRegistry(t *testing.T) {
	if _, err := catalog.Registry(catalog.Kits()); err != nil {
		t.Fatal(err)
	}
}
