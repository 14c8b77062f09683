package store

import "context"

// Settings keeps one small document per server: the choices its managers made with
// /settings, as opaque bytes (the referee's JSON) under a revision, written with
// compare-and-set like a channel's table. A server that never chose anything has none.
//
// Every Store implements it (Store embeds it). On Redis the document is one hash in the
// guild's hash slot (P:{g:G}:settings, {rev, data}), written by the same script as a table;
// in the embedded store it is one key of the "settings" bucket.
type Settings interface {
	// LoadSettings returns guild's settings document and its revision, or ErrNotFound when
	// the server has none.
	LoadSettings(ctx context.Context, guild string) (Table, error)
	// SaveSettings writes data as guild's settings document if its stored revision is still
	// expect (0: none may exist yet) and returns the new revision; otherwise it returns
	// ErrConflict and writes nothing.
	SaveSettings(ctx context.Context, guild string, data []byte, expect Revision) (Revision, error)
}
