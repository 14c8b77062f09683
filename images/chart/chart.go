package chart

import (
	"errors"
	"fmt"
	"image"
	"io"
	"math"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/images"
)

// MaxSeries is the most series a chart draws: one per game tablebot plays.
const MaxSeries = 4

// MaxPoints is the most ratings a series draws: the last 50 games.
const MaxPoints = 50

// MaxRating bounds the ratings a chart draws: OpenSkill ratings stay within a few dozen
// points of zero, and a number beyond ±MaxRating is a caller's mistake, not a rating.
const MaxRating = 1e6

// ErrChart is wrapped by the errors of charts that cannot be drawn: too many series, a rating
// that is NaN, infinite or beyond ±MaxRating, an unknown or repeated Mark.
var ErrChart = errors.New("chart: cannot draw this chart")

// Mark is the look of a series: its marker shape and its colour, which go together.
type Mark int

// The looks a series can have. The zero value, Auto, takes the first look no other series of
// the chart uses.
const (
	Auto Mark = iota
	// Circle is a cyan line with round markers.
	Circle
	// Square is a pink line with square markers.
	Square
	// Triangle is a gold line with triangular markers.
	Triangle
	// Diamond is a violet line with diamond markers.
	Diamond
	markCount
)

// Chart is what one picture shows.
type Chart struct {
	// Title heads the picture: the player's name, in any script.
	Title string
	// Series are the lines, in legend order; at most MaxSeries, series without ratings left
	// out.
	Series []Series
}

// Series is one game's line.
type Series struct {
	// Name is the game's name in every language, for the legend.
	Name games.Text
	// Mark is the series' marker and colour; Auto takes the first one free.
	Mark Mark
	// Ratings are the player's conservative rating (μ − 3σ) after each game, oldest first;
	// only the last MaxPoints are drawn.
	Ratings []float64
}

// Renderer draws charts. Its palette is built on first use; it is safe for concurrent use.
// Its Kit's fonts record the smallest text drawn, and its encoder writes the pictures;
// Recycle takes back a picture Render returned, once the caller is done with it (encoded),
// so that the next chart reuses its memory (see images.Recycler).
type Renderer struct {
	*images.Base
}

var _ images.Recycler = (*Renderer)(nil)

// New returns a renderer with its own kit.
func New() *Renderer {
	return &Renderer{Base: images.NewBase("chart", paletteColours, images.PhoneMinText(Width))}
}

// Render draws ch with its words in lang, as an *image.Paletted of Width × Height pixels. A
// chart without any rating is drawn as a picture saying there is none yet. It fails, with an
// error wrapping ErrChart, on more than MaxSeries series, a rating that is NaN, infinite or
// beyond ±MaxRating, or a Mark out of range or used twice.
func (r *Renderer) Render(ch Chart, lang games.Lang) (image.Image, error) {
	lines, err := prepare(ch)
	if err != nil {
		return nil, err
	}
	return r.Paint(image.Pt(Width, Height), false, func(c *images.Canvas) error {
		sc := &scene{c: c, lang: lang}
		sc.draw(ch.Title, lines)
		return nil
	})
}

// RenderPNG draws ch like Render and writes it to w as a PNG with the kit's encoder, then
// recycles the picture.
func (r *Renderer) RenderPNG(w io.Writer, ch Chart, lang games.Lang) error {
	img, err := r.Render(ch, lang)
	if err != nil {
		return err
	}
	defer r.Recycle(img)
	if err := r.Kit().EncodePNG(w, img); err != nil {
		return fmt.Errorf("chart: %w", err)
	}
	return nil
}

// line is a series ready to draw: its look resolved, its ratings cut to the last MaxPoints.
type line struct {
	name    games.Text
	mark    Mark
	ratings []float64
}

// prepare checks ch and returns its lines with ratings, each with its own Mark.
func prepare(ch Chart) ([]line, error) {
	if len(ch.Series) > MaxSeries {
		return nil, fmt.Errorf("%w: %d series (want at most %d)", ErrChart, len(ch.Series), MaxSeries)
	}
	var used [markCount]bool
	var lines []line
	for i, s := range ch.Series {
		if s.Mark < Auto || s.Mark >= markCount {
			return nil, fmt.Errorf("%w: series %d has mark %d", ErrChart, i+1, s.Mark)
		}
		if s.Mark != Auto {
			if used[s.Mark] {
				return nil, fmt.Errorf("%w: mark %d used twice", ErrChart, s.Mark)
			}
			used[s.Mark] = true
		}
		for j, v := range s.Ratings {
			if math.IsNaN(v) || math.Abs(v) > MaxRating {
				return nil, fmt.Errorf("%w: series %d rating %d is %v", ErrChart, i+1, j+1, v)
			}
		}
		rs := s.Ratings
		if len(rs) > MaxPoints {
			rs = rs[len(rs)-MaxPoints:]
		}
		lines = append(lines, line{name: s.Name, mark: s.Mark, ratings: rs})
	}
	for i := range lines {
		if lines[i].mark != Auto {
			continue
		}
		for m := Circle; m < markCount; m++ {
			if !used[m] {
				used[m] = true
				lines[i].mark = m
				break
			}
		}
	}
	out := lines[:0]
	for _, l := range lines {
		if len(l.ratings) > 0 {
			out = append(out, l)
		}
	}
	return out, nil
}
