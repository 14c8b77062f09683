package images

import (
	"fmt"
	"hash/maphash"
	"image"
	"image/png"
	"io"
	"sync"
)

// Encoder writes PNG pictures quickly. A paletted picture (what the renderers return) is
// compressed at the fastest level in bands of rows, and the encoder remembers the bands it
// compressed lately by their pixels: the next picture of a game repeats most of the last one
// (the board around the new tile, the rack of the panel before), and only the bands that
// changed cost compression. Other pictures go through image/png at the fastest level with a
// pool of its buffers. An *Encoder is safe for concurrent use; keep one for the life of the
// program.
type Encoder struct {
	enc     png.Encoder
	seed    maphash.Seed
	cache   *bandCache
	writers sync.Pool // *bandWriter
}

// DefaultBandCache is the memory, in bytes, an encoder spends on remembering compressed bands:
// about the last two pictures of each of a few hundred games.
const DefaultBandCache = 32 << 20

// NewEncoder returns an encoder that remembers up to DefaultBandCache bytes of compressed
// bands.
func NewEncoder() *Encoder { return NewEncoderCache(DefaultBandCache) }

// NewEncoderCache returns an encoder that remembers up to budget bytes of compressed bands (0:
// none; every band is compressed anew).
func NewEncoderCache(budget int) *Encoder {
	return &Encoder{
		enc:     png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &bufferPool{}},
		seed:    maphash.MakeSeed(),
		cache:   newBandCache(budget),
		writers: sync.Pool{New: func() any { return &bandWriter{} }},
	}
}

// EncoderStats counts the bands of paletted pictures found in the cache and compressed anew.
type EncoderStats struct {
	Hits, Misses int64
}

// Stats returns how many bands were found in the cache and how many were compressed.
func (e *Encoder) Stats() EncoderStats {
	return EncoderStats{Hits: e.cache.hits.Load(), Misses: e.cache.misses.Load()}
}

// Encode writes img to w as a PNG. Give it the *image.Paletted a renderer returns: an RGBA
// picture encodes too, but several times slower and larger.
func (e *Encoder) Encode(w io.Writer, img image.Image) error {
	if p, ok := img.(*image.Paletted); ok && len(p.Palette) > 0 && len(p.Palette) <= 256 {
		if err := e.encodePaletted(w, p); err != nil {
			return fmt.Errorf("images: encode png: %w", err)
		}
		return nil
	}
	if err := e.enc.Encode(w, img); err != nil {
		return fmt.Errorf("images: encode png: %w", err)
	}
	return nil
}

// EncodePNG writes img to w as a PNG with a one-off Encoder that remembers nothing. Code that
// encodes many pictures should keep an Encoder (NewEncoder) to reuse its buffers and bands.
func EncodePNG(w io.Writer, img image.Image) error {
	return NewEncoderCache(0).Encode(w, img)
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
