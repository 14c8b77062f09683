package fakediscord_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot/fakediscord"
)

// endpoint is a minimal HTTP interactions endpoint: it verifies the
// signature with discordgo and answers PING with PONG, a command with a
// message and a click with a message carrying a picture.
func endpoint(t *testing.T, fake *fakediscord.Server, pic []byte) *httptest.Server {
	t.Helper()
	key, err := hex.DecodeString(fake.PublicKeyHex())
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !discordgo.VerifyInteraction(r, key) {
			http.Error(w, "invalid request signature", http.StatusUnauthorized)
			return
		}
		var ix discordgo.Interaction
		if err := json.NewDecoder(r.Body).Decode(&ix); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		resp := &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong}
		switch ix.Type {
		case discordgo.InteractionApplicationCommand:
			resp = &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "started " + ix.ApplicationCommandData().Name},
			}
		case discordgo.InteractionMessageComponent:
			body, ct, err := multipartReply(pic)
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			w.Header().Set("Content-Type", ct)
			_, _ = w.Write(body)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(resp)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// multipartReply is an UPDATE_MESSAGE reply with a picture, as a bot sends it
// in the body of its HTTP reply.
func multipartReply(pic []byte) ([]byte, string, error) {
	resp := &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{Content: "moved"},
	}
	ct, body, err := discordgo.MultipartBodyWithJSON(resp, []*discordgo.File{
		{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(pic)},
	})
	return body, ct, err
}

func TestSignedInteractions(t *testing.T) {
	ctx := testCtx(t)
	fake := fakediscord.Start(t, fakediscord.Config{})
	pic := tinyPNG(t, 2, 2)
	srv := endpoint(t, fake, pic)

	pong, err := fake.PostInteraction(ctx, srv.URL, fake.Ping())
	if err != nil {
		t.Fatal(err)
	}
	var p struct {
		Type int `json:"type"`
	}
	if pong.Status != http.StatusOK || pong.Decode(&p) != nil || p.Type != 1 || pong.Callback == nil || pong.Callback.Status != http.StatusNoContent {
		t.Fatalf("PING reply %d %s callback %+v", pong.Status, pong.Body, pong.Callback)
	}

	cmd := fake.SlashCommand(alice, "start")
	rep, err := fake.PostInteraction(ctx, srv.URL, cmd)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Status != http.StatusOK || rep.Callback == nil || !rep.Callback.Inline || rep.Callback.Status != http.StatusNoContent {
		t.Fatalf("reply %d %s, callback %+v", rep.Status, rep.Body, rep.Callback)
	}
	if rs := fake.Responses(cmd.Token); len(rs) != 1 || !rs[0].Inline || !rs[0].Matches("POST /interactions/{id}/{token}/callback") {
		t.Errorf("responses = %+v", rs)
	}
	if m := fake.ChannelMessages("c1"); len(m) != 1 || m[0].Content != "started start" {
		t.Errorf("channel = %+v", m)
	}

	// A click answered inline with multipart: the message it was on is edited.
	click := fake.Click(alice.On(fake.ChannelMessages("c1")[0]), "fits:r1:place")
	rep, err = fake.PostInteraction(ctx, srv.URL, click)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Callback == nil || rep.Callback.Status != http.StatusNoContent || len(rep.Files) != 1 || !bytes.Equal(rep.Files[0].Data, pic) {
		t.Fatalf("click reply %d, callback %+v", rep.Status, rep.Callback)
	}
	m := fake.ChannelMessages("c1")
	if len(m) != 1 || m[0].Content != "moved" || len(m[0].Attachments) != 1 || m[0].EditedAt.IsZero() {
		t.Errorf("after update = %+v", m)
	}

	for name, post := range map[string]func() (*fakediscord.Reply, error){
		"forged": func() (*fakediscord.Reply, error) {
			return fake.PostInteractionForged(ctx, srv.URL, fake.SlashCommand(alice, "start"))
		},
		"unsigned": func() (*fakediscord.Reply, error) {
			return fake.PostInteractionUnsigned(ctx, srv.URL, fake.SlashCommand(alice, "start"))
		},
	} {
		rep, err := post()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if rep.Status != http.StatusUnauthorized || rep.Callback != nil {
			t.Errorf("%s: reply %d callback %+v, want 401 and nothing applied", name, rep.Status, rep.Callback)
		}
	}
	if m := fake.ChannelMessages("c1"); len(m) != 1 {
		t.Errorf("rejected posts changed the channel: %+v", m)
	}
}

// TestSignatureVerifies checks the signature itself against
// discordgo.VerifyInteraction: right key verifies, forged and missing do not,
// and a changed body does not.
func TestSignatureVerifies(t *testing.T) {
	ctx := testCtx(t)
	fake := fakediscord.Start(t, fakediscord.Config{})
	type seen struct {
		valid, tampered bool
		sig, ts         string
	}
	results := make(chan seen, 4)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		clone := func(b []byte) *http.Request {
			c := r.Clone(r.Context())
			c.Body = io.NopCloser(bytes.NewReader(b))
			return c
		}
		s := seen{sig: r.Header.Get("X-Signature-Ed25519"), ts: r.Header.Get("X-Signature-Timestamp")}
		s.valid = discordgo.VerifyInteraction(clone(body), fake.PublicKey())
		s.tampered = discordgo.VerifyInteraction(clone(append(bytes.Clone(body), ' ')), fake.PublicKey())
		results <- s
		w.WriteHeader(http.StatusUnauthorized)
	}))
	defer srv.Close()

	ix := fake.Click(alice, "x")
	if _, err := fake.PostInteraction(ctx, srv.URL, ix); err != nil {
		t.Fatal(err)
	}
	s := <-results
	if !s.valid || s.tampered || len(s.sig) != 128 || s.ts == "" {
		t.Errorf("signed: %+v", s)
	}
	if _, err := fake.PostInteractionForged(ctx, srv.URL, ix); err != nil {
		t.Fatal(err)
	}
	if s := <-results; s.valid || len(s.sig) != 128 {
		t.Errorf("forged: %+v", s)
	}
	if _, err := fake.PostInteractionUnsigned(ctx, srv.URL, ix); err != nil {
		t.Fatal(err)
	}
	if s := <-results; s.valid || s.sig != "" || s.ts != "" {
		t.Errorf("unsigned: %+v", s)
	}
}

func TestPostInteractionReplyTimeout(t *testing.T) {
	fake := fakediscord.Start(t, fakediscord.Config{ReplyTimeout: 100 * time.Millisecond})
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(release)
	start := time.Now()
	_, err := fake.PostInteraction(testCtx(t), srv.URL, fake.Ping())
	if err == nil || !strings.Contains(err.Error(), "deadline") {
		t.Fatalf("err = %v, want a deadline error", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
}

// TestSignThenSend: an interaction signed first and sent later is answered and applied like
// one posted at once, and the reply is timed from sending, not from signing.
func TestSignThenSend(t *testing.T) {
	ctx := testCtx(t)
	fake := fakediscord.Start(t, fakediscord.Config{})
	srv := endpoint(t, fake, tinyPNG(t, 2, 2))
	cmd := fake.SlashCommand(alice, "start")
	signed, err := fake.Sign(srv.URL, cmd)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(50 * time.Millisecond) // signed long before it is sent
	sent := time.Now()
	rep, err := fake.Send(ctx, signed)
	wall := time.Since(sent)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Status != http.StatusOK || rep.Callback == nil || rep.Callback.Status != http.StatusNoContent {
		t.Fatalf("reply %d %s, callback %+v", rep.Status, rep.Body, rep.Callback)
	}
	if m := fake.ChannelMessages("c1"); len(m) != 1 || m[0].Content != "started start" {
		t.Errorf("channel = %+v", m)
	}
	if rep.Took <= 0 || rep.Took > wall {
		t.Errorf("took %v, want more than 0 and at most the %v from sending to the reply", rep.Took, wall)
	}
}

// TestConnectionPool: the fake sends at most Connections interactions at once to an endpoint,
// each on a connection of its own pool; the others wait for one and are sent as connections
// come free, with the wait counted in Reply.Took.
func TestConnectionPool(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	// Opening the pool's connections can take seconds on a busy machine (under -race, with
	// other packages' tests): no reply may time out meanwhile.
	fake := fakediscord.Start(t, fakediscord.Config{ReplyTimeout: time.Minute})
	var (
		mu              sync.Mutex
		inside, maxSeen int
		conns           = map[string]bool{}
	)
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		inside++
		maxSeen = max(maxSeen, inside)
		conns[r.RemoteAddr] = true
		mu.Unlock()
		<-release
		mu.Lock()
		inside--
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"type":1}`)
	}))
	defer srv.Close()
	n := fakediscord.Connections + 40
	// Signed first, as Discord signs before it sends: signing under -race on a busy machine can
	// take longer than the hold below, and a request still being signed when the hold began
	// would not be held that long.
	signed := make([]*fakediscord.Signed, n)
	for i := range signed {
		sp, err := fake.Sign(srv.URL, fake.Ping())
		if err != nil {
			t.Fatal(err)
		}
		signed[i] = sp
	}
	took := make(chan time.Duration, n)
	var sending atomic.Int32
	var wg sync.WaitGroup
	for _, sp := range signed {
		wg.Go(func() {
			sending.Add(1)
			rep, err := fake.Send(ctx, sp)
			if err != nil {
				t.Error(err)
				return
			}
			took <- rep.Took
		})
	}
	// Wait until every request is being sent and the pool is full, hold it a while, then let
	// everything through.
	for deadline := time.Now().Add(30 * time.Second); ; {
		mu.Lock()
		full := inside == fakediscord.Connections
		mu.Unlock()
		if full && int(sending.Load()) == n {
			break
		}
		if time.Now().After(deadline) {
			close(release)
			t.Fatalf("the pool's %d connections did not fill within 30 s", fakediscord.Connections)
		}
		time.Sleep(5 * time.Millisecond)
	}
	const held = 100 * time.Millisecond
	time.Sleep(held)
	close(release)
	wg.Wait()
	close(took)
	if maxSeen != fakediscord.Connections {
		t.Errorf("%d interactions at the endpoint at once, want the pool's %d", maxSeen, fakediscord.Connections)
	}
	if len(conns) > fakediscord.Connections {
		t.Errorf("%d connections opened, want at most %d", len(conns), fakediscord.Connections)
	}
	waited := 0
	for d := range took {
		if d >= held {
			waited++
		}
	}
	if waited != n {
		t.Errorf("%d of %d replies timed at %v or more; every one was held that long", waited, n, held)
	}
}

// TestSignAtAndDeliverAgain checks the replays a bot must withstand: a request correctly
// signed at another time carries that time as its X-Signature-Timestamp (and still verifies),
// and a Signed sent twice is the same request twice, whose second reply Discord refuses as a
// second callback of one interaction.
func TestSignAtAndDeliverAgain(t *testing.T) {
	ctx := testCtx(t)
	fake := fakediscord.Start(t, fakediscord.Config{})
	srv := endpoint(t, fake, tinyPNG(t, 2, 2))
	at := time.Now().Add(-10 * time.Minute).Truncate(time.Second)
	rep, err := fake.PostInteractionAt(ctx, srv.URL, fake.SlashCommand(alice, "start"), at)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Status != http.StatusOK || rep.Callback == nil || rep.Callback.Status != http.StatusNoContent {
		t.Fatalf("a correctly signed old request: %d %s", rep.Status, rep.Body)
	}
	var sent fakediscord.Request
	for _, r := range fake.Requests() {
		if r.Inline {
			sent = r
		}
	}
	if sent.Path == "" {
		t.Fatal("the reply was not recorded")
	}

	var stamps []string
	stamp := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		stamps = append(stamps, r.Header.Get("X-Signature-Timestamp"))
		srv.Config.Handler.ServeHTTP(w, r)
	}))
	t.Cleanup(stamp.Close)
	if _, err := fake.PostInteractionAt(ctx, stamp.URL, fake.SlashCommand(alice, "start"), at); err != nil {
		t.Fatal(err)
	}
	if len(stamps) != 1 || stamps[0] != strconv.FormatInt(at.Unix(), 10) {
		t.Fatalf("timestamps sent %v, want %d", stamps, at.Unix())
	}

	ix := fake.SlashCommand(alice, "start")
	sp, err := fake.Sign(stamp.URL, ix)
	if err != nil {
		t.Fatal(err)
	}
	first, err := fake.Send(ctx, sp)
	if err != nil {
		t.Fatal(err)
	}
	again, err := fake.Send(ctx, sp)
	if err != nil {
		t.Fatal(err)
	}
	if stamps[1] != stamps[2] {
		t.Fatalf("the second delivery was signed at %s, the first at %s", stamps[2], stamps[1])
	}
	if first.Callback == nil || first.Callback.Status != http.StatusNoContent {
		t.Fatalf("first delivery's reply: %+v", first.Callback)
	}
	var refused struct {
		Code int `json:"code"`
	}
	if again.Callback == nil || again.Callback.Status != http.StatusBadRequest ||
		json.Unmarshal(again.Callback.Response, &refused) != nil || refused.Code != 40060 {
		t.Fatalf("the second reply to one interaction was not refused as already acknowledged: %+v", again.Callback)
	}
	if n := len(fake.ChannelMessages("c1")); n != 3 {
		t.Fatalf("the channel shows %d messages, want one per interaction (3)", n)
	}
}
