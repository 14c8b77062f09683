package images

import (
	"bytes"
	"compress/gzip"
	"embed"
	"fmt"
	"image"
	"image/draw"
	"io"
	"math"
	"sync"
	"sync/atomic"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Style picks one of the embedded Go fonts.
type Style int

// The font styles a picture can use.
const (
	// Regular is Go Regular, for running text.
	Regular Style = iota
	// Medium is Go Medium, for small labels that must stay legible.
	Medium
	// Bold is Go Bold, for names, numbers and headings.
	Bold
	styleCount
)

// String names the style.
func (s Style) String() string {
	switch s {
	case Regular:
		return "regular"
	case Medium:
		return "medium"
	case Bold:
		return "bold"
	}
	return fmt.Sprintf("Style(%d)", int(s))
}

// fallbackFiles are the fonts that draw what the Go fonts lack, tried in this order: CJK, then
// Korean, then emoji and symbols. See fonts/README.md for their coverage and licences.
//
//go:embed fonts/DroidSansFallbackFull.ttf.gz fonts/NanumSquareR.ttf.gz fonts/Symbola.ttf.gz
var fallbackFiles embed.FS

var fallbackNames = []string{"fonts/DroidSansFallbackFull.ttf.gz", "fonts/NanumSquareR.ttf.gz", "fonts/Symbola.ttf.gz"}

// Fonts holds the embedded fonts, parsed once: the Go fonts in three styles and the fallback
// fonts for other scripts and emoji. A *Fonts is immutable (but for the smallest-size
// record) and safe for concurrent use; the faces it makes are not (make one set per render).
type Fonts struct {
	fonts     [styleCount]*opentype.Font
	fallbacks []*opentype.Font
	// smallest holds the bits of the smallest face size made, for readability tests.
	smallest atomic.Uint64
	// glyphs holds the glyphs the faces made from these fonts have drawn.
	glyphs glyphCache
}

// LoadFonts parses the embedded fonts. The Go fonts cover Latin (Czech letters such as
// ěščřžýáíéůú included), Greek and Cyrillic; names in Chinese, Japanese or Korean and emoji
// are drawn from the fallback fonts.
func LoadFonts() (*Fonts, error) {
	var f Fonts
	f.smallest.Store(math.Float64bits(math.Inf(1)))
	for s, ttf := range [styleCount][]byte{Regular: goregular.TTF, Medium: gomedium.TTF, Bold: gobold.TTF} {
		parsed, err := opentype.Parse(ttf)
		if err != nil {
			return nil, fmt.Errorf("images: parse the embedded %s font: %w", Style(s), err)
		}
		f.fonts[s] = parsed
	}
	fallbacks, err := parsedFallbacks()
	if err != nil {
		return nil, err
	}
	f.fallbacks = fallbacks
	return &f, nil
}

// parsedFallbacks unpacks and parses the fallback fonts once per process (what that costs:
// docs/performance-images.md): they are immutable, so every Fonts shares them.
var parsedFallbacks = sync.OnceValues(func() ([]*opentype.Font, error) {
	var fonts []*opentype.Font
	for _, name := range fallbackNames {
		parsed, err := loadGzipped(name)
		if err != nil {
			return nil, err
		}
		fonts = append(fonts, parsed)
	}
	return fonts, nil
})

// loadGzipped parses the embedded gzipped font file name.
func loadGzipped(name string) (*opentype.Font, error) {
	gz, err := fallbackFiles.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("images: read the embedded %s: %w", name, err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, fmt.Errorf("images: unpack the embedded %s: %w", name, err)
	}
	ttf, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("images: unpack the embedded %s: %w", name, err)
	}
	parsed, err := opentype.Parse(ttf)
	if err != nil {
		return nil, fmt.Errorf("images: parse the embedded %s: %w", name, err)
	}
	return parsed, nil
}

// Face returns a new face of style at size pixels, falling back to the CJK and emoji fonts for
// characters the Go font lacks. A face is not safe for concurrent use.
func (f *Fonts) Face(style Style, size float64) (font.Face, error) {
	if style < 0 || style >= styleCount {
		return nil, fmt.Errorf("images: no font style %v", style)
	}
	opts := &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull}
	face, err := opentype.NewFace(f.fonts[style], opts)
	if err != nil {
		return nil, fmt.Errorf("images: %s face at %.1f px: %w", style, size, err)
	}
	f.noteSize(size)
	chain := &fallbackFace{Face: face, glyphs: &f.glyphs, key: glyphFace{style: style, size: math.Float64bits(size)}}
	for _, fb := range f.fallbacks {
		ff, err := opentype.NewFace(fb, opts)
		if err != nil {
			return nil, fmt.Errorf("images: fallback face at %.1f px: %w", size, err)
		}
		chain.rest = append(chain.rest, ff)
	}
	return chain, nil
}

// noteSize records size if it is the smallest made so far.
func (f *Fonts) noteSize(size float64) {
	for {
		old := f.smallest.Load()
		if size >= math.Float64frombits(old) || f.smallest.CompareAndSwap(old, math.Float64bits(size)) {
			return
		}
	}
}

// Smallest returns the smallest text size, in pixels, of any face made from f so far (+Inf
// before the first). Tests use it to check that every label of a picture stays readable
// when the picture is scaled down to a phone's width.
func (f *Fonts) Smallest() float64 { return math.Float64frombits(f.smallest.Load()) }

// fallbackFace draws each character in the first of its faces that has it: the Go face
// embedded first (whose metrics and kerning the line uses), then the fallbacks in order. The
// glyphs it draws are kept in its fonts' glyph cache, shared by every face of that style and
// size.
type fallbackFace struct {
	font.Face
	rest   []font.Face
	glyphs *glyphCache
	key    glyphFace
}

// pick returns the face that draws r: the first that has a glyph for it, else the primary.
func (f *fallbackFace) pick(r rune) font.Face {
	if _, ok := f.Face.GlyphAdvance(r); ok {
		return f.Face
	}
	for _, fb := range f.rest {
		if _, ok := fb.GlyphAdvance(r); ok {
			return fb
		}
	}
	return f.Face
}

// Glyph draws r from the first face that has it, or takes it from the glyph cache: a glyph
// drawn at a dot is the same mask at any dot the same fraction of a pixel away, moved by
// whole pixels.
func (f *fallbackFace) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	whole := image.Pt(dot.X.Floor(), dot.Y.Floor())
	key := glyphKey{face: f.key, r: r, fx: uint8(dot.X & 63), fy: uint8(dot.Y & 63)}
	if g, ok := f.glyphs.get(key); ok {
		return g.dr.Add(whole), g.mask, image.Point{}, g.advance, g.ok
	}
	frac := fixed.Point26_6{X: dot.X & 63, Y: dot.Y & 63}
	dr, mask, maskp, advance, ok := f.pick(r).Glyph(frac, r)
	g := glyph{dr: dr, advance: advance, ok: ok}
	if ok && !dr.Empty() {
		// The face's mask is its scratch, overwritten by its next glyph: keep a copy.
		own := image.NewAlpha(image.Rectangle{Max: dr.Size()})
		draw.Draw(own, own.Rect, mask, maskp, draw.Src)
		g.mask = own
	} else {
		g.dr = image.Rectangle{}
		g.mask = image.NewAlpha(image.Rectangle{})
	}
	f.glyphs.put(key, g)
	return g.dr.Add(whole), g.mask, image.Point{}, g.advance, g.ok
}

// GlyphBounds measures r in the first face that has it.
func (f *fallbackFace) GlyphBounds(r rune) (fixed.Rectangle26_6, fixed.Int26_6, bool) {
	return f.pick(r).GlyphBounds(r)
}

// GlyphAdvance measures r's advance in the first face that has it.
func (f *fallbackFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	return f.pick(r).GlyphAdvance(r)
}

// Kern kerns two characters only when the Go face draws both.
func (f *fallbackFace) Kern(r0, r1 rune) fixed.Int26_6 {
	if f.pick(r0) != f.Face || f.pick(r1) != f.Face {
		return 0
	}
	return f.Face.Kern(r0, r1)
}

// Close closes every face of the chain.
func (f *fallbackFace) Close() error {
	err := f.Face.Close()
	for _, fb := range f.rest {
		if e := fb.Close(); err == nil {
			err = e
		}
	}
	return err
}

// Faces hands out faces for one render, making each style and size once. It is not safe for
// concurrent use: create one per render with NewFaces.
type Faces struct {
	fonts *Fonts
	made  map[faceKey]font.Face
}

type faceKey struct {
	style Style
	size  float64
}

// NewFaces returns an empty set of faces backed by fonts.
func NewFaces(fonts *Fonts) *Faces {
	return &Faces{fonts: fonts, made: map[faceKey]font.Face{}}
}

// Get returns the face of style at size pixels, making it on first use.
func (fs *Faces) Get(style Style, size float64) (font.Face, error) {
	k := faceKey{style, size}
	if f, ok := fs.made[k]; ok {
		return f, nil
	}
	f, err := fs.fonts.Face(style, size)
	if err != nil {
		return nil, err
	}
	fs.made[k] = f
	return f, nil
}

// glyphFace names a face by its style and size (the bits of the float).
type glyphFace struct {
	style Style
	size  uint64
}

// glyphKey names a glyph: its face, its character and the fraction of a pixel its dot lies
// at, in 64ths.
type glyphKey struct {
	face   glyphFace
	r      rune
	fx, fy uint8
}

// glyph is a glyph drawn at a dot with no whole pixels: its rectangle relative to that dot,
// its mask (the size of the rectangle, at the origin), its advance, and whether the face had
// it.
type glyph struct {
	dr      image.Rectangle
	mask    *image.Alpha
	advance fixed.Int26_6
	ok      bool
}

// maxGlyphs bounds the glyph cache: a few sizes of a few hundred characters fit many times
// over, a few hundred kilobytes; names in many scripts could fill it, and then it starts
// afresh.
const maxGlyphs = 8192

// glyphCache keeps drawn glyphs by glyphKey. The zero value is ready; it is safe for
// concurrent use. Its masks are never changed once stored, so they may be shared.
type glyphCache struct {
	mu     sync.RWMutex
	glyphs map[glyphKey]glyph
}

func (c *glyphCache) get(k glyphKey) (glyph, bool) {
	c.mu.RLock()
	g, ok := c.glyphs[k]
	c.mu.RUnlock()
	return g, ok
}

func (c *glyphCache) put(k glyphKey, g glyph) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.glyphs == nil || len(c.glyphs) >= maxGlyphs {
		c.glyphs = make(map[glyphKey]glyph)
	}
	c.glyphs[k] = g
}
