package images

import (
	"bytes"
	"image"
	"image/png"
	"math/rand/v2"
	"sync"
	"testing"
)

// testPicture is a paletted picture of 300 × 200 of horizontal runs, like a drawing.
func testPicture(t testing.TB) *image.Paletted { return runsPicture(t, 300, 200, 20, 7) }

// runsPicture is a paletted picture of w × h of runs averaging run pixels, drawn with seed.
func runsPicture(t testing.TB, w, h, run int, seed uint64) *image.Paletted {
	p := testPalette(t)
	img := image.NewPaletted(image.Rect(0, 0, w, h), p.Colours())
	rng := rand.New(rand.NewPCG(seed, seed+1))
	c := uint8(0)
	for i := range img.Pix {
		if rng.IntN(run) == 0 {
			c = uint8(rng.IntN(p.Len()))
		}
		img.Pix[i] = c
	}
	return img
}

func TestEncodeRoundTrip(t *testing.T) {
	img := testPicture(t)
	enc := NewEncoder()
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 3 {
				var buf bytes.Buffer
				if err := enc.Encode(&buf, img); err != nil {
					t.Error(err)
					return
				}
				back, err := png.Decode(&buf)
				if err != nil {
					t.Error(err)
					return
				}
				pal, ok := back.(*image.Paletted)
				if !ok || !bytes.Equal(pal.Pix, img.Pix) {
					t.Error("the decoded picture differs")
					return
				}
			}
		}()
	}
	wg.Wait()
	var buf bytes.Buffer
	if err := EncodePNG(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := EncodePNG(&buf, image.NewPaletted(image.Rect(0, 0, 0, 0), nil)); err == nil {
		t.Error("an empty picture: want an error")
	}
}

func BenchmarkEncode(b *testing.B) {
	img := testPicture(b)
	enc := NewEncoder()
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := enc.Encode(&buf, img); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/picture")
}
