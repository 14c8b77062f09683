package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/images"
)

// renderArgs are the parsed arguments of `tablebot render`.
type renderArgs struct {
	file string
	move int // -1: after the last move
	seat games.Seat
	out  string
	lang games.Lang
}

// parseRenderArgs reads `FILE [--move N] [--seat S] [--lang cs] -o out.png`, flags in any
// position.
func parseRenderArgs(args []string, stderr io.Writer) (renderArgs, error) {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	move := fs.Int("move", -1, "draw the table after move N (1 = after the first move; default: the last)")
	seat := fs.Int("seat", -1, "draw as seat S sees it, with its private picture beside (default: a spectator)")
	out := fs.String("o", "", "the PNG file to write (required)")
	lang := fs.String("lang", "en", "language of the picture: en or cs")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return renderArgs{}, err
	}
	if len(files) != 1 || *out == "" {
		return renderArgs{}, errors.New("usage: tablebot render FILE [--move N] [--seat S] [--lang en|cs] -o out.png")
	}
	s := games.NoSeat
	if *seat >= 0 {
		s = games.Seat(*seat)
	}
	return renderArgs{file: files[0], move: *move, seat: s, out: *out, lang: games.LangOf(*lang)}, nil
}

// runRender draws the table of a record after the chosen move, as the chosen seat sees it.
func runRender(kits []catalog.Kit, a renderArgs) error {
	rec, err := loadRecord(a.file)
	if err != nil {
		return err
	}
	kit, ok := catalog.Find(kits, rec.Game)
	if !ok {
		return fmt.Errorf("%s: %w: unknown game %q", a.file, games.ErrBadRecord, rec.Game)
	}
	if a.move > len(rec.Moves) {
		return fmt.Errorf("--move %d: the record has only %d moves", a.move, len(rec.Moves))
	}
	if a.move >= 0 {
		rec.Moves = rec.Moves[:a.move]
	}
	st, _, err := games.Replay(kit.Game, rec)
	if err != nil {
		return fmt.Errorf("%s: %w", a.file, err)
	}
	if a.seat != games.NoSeat && int(a.seat) >= len(rec.Players) {
		return fmt.Errorf("--seat %d: the game has seats 0 to %d", a.seat, len(rec.Players)-1)
	}
	img, err := kit.Art.Table(st.View(a.seat), a.lang)
	if err != nil {
		return fmt.Errorf("draw table: %w", err)
	}
	f, err := os.Create(a.out)
	if err != nil {
		return fmt.Errorf("create picture: %w", err)
	}
	if err := images.EncodePNG(f, img); err != nil {
		f.Close()
		return fmt.Errorf("encode %s: %w", a.out, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write %s: %w", a.out, err)
	}
	return nil
}
