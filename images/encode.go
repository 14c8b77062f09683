package images

import (
	"fmt"
	"image"
	"image/png"
	"io"
	"sync"
)

// Encoder writes PNG pictures quickly: the fastest compression level, which on paletted
// pictures of flat colours costs a few milliseconds and loses little size, and a pool of the
// encoder's buffers so that repeated encodes allocate almost nothing. An *Encoder is safe for
// concurrent use; keep one for the life of the program.
type Encoder struct {
	enc png.Encoder
}

// NewEncoder returns an encoder with an empty buffer pool.
func NewEncoder() *Encoder {
	return &Encoder{enc: png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &bufferPool{}}}
}

// Encode writes img to w as a PNG. Give it the *image.Paletted a renderer returns: an RGBA
// picture encodes too, but several times slower and larger.
func (e *Encoder) Encode(w io.Writer, img image.Image) error {
	if err := e.enc.Encode(w, img); err != nil {
		return fmt.Errorf("images: encode png: %w", err)
	}
	return nil
}

// EncodePNG writes img to w as a PNG with a one-off Encoder. Code that encodes many pictures
// should keep an Encoder (NewEncoder) to reuse its buffers.
func EncodePNG(w io.Writer, img image.Image) error {
	return NewEncoder().Encode(w, img)
}

// bufferPool lends png.EncoderBuffers out of a sync.Pool.
type bufferPool struct {
	pool sync.Pool
}

// Get returns a pooled buffer, or nil for the encoder to make one.
func (p *bufferPool) Get() *png.EncoderBuffer {
	b, _ := p.pool.Get().(*png.EncoderBuffer)
	return b
}

// Put returns a buffer to the pool.
func (p *bufferPool) Put(b *png.EncoderBuffer) { p.pool.Put(b) }
