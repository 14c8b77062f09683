package images

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/adler32"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"io"
	"math/rand/v2"
	"testing"
)

func TestAdler32Combine(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range [][2]int{{0, 0}, {0, 5}, {5, 0}, {1, 1}, {100, 70000}, {65521, 65521}, {131043, 3}, {200000, 200001}} {
		a := make([]byte, n[0])
		b := make([]byte, n[1])
		for i := range a {
			a[i] = byte(rng.Uint32())
		}
		for i := range b {
			b[i] = 0xff - byte(rng.IntN(3)) // near the top: the sums wrap often
		}
		want := adler32.Checksum(append(bytes.Clone(a), b...))
		if got := adler32Combine(adler32.Checksum(a), adler32.Checksum(b), len(b)); got != want {
			t.Errorf("lengths %v: combined %08x, want %08x", n, got, want)
		}
	}
}

// checkPNG parses a PNG file chunk by chunk, checking every CRC, and inflates the IDAT data to
// its end, which checks the zlib stream's Adler-32.
func checkPNG(t *testing.T, file []byte) {
	t.Helper()
	if !bytes.HasPrefix(file, []byte(pngSignature)) {
		t.Fatal("no PNG signature")
	}
	var idat []byte
	rest := file[len(pngSignature):]
	for len(rest) > 0 {
		if len(rest) < 12 {
			t.Fatalf("a truncated chunk: %d bytes left", len(rest))
		}
		n := int(binary.BigEndian.Uint32(rest))
		if len(rest) < 12+n {
			t.Fatalf("chunk %q: %d bytes of data, %d left", rest[4:8], n, len(rest)-12)
		}
		kind, data := string(rest[4:8]), rest[8:8+n]
		if got, want := crc32.ChecksumIEEE(rest[4:8+n]), binary.BigEndian.Uint32(rest[8+n:]); got != want {
			t.Fatalf("chunk %s: CRC %08x, want %08x", kind, want, got)
		}
		if kind == "IDAT" {
			idat = append(idat, data...)
		}
		rest = rest[12+n:]
	}
	zr, err := zlib.NewReader(bytes.NewReader(idat))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(io.Discard, zr); err != nil {
		t.Fatalf("inflating the pixels: %v", err)
	}
}

func encodeTo(t *testing.T, e *Encoder, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := e.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func decodePaletted(t *testing.T, file []byte) *image.Paletted {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	p, ok := img.(*image.Paletted)
	if !ok {
		t.Fatalf("decoded a %T, want *image.Paletted", img)
	}
	return p
}

func TestBandsEncodeWhatTheyShow(t *testing.T) {
	img := testPicture(t)
	n := int64((img.Rect.Dy() + bandRows - 1) / bandRows) // the last band is shorter
	warm := NewEncoder()
	first := encodeTo(t, warm, img)
	checkPNG(t, first)
	if got := decodePaletted(t, first); !bytes.Equal(got.Pix, img.Pix) || len(got.Palette) != len(img.Palette) {
		t.Fatal("the decoded picture differs")
	}
	if s := warm.Stats(); s.Hits != 0 || s.Misses != n {
		t.Fatalf("first picture: %+v, want %d bands compressed", s, n)
	}

	// The same picture again is made of cached bands, byte for byte what a cold encoder writes.
	again := encodeTo(t, warm, img)
	if s := warm.Stats(); s.Hits != n || s.Misses != n {
		t.Fatalf("second picture: %+v, want %d bands from the cache", s, n)
	}
	cold := encodeTo(t, NewEncoderCache(0), img)
	if !bytes.Equal(again, first) || !bytes.Equal(again, cold) {
		t.Fatal("a picture of cached bands differs from one compressed anew")
	}

	// A change in one row costs one band; the picture still decodes to its pixels.
	changed := image.NewPaletted(img.Rect, img.Palette)
	copy(changed.Pix, img.Pix)
	for x := range 300 {
		changed.Pix[100*changed.Stride+x] = uint8(x % len(img.Palette))
	}
	file := encodeTo(t, warm, changed)
	checkPNG(t, file)
	if s := warm.Stats(); s.Hits != 2*n-1 || s.Misses != n+1 {
		t.Fatalf("one row changed: %+v, want %d more bands from the cache and one compressed", s, n-1)
	}
	if got := decodePaletted(t, file); !bytes.Equal(got.Pix, changed.Pix) {
		t.Fatal("the changed picture decodes differently")
	}
}

func TestBandsOfASubImage(t *testing.T) {
	img := testPicture(t)
	sub := img.SubImage(image.Rect(17, 33, 250, 170)).(*image.Paletted)
	file := encodeTo(t, NewEncoder(), sub)
	checkPNG(t, file)
	got := decodePaletted(t, file)
	if got.Rect.Dx() != 233 || got.Rect.Dy() != 137 {
		t.Fatalf("size %v, want 233×137", got.Rect.Size())
	}
	for y := range 137 {
		for x := range 233 {
			if got.ColorIndexAt(x, y) != sub.ColorIndexAt(17+x, 33+y) {
				t.Fatalf("pixel (%d, %d) differs", x, y)
			}
		}
	}
}

func TestBandsKeepTransparency(t *testing.T) {
	pal := color.Palette{color.RGBA{0, 0, 0, 0}, color.RGBA{200, 10, 10, 255}, color.NRGBA{10, 200, 10, 128}, color.RGBA{1, 2, 3, 255}}
	img := image.NewPaletted(image.Rect(0, 0, 40, 40), pal)
	for i := range img.Pix {
		img.Pix[i] = uint8(i % len(pal))
	}
	file := encodeTo(t, NewEncoder(), img)
	checkPNG(t, file)
	got := decodePaletted(t, file)
	for i, c := range pal {
		if color.NRGBAModel.Convert(got.Palette[i]) != color.NRGBAModel.Convert(c) {
			t.Errorf("colour %d: %v, want %v", i, got.Palette[i], c)
		}
	}
}

func TestBandCacheStaysWithinBudget(t *testing.T) {
	const budget = 4 << 10
	e := NewEncoderCache(budget)
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20 {
		img := testPicture(t)
		for i := range img.Pix {
			if rng.IntN(50) == 0 {
				img.Pix[i] = uint8(rng.IntN(len(img.Palette)))
			}
		}
		checkPNG(t, encodeTo(t, e, img))
		if e.cache.used > budget {
			t.Fatalf("the cache holds %d bytes, over its budget of %d", e.cache.used, budget)
		}
		if len(e.cache.items) != e.cache.order.Len() {
			t.Fatalf("%d entries in the map, %d in the order", len(e.cache.items), e.cache.order.Len())
		}
	}
}

// BenchmarkEncodeBands measures a paletted picture of 840 × 1080 whose rows change in one place
// between encodes, as the next picture of a game does: "anew" compresses every band each time
// (no cache, the baseline), "cached" only the changed bands; x-faster is the ratio in the run.
func BenchmarkEncodeBands(b *testing.B) {
	img := runsPicture(b, 840, 1080, 40, 5)
	original := bytes.Clone(img.Pix)
	var anewNs float64
	for _, tc := range []struct {
		name   string
		budget int
	}{{"anew", 0}, {"cached", DefaultBandCache}} {
		b.Run(tc.name, func(b *testing.B) {
			e := NewEncoderCache(tc.budget)
			copy(img.Pix, original)
			var buf bytes.Buffer
			if err := e.Encode(&buf, img); err != nil {
				b.Fatal(err)
			}
			size := buf.Len()
			n := 0
			for b.Loop() {
				img.Pix[(n*37%1080)*840+n%840]++ // a small change, somewhere else each time
				n++
				buf.Reset()
				if err := e.Encode(&buf, img); err != nil {
					b.Fatal(err)
				}
			}
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			if tc.budget == 0 {
				anewNs = ns
			} else if anewNs > 0 {
				b.ReportMetric(anewNs/ns, "x-faster")
			}
			b.ReportMetric(float64(size), "bytes/picture")
		})
	}
}
