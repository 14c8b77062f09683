package main

import (
	"os"
	"path/filepath"
	"testing"
)

// writeFile writes data as the file at path.
func writeFile(path, data string) error { return os.WriteFile(path, []byte(data), 0o644) }

// boltConfig writes, in a fresh temporary directory, a configuration whose embedded store is
// that directory's tablebot.db, and returns the paths of both.
func boltConfig(t *testing.T) (cfg, db string) {
	t.Helper()
	dir := t.TempDir()
	cfg, db = filepath.Join(dir, "tablebot.toml"), filepath.Join(dir, "tablebot.db")
	if err := writeFile(cfg, "[store]\npath = \""+filepath.ToSlash(db)+"\"\n"); err != nil {
		t.Fatal(err)
	}
	return cfg, db
}
