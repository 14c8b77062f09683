package fakediscord_test

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/bot/restproxy"
)

// testCtx returns a context that ends with the test or after 5 seconds.
func testCtx(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// restSession returns a discordgo session whose REST calls reach fake. It is
// not connected to the gateway.
func restSession(t *testing.T, fake *fakediscord.Server) *discordgo.Session {
	t.Helper()
	s, err := discordgo.New("Bot " + fake.Token())
	if err != nil {
		t.Fatalf("discordgo.New: %v", err)
	}
	s.Client = restproxy.Client(fake.URL(), 5*time.Second)
	s.MaxRestRetries = 0
	return s
}

// startREST starts a fake Discord with the default configuration and returns it with a
// discordgo session whose REST calls reach it.
func startREST(t *testing.T) (*fakediscord.Server, *discordgo.Session) {
	t.Helper()
	fake := fakediscord.Start(t, fakediscord.Config{})
	return fake, restSession(t, fake)
}

// tinyPNG returns a w×h PNG.
func tinyPNG(t *testing.T, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatalf("encode png: %v", err)
	}
	return buf.Bytes()
}

// alice is a Czech-speaking player in guild g1, channel c1.
var alice = fakediscord.Actor{
	User:      fakediscord.User{ID: "100", Username: "alice", Locale: "cs"},
	GuildID:   "g1",
	ChannelID: "c1",
}

// restError returns err as a *discordgo.RESTError, failing the test if it is
// not one.
func restError(t *testing.T, err error) *discordgo.RESTError {
	t.Helper()
	re, ok := err.(*discordgo.RESTError)
	if !ok {
		t.Fatalf("error = %v (%T), want *discordgo.RESTError", err, err)
	}
	return re
}

// wantCode checks a discordgo REST error's status and JSON code.
func wantCode(t *testing.T, err error, status, code int) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want HTTP %d code %d", status, code)
	}
	re := restError(t, err)
	if re.Response.StatusCode != status || re.Message == nil || re.Message.Code != code {
		t.Fatalf("error = %v, want HTTP %d code %d", err, status, code)
	}
}
