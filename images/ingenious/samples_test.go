package ingenious

import (
	"flag"
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/games/ingenious"
	"github.com/tablebot/tablebot/images"
)

var outDir = flag.String("out", "", "write sample pictures into this directory")

// TestSamples writes sample pictures for people to look at (go test -run Samples -out /tmp/x);
// without -out it writes them to a temporary directory, which still checks that every sample
// draws and encodes.
func TestSamples(t *testing.T) {
	dir := *outDir
	if dir == "" {
		dir = t.TempDir()
	}
	r := New()
	write := func(name string, img image.Image, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := images.EncodePNG(f, img); err != nil {
			t.Fatal(err)
		}
	}
	two := twoPlayerMid(t)
	img, err := r.Table(view(two, games.NoSeat), games.English)
	write("two.png", img, err)
	four := fourPlayerLate(t)
	img, err = r.Table(view(four, 1), games.Czech)
	write("four.png", img, err)
	team := teamGame(t)
	img, err = r.Table(view(team, games.NoSeat), games.English)
	write("team.png", img, err)
	over := finishedGame(t)
	img, err = r.Table(view(over, games.NoSeat), games.English)
	write("over.png", img, err)
	seat := two.Turn()
	img, err = r.Private(view(two, seat), "", games.English)
	write("rack.png", img, err)
	rack := two.Rack(seat)
	img, err = r.Private(view(two, seat), rack[2].String(), games.English)
	write("chosen.png", img, err)
	img, err = r.Private(view(two, seat), previewDraft(t, two, seat), games.English)
	write("preview.png", img, err)
	img, err = r.Private(view(four, four.Turn()), previewDraft(t, four, four.Turn()), games.Czech)
	write("preview4.png", img, err)
	early := play(t, []string{"Ada", "Bohuslav", "Cyril"}, ingenious.Options{}, 3, 2)
	img, err = r.Table(view(early, games.NoSeat), games.Czech)
	write("early.png", img, err)
	solo := play(t, []string{"Ada"}, ingenious.Options{}, 9, 20)
	img, err = r.Table(view(solo, 0), games.English)
	write("solo.png", img, err)
	img, err = r.Private(view(solo, 0), "", games.English)
	write("solorack.png", img, err)
	img, err = r.Private(view(four, four.Turn()), four.Rack(four.Turn())[0].String(), games.Czech)
	write("chosen4.png", img, err)
	swap := playUntil(t, []string{"Ada", "Bohuslav"}, ingenious.Options{}, 4, func(st *ingenious.State, laid int) bool {
		return st.Phase() == ingenious.PhaseSwap
	})
	img, err = r.Table(view(swap, games.NoSeat), games.Czech)
	write("swap.png", img, err)
	img, err = r.Private(view(swap, swap.Turn()), "", games.Czech)
	write("swaprack.png", img, err)
}
