package main

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestArchitecture checks that dependencies point one way — cmd → bot → table → {games,
// store}, bot → images → games — and that the game rules do no I/O: no package imports one it
// must not, in its non-test files.
func TestArchitecture(t *testing.T) {
	const mod = "github.com/tablebot/tablebot/"
	rules := []struct {
		dir       string
		forbidden []string
		// except lets one sub-package import one forbidden package.
		except map[string]string
	}{
		{"games", []string{mod + "bot", mod + "table", mod + "store", mod + "images", mod + "catalog", "github.com/bwmarrin/discordgo", "github.com/redis/", "go.etcd.io/bbolt", "os", "net", "time"},
			// The search AI stops at a time budget: it reads the clock, and does no other I/O.
			map[string]string{filepath.Join("games", "search"): "time"}},
		{"store", []string{mod + "bot", mod + "table", mod + "games", mod + "images", "github.com/bwmarrin/discordgo"}, nil},
		{"table", []string{mod + "bot", mod + "images", mod + "catalog", "github.com/bwmarrin/discordgo", "net/http"}, nil},
		{"images", []string{mod + "bot", mod + "table", mod + "store", "github.com/bwmarrin/discordgo"}, nil},
		{"bot", []string{mod + "store", "github.com/redis/", "go.etcd.io/bbolt"}, nil},
	}
	root := filepath.Join("..", "..")
	for _, r := range rules {
		err := filepath.WalkDir(filepath.Join(root, r.dir), func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			// Test helper packages (gamestest, storetest, imagestest, fakediscord) may do I/O.
			if strings.Contains(path, "test"+string(filepath.Separator)) || strings.Contains(path, "fakediscord") {
				return nil
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				for _, bad := range r.forbidden {
					if allowed(r.except, path, p) {
						continue
					}
					if p == bad || strings.HasPrefix(p, strings.TrimSuffix(bad, "/")+"/") || (strings.HasSuffix(bad, "/") && strings.HasPrefix(p, bad)) {
						t.Errorf("%s imports %s: %s must not depend on it", path, p, r.dir)
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// allowed reports whether except lets the file at path import p.
func allowed(except map[string]string, path, p string) bool {
	for dir, imp := range except {
		if imp == p && strings.Contains(path, string(filepath.Separator)+dir+string(filepath.Separator)) {
			return true
		}
	}
	return false
}
