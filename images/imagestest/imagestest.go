package imagestest

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/images"
	"golang.org/x/image/draw"
)

// update is -update: rewrite the golden pictures instead of comparing with them.
var update = flag.Bool("update", false, "rewrite the golden pictures in testdata")

// MaxDiffering is the fraction of pixels a picture may differ from its golden copy in (by more
// than a few levels in a channel), for floating-point differences between machines.
const MaxDiffering = 0.002

// Picture is one golden picture: its name (the file testdata/<Name>.png) and how to draw it
// with a renderer of type R.
type Picture[R any] struct {
	Name string
	Draw func(r R) (image.Image, error)
}

// Golden draws every picture with r and compares it, at full size and scaled to a phone's
// width (images.PhoneWidth), with testdata/<Name>.png and testdata/<Name>-phone.png; run with
// -update it rewrites the files instead. On a mismatch the new picture is kept in a temporary file whose
// path the failure names. When r shows its kit (a Kit method), Golden also checks that the
// pictures are readable on a phone (see Readable), with -update too.
func Golden[R any](t *testing.T, r R, pics []Picture[R]) {
	t.Helper()
	const dir = "testdata"
	widest := 0
	for _, p := range pics {
		t.Run(p.Name, func(t *testing.T) {
			got, err := p.Draw(r)
			if err != nil {
				t.Fatal(err)
			}
			widest = max(widest, got.Bounds().Dx())
			golden(t, filepath.Join(dir, p.Name+".png"), got, *update)
			golden(t, filepath.Join(dir, p.Name+"-phone.png"), Phone(got), *update)
		})
	}
	if k, ok := any(r).(kitted); ok && widest > 0 {
		if err := readableKit(k.Kit(), widest); err != nil {
			t.Errorf("the golden pictures: %v", err)
		}
	}
}

// readableKit is Readable for the smallest text kit's fonts drew, in pictures up to widest
// pixels wide.
func readableKit(k *images.Kit, widest int) error {
	fonts, err := k.Fonts()
	if err != nil {
		return err
	}
	return Readable(fonts.Smallest(), widest)
}

// kitted is implemented by every renderer: the kit it draws with, whose fonts record the
// smallest text any of its pictures used.
type kitted interface{ Kit() *images.Kit }

// Readable fails when text of size pixels in a picture width pixels wide is smaller than
// images.PhoneLabel once the picture is scaled to images.PhoneWidth, the width a phone shows
// it at.
func Readable(size float64, width int) error {
	scale := min(1, float64(images.PhoneWidth)/float64(width))
	if got := size * scale; got < images.PhoneLabel {
		return fmt.Errorf("the smallest text, %.1f px in a picture %d px wide, is %.1f px at %d px wide (want ≥ %d)",
			size, width, got, images.PhoneWidth, images.PhoneLabel)
	}
	return nil
}

// Phone returns img scaled to images.PhoneWidth pixels wide (unchanged when narrower), the
// way a phone shows it, with a fixed filter so the result is the same on every machine.
func Phone(img image.Image) image.Image {
	b := img.Bounds()
	if b.Dx() <= images.PhoneWidth {
		return img
	}
	h := (b.Dy()*images.PhoneWidth + b.Dx()/2) / b.Dx()
	dst := image.NewRGBA(image.Rect(0, 0, images.PhoneWidth, h))
	draw.ApproxBiLinear.Scale(dst, dst.Bounds(), img, b, draw.Src, nil)
	return dst
}

// golden compares got with the PNG at path, or writes it there with update.
func golden(t *testing.T, path string, got image.Image, update bool) {
	t.Helper()
	if update {
		if err := WritePNG(path, got); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := ReadPNG(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if err := Compare(got, want); err != nil {
		out, werr := os.CreateTemp("", strings.TrimSuffix(filepath.Base(path), ".png")+"-*.png")
		if werr == nil {
			out.Close()
			werr = WritePNG(out.Name(), got)
		}
		if werr != nil {
			t.Fatalf("%v; writing the picture failed too: %v", err, werr)
		}
		t.Fatalf("%v: got %s, want %s (go test -update accepts it)", err, out.Name(), path)
	}
}

// Concurrent draws every picture from several goroutines on one renderer made by fresh (its
// caches filling under contention) and checks each equals the picture drawn alone. When the
// renderer takes pictures back (images.Recycler), each picture is given back once checked, so
// that later ones are drawn over the memory of others and a pixel left undrawn shows.
func Concurrent[R any](t *testing.T, fresh func() R, pics []Picture[R]) {
	t.Helper()
	alone := fresh()
	want := make([]image.Image, len(pics))
	for i, p := range pics {
		img, err := p.Draw(alone)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = img
	}
	r := fresh()
	recycler, _ := any(r).(images.Recycler)
	if recycler != nil {
		// Every picture given back poisoned, then drawn again: it must cover every pixel.
		for i, p := range pics {
			got, err := p.Draw(r)
			if err != nil {
				t.Fatal(err)
			}
			if pp, ok := got.(*image.Paletted); ok && len(pp.Palette) > 0 {
				for k := range pp.Pix {
					pp.Pix[k] = uint8((k*7 + 3) % len(pp.Palette))
				}
			}
			recycler.Recycle(got)
			if again, err := p.Draw(r); err != nil {
				t.Fatal(err)
			} else if !SamePixels(again, want[i]) {
				t.Errorf("%s drawn over a picture given back differs from the picture drawn alone", p.Name)
			}
		}
	}
	var wg sync.WaitGroup
	for g := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range 2 * len(pics) {
				i := (g + k) % len(pics)
				got, err := pics[i].Draw(r)
				if err != nil {
					t.Error(err)
					return
				}
				if !SamePixels(got, want[i]) {
					t.Errorf("%s drawn concurrently differs from the picture drawn alone", pics[i].Name)
				}
				if recycler != nil {
					recycler.Recycle(got)
				}
			}
		}()
	}
	wg.Wait()
}

// Compare fails when the pictures differ in size or in more than MaxDiffering of their pixels.
func Compare(got, want image.Image) error {
	if got.Bounds() != want.Bounds() {
		return fmt.Errorf("size %v, want %v", got.Bounds(), want.Bounds())
	}
	b := got.Bounds()
	diff := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r1, g1, b1, _ := got.At(x, y).RGBA()
			r2, g2, b2, _ := want.At(x, y).RGBA()
			if far(r1, r2) || far(g1, g2) || far(b1, b2) {
				diff++
			}
		}
	}
	if frac := float64(diff) / float64(b.Dx()*b.Dy()); frac > MaxDiffering {
		return fmt.Errorf("%d pixels (%.2f%%) differ", diff, 100*frac)
	}
	return nil
}

// far reports whether two 16-bit channel values differ by more than 8 levels of 255.
func far(a, b uint32) bool { return farBy(a, b, 8) }

// SamePixels reports whether two paletted pictures are identical.
func SamePixels(a, b image.Image) bool {
	pa, ok1 := a.(*image.Paletted)
	pb, ok2 := b.(*image.Paletted)
	return ok1 && ok2 && pa.Rect == pb.Rect && string(pa.Pix) == string(pb.Pix)
}

// WritePNG encodes img to path with the pictures' encoder.
func WritePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := images.EncodePNG(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// ReadPNG decodes the PNG at path.
func ReadPNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return img, nil
}

// TablePicture is the picture of the table of view in lang, drawn by a renderer of type R.
func TablePicture[R images.Art](name string, view any, lang games.Lang) Picture[R] {
	return Picture[R]{Name: name, Draw: func(r R) (image.Image, error) { return r.Table(view, lang) }}
}

// PrivatePicture is the picture of the private panel of view at draft in lang, drawn by a
// renderer of type R.
func PrivatePicture[R images.Art](name string, view any, draft string, lang games.Lang) Picture[R] {
	return Picture[R]{Name: name, Draw: func(r R) (image.Image, error) { return r.Private(view, draft, lang) }}
}

// Goldens is Golden on a renderer made by fresh, then Concurrent, over the same pictures.
func Goldens[R any](t *testing.T, fresh func() R, pics []Picture[R]) {
	t.Helper()
	t.Run("golden", func(t *testing.T) { Golden(t, fresh(), pics) })
	t.Run("concurrent", func(t *testing.T) { Concurrent(t, fresh, pics) })
}
