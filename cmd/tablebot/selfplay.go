package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/tablebot/tablebot/catalog"
	"github.com/tablebot/tablebot/games"
)

// runSelfplay plays a whole game between AI players and writes its record: a quick way to get
// an example record, and a smoke test of a game's AI.
func runSelfplay(kits []catalog.Kit, args []string, out, stderr io.Writer) error {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	players := fs.Int("players", 2, "number of AI players")
	seed := fs.Uint64("seed", 1, "random seed of the chance seat")
	options := fs.String("options", "{}", "the game's options as a JSON object")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return flagError(err)
	}
	if len(pos) != 1 {
		return usageError("usage: tablebot selfplay GAME [--players N] [--seed S] [--options JSON]")
	}
	kit, ok := catalog.Find(kits, pos[0])
	if !ok {
		return usageError(fmt.Sprintf("unknown game %q", pos[0]))
	}
	names := make([]string, *players)
	for i := range names {
		names[i] = fmt.Sprintf("AI %d", i+1)
	}
	rec, err := games.Start(kit.Game, names, json.RawMessage(*options))
	if err != nil {
		return fmt.Errorf("start %s: %w", kit.Game.Name(), err)
	}
	r := rand.New(rand.NewPCG(*seed, *seed^0x5eed))
	if _, err := games.PlayOut(rec, r); err != nil {
		return fmt.Errorf("play %s: %w", kit.Game.Name(), err)
	}
	data, err := rec.Record.Pretty()
	if err != nil {
		return err
	}
	if _, err := out.Write(data); err != nil {
		return fmt.Errorf("write record: %w", err)
	}
	return nil
}
