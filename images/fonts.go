package images

import (
	"fmt"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
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

// Fonts holds the embedded Go fonts, parsed once. A *Fonts is immutable and safe for
// concurrent use; the faces it makes are not (make one set per render).
type Fonts struct {
	fonts [styleCount]*opentype.Font
}

// LoadFonts parses the embedded Go fonts (they cover Czech letters such as ěščřžýáíéůú).
func LoadFonts() (*Fonts, error) {
	var f Fonts
	for s, ttf := range [styleCount][]byte{Regular: goregular.TTF, Medium: gomedium.TTF, Bold: gobold.TTF} {
		parsed, err := opentype.Parse(ttf)
		if err != nil {
			return nil, fmt.Errorf("images: parse the embedded %s font: %w", Style(s), err)
		}
		f.fonts[s] = parsed
	}
	return &f, nil
}

// Face returns a new face of style at size pixels. A face is not safe for concurrent use.
func (f *Fonts) Face(style Style, size float64) (font.Face, error) {
	if style < 0 || style >= styleCount {
		return nil, fmt.Errorf("images: no font style %v", style)
	}
	face, err := opentype.NewFace(f.fonts[style], &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil, fmt.Errorf("images: %s face at %.1f px: %w", style, size, err)
	}
	return face, nil
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
