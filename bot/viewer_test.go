package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/table"
)

// archiver puts finished games into a store's archive as the referee would: each game played
// to its end by the games' hints, rated against the games before it (table.Ledger), finished
// with store.Finish.
type archiver struct {
	t   testing.TB
	st  store.Store
	led *table.Ledger
	reg *games.Registry
	n   int
}

func newArchiver(t testing.TB, st store.Store) *archiver {
	reg, err := games.NewRegistry(catalog.Games(catalog.Kits())...)
	if err != nil {
		t.Fatal(err)
	}
	return &archiver{t: t, st: st, led: table.NewLedger(), reg: reg}
}

// finish archives a game of game between seats (people and AI players), ended at, and returns
// its archive entry.
func (a *archiver) finish(game string, seats []store.Seat, at time.Time) store.Archived {
	a.t.Helper()
	a.n++
	g, ok := a.reg.Lookup(game)
	if !ok {
		a.t.Fatalf("no game %s", game)
	}
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = s.Name
	}
	rec, err := games.Start(g, names, nil)
	if err != nil {
		a.t.Fatal(err)
	}
	hint := func(st games.State, seat games.Seat) games.Action { return st.Hint(seat) }
	if _, err := games.Advance(rec, rand.New(rand.NewPCG(uint64(a.n), 7)), hint); err != nil {
		a.t.Fatal(err)
	}
	if !games.Over(rec.State) {
		a.t.Fatalf("%s did not end", game)
	}
	for i := range rec.Record.Moves {
		rec.Record.Moves[i].By = "" // the people made their moves (with a hint), not the AI
	}
	data, err := json.Marshal(rec.Record)
	if err != nil {
		a.t.Fatal(err)
	}
	arch := store.Archived{GameID: fmt.Sprintf("%s-%d", testChannel, a.n), Game: game, At: at, Seats: seats, Record: data}
	f, err := a.led.Apply(a.reg, testGuild, arch)
	if err != nil {
		a.t.Fatal(err)
	}
	f.Record = data
	if _, err := a.st.Finish(context.Background(), f); err != nil {
		a.t.Fatal(err)
	}
	return arch
}

// person is a store seat of a fake Discord user.
func person(u fakediscord.User) store.Seat { return store.Seat{UserID: u.ID, Name: u.GlobalName} }

// decodePNG decodes a message's picture.
func decodePNG(t *testing.T, m fakediscord.Message) image.Image {
	t.Helper()
	if len(m.Attachments) != 1 {
		t.Fatalf("want one picture, the message has %d attachments: %q", len(m.Attachments), m.Content)
	}
	img, err := png.Decode(bytes.NewReader(m.Attachments[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// samePicture reports whether two pictures have the same pixels.
func samePicture(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return false
			}
		}
	}
	return true
}

// replayedAt is what the viewer must show at move k of an archived game: the record replayed
// through the k-th player's move and the chance moves right after it.
func replayedAt(t *testing.T, data []byte, k int) games.State {
	t.Helper()
	rec, err := games.DecodeRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	seen, end := 0, len(rec.Moves)
	for i, m := range rec.Moves {
		if m.Seat == games.Chance {
			continue
		}
		if seen == k {
			end = i
			break
		}
		seen++
	}
	rec.Moves = rec.Moves[:end]
	kit, _ := catalog.Find(catalog.Kits(), rec.Game)
	st, _, err := games.Replay(kit.Game, rec)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// drawn is the table picture of st as seat sees it, in English.
func drawn(t *testing.T, st games.State, seat games.Seat) image.Image {
	t.Helper()
	kit, _ := catalog.Find(catalog.Kits(), st.Game().Name())
	img, err := kit.Art.Table(st.View(seat), games.English)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	out, _ := png.Decode(&buf)
	return out
}

// moves counts the players' moves of a record.
func moves(t *testing.T, data []byte) int {
	rec, err := games.DecodeRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	return recordPlayerMoves(&rec)
}

// TestReplayViewer: /history lists the games with a View button each and keeps the records
// attached; View opens an ephemeral viewer at the last move; ⏮ ▶ ◀ ⏭ step through the game,
// each showing the table replayed to that move; Go to move… with a bad number is refused (the
// refusal seen by the clicker alone and kept, the viewer unchanged) and a good one goes there;
// a spectator sees the public picture, a player their own seat's; and a new bot process on the
// same store (a restart) answers the buttons drawn by the old one.
func TestReplayViewer(t *testing.T) {
	t.Parallel()
	st := openBolt(t)
	h := newHarness(t, st)
	first := h.addBot("gateway")
	arch := newArchiver(t, st).finish("ingenious", []store.Seat{person(ada), person(ben)}, time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC))
	total := moves(t, arch.Record)

	list := h.command(first, cid, "history")
	if !list.Ephemeral() || len(list.Attachments) != 1 || !strings.HasSuffix(list.Attachments[0].Filename, ".json") {
		t.Fatalf("/history: ephemeral %v, %d files: %q", list.Ephemeral(), len(list.Attachments), list.Content)
	}
	view := mustFind(t, list, verbView, "View 1")

	// Cid was not at the table: a spectator.
	viewer, err := h.click(first, cid, list, view)
	if err != nil || !viewer.Ephemeral() {
		t.Fatalf("View: %v, ephemeral %v", err, viewer.Ephemeral())
	}
	want := fmt.Sprintf("Move %d of %d", total, total)
	if !strings.Contains(viewer.Content, want) || !strings.Contains(viewer.Content, "🏁") || !strings.Contains(viewer.Content, "spectator") {
		t.Fatalf("the viewer opens at the end, saying %q and the result: %q", want, viewer.Content)
	}
	final := replayedAt(t, arch.Record, total)
	if !samePicture(decodePNG(t, viewer), drawn(t, final, games.NoSeat)) {
		t.Fatal("the viewer's last picture is not the final table as a spectator sees it")
	}

	step := func(in *instance, u fakediscord.User, m fakediscord.Message, emoji string) fakediscord.Message {
		t.Helper()
		id := stepButton(t, m, emoji)
		got, err := h.click(in, u, m, component{CustomID: id})
		if err != nil {
			t.Fatalf("%s: %v", emoji, err)
		}
		return got
	}
	viewer = step(first, cid, viewer, "⏮️")
	if !strings.Contains(viewer.Content, "The start") || !buttonDisabled(t, viewer, "◀️") {
		t.Fatalf("⏮: %q", viewer.Content)
	}
	viewer = step(first, cid, viewer, "▶️")
	if !strings.Contains(viewer.Content, fmt.Sprintf("Move 1 of %d", total)) || !strings.Contains(viewer.Content, "Ada") {
		t.Fatalf("▶ from the start: %q", viewer.Content)
	}
	one := replayedAt(t, arch.Record, 1)
	if !samePicture(decodePNG(t, viewer), drawn(t, one, games.NoSeat)) {
		t.Fatal("move 1's picture is not the table after the first move")
	}
	if samePicture(decodePNG(t, viewer), drawn(t, one, 0)) {
		t.Fatal("the spectator's picture shows Ada's hidden rack")
	}
	viewer = step(first, cid, viewer, "▶️")
	viewer = step(first, cid, viewer, "◀️")
	if !strings.Contains(viewer.Content, fmt.Sprintf("Move 1 of %d", total)) {
		t.Fatalf("▶ ◀: %q", viewer.Content)
	}
	// Back to a move the process kept (record and state from its caches): the same table.
	if !samePicture(decodePNG(t, viewer), drawn(t, one, games.NoSeat)) {
		t.Fatal("▶ ◀: move 1's picture, from the kept state, is not the table after the first move")
	}

	// A restart: a new process on the same store answers the old process's buttons.
	second := h.addBot("http")
	viewer = step(second, cid, viewer, "⏭️")
	if !strings.Contains(viewer.Content, fmt.Sprintf("Move %d of %d", total, total)) || !buttonDisabled(t, viewer, "▶️") {
		t.Fatalf("⏭ after a restart: %q", viewer.Content)
	}

	// Go to move…: a modal; a bad number is refused, a good one shown.
	modal := h.openModal(second, cid, viewer, mustFind(t, viewer, verbGoto, "Go to move…"))
	for _, bad := range []string{"twelve", fmt.Sprint(total + 1), "-3"} {
		sub := h.fake.ModalSubmit(actor(cid).On(viewer), modal, map[string]string{"move": bad})
		h.refuse(second, cid, sub, "move")
		for _, m := range h.fake.Visible(testChannel, cid.ID) {
			if m.ID == viewer.ID && !strings.Contains(m.Content, fmt.Sprintf("Move %d of %d", total, total)) {
				t.Fatalf("a refused move (%q) changed the viewer: %q", bad, m.Content)
			}
		}
	}
	sub := h.fake.ModalSubmit(actor(cid).On(viewer), modal, map[string]string{"move": "3"})
	if err := h.send(first, sub); err != nil {
		t.Fatal(err)
	}
	viewer = h.seen(sub)
	if !strings.Contains(viewer.Content, fmt.Sprintf("Move 3 of %d", total)) {
		t.Fatalf("Go to move 3: %q", viewer.Content)
	}
	three := replayedAt(t, arch.Record, 3)
	if !samePicture(decodePNG(t, viewer), drawn(t, three, games.NoSeat)) {
		t.Fatal("move 3's picture is not the table after the third move")
	}

	// Ada played: she sees her own rack.
	mine, err := h.click(first, ada, list, view)
	if err != nil || !strings.Contains(mine.Content, "Your game: the table as your seat saw it") {
		t.Fatalf("Ada's viewer: %v %q", err, mine.Content)
	}
	if !samePicture(decodePNG(t, mine), drawn(t, final, 0)) {
		t.Fatal("Ada's viewer does not show the table as her seat saw it")
	}
}

// stepButton returns the custom_id of the viewer's button with emoji.
func stepButton(t *testing.T, m fakediscord.Message, emoji string) string {
	t.Helper()
	b, ok := emojiButton(t, m, emoji)
	if !ok {
		t.Fatalf("no %s button: %s", emoji, m.Components)
	}
	return b.CustomID
}

// buttonDisabled reports whether the button with emoji is disabled.
func buttonDisabled(t *testing.T, m fakediscord.Message, emoji string) bool {
	t.Helper()
	b, ok := emojiButton(t, m, emoji)
	return ok && b.Disabled
}

type emojiComponent struct {
	CustomID string `json:"custom_id"`
	Disabled bool   `json:"disabled"`
	Emoji    struct {
		Name string `json:"name"`
	} `json:"emoji"`
}

func emojiButton(t *testing.T, m fakediscord.Message, emoji string) (emojiComponent, bool) {
	t.Helper()
	var rows []struct {
		Components []emojiComponent `json:"components"`
	}
	if err := json.Unmarshal(m.Components, &rows); err != nil {
		t.Fatalf("components %s: %v", m.Components, err)
	}
	for _, r := range rows {
		for _, c := range r.Components {
			if c.Emoji.Name == emoji {
				return c, true
			}
		}
	}
	return emojiComponent{}, false
}
