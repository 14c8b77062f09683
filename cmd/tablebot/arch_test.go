package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// module is the import path every package of tablebot starts with.
const module = "github.com/tablebot/tablebot/"

// concreteGames are the packages of the games and of their renderers, read from what the
// catalog imports: each games/X it pairs with an images/X, and that images/X. Only the
// catalog, the composition root (cmd) and a game's own renderer may import one, so that adding
// a game touches its two packages and one catalog line (this test learns of it from that line).
func concreteGames(catalogImports []string) []string {
	var out []string
	for _, imp := range catalogImports {
		game, ok := strings.CutPrefix(imp, module+"games/")
		if ok && slices.Contains(catalogImports, module+"images/"+game) {
			out = append(out, "games/"+game, "images/"+game)
		}
	}
	return out
}

// layerRule forbids the packages matching pkgs to import what matches forbidden, except the
// exact (package, import) pairs of except.
type layerRule struct {
	pkgs      string // a package path below the module; "x/..." is x and every package below it
	forbidden []string
	except    [][2]string
}

// layerRules are the one-way arrows: cmd → bot → table → {games, store}, bot → images →
// games; games do no I/O; catalog, arena and the load test stay in their lanes.
var layerRules = []layerRule{
	{pkgs: "games/...", forbidden: []string{"bot/...", "table/...", "store/...", "images/...", "catalog", "arena", "loadtest", "cmd/...",
		"github.com/bwmarrin/discordgo", "github.com/redis/go-redis/v9", "go.etcd.io/bbolt", "os", "os/exec", "net", "net/http", "time"},
		// The search AI stops at a time budget: it reads the clock, and does no other I/O.
		// gamestest, the games' test kit, reads seeds from the environment and golden records
		// from testdata.
		except: [][2]string{{"games/search", "time"}, {"games/gamestest", "os"}}},
	{pkgs: "store/...", forbidden: []string{"bot/...", "table/...", "games/...", "images/...", "catalog", "arena", "loadtest", "github.com/bwmarrin/discordgo"}},
	{pkgs: "table/...", forbidden: []string{"bot/...", "images/...", "catalog", "arena", "loadtest", "github.com/bwmarrin/discordgo", "net/http"}},
	{pkgs: "images/...", forbidden: []string{"bot/...", "table/...", "store/...", "catalog", "arena", "loadtest", "github.com/bwmarrin/discordgo"}},
	// The bot receives its games from cmd; it reaches the store only through the referee.
	{pkgs: "bot/...", forbidden: []string{"catalog", "arena", "loadtest", "store/...", "github.com/redis/go-redis/v9", "go.etcd.io/bbolt"}},
	// The catalog pairs games with their art, nothing more.
	{pkgs: "catalog", forbidden: []string{"bot/...", "table/...", "store/...", "arena", "loadtest", "cmd/...", "github.com/bwmarrin/discordgo", "net/http"}},
	// The arena plays games against each other in memory: no platform, no Discord.
	{pkgs: "arena", forbidden: []string{"bot/...", "table/...", "store/...", "images/...", "catalog", "loadtest", "cmd/...", "github.com/bwmarrin/discordgo", "net/http"}},
	// The load test drives a bot through the fake Discord; its games come from cmd too.
	{pkgs: "loadtest", forbidden: []string{"catalog", "arena", "cmd/..."}},
	// cmd composes the real pieces; test helpers stay in tests.
	{pkgs: "cmd/...", forbidden: []string{"games/gamestest", "store/storetest", "images/imagestest", "internal/testlog"}},
}

// TestArchitecture checks, from `go list`, that no package imports one it must not in its
// non-test files: the layer rules above, and concrete games imported only by the catalog, cmd
// and their own renderer. Exceptions are named pairs, never substrings of a path.
func TestArchitecture(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", module+"...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	imports := map[string][]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		imports[strings.TrimPrefix(f[0], module)] = f[1:]
	}
	for _, must := range []string{"bot", "table", "games", "games/ingenious", "catalog", "arena", "loadtest", "cmd/tablebot"} {
		if _, ok := imports[must]; !ok {
			t.Fatalf("go list did not list %s: %s", must, out)
		}
	}
	concrete := concreteGames(imports["catalog"])
	if !slices.Contains(concrete, "games/ingenious") || !slices.Contains(concrete, "images/ingenious") {
		t.Fatalf("the concrete games read from the catalog's imports, %q, lack Ingenious", concrete)
	}
	for pkg, imps := range imports {
		for _, imp := range imps {
			for _, v := range violations(pkg, imp, concrete) {
				t.Error(v)
			}
		}
	}
}

// violations says what is wrong with the package pkg (below the module) importing imp (a full
// import path), if anything; concrete are the concrete games' packages (concreteGames).
func violations(pkg, imp string, concrete []string) []string {
	var bad []string
	local, ours := strings.CutPrefix(imp, module)
	for _, r := range layerRules {
		if !matches(r.pkgs, pkg) || slices.Contains(r.except, [2]string{pkg, local}) {
			continue
		}
		for _, f := range r.forbidden {
			if (ours && matches(f, local)) || (!ours && imp == f) {
				bad = append(bad, fmt.Sprintf("%s imports %s: %s must not depend on %s", pkg, imp, r.pkgs, f))
			}
		}
	}
	if ours && slices.Contains(concrete, local) && !mayImportGame(pkg, local) {
		bad = append(bad, fmt.Sprintf("%s imports the concrete game %s: only catalog, cmd and the game's own renderer may", pkg, local))
	}
	return bad
}

// matches reports whether the package path p (below the module) is pattern, or below it when
// pattern ends in "/...".
func matches(pattern, p string) bool {
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return p == base || strings.HasPrefix(p, base+"/")
	}
	return p == pattern
}

// mayImportGame reports whether pkg may import the concrete game package game.
func mayImportGame(pkg, game string) bool {
	switch {
	case pkg == "catalog" || matches("cmd/...", pkg):
		return true
	case strings.HasPrefix(game, "games/"):
		// images/X draws games/X.
		return pkg == "images/"+strings.TrimPrefix(game, "games/")
	}
	return false
}

// TestArchitectureRulesBite checks that the rules above would catch what they are for.
func TestArchitectureRulesBite(t *testing.T) {
	catalog := []string{module + "games", module + "images", module + "games/search"}
	for _, g := range []string{"ingenious", "fits", "sideboards", "shelfie"} {
		catalog = append(catalog, module+"games/"+g, module+"images/"+g)
	}
	concrete := concreteGames(catalog)
	if want := 8; len(concrete) != want || slices.Contains(concrete, "games/search") {
		t.Errorf("concrete games %q from the catalog's imports; want the four games and their renderers", concrete)
	}
	for _, c := range []struct {
		pkg, imp string
		want     bool
	}{
		{"bot", module + "catalog", true},
		{"bot/localtable", module + "catalog", true},
		{"bot", module + "images", false},
		{"games/fits", "time", true},
		{"games/search", "time", false},
		{"games/searchx", "time", true},
		{"loadtest", module + "catalog", true},
		{"arena", module + "catalog", true},
		{"table", module + "images/fits", true},
		{"images/fits", module + "games/fits", false},
		{"images/fits", module + "games/shelfie", true},
		{"catalog", module + "images/shelfie", false},
		{"cmd/tablebot", module + "games/ingenious", false},
		{"cmd/tablebot", module + "store/storetest", true},
	} {
		if got := violations(c.pkg, c.imp, concrete); (len(got) > 0) != c.want {
			t.Errorf("%s importing %s: %q, want caught %v", c.pkg, c.imp, got, c.want)
		}
	}
}
