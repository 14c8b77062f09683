package table

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/search"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/store/storetest"
)

// fullTable returns a table with every field set, to every depth.
func fullTable() *Table {
	at := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	return &Table{
		ID: "t1", Game: "ingenious", Guild: guild, Channel: channel, Parent: "p1", Creator: ada, Status: StatusPlaying,
		Opened: 3,
		Seats: []SeatInfo{
			{User: ada, Name: "Ada", Votes: []string{ben}},
			{User: ben, Name: "Ben", AI: true, Level: search.Strong, Away: true, Votes: []string{ada, cid}},
		},
		Options: json.RawMessage(`{"teams":false}`),
		Locale:  "cs",
		Record: &games.Record{Game: "ingenious", Version: 2, Options: json.RawMessage(`{}`), Players: []string{"Ada", "Ben"},
			Moves: []games.Move{{Seat: games.Chance, Action: json.RawMessage(`"deal"`), By: games.ByAI}, {Seat: 0, Action: json.RawMessage(`"RB:a1-a2"`), By: games.ByAI}}},
		Since:     []Revision{4, 5},
		Board:     &PostedBoard{ID: "m1", At: at, Body: "board"},
		Panels:    []Panel{{Token: "t1", At: at, Locale: "cs"}, {Token: "t2", At: at, Locale: "en-US"}},
		Pace:      Pace{Per: time.Hour, Wait: true, AI: new(search.Normal)},
		Due:       []time.Time{at, at.Add(time.Hour)},
		Reminded:  []Revision{6, 7},
		Late:      []Revision{8, 9},
		Announced: 2,
		Owed:      &Announcement{Through: 2, Lease: at, Attempts: 1, Lead: &games.Text{EN: "lead", CS: "úvod"}},
		Created:   at,
		Updated:   at,
		Archived:  true,
		rev:       10,
	}
}

// zeroFields lists the fields of v, a struct, that are zero, to every depth of the structs,
// pointers and slices it holds.
func zeroFields(v reflect.Value, path string, out *[]string) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			*out = append(*out, path)
			return
		}
		zeroFields(v.Elem(), path, out)
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[time.Time]() {
			if v.Interface().(time.Time).IsZero() {
				*out = append(*out, path)
			}
			return
		}
		for i := range v.NumField() {
			zeroFields(v.Field(i), path+"."+v.Type().Field(i).Name, out)
		}
	case reflect.Slice:
		if v.Len() == 0 {
			*out = append(*out, path)
		}
		for i := range v.Len() {
			zeroFields(v.Index(i), path+"[]", out)
		}
	default:
		if v.IsZero() && v.Kind() != reflect.Bool && v.Kind() != reflect.Int {
			*out = append(*out, path)
		}
	}
}

// shared lists the places where a and b, values of one type, share memory either could change:
// the same pointer, or slices over the same array.
func shared(a, b reflect.Value, path string, out *[]string) {
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return
		}
		if a.Pointer() == b.Pointer() {
			*out = append(*out, path)
		}
		shared(a.Elem(), b.Elem(), path, out)
	case reflect.Struct:
		for i := range a.NumField() {
			shared(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name, out)
		}
	case reflect.Slice:
		if a.Cap() > 0 && b.Cap() > 0 && a.Pointer() == b.Pointer() {
			*out = append(*out, path)
		}
		for i := range min(a.Len(), b.Len()) {
			shared(a.Index(i), b.Index(i), path+"[]", out)
		}
	case reflect.Map, reflect.Chan, reflect.Func, reflect.Interface:
		*out = append(*out, path+" (a kind clone does not copy)")
	}
}

// TestCloneSharesNothing checks that a table's clone equals it and shares no memory with it,
// on a table with every field set (a field added to Table must be set here, and the clone
// must copy what it holds, or this fails).
func TestCloneSharesNothing(t *testing.T) {
	orig := fullTable()
	var zero []string
	zeroFields(reflect.ValueOf(orig), "Table", &zero)
	for _, z := range zero {
		if z != "Table.Opened" && z != "Table.Seats[].Level" { // a zero that is set above
			t.Errorf("%s is not set in fullTable: set it, so the clone is tested on it", z)
		}
	}
	c := orig.clone()
	if !reflect.DeepEqual(c, orig) {
		t.Fatalf("clone differs:\n%+v\n%+v", c, orig)
	}
	var both []string
	shared(reflect.ValueOf(c), reflect.ValueOf(orig), "Table", &both)
	if len(both) > 0 {
		t.Fatalf("the clone shares memory with the table at %v", both)
	}
	if cloneRecord(nil) != nil || (&Table{}).clone().Record != nil {
		t.Error("a nil record cloned to a record")
	}
}

// TestLoadCopiesRemembered checks that loading a table the service wrote or read before gives
// a table equal to one decoded afresh, which the caller may change without changing what later
// loads return; and that a table written by another process is decoded, not remembered.
func TestLoadCopiesRemembered(t *testing.T) {
	st := storetest.OpenBolt(t)
	clk := newClock()
	s, other := newService(t, st, clk), newService(t, st, clk)
	ctx := t.Context()
	orig := fullTable()
	orig.rev = 0
	if err := s.save(ctx, orig); err != nil {
		t.Fatal(err)
	}
	fresh := func() *Table { return decodeStored(t, st) }
	for range 2 {
		got, err := s.Load(ctx, channel)
		if err != nil {
			t.Fatal(err)
		}
		if want := fresh(); !reflect.DeepEqual(got, want) {
			t.Fatalf("loaded\n%+v\nwant\n%+v", got, want)
		}
		// The caller's changes stay its own.
		got.Seats[0].Votes[0] = "changed"
		got.Record.Moves[1].Action[1] = 'X'
		got.Record.Moves = append(got.Record.Moves, games.Move{Seat: 1})
		got.Board.Body = "changed"
	}
	// Another process writes: this one decodes what it wrote.
	t2, err := other.Load(ctx, channel)
	if err != nil {
		t.Fatal(err)
	}
	t2.Locale = "en"
	if err := other.save(ctx, t2); err != nil {
		t.Fatal(err)
	}
	got, err := s.Load(ctx, channel)
	if err != nil {
		t.Fatal(err)
	}
	if got.Locale != "en" || got.Rev() != t2.Rev() || !reflect.DeepEqual(got, fresh()) {
		t.Fatalf("after another process wrote: locale %q at %v, want en at %v", got.Locale, got.Rev(), t2.Rev())
	}
}

// BenchmarkLoad reads a table of 120 moves the service read before (copied from what it
// remembers), against decoding its JSON as every read did before, in the same run.
func BenchmarkLoad(b *testing.B) {
	st := storetest.OpenBolt(b)
	s := newService(b, st, newClock())
	ctx := b.Context()
	tb := fullTable()
	tb.rev = 0
	for i := range 120 {
		tb.Record.Moves = append(tb.Record.Moves, games.Move{Seat: games.Seat(i % 2), Action: json.RawMessage(`{"tile":"RB","at":["c4","c5"],"order":1}`)})
	}
	if err := s.save(ctx, tb); err != nil {
		b.Fatal(err)
	}
	b.Run("remembered", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := s.Load(ctx, channel); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("baseline-decoded", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			decodeStored(b, st)
		}
	})
}

// decodeStored reads the channel's table from st and decodes its JSON afresh, as Load did
// before it remembered tables.
func decodeStored(tb testing.TB, st store.Store) *Table {
	raw, err := st.Load(tb.Context(), channel)
	if err != nil {
		tb.Fatal(err)
	}
	var t Table
	if err := json.Unmarshal(raw.Data, &t); err != nil {
		tb.Fatal(err)
	}
	t.rev = raw.Revision
	return &t
}
