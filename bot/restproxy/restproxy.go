// Package restproxy points discordgo's REST traffic at another base URL.
//
// discordgo builds every REST URL from package-level endpoint variables that
// name https://discord.com/api/v9/. Rather than rewriting those variables
// (global state shared by every session in the process), tablebot installs
// Transport as the session's http.Client transport: each request addressed to
// a Discord API host is re-addressed to a configured base URL, such as a REST
// proxy that holds the rate limits for several bot processes, or the fake
// Discord used in tests. The path and query are kept, so the receiving side
// sees exactly what Discord would have seen.
//
// The gateway websocket is not affected: discordgo dials the URL returned by
// GET /gateway, so a proxy or fake that answers that route decides where the
// websocket goes.
//
// # API version
//
// tablebot speaks Discord API v10 (APIVersion); discordgo v0.29.0 speaks v9.
// Its REST endpoint variables were built from discordgo.APIVersion when
// discordgo was initialised, so a Client's transport (Versioned) moves every
// API path from /api/v9/ to /api/v10/; and this package's initialisation sets
// discordgo.APIVersion, which discordgo reads when it opens a gateway
// connection (?v=10). Every program that builds a session through Client
// speaks v10 on both.
package restproxy

import (
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// APIVersion is the Discord API version tablebot speaks, on REST and the gateway.
const APIVersion = "10"

func init() {
	// Read by discordgo when it opens a gateway connection; set once, before any is opened.
	discordgo.APIVersion = APIVersion
}

// Transport returns an http.RoundTripper that sends every request addressed
// to a Discord REST API host (discord.com, discordapp.com and their
// subdomains such as canary.discord.com, but not the CDN or the status page)
// to base instead, and passes every other request to next unchanged.
//
// base supplies the scheme, host and an optional path prefix: with base
// http://proxy:8080/discord a request for
// https://discord.com/api/v9/channels/1/messages?x=1 goes to
// http://proxy:8080/discord/api/v9/channels/1/messages?x=1. Method, headers
// (including Authorization) and body are kept. A nil base makes the transport
// pass everything through; a nil next means http.DefaultTransport.
func Transport(base *url.URL, next http.RoundTripper) http.RoundTripper {
	if next == nil {
		next = http.DefaultTransport
	}
	if base == nil {
		return next
	}
	b := *base
	b.Path = strings.TrimSuffix(b.Path, "/")
	b.RawPath = strings.TrimSuffix(b.RawPath, "/")
	return &transport{base: &b, next: next}
}

// Client returns an http.Client whose transport is
// Versioned(Transport(base, Pooled())) and whose overall request timeout is
// timeout (zero means no timeout). Assign it to a discordgo Session's Client
// field; a nil base sends the requests to Discord itself.
func Client(base *url.URL, timeout time.Duration) *http.Client {
	return &http.Client{
		Transport: Versioned(Transport(base, Pooled())),
		Timeout:   timeout,
	}
}

// Versioned returns an http.RoundTripper that sends every request addressed
// to a Discord REST API host (see IsAPIHost) under /api/vN/ to the same path
// under /api/v10/ (APIVersion), through next; every other request passes
// unchanged. A nil next means http.DefaultTransport.
func Versioned(next http.RoundTripper) http.RoundTripper {
	if next == nil {
		next = http.DefaultTransport
	}
	return versioned{next}
}

// versioned is the RoundTripper returned by Versioned.
type versioned struct{ next http.RoundTripper }

// RoundTrip implements http.RoundTripper. It never modifies req: a
// re-addressed request is a clone.
func (v versioned) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL == nil || !IsAPIHost(req.URL.Hostname()) {
		return v.next.RoundTrip(req)
	}
	path, ok := withVersion(req.URL.Path)
	if !ok {
		return v.next.RoundTrip(req)
	}
	out := req.Clone(req.Context())
	u := *req.URL
	u.Path = path
	if req.URL.RawPath != "" {
		u.RawPath, _ = withVersion(req.URL.RawPath)
	}
	out.URL = &u
	return v.next.RoundTrip(out)
}

// withVersion returns path with its leading /api/vN/ as /api/v10/; ok is false when path
// does not begin with an API version or already has APIVersion.
func withVersion(path string) (string, bool) {
	after, found := strings.CutPrefix(path, "/api/v")
	if !found {
		return path, false
	}
	num, rest, found := strings.Cut(after, "/")
	if !found || num == APIVersion || num == "" || strings.Trim(num, "0123456789") != "" {
		return path, false
	}
	return "/api/v" + APIVersion + "/" + rest, true
}

// Pooled returns an HTTP transport for a busy bot: like http.DefaultTransport,
// but keeping up to 256 idle connections per host (the default keeps 2, so that
// under load nearly every REST call to Discord opens a new TLS connection).
func Pooled() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConns = 512
	t.MaxIdleConnsPerHost = 256
	t.IdleConnTimeout = 90 * time.Second
	return t
}

// transport is the RoundTripper returned by Transport.
type transport struct {
	base *url.URL
	next http.RoundTripper
}

// RoundTrip implements http.RoundTripper. It never modifies req: a
// re-addressed request is a clone.
func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL == nil || !IsAPIHost(req.URL.Hostname()) {
		return t.next.RoundTrip(req)
	}
	out := req.Clone(req.Context())
	u := *req.URL
	u.Scheme = t.base.Scheme
	u.Host = t.base.Host
	u.User = t.base.User
	u.Path = t.base.Path + req.URL.Path
	if req.URL.RawPath != "" || t.base.RawPath != "" {
		u.RawPath = t.base.EscapedPath() + req.URL.EscapedPath()
	}
	out.URL = &u
	out.Host = t.base.Host
	return t.next.RoundTrip(out)
}

// IsAPIHost reports whether host (without port) is one that serves Discord's
// REST API: discord.com, discordapp.com, or a subdomain of either other than
// the CDN (cdn.discordapp.com, media.discordapp.net) and the status page
// (status.discord.com). The comparison ignores case and a trailing dot.
func IsAPIHost(host string) bool {
	h := strings.TrimSuffix(strings.ToLower(host), ".")
	for _, domain := range []string{"discord.com", "discordapp.com"} {
		if h == domain {
			return true
		}
		if sub, ok := strings.CutSuffix(h, "."+domain); ok {
			return sub != "" && sub != "cdn" && sub != "status"
		}
	}
	return false
}
