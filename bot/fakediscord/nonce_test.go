package fakediscord_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestEnforcedNonce: a channel message created with a nonce and enforce_nonce, when that nonce
// was used in the channel lately, returns the message created with it and creates none;
// without enforce_nonce, in another channel or with another nonce, a message is created. A
// nonce longer than 25 characters is refused. A lost reply creates the message all the same.
func TestEnforcedNonce(t *testing.T) {
	fake, s := startREST(t)
	post := func(channel string, payload map[string]any) (string, error) {
		t.Helper()
		body, err := s.RequestWithBucketID(http.MethodPost, discordgo.EndpointChannelMessages(channel), payload, channel)
		if err != nil {
			return "", err
		}
		var m struct {
			ID    string `json:"id"`
			Nonce string `json:"nonce"`
		}
		if err := json.Unmarshal(body, &m); err != nil {
			t.Fatal(err)
		}
		return m.ID + "/" + m.Nonce, nil
	}
	first, err := post("c1", map[string]any{"content": "board 1", "nonce": "b1", "enforce_nonce": true})
	if err != nil || !strings.HasSuffix(first, "/b1") {
		t.Fatalf("first post: %q %v", first, err)
	}
	again, err := post("c1", map[string]any{"content": "board 1, again", "nonce": "b1", "enforce_nonce": true})
	if err != nil || again != first {
		t.Fatalf("the same nonce again: %q %v, want %q", again, err, first)
	}
	if msgs := fake.ChannelMessages("c1"); len(msgs) != 1 || msgs[0].Content != "board 1" || msgs[0].Nonce != "b1" {
		t.Fatalf("channel c1 after the repeat: %+v", msgs)
	}
	for name, try := range map[string]struct {
		channel string
		payload map[string]any
	}{
		"not enforced":    {"c1", map[string]any{"content": "x", "nonce": "b1"}},
		"another nonce":   {"c1", map[string]any{"content": "x", "nonce": "b2", "enforce_nonce": true}},
		"another channel": {"c2", map[string]any{"content": "x", "nonce": "b1", "enforce_nonce": true}},
		"integer nonce":   {"c1", map[string]any{"content": "x", "nonce": 12345, "enforce_nonce": true}},
	} {
		if id, err := post(try.channel, try.payload); err != nil || id == first {
			t.Errorf("%s: %q %v, want a new message", name, id, err)
		}
	}
	_, err = post("c1", map[string]any{"content": "x", "nonce": strings.Repeat("n", 26), "enforce_nonce": true})
	wantCode(t, err, http.StatusBadRequest, 50035)

	// A reply lost on the way: the message exists, and the repeat finds it.
	fake.InjectLostReply("POST /channels/{c}/messages", 1, http.StatusInternalServerError, 0, "Internal Server Error")
	_, err = post("c3", map[string]any{"content": "board 2", "nonce": "b9", "enforce_nonce": true})
	wantCode(t, err, http.StatusInternalServerError, 0)
	if id, err := post("c3", map[string]any{"content": "board 2", "nonce": "b9", "enforce_nonce": true}); err != nil || len(fake.ChannelMessages("c3")) != 1 || fake.ChannelMessages("c3")[0].ID+"/b9" != id {
		t.Fatalf("repost after the lost reply: %q %v, channel %+v", id, err, fake.ChannelMessages("c3"))
	}
}
