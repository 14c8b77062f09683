package games

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestSeatJSON(t *testing.T) {
	for _, tc := range []struct {
		seat Seat
		json string
	}{{0, "0"}, {3, "3"}, {Chance, `"chance"`}} {
		b, err := json.Marshal(tc.seat)
		if err != nil || string(b) != tc.json {
			t.Errorf("%v → %s, %v", tc.seat, b, err)
		}
		var back Seat
		if err := json.Unmarshal([]byte(tc.json), &back); err != nil || back != tc.seat {
			t.Errorf("%s → %v, %v", tc.json, back, err)
		}
	}
	for _, bad := range []string{`-1`, `"dealer"`, `1.5`, `null`} {
		var s Seat
		if err := json.Unmarshal([]byte(bad), &s); err == nil && bad != "null" {
			t.Errorf("%s accepted as %v", bad, s)
		}
	}
	if _, err := json.Marshal(NoSeat); err == nil {
		t.Error("NoSeat must not be written")
	}
}

func TestDecodeRecord(t *testing.T) {
	good := `{"game":"x","version":1,"options":{},"players":["A"],"moves":[{"seat":"chance","action":{"type":"t"}}]}`
	rec, err := DecodeRecord([]byte(good))
	if err != nil || rec.Game != "x" || len(rec.Moves) != 1 || rec.Moves[0].Seat != Chance {
		t.Fatalf("%+v %v", rec, err)
	}
	for name, bad := range map[string]string{
		"unknown key":   `{"game":"x","version":1,"players":[],"moves":[],"extra":1}`,
		"version":       `{"game":"x","version":2,"players":[],"moves":[]}`,
		"trailing data": good + `{}`,
		"no action":     `{"game":"x","version":1,"players":[],"moves":[{"seat":0}]}`,
		"syntax":        "{\n\"game\": \"x\",\n oops}",
	} {
		_, err := DecodeRecord([]byte(bad))
		if !errors.Is(err, ErrBadRecord) {
			t.Errorf("%s: %v, want ErrBadRecord", name, err)
		}
		if name == "syntax" && !strings.Contains(err.Error(), "line 3") {
			t.Errorf("syntax error does not say where: %v", err)
		}
	}
}

func TestPrettyRoundTrips(t *testing.T) {
	rec := Record{Game: "x", Version: 1, Options: json.RawMessage(`{"a":true}`), Players: []string{"A", "B"},
		Moves: []Move{{Seat: Chance, Action: json.RawMessage(`{"type":"d"}`)}, {Seat: 1, Action: json.RawMessage(`{"type":"p"}`)}}}
	data, err := rec.Pretty()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(data), "\n") != 6 {
		t.Errorf("want one move per line:\n%s", data)
	}
	back, err := DecodeRecord(data)
	if err != nil || len(back.Moves) != 2 || back.Moves[1].Seat != 1 || string(back.Options) != `{"a":true}` {
		t.Fatalf("%+v %v", back, err)
	}
}

func TestTextAndRefusal(t *testing.T) {
	if LangOf("cs") != Czech || LangOf("en-GB") != English || LangOf("") != English {
		t.Error("LangOf")
	}
	r := Refuse(ErrIllegal, "%s is taken", "%s je obsazené", "F7")
	if !errors.Is(r, ErrIllegal) || r.Error() != "F7 is taken" || ReasonOf(r).In(Czech) != "F7 je obsazené" {
		t.Errorf("refusal %v", r)
	}
	if (Text{EN: "only English"}).In(Czech) != "only English" {
		t.Error("missing Czech falls back to English")
	}
	if ReasonOf(errors.New("boom")).CS == "" {
		t.Error("ReasonOf gives a Czech sentence for any error")
	}
}

func TestRegistry(t *testing.T) {
	if _, err := NewRegistry(fakeGame("a"), fakeGame("a")); err == nil {
		t.Error("duplicate names accepted")
	}
	reg, err := NewRegistry(fakeGame("b"), fakeGame("a"))
	if err != nil || strings.Join(reg.Names(), ",") != "a,b" {
		t.Fatalf("%v %v", reg.Names(), err)
	}
	if _, _, err := reg.Replay(Record{Game: "zz", Version: 1}); !errors.Is(err, ErrBadRecord) || !strings.Contains(err.Error(), "zz") {
		t.Errorf("unknown game: %v", err)
	}
}

// fakeGame is a Game with only a name, enough for the registry.
type fakeGame string

func (g fakeGame) Name() string                               { return string(g) }
func (fakeGame) Title() Text                                  { return Text{} }
func (fakeGame) Emoji() string                                { return "" }
func (fakeGame) Seats() (int, int)                            { return 1, 1 }
func (fakeGame) Options() []Option                            { return nil }
func (fakeGame) New([]string, json.RawMessage) (State, error) { return nil, errors.New("no") }
func (fakeGame) DecodeAction([]byte) (Action, error)          { return nil, errors.New("no") }
func (fakeGame) Rules() Text                                  { return Text{} }
func (fakeGame) Actions() *Codec                              { return NewCodec("fake") }

func TestCount(t *testing.T) {
	for n, want := range map[int][2]string{0: {"0 wins", "0 výher"}, 1: {"1 win", "1 výhra"}, 3: {"3 wins", "3 výhry"}, 5: {"5 wins", "5 výher"}} {
		got := Count(n, "win", "wins", "výhra", "výhry", "výher")
		if got.EN != want[0] || got.CS != want[1] {
			t.Errorf("%d: %+v", n, got)
		}
	}
}

func TestAnd(t *testing.T) {
	for _, tc := range []struct {
		names  []string
		en, cs string
	}{{nil, "", ""}, {[]string{"Ada"}, "Ada", "Ada"}, {[]string{"Ada", "Ben"}, "Ada and Ben", "Ada a Ben"},
		{[]string{"Ada", "Ben", "Cid"}, "Ada, Ben and Cid", "Ada, Ben a Cid"}} {
		if got := And(tc.names); got.EN != tc.en || got.CS != tc.cs {
			t.Errorf("And(%v) = %+v", tc.names, got)
		}
	}
}

func TestRecordByField(t *testing.T) {
	good := `{"game":"x","version":1,"options":{},"players":["A"],"moves":[{"seat":0,"action":{"type":"t"},"by":"ai"},{"seat":0,"action":{"type":"t"}}]}`
	rec, err := DecodeRecord([]byte(good))
	if err != nil || rec.Moves[0].By != ByAI || rec.Moves[1].By != "" {
		t.Fatalf("%+v %v", rec.Moves, err)
	}
	back, err := json.Marshal(rec.Moves[1])
	if err != nil || strings.Contains(string(back), "by") {
		t.Fatalf("a player's own move is written with a by: %s", back)
	}
}

func TestOutOfChoosesZOrZe(t *testing.T) {
	for _, c := range []struct {
		n, total int
		cs, en   string
	}{
		{1, 4, "kolo 1 ze 4", "round 1 of 4"},
		{2, 3, "kolo 2 ze 3", "round 2 of 3"},
		{11, 16, "kolo 11 ze 16", "round 11 of 16"},
		{1, 5, "kolo 1 z 5", "round 1 of 5"},
		{3, 8, "kolo 3 z 8", "round 3 of 8"},
		{1, 7, "kolo 1 ze 7", "round 1 of 7"},
	} {
		got := OutOf("round", "kolo", c.n, c.total)
		if got.CS != c.cs || got.EN != c.en {
			t.Errorf("OutOf(%d, %d) = %q / %q, want %q / %q", c.n, c.total, got.EN, got.CS, c.en, c.cs)
		}
	}
}
