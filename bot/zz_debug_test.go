package bot

import (
	"os"
	"testing"

	"github.com/tablebot/tablebot/bot/fakediscord"
)

func dump(t *testing.T, name string, m fakediscord.Message) {
	if os.Getenv("DUMP") == "" {
		return
	}
	os.WriteFile("/tmp/rateui-"+name+".txt", []byte(m.Content+"\n"+string(m.Components)), 0o644)
	for _, a := range m.Attachments {
		os.WriteFile("/tmp/rateui-"+name+"-"+a.Filename, a.Data, 0o644)
	}
}
