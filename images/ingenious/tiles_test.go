package ingenious

import (
	"image"
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/ingenious"
	"github.com/tablebot/tablebot/images"
)

// TestPanelPartsAsWhole draws the tables of whole games of every kind, in both languages and
// for spectators and players, on one renderer whose tiles fill and evict as they go, and checks
// every time that the score panel drawn part by part (panel.drawParts, copying tiles) has the
// pixels of the panel drawn whole in RGBA and converted.
func TestPanelPartsAsWhole(t *testing.T) {
	r := New()
	r.tiles = newSmallTiles() // evictions too
	pal, err := r.pal()
	if err != nil {
		t.Fatal(err)
	}
	kinds := []struct {
		names []string
		opts  ingenious.Options
	}{
		{[]string{"Ada", "Božena"}, ingenious.Options{}},
		{[]string{"Ada", "Bohuslav", "Cyril"}, ingenious.Options{}},
		{[]string{"Ada", "Bohuslav", "Cyril", "Dana"}, ingenious.Options{}},
		{[]string{"Ada", "Bohuslav", "Cyril", "Dana"}, ingenious.Options{Teams: true}},
		{[]string{"Ada"}, ingenious.Options{}},
	}
	drawn, laid := 0, 0
	for k, kind := range kinds {
		rng := rand.New(rand.NewPCG(uint64(k), 9))
		st, err := ingenious.NewState(kind.names, kind.opts)
		if err != nil {
			t.Fatal(err)
		}
		rec := &games.Recorder{State: st}
		for step := 0; ; step++ {
			if step%3 == 0 || st.Phase() == ingenious.PhaseOver {
				seat := games.NoSeat
				if rng.IntN(2) == 0 {
					seat = games.Seat(rng.IntN(len(kind.names)))
				}
				lang := []games.Lang{games.English, games.Czech}[rng.IntN(2)]
				checkPanel(t, r, pal, view(st, seat), lang)
				drawn++
			}
			if st.Phase() == ingenious.PhaseOver {
				break
			}
			moved := false // one step at a time: stop as soon as one was taken
			if _, err := games.AdvanceUntil(rec, rng, games.Hints, func(games.State) bool { m := moved; moved = true; return m }); err != nil {
				t.Fatal(err)
			}
		}
		laid += len(view(st, games.NoSeat).Placements)
	}
	if n, _ := r.tiles.Len(); drawn < 100 || n == 0 || laid < 100 {
		t.Fatalf("drew %d tables of %d placements, %d tiles kept: too few to test", drawn, laid, n)
	}
}

// checkPanel draws v's table and its baseline and compares their score panels pixel by pixel.
func checkPanel(t *testing.T, r *Renderer, pal interface {
	Convert(*image.RGBA) *image.Paletted
}, v *ingenious.View, lang games.Lang) {
	t.Helper()
	got, err := r.Table(v, lang)
	if err != nil {
		t.Fatal(err)
	}
	// The panel drawn whole, as renderTable drew it before it drew parts.
	area := panelArea(len(sidesOf(v)))
	whole := image.NewRGBA(image.Rect(0, 0, tableWidth, area.Dy()))
	c, err := r.canvas(whole, false)
	if err != nil {
		t.Fatal(err)
	}
	c.Fill(whole.Rect, images.Slate)
	p := panel{c: c, v: v, lang: lang, icons: r.icon}
	p.draw(image.Rect(panelMargin, 0, tableWidth-panelMargin, area.Dy()-panelMargin))
	want := pal.Convert(whole)
	g := got.(*image.Paletted)
	for y := area.Min.Y; y < area.Max.Y; y++ {
		for x := area.Min.X; x < area.Max.X; x++ {
			if g.ColorIndexAt(x, y) != want.ColorIndexAt(x, y-area.Min.Y) {
				t.Fatalf("%d players, phase %v, viewer %v, %s: pixel (%d, %d) of the panel is %v, drawn whole %v",
					len(v.Players), v.Phase, v.Viewer, lang, x, y-area.Min.Y, g.At(x, y), want.At(x, y-area.Min.Y))
			}
		}
	}
	r.Recycle(got)
}

// newSmallTiles returns tiles with room for a few cards' parts only, so that they evict.
func newSmallTiles() *images.Tiles { return images.NewTiles(400 << 10) }

// tableWhole draws v's table as renderTable did before it drew the panel by parts: the board,
// then the whole panel in RGBA, converted. It is BenchmarkTableMoves's baseline.
func tableWhole(tb testing.TB, r *Renderer, v *ingenious.View, lang games.Lang) *image.Paletted {
	art, err := r.prepare(v, nil)
	if err != nil {
		tb.Fatal(err)
	}
	pal, err := r.pal()
	if err != nil {
		tb.Fatal(err)
	}
	out := r.pictures.Borrow(tableSize(len(sidesOf(v))), pal.Colours())
	area := panelArea(len(sidesOf(v)))
	rgba := r.panels.Borrow(image.Pt(tableWidth, area.Dy()))
	defer r.panels.Return(rgba)
	c, err := r.canvas(rgba, false)
	if err != nil {
		tb.Fatal(err)
	}
	if err := r.renderBoard(out, art, v, nil); err != nil {
		tb.Fatal(err)
	}
	c.Fill(rgba.Rect, images.Slate)
	p := panel{c: c, v: v, lang: lang, icons: r.icon}
	p.draw(image.Rect(panelMargin, 0, tableWidth-panelMargin, area.Dy()-panelMargin))
	pal.ConvertAt(out, rgba, area.Min)
	return out
}

// BenchmarkTableMoves draws the table after every placement of a two-player game in turn, as
// a game's board messages are drawn (the score panel's tiles hit where the cards did not
// change), against the panel drawn whole in the same run.
func BenchmarkTableMoves(b *testing.B) {
	var views []*ingenious.View
	for laid := 1; laid <= 40; laid++ {
		views = append(views, view(play(b, []string{"Ada", "Božena"}, ingenious.Options{}, 7, laid), games.NoSeat))
	}
	b.Run("parts", func(b *testing.B) {
		r := New()
		i := 0
		for b.Loop() {
			img, err := r.renderTableOnly(views[i%len(views)])
			if err != nil {
				b.Fatal(err)
			}
			r.Recycle(img)
			i++
		}
	})
	b.Run("baseline-whole-panel", func(b *testing.B) {
		r := New()
		i := 0
		for b.Loop() {
			r.Recycle(tableWhole(b, r, views[i%len(views)], games.English))
			i++
		}
	})
}

// renderTableOnly is Table without the since-marks, to compare with tableWhole.
func (r *Renderer) renderTableOnly(v *ingenious.View) (*image.Paletted, error) {
	pal, err := r.pal()
	if err != nil {
		return nil, err
	}
	out := r.pictures.Borrow(tableSize(len(sidesOf(v))), pal.Colours())
	return out, r.renderTable(out, v, games.English, nil)
}
