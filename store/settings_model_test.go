package store

import (
	"bytes"
	"context"
)

// The model keeps each server's settings document beside the tables, under a key no channel
// can have.
func settingsKey(guild string) string { return "\x00settings\x00" + guild }

func (m *model) LoadSettings(ctx context.Context, guild string) (Table, error) {
	return m.Load(ctx, settingsKey(guild))
}

func (m *model) SaveSettings(ctx context.Context, guild string, data []byte, expect Revision) (Revision, error) {
	return m.Save(ctx, settingsKey(guild), bytes.Clone(data), expect)
}
