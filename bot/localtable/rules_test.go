package localtable

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestRulesByPosition: "/rules shelfie" typed on the page, the game given without its
// option's name, shows Shelfie Stacker's rules (it was refused as "write options as
// name:value").
func TestRulesByPosition(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	p := page{t, startServer(ctx, t)}
	p.command("ada", "/rules Shelfie")
	p.wait("ada", "the rules", func(v view) (button, bool) {
		for _, m := range v.Messages {
			if strings.Contains(m.Content, "**Shelfie Stacker**") {
				return button{}, true
			}
		}
		return button{}, false
	})
}
