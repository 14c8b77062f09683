package images

import (
	"image"
	"image/color"
	"math"
	"strings"
	"unicode"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
)

// Canvas is one picture being drawn: an RGBA image, a gg context on it for shapes, and the
// faces of this render for text. Text goes through image/draw's fast glyph path and sprites
// are stamped with Over. A baseline canvas (SetBaseline) instead draws text with gg's
// DrawString and sprites with their Draw functions, as a straightforward renderer would: the
// same picture, used as the reference in benchmarks.
//
// A Canvas is not safe for concurrent use. Drawing errors (a face that cannot be made) are
// kept: the first is returned by Err, and drawing goes on with a fallback face.
type Canvas struct {
	Img      *image.RGBA
	DC       *gg.Context
	faces    *Faces
	baseline bool
	minText  float64
	err      error
}

// NewCanvas returns a canvas drawing on img with faces.
func NewCanvas(img *image.RGBA, faces *Faces) *Canvas {
	return &Canvas{Img: img, DC: gg.NewContextForRGBA(img), faces: faces}
}

// SetBaseline switches the canvas to gg's general drawing paths.
func (c *Canvas) SetBaseline(on bool) { c.baseline = on }

// Baseline reports whether the canvas draws through gg's general paths.
func (c *Canvas) Baseline() bool { return c.baseline }

// SetMinText sets the smallest text size the canvas draws: text asked for at a smaller size is
// drawn at size instead. A renderer sets it from its picture's width (see PhoneMinText), so
// that no label falls below what a phone can show.
func (c *Canvas) SetMinText(size float64) { c.minText = size }

// PhoneWidth is the width, in pixels, at which a picture is seen on a phone, and PhoneLabel
// the smallest text, in pixels at that width, that still reads there. Discord shows a picture
// 345–376 px wide in a 400 px window (its margins and the avatar column take the rest), so
// the check measures at 360 px, not at the window's width.
const (
	PhoneWidth = 360
	PhoneLabel = 11
)

// PhoneMinText returns the smallest text size, in pixels, a picture of width pixels may use
// so that its labels are still PhoneLabel pixels high once it is scaled to PhoneWidth.
func PhoneMinText(width int) float64 {
	if width <= PhoneWidth {
		return PhoneLabel
	}
	return math.Ceil(PhoneLabel * float64(width) / PhoneWidth)
}

// Err returns the first error met while drawing.
func (c *Canvas) Err() error { return c.err }

// Face returns the face of style at size pixels (a fallback face after an error).
func (c *Canvas) Face(style Style, size float64) font.Face {
	size = max(size, c.minText)
	f, err := c.faces.Get(style, size)
	if err != nil {
		if c.err == nil {
			c.err = err
		}
		return basicfont.Face7x13
	}
	return f
}

// TextWidth returns the width of s in style at size.
func (c *Canvas) TextWidth(s string, style Style, size float64) float64 {
	face := c.Face(style, size)
	return TextWidth(face, Printable(face, s))
}

// Text draws s in style at size and colour col so that (x, y) falls at the fraction (ax, ay)
// of its box (see TextOrigin). Characters the font lacks are left out (see Printable).
func (c *Canvas) Text(s string, x, y, ax, ay float64, style Style, size float64, col color.Color) {
	face := c.Face(style, size)
	s = Printable(face, s)
	if !c.baseline {
		DrawText(c.Img, face, s, x, y, ax, ay, col)
		return
	}
	ox, oy := TextOrigin(face, s, x, y, ax, ay)
	c.DC.SetFontFace(face)
	c.DC.SetColor(col)
	c.DC.DrawString(s, ox, oy)
}

// TextOutline draws s like Text, ringed by a halo of colour outline about width pixels wide.
func (c *Canvas) TextOutline(s string, x, y, ax, ay float64, style Style, size float64, col, outline color.Color, width float64) {
	for _, o := range outlineOffsets(width) {
		c.Text(s, x+o[0], y+o[1], ax, ay, style, size, outline)
	}
	c.Text(s, x, y, ax, ay, style, size, col)
}

// TextShadow draws s like Text over a copy of itself in shadow, offset by (dx, dy).
func (c *Canvas) TextShadow(s string, x, y, ax, ay float64, style Style, size float64, col, shadow color.Color, dx, dy float64) {
	c.Text(s, x+dx, y+dy, ax, ay, style, size, shadow)
	c.Text(s, x, y, ax, ay, style, size, col)
}

// Stamp draws sprite sp with its anchor at (x, y).
func (c *Canvas) Stamp(sp Sprite, x, y int) {
	if !c.baseline || sp.Draw == nil {
		sp.Stamp(c.Img, x, y)
		return
	}
	c.DC.Push()
	c.DC.Translate(float64(x), float64(y))
	sp.Draw(c.DC)
	c.DC.Pop()
}

// Fill paints the rectangle r with col, replacing what was there.
func (c *Canvas) Fill(r image.Rectangle, col color.RGBA) {
	r = r.Intersect(c.Img.Rect)
	if r.Empty() {
		return
	}
	row := c.Img.Pix[c.Img.PixOffset(r.Min.X, r.Min.Y):c.Img.PixOffset(r.Max.X, r.Min.Y)]
	for i := 0; i < len(row); i += 4 {
		row[i], row[i+1], row[i+2], row[i+3] = col.R, col.G, col.B, col.A
	}
	for y := r.Min.Y + 1; y < r.Max.Y; y++ {
		copy(c.Img.Pix[c.Img.PixOffset(r.Min.X, y):], row)
	}
}

// RoundedRect fills a rectangle with corners rounded to radius with col. An opaque rectangle
// on whole pixels is filled directly, leaving only its corners to the rasterizer.
func (c *Canvas) RoundedRect(x, y, w, h, radius float64, col color.RGBA) {
	whole := func(v float64) bool { return v == math.Trunc(v) }
	if c.baseline || col.A != 0xff || !whole(x) || !whole(y) || !whole(w) || !whole(h) || !whole(radius) || 2*radius > min(w, h) {
		c.DC.DrawRoundedRectangle(x, y, w, h, radius)
		c.DC.SetColor(col)
		c.DC.Fill()
		return
	}
	x0, y0, x1, y1, r := int(x), int(y), int(x+w), int(y+h), int(radius)
	c.Fill(image.Rect(x0+r, y0, x1-r, y1), col)
	c.Fill(image.Rect(x0, y0+r, x0+r, y1-r), col)
	c.Fill(image.Rect(x1-r, y0+r, x1, y1-r), col)
	for _, p := range [4][2]float64{{x + radius, y + radius}, {x + w - radius, y + radius}, {x + radius, y + h - radius}, {x + w - radius, y + h - radius}} {
		c.DC.DrawCircle(p[0], p[1], radius)
	}
	c.DC.SetColor(col)
	c.DC.Fill()
}

// RoundedFrame strokes the outline of a rounded rectangle with col at line width lw.
func (c *Canvas) RoundedFrame(x, y, w, h, radius, lw float64, col color.Color) {
	c.DC.DrawRoundedRectangle(x, y, w, h, radius)
	c.DC.SetColor(col)
	c.DC.SetLineWidth(lw)
	c.DC.Stroke()
}

// Fit shortens s with an ellipsis until it is at most w pixels wide in style at size; s itself
// when it fits.
func (c *Canvas) Fit(s string, style Style, size, w float64) string {
	if c.TextWidth(s, style, size) <= w {
		return s
	}
	rs := []rune(s)
	for len(rs) > 1 {
		rs = rs[:len(rs)-1]
		t := strings.TrimSpace(string(rs)) + "…"
		if c.TextWidth(t, style, size) <= w {
			return t
		}
	}
	return "…"
}

// TextFitted draws s like Text, first shortened with an ellipsis to at most w pixels (w ≤ 0:
// no limit), and returns the width drawn.
func (c *Canvas) TextFitted(s string, x, y, ax, ay float64, style Style, size float64, col color.Color, w float64) float64 {
	if w > 0 {
		s = c.Fit(s, style, size, w)
	}
	c.Text(s, x, y, ax, ay, style, size, col)
	return c.TextWidth(s, style, size)
}

// Wrap breaks s at spaces (never at a no-break space) into at most lines lines no wider than
// w pixels in style at size, the last shortened with an ellipsis when the words do not fit.
// A last line of one word is given words from the line before when they fit (never leaving a
// separator such as "·" to start a line), so that no word is left alone on a line when it
// need not be: "runs in rows 1 / and 4", not "runs in rows 1 and / 4". A word of one letter
// never ends a line, as Czech typesetting wants ("poslat 30 / a 46", "a 1" kept together).
func (c *Canvas) Wrap(s string, style Style, size, w float64, lines int) []string {
	var out [][]string
	var cur []string
	words := bindOneLetterWords(strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\n' || r == '\t' }))
	fits := func(ws []string) bool { return c.TextWidth(strings.Join(ws, " "), style, size) <= w }
	cut := false
	for i, word := range words {
		if len(cur) == 0 || fits(append(cur[:len(cur):len(cur)], word)) {
			cur = append(cur, word)
			continue
		}
		if len(out) == lines-1 {
			cur = append(cur, words[i:]...)
			cut = true
			break
		}
		out = append(out, cur)
		cur = []string{word}
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	if n := len(out); !cut && n >= 2 && len(out[n-1]) == 1 {
		prev := out[n-2]
		// Move the last word of the line before, with the separator after it if any.
		k := len(prev) - 1
		if isSeparator(prev[k]) {
			k--
		}
		if k >= 1 && !isSeparator(prev[k]) && !(k == 1 && isSeparator(prev[0])) {
			last := append(prev[k:len(prev):len(prev)], out[n-1]...)
			if fits(last) {
				out[n-2], out[n-1] = prev[:k], last
			}
		}
	}
	res := make([]string, len(out))
	for i, ws := range out {
		res[i] = strings.Join(ws, " ")
	}
	if len(res) > 0 {
		res[len(res)-1] = c.Fit(res[len(res)-1], style, size, w)
	}
	return res
}

// bindOneLetterWords joins each word of one letter ("a", "v", "k", "I") to the word after it,
// so that no line ends with it.
func bindOneLetterWords(words []string) []string {
	out := words[:0:0]
	for i := 0; i < len(words); i++ {
		w := words[i]
		for i+1 < len(words) && oneLetter(w[strings.LastIndexByte(w, ' ')+1:]) {
			i++
			w += " " + words[i]
		}
		out = append(out, w)
	}
	return out
}

// oneLetter reports whether word is a single letter.
func oneLetter(word string) bool {
	rs := []rune(word)
	return len(rs) == 1 && unicode.IsLetter(rs[0])
}

// isSeparator reports whether word is a lone separator between the parts of a line.
func isSeparator(word string) bool {
	switch word {
	case "·", "–", "—", "|", "/", "•":
		return true
	}
	return false
}
