package images

import (
	"image"
	"io"
	"sync"
)

// Kit is what every renderer shares: the parsed fonts (loaded on first use, once) and a PNG
// encoder with its buffer pool. A *Kit is safe for concurrent use.
type Kit struct {
	fontsOnce sync.Once
	fonts     *Fonts
	fontsErr  error
	encoder   *Encoder
}

// NewKit returns a kit; the fonts are parsed on first use.
func NewKit() *Kit {
	return &Kit{encoder: NewEncoder()}
}

// Fonts returns the parsed embedded fonts, parsing them on the first call.
func (k *Kit) Fonts() (*Fonts, error) {
	k.fontsOnce.Do(func() { k.fonts, k.fontsErr = LoadFonts() })
	return k.fonts, k.fontsErr
}

// Faces returns a fresh set of faces for one render.
func (k *Kit) Faces() (*Faces, error) {
	f, err := k.Fonts()
	if err != nil {
		return nil, err
	}
	return NewFaces(f), nil
}

// EncodePNG writes img to w as a PNG with the kit's pooled encoder.
func (k *Kit) EncodePNG(w io.Writer, img image.Image) error {
	return k.encoder.Encode(w, img)
}
