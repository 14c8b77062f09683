package ingenious

import (
	"bytes"
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
	pal, err := r.Palette()
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
			if step%5 == 0 || st.Phase() == ingenious.PhaseOver {
				seat := games.NoSeat
				if rng.IntN(2) == 0 {
					seat = games.Seat(rng.IntN(len(kind.names)))
				}
				lang := []games.Lang{games.English, games.Czech}[rng.IntN(2)]
				checkPanel(t, r, pal, suite.View(st, seat), lang)
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
		laid += len(suite.View(st, games.NoSeat).Placements)
	}
	if n, _ := r.tiles.Len(); drawn < 60 || n == 0 || laid < 100 {
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
	c, err := r.Canvas(whole, false)
	if err != nil {
		t.Fatal(err)
	}
	c.Fill(whole.Rect, images.Slate)
	p := panel{c: c, v: v, lang: lang, icons: r.icon}
	p.draw(image.Rect(panelMargin, 0, tableWidth-panelMargin, area.Dy()-panelMargin))
	want := pal.Convert(whole)
	g := got.(*image.Paletted)
	for y := area.Min.Y; y < area.Max.Y; y++ {
		if bytes.Equal(g.Pix[g.PixOffset(area.Min.X, y):g.PixOffset(area.Max.X, y)], want.Pix[want.PixOffset(area.Min.X, y-area.Min.Y):want.PixOffset(area.Max.X, y-area.Min.Y)]) {
			continue
		}
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
	pal, err := r.Palette()
	if err != nil {
		tb.Fatal(err)
	}
	out := r.Picture(tableSize(len(sidesOf(v))), pal)
	area := panelArea(len(sidesOf(v)))
	rgba := r.Scratch().Borrow(image.Pt(tableWidth, area.Dy()))
	defer r.Scratch().Return(rgba)
	c, err := r.Canvas(rgba, false)
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
		views = append(views, suite.View(play(b, []string{"Ada", "Božena"}, ingenious.Options{}, 7, laid), games.NoSeat))
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
	pal, err := r.Palette()
	if err != nil {
		return nil, err
	}
	out := r.Picture(tableSize(len(sidesOf(v))), pal)
	return out, r.renderTable(out, v, games.English, nil)
}

// TestRackTilesAsStamped draws the private pictures of whole games of every kind — the rack
// alone, with each tile chosen in turn, and with a placement previewed — on a renderer whose
// tiles fill and evict as they go, and checks that each has the pixels of the same picture
// drawn by a renderer that keeps no tiles (every rack tile stamped).
func TestRackTilesAsStamped(t *testing.T) {
	tiled, stamped := New(), New()
	tiled.tiles = newSmallTiles()
	stamped.tiles = images.NewTiles(0)
	drawn := 0
	compare := func(v *ingenious.View, draft string, lang games.Lang) {
		t.Helper()
		got, err := tiled.Private(v, draft, lang)
		if err != nil {
			t.Fatal(err)
		}
		want, err := stamped.Private(v, draft, lang)
		if err != nil {
			t.Fatal(err)
		}
		g, w := got.(*image.Paletted), want.(*image.Paletted)
		if g.Rect != w.Rect {
			t.Fatalf("draft %q: %v, want %v", draft, g.Rect, w.Rect)
		}
		for y := g.Rect.Min.Y; y < g.Rect.Max.Y; y++ {
			if bytes.Equal(g.Pix[g.PixOffset(g.Rect.Min.X, y):g.PixOffset(g.Rect.Max.X, y)], w.Pix[w.PixOffset(w.Rect.Min.X, y):w.PixOffset(w.Rect.Max.X, y)]) {
				continue
			}
			for x := g.Rect.Min.X; x < g.Rect.Max.X; x++ {
				if g.ColorIndexAt(x, y) != w.ColorIndexAt(x, y) {
					t.Fatalf("%d players, draft %q, %s: pixel (%d, %d) is %v, stamped %v", len(v.Players), draft, lang, x, y, g.At(x, y), w.At(x, y))
				}
			}
		}
		tiled.Recycle(got)
		stamped.Recycle(want)
		drawn++
	}
	for k, names := range [][]string{{"Ada", "Božena"}, {"Ada", "Bohuslav", "Cyril", "Dana"}, {"Ada"}} {
		for _, laid := range []int{0, 7, 19, 33, -1} {
			st := play(t, names, ingenious.Options{}, uint64(10+k), laid)
			seat := st.Turn()
			if st.Phase() == ingenious.PhaseOver {
				seat = 0
			}
			lang := []games.Lang{games.English, games.Czech}[laid&1]
			v := suite.View(st, seat)
			compare(v, "", lang)
			for _, tile := range st.Rack(seat) {
				compare(v, tile.String(), lang)
			}
			if st.Phase() == ingenious.PhasePlace {
				compare(v, previewDraft(t, st, seat), lang)
			}
		}
	}
	if n, _ := tiled.tiles.Len(); drawn < 60 || n == 0 {
		t.Fatalf("drew %d pictures, %d tiles kept: too few to test", drawn, n)
	}
}

// BenchmarkPrivateMoves draws the private pictures of a two-player game's turns in turn — the
// rack, a tile chosen, a placement previewed — against a renderer that keeps no tiles (every
// rack tile stamped) in the same run.
func BenchmarkPrivateMoves(b *testing.B) {
	type shot struct {
		v     *ingenious.View
		draft string
	}
	var shots []shot
	for laid := 2; laid <= 40; laid += 2 {
		st := play(b, []string{"Ada", "Božena"}, ingenious.Options{}, 7, laid)
		v := suite.View(st, st.Turn())
		shots = append(shots, shot{v, ""}, shot{v, st.Rack(st.Turn())[0].String()}, shot{v, previewDraft(b, st, st.Turn())})
	}
	for _, bc := range []struct {
		name  string
		tiles *images.Tiles
	}{{"tiles", images.NewTiles(tileBudget)}, {"baseline-stamped", images.NewTiles(0)}} {
		b.Run(bc.name, func(b *testing.B) {
			r := New()
			r.tiles = bc.tiles
			i := 0
			for b.Loop() {
				s := shots[i%len(shots)]
				img, err := r.Private(s.v, s.draft, games.English)
				if err != nil {
					b.Fatal(err)
				}
				r.Recycle(img)
				i++
			}
		})
	}
}
