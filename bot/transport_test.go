package bot

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestReadSigned checks the one-buffer body read of the HTTP endpoint: the signed message is
// the timestamp followed by the body whether or not the length is announced, and a body
// that is short of its announced length, or longer than maxBody, is refused.
func TestReadSigned(t *testing.T) {
	const ts = "1700000000"
	body := `{"type":1}`
	for _, tc := range []struct {
		name   string
		req    func() *http.Request
		wantOK bool
	}{
		{"announced length", func() *http.Request {
			return httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
		}, true},
		{"chunked", func() *http.Request {
			r := httptest.NewRequest(http.MethodPost, "/", io.MultiReader(strings.NewReader(body)))
			r.ContentLength = -1
			return r
		}, true},
		{"shorter than announced", func() *http.Request {
			r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
			r.ContentLength = int64(len(body) + 5)
			return r
		}, false},
		{"announced over the limit", func() *http.Request {
			r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
			r.ContentLength = maxBody + 1
			return r
		}, false},
		{"chunked over the limit", func() *http.Request {
			r := httptest.NewRequest(http.MethodPost, "/", io.MultiReader(bytes.NewReader(make([]byte, maxBody+1))))
			r.ContentLength = -1
			return r
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			signed, got, ok := readSigned(tc.req(), ts)
			if ok != tc.wantOK {
				t.Fatalf("ok = %v, want %v", ok, tc.wantOK)
			}
			if !ok {
				return
			}
			if string(signed) != ts+body || string(got) != body {
				t.Fatalf("signed %q, body %q; want %q and %q", signed, got, ts+body, body)
			}
		})
	}
}

// TestVerify checks the signature check over the message readSigned builds: Discord's
// signature passes; a forged, truncated or missing one, or a missing timestamp, fails.
func TestVerify(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	_, other, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	const ts = "1700000000"
	signed := []byte(ts + `{"type":1}`)
	good := hex.EncodeToString(ed25519.Sign(priv, signed))
	if !verify(pub, good, ts, signed) {
		t.Fatal("Discord's own signature was refused")
	}
	for name, sig := range map[string]string{
		"forged":    hex.EncodeToString(ed25519.Sign(other, signed)),
		"truncated": good[:len(good)-2],
		"not hex":   "zz" + good[2:],
		"missing":   "",
	} {
		if verify(pub, sig, ts, signed) {
			t.Errorf("%s signature accepted", name)
		}
	}
	if verify(pub, good, "", signed) {
		t.Error("a signature without its timestamp accepted")
	}
}
