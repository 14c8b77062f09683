package fakediscord_test

import (
	"bytes"
	"io"
	"net/http"
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot/fakediscord"
)

// editWithFiles PATCHes path under /api/v{version} with payload and files as Discord's
// multipart body (payload_json, files[n]), as discordgo sends it.
func editWithFiles(t *testing.T, fake *fakediscord.Server, version, path string, payload any, files ...string) {
	t.Helper()
	withFiles(t, fake, http.MethodPatch, version, path, payload, files...)
}

// withFiles sends method path under /api/v{version} with payload and files as Discord's
// multipart body, and fails the test unless the answer is 200.
func withFiles(t *testing.T, fake *fakediscord.Server, method, version, path string, payload any, files ...string) {
	t.Helper()
	var fs []*discordgo.File
	for _, name := range files {
		fs = append(fs, &discordgo.File{Name: name, ContentType: "image/png", Reader: bytes.NewReader(tinyPNG(t, 4, 3))})
	}
	contentType, body, err := discordgo.MultipartBodyWithJSON(payload, fs)
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest(method, fake.URL().String()+"/api/v"+version+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Authorization", "Bot "+fake.Token())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		data, _ := io.ReadAll(resp.Body)
		t.Fatalf("%s %s: %d %s", method, path, resp.StatusCode, data)
	}
}

// names returns the file names of a message's attachments, in order.
func names(m fakediscord.Message) []string {
	var out []string
	for _, a := range m.Attachments {
		out = append(out, a.Filename)
	}
	return out
}

// TestEditAttachmentsV10 checks Discord's rule for files uploaded with a message edit under
// API v10: an attachments array is the whole list of what the message holds after the edit,
// so a new file it does not list by its index is not attached (and an old one it does not
// list by its ID is removed); without an array, new files are added to the old ones. Under
// v9 a new file was attached whatever the array said.
func TestEditAttachmentsV10(t *testing.T) {
	fake, s := startREST(t)
	type ref = map[string]string
	for _, tc := range []struct {
		name    string
		version string
		refs    func(old string) []ref // nil: no attachments field
		want    []string
	}{
		{"v10, empty list: the new picture is dropped", "10", func(string) []ref { return []ref{} }, nil},
		{"v10, new file listed by index", "10", func(string) []ref { return []ref{{"id": "0"}} }, []string{"new.png"}},
		{"v10, new file listed and renamed", "10", func(string) []ref { return []ref{{"id": "0", "filename": "board.png"}} }, []string{"board.png"}},
		{"v10, old kept and new listed", "10", func(old string) []ref { return []ref{{"id": old}, {"id": "0"}} }, []string{"old.png", "new.png"}},
		{"v10, old kept, new not listed", "10", func(old string) []ref { return []ref{{"id": old}} }, []string{"old.png"}},
		{"v10, no list: added", "10", nil, []string{"old.png", "new.png"}},
		{"v9, empty list: the new picture replaces the old", "9", func(string) []ref { return []ref{} }, []string{"new.png"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := s.ChannelMessageSendComplex("c1", &discordgo.MessageSend{Content: "board",
				Files: []*discordgo.File{{Name: "old.png", ContentType: "image/png", Reader: bytes.NewReader(tinyPNG(t, 2, 2))}}})
			if err != nil {
				t.Fatal(err)
			}
			payload := map[string]any{"content": "board, edited"}
			if tc.refs != nil {
				payload["attachments"] = tc.refs(m.Attachments[0].ID)
			}
			editWithFiles(t, fake, tc.version, "/channels/c1/messages/"+m.ID, payload, "new.png")
			got, _ := fake.Message(m.ID)
			if !slices.Equal(names(got), tc.want) || got.Content != "board, edited" {
				t.Fatalf("message shows %q with %v, want %v", got.Content, names(got), tc.want)
			}
		})
	}
}

// TestEditOriginalAttachmentsV10 checks the same rule on the edit of an interaction's
// original response (the webhook route a deferred answer is filled in through), and that the
// first follow-up filling a deferral, a new message to Discord, attaches its files whatever
// its attachments array says.
func TestEditOriginalAttachmentsV10(t *testing.T) {
	fake, s := startREST(t)
	deferred := func() *fakediscord.Interaction {
		ix := fake.SlashCommand(alice, "status")
		dg, err := ix.Discordgo()
		if err != nil {
			t.Fatal(err)
		}
		if err := s.InteractionRespond(dg, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}); err != nil {
			t.Fatal(err)
		}
		return ix
	}
	path := func(ix *fakediscord.Interaction) string {
		return "/webhooks/" + fake.ApplicationID() + "/" + ix.Token + "/messages/@original"
	}

	ix := deferred()
	editWithFiles(t, fake, "10", path(ix), map[string]any{"content": "board", "attachments": []any{}}, "board.png")
	if m, _ := fake.Original(ix.Token); len(m.Attachments) != 0 || m.Content != "board" {
		t.Fatalf("an unlisted picture was attached: %q %v", m.Content, names(m))
	}
	editWithFiles(t, fake, "10", path(ix), map[string]any{"attachments": []map[string]string{{"id": "0", "filename": "board.png"}}}, "board.png")
	if m, _ := fake.Original(ix.Token); !slices.Equal(names(m), []string{"board.png"}) || m.Attachments[0].Width != 4 {
		t.Fatalf("the listed picture is not shown: %v", names(m))
	}

	ix = deferred()
	withFiles(t, fake, http.MethodPost, "10", "/webhooks/"+fake.ApplicationID()+"/"+ix.Token+"?wait=true",
		map[string]any{"content": "board", "attachments": []any{}}, "board.png")
	if m, _ := fake.Original(ix.Token); !slices.Equal(names(m), []string{"board.png"}) || m.Content != "board" {
		t.Fatalf("the follow-up filling the deferral lost its picture: %q %v", m.Content, names(m))
	}
}
