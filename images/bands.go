package images

import (
	"bytes"
	"container/list"
	"encoding/binary"
	"errors"
	"hash/adler32"
	"hash/crc32"
	"hash/maphash"
	"image"
	"image/color"
	"io"
	"sync"
	"sync/atomic"

	"github.com/klauspost/compress/flate"
)

// A paletted picture is encoded in bands of rows, each band compressed on its own into a run
// of deflate blocks that ends on a byte boundary (a sync flush) and refers to nothing before
// it. Such runs may be laid one after another into a single zlib stream, so a band whose
// pixels were compressed before — the unchanged board of the next picture of the same game,
// a preview over the board just posted — is taken from a cache instead of compressed again.
// The stream's Adler-32 is put together from the bands' own checksums.
//
// Bands are compressed by github.com/klauspost/compress/flate at BestSpeed, a drop-in for the
// standard library's compress/flate (the same sync flush) that compresses a new band faster,
// a little larger: compression is most of the cost of a picture's new bands (the figures are
// in docs/performance-images.md).

// bandRows is the height of a band. Shorter bands find more unchanged rows but each costs a
// block with its own Huffman tables and loses the matches it would find in the band above.
// 32 rows compress a new picture about as fast as one whole stream, and most bands of the
// next picture of a game are still found in the cache (docs/performance-images.md).
const bandRows = 32

// bandKey names a band by its content: a hash of its filtered rows, and their length.
type bandKey struct {
	sum uint64
	n   int
}

// band is the compressed form of one band of rows.
type band struct {
	deflated []byte // deflate blocks ending in a sync flush, none final
	adler    uint32 // Adler-32 of the band's filtered rows
	n        int    // their length
}

// bandCache keeps compressed bands by content, least recently used out first, within a
// budget of bytes. It is safe for concurrent use.
type bandCache struct {
	mu     sync.Mutex
	budget int
	used   int
	order  *list.List // front: most recent; values are *bandEntry
	items  map[bandKey]*list.Element

	hits, misses atomic.Int64
}

type bandEntry struct {
	key  bandKey
	band *band
}

// entryOverhead is what an entry costs besides its compressed bytes (map slot, list element,
// the band itself), counted against the budget.
const entryOverhead = 160

func newBandCache(budget int) *bandCache {
	return &bandCache{budget: budget, order: list.New(), items: map[bandKey]*list.Element{}}
}

func (c *bandCache) get(k bandKey) (*band, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.items[k]
	if !ok {
		c.misses.Add(1)
		return nil, false
	}
	c.hits.Add(1)
	c.order.MoveToFront(e)
	return e.Value.(*bandEntry).band, true
}

func (c *bandCache) put(k bandKey, b *band) {
	cost := len(b.deflated) + entryOverhead
	if cost > c.budget {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.items[k]; ok {
		return
	}
	for c.used+cost > c.budget {
		last := c.order.Back()
		old := last.Value.(*bandEntry)
		c.order.Remove(last)
		delete(c.items, old.key)
		c.used -= len(old.band.deflated) + entryOverhead
	}
	c.items[k] = c.order.PushFront(&bandEntry{key: k, band: b})
	c.used += cost
}

// bandWriter is one encoder's pooled scratch: the filtered rows of a band, a deflater and
// its output.
type bandWriter struct {
	raw []byte
	out bytes.Buffer
	fw  *flate.Writer
}

// pngSignature opens every PNG file.
const pngSignature = "\x89PNG\r\n\x1a\n"

// zlibHeader opens a zlib stream of deflate data with a 32 KB window, marked as compressed at
// the fastest level.
var zlibHeader = []byte{0x78, 0x01}

// finalEmptyBlock is a final deflate block with no data (fixed Huffman codes, end of block):
// it closes a stream of sync-flushed bands.
var finalEmptyBlock = []byte{0x03, 0x00}

// errNoPixels refuses a picture with no pixels, which PNG cannot hold.
var errNoPixels = errors.New("images: a picture with no pixels")

// encodePaletted writes p to w as an 8-bit indexed PNG, its bands from the cache where their
// pixels were compressed before.
func (e *Encoder) encodePaletted(w io.Writer, p *image.Paletted) error {
	width, height := p.Rect.Dx(), p.Rect.Dy()
	if width <= 0 || height <= 0 {
		return errNoPixels
	}
	bw := e.writers.Get().(*bandWriter)
	defer e.writers.Put(bw)

	bands := make([]*band, 0, (height+bandRows-1)/bandRows)
	deflated := 0
	for y0 := 0; y0 < height; y0 += bandRows {
		b, err := e.band(bw, p, y0, min(y0+bandRows, height))
		if err != nil {
			return err
		}
		bands = append(bands, b)
		deflated += len(b.deflated)
	}

	var head [64]byte
	out := append(head[:0], pngSignature...)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8], ihdr[9] = 8, 3 // 8 bits per pixel, indexed colour; no interlace, default filters
	out = appendChunk(out, "IHDR", ihdr[:])
	if _, err := w.Write(out); err != nil {
		return err
	}
	if err := writePalette(w, p.Palette); err != nil {
		return err
	}

	// IDAT: the zlib header, every band, the closing block and the Adler-32 of all the rows.
	var length [8]byte
	binary.BigEndian.PutUint32(length[:], uint32(len(zlibHeader)+deflated+len(finalEmptyBlock)+4))
	copy(length[4:], "IDAT")
	crc := crc32.Update(0, crc32.IEEETable, length[4:])
	adler := uint32(1)
	if _, err := w.Write(length[:]); err != nil {
		return err
	}
	write := func(b []byte) error {
		crc = crc32.Update(crc, crc32.IEEETable, b)
		_, err := w.Write(b)
		return err
	}
	if err := write(zlibHeader); err != nil {
		return err
	}
	for _, b := range bands {
		if err := write(b.deflated); err != nil {
			return err
		}
		adler = adler32Combine(adler, b.adler, b.n)
	}
	var tail [4]byte
	binary.BigEndian.PutUint32(tail[:], adler)
	if err := write(finalEmptyBlock); err != nil {
		return err
	}
	if err := write(tail[:]); err != nil {
		return err
	}
	binary.BigEndian.PutUint32(tail[:], crc)
	if _, err := w.Write(tail[:]); err != nil {
		return err
	}
	_, err := w.Write(appendChunk(head[:0], "IEND", nil))
	return err
}

// band returns the compressed rows y0 to y1 (relative to p's top) of p: from the cache when
// the same filtered rows were compressed before, else compressed now and cached.
func (e *Encoder) band(bw *bandWriter, p *image.Paletted, y0, y1 int) (*band, error) {
	width := p.Rect.Dx()
	raw := bw.raw[:0]
	for y := y0; y < y1; y++ {
		i := y * p.Stride
		raw = append(raw, 0) // filter: none (indexed pixels gain little from the others)
		raw = append(raw, p.Pix[i:i+width]...)
	}
	bw.raw = raw
	key := bandKey{sum: maphash.Bytes(e.seed, raw), n: len(raw)}
	if b, ok := e.cache.get(key); ok {
		return b, nil
	}
	bw.out.Reset()
	if bw.fw == nil {
		fw, err := flate.NewWriter(&bw.out, flate.BestSpeed)
		if err != nil {
			return nil, err
		}
		bw.fw = fw
	} else {
		bw.fw.Reset(&bw.out)
	}
	if _, err := bw.fw.Write(raw); err != nil {
		return nil, err
	}
	if err := bw.fw.Flush(); err != nil {
		return nil, err
	}
	b := &band{deflated: bytes.Clone(bw.out.Bytes()), adler: adler32.Checksum(raw), n: len(raw)}
	e.cache.put(key, b)
	return b, nil
}

// writePalette writes the PLTE chunk and, when a colour is not opaque, the tRNS chunk.
func writePalette(w io.Writer, pal color.Palette) error {
	rgb := make([]byte, 0, 3*len(pal))
	alpha := make([]byte, 0, len(pal))
	lastTranslucent := -1
	for i, c := range pal {
		n := color.NRGBAModel.Convert(c).(color.NRGBA)
		rgb = append(rgb, n.R, n.G, n.B)
		alpha = append(alpha, n.A)
		if n.A != 0xff {
			lastTranslucent = i
		}
	}
	buf := appendChunk(nil, "PLTE", rgb)
	if lastTranslucent >= 0 {
		buf = appendChunk(buf, "tRNS", alpha[:lastTranslucent+1])
	}
	_, err := w.Write(buf)
	return err
}

// appendChunk appends a whole PNG chunk — length, type, data, CRC — to out.
func appendChunk(out []byte, kind string, data []byte) []byte {
	out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
	start := len(out)
	out = append(out, kind...)
	out = append(out, data...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start:]))
}

// adlerMod is the modulus of Adler-32.
const adlerMod = 65521

// adler32Combine returns the Adler-32 of A followed by B from the checksums of A and of B and
// B's length.
func adler32Combine(a, b uint32, lenB int) uint32 {
	rem := uint32(lenB % adlerMod)
	s1 := a & 0xffff
	s2 := rem * s1 % adlerMod
	s1 += (b & 0xffff) + adlerMod - 1
	s2 += (a >> 16) + (b >> 16) + adlerMod - rem
	if s1 >= adlerMod {
		s1 -= adlerMod
	}
	if s1 >= adlerMod {
		s1 -= adlerMod
	}
	if s2 >= adlerMod<<1 {
		s2 -= adlerMod << 1
	}
	if s2 >= adlerMod {
		s2 -= adlerMod
	}
	return s2<<16 | s1
}
