package main

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRender(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"render", "../../examples/ingenious-2p.json", "-o", filepath.Join(dir, "end.png")},
		{"render", "--move", "20", "--seat", "1", "--lang", "cs", "-o", filepath.Join(dir, "mid.png"), "../../examples/ingenious-2p.json"},
		{"render", "../../examples/ingenious-teams.json", "--move", "0", "-o", filepath.Join(dir, "start.png")},
	} {
		code, _, stderr := runCmd(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		out := args[len(args)-1]
		for i, a := range args {
			if a == "-o" {
				out = args[i+1]
			}
		}
		f, err := os.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s is not a PNG: %v", out, err)
		}
		if b := img.Bounds(); b.Dx() < 600 || b.Dx() > 1200 {
			t.Errorf("%s: %d px wide, want a readable picture at most 1200 px wide", out, b.Dx())
		}
	}
	for args, want := range map[string]string{
		"render ../../examples/ingenious-2p.json --move 9999 -o x.png": "has only",
		"render ../../examples/ingenious-2p.json --seat 7 -o x.png":    "seats 0 to 1",
		"render testdata/unknown-game.json -o x.png":                   "unknown game",
	} {
		code, _, stderr := runCmd(t, strings.Fields(args)...)
		if code == 0 || !strings.Contains(stderr, want) {
			t.Errorf("%s: exit %d %q, want an error mentioning %q", args, code, stderr, want)
		}
	}
}
