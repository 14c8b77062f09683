package images

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// TextWidth returns the advance width of s in face, in pixels.
func TextWidth(face font.Face, s string) float64 {
	return fix2f(font.MeasureString(face, s))
}

// CapHeight returns the height of capital letters and digits in face, in pixels.
func CapHeight(face font.Face) float64 {
	m := face.Metrics()
	if m.CapHeight > 0 {
		return fix2f(m.CapHeight)
	}
	return fix2f(m.Ascent) * 0.7
}

// TextOrigin returns the baseline origin at which s must be drawn so that the point (x, y)
// falls at the fraction (ax, ay) of its box: the box spans the text's advance width and, in
// height, the capital letters (ax = 0 left edge, 1 right edge; ay = 0 top of the capitals,
// 1 the baseline). (0.5, 0.5) centres digits and capitals on (x, y).
func TextOrigin(face font.Face, s string, x, y, ax, ay float64) (float64, float64) {
	return math.Round(x - ax*TextWidth(face, s)), math.Round(y + (1-ay)*CapHeight(face))
}

// DrawText draws s in colour c so that (x, y) falls at the fraction (ax, ay) of its box (see
// TextOrigin). It blends each glyph straight into dst with image/draw's fast glyph path.
func DrawText(dst draw.Image, face font.Face, s string, x, y, ax, ay float64, c color.Color) {
	ox, oy := TextOrigin(face, s, x, y, ax, ay)
	d := font.Drawer{Dst: dst, Src: image.NewUniform(c), Face: face, Dot: fixed.Point26_6{X: f2fix(ox), Y: f2fix(oy)}}
	d.DrawString(s)
}

// DrawTextShadow draws s like DrawText over a copy of itself in shadow, offset by (dx, dy).
func DrawTextShadow(dst draw.Image, face font.Face, s string, x, y, ax, ay float64, c, shadow color.Color, dx, dy float64) {
	DrawText(dst, face, s, x+dx, y+dy, ax, ay, shadow)
	DrawText(dst, face, s, x, y, ax, ay, c)
}

// DrawTextOutline draws s like DrawText, ringed by a halo of outline about width pixels wide,
// so that it stays legible on any background.
func DrawTextOutline(dst draw.Image, face font.Face, s string, x, y, ax, ay float64, c, outline color.Color, width float64) {
	for _, o := range outlineOffsets(width) {
		DrawText(dst, face, s, x+o[0], y+o[1], ax, ay, outline)
	}
	DrawText(dst, face, s, x, y, ax, ay, c)
}

// outlineOffsets returns the offsets at which a halo of the given width is stamped.
func outlineOffsets(width float64) [][2]float64 {
	w := width
	d := width * 0.7071
	return [][2]float64{{-w, 0}, {w, 0}, {0, -w}, {0, w}, {-d, -d}, {d, -d}, {-d, d}, {d, d}}
}

func fix2f(v fixed.Int26_6) float64 { return float64(v) / 64 }

func f2fix(v float64) fixed.Int26_6 {
	if v < 0 {
		return fixed.Int26_6(v*64 - 0.5)
	}
	return fixed.Int26_6(v*64 + 0.5)
}

// Printable returns s without the characters face has no glyph for (emoji, most scripts
// beyond Latin, Greek and Cyrillic), which would otherwise show as empty boxes; runs of spaces
// left behind are collapsed.
func Printable(face font.Face, s string) string {
	ok := true
	for _, r := range s {
		if _, has := face.GlyphAdvance(r); !has && r != ' ' {
			ok = false
			break
		}
	}
	if ok {
		return s
	}
	var b strings.Builder
	space := false
	for _, r := range s {
		if r == ' ' {
			space = true
			continue
		}
		if _, has := face.GlyphAdvance(r); !has {
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}
