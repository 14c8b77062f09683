package fakediscord_test

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot/fakediscord"
)

// allBut is every permission but Administrator and the bits of lacks.
func allBut(lacks int64) int64 { return 2251799813685239 &^ lacks }

// withThread is a fake with a thread "t" started from a message in channel c1, and a session.
func withThread(t *testing.T) (*fakediscord.Server, *discordgo.Session, *discordgo.Channel) {
	t.Helper()
	fake, s := startREST(t)
	m, err := s.ChannelMessageSend("c1", "lobby")
	if err != nil {
		t.Fatal(err)
	}
	th, err := s.MessageThreadStartComplex("c1", m.ID, &discordgo.ThreadStart{Name: "t"})
	if err != nil {
		t.Fatal(err)
	}
	return fake, s, th
}

// TestThreadFromMessage: a thread started from a message is a public thread (type 11) with
// the message's ID, in its channel, named as asked, with its metadata; a second one from the
// same message is refused with 160004, and a name over 100 characters with 50035.
func TestThreadFromMessage(t *testing.T) {
	fake, s := startREST(t)
	m, err := s.ChannelMessageSend("c1", "lobby")
	if err != nil {
		t.Fatal(err)
	}
	long := make([]byte, 101)
	for i := range long {
		long[i] = 'x'
	}
	_, err = s.MessageThreadStartComplex("c1", m.ID, &discordgo.ThreadStart{Name: string(long)})
	wantCode(t, err, http.StatusBadRequest, 50035)
	th, err := s.MessageThreadStartComplex("c1", m.ID, &discordgo.ThreadStart{Name: "FITS · Ada, Ben", AutoArchiveDuration: 10080})
	if err != nil {
		t.Fatal(err)
	}
	if th.ID != m.ID || th.Type != discordgo.ChannelTypeGuildPublicThread || th.ParentID != "c1" || th.Name != "FITS · Ada, Ben" ||
		th.ThreadMetadata == nil || th.ThreadMetadata.Archived || th.ThreadMetadata.AutoArchiveDuration != 10080 || th.MemberCount != 1 {
		t.Fatalf("thread %+v (metadata %+v)", th, th.ThreadMetadata)
	}
	_, err = s.MessageThreadStartComplex("c1", m.ID, &discordgo.ThreadStart{Name: "again"})
	wantCode(t, err, http.StatusBadRequest, fakediscord.CodeThreadExists)
	got, err := s.Channel(th.ID)
	if err != nil || got.Type != discordgo.ChannelTypeGuildPublicThread || got.ParentID != "c1" {
		t.Fatalf("GET the thread: %+v, %v", got, err)
	}
	if list := fake.Threads("c1"); len(list) != 1 || list[0].ID != m.ID {
		t.Fatalf("threads of c1: %+v", list)
	}
	if lobby, _ := fake.Message(m.ID); lobby.Flags&(1<<5) == 0 {
		t.Fatal("the message does not say it has a thread (HAS_THREAD)")
	}
}

// TestThreadMembersAndArchive: members are added once; a post into an archived thread is
// refused with 400 code 50083 "Thread is archived", whether the bot archived it or Discord
// did for inactivity (ArchiveThread), and goes through once it is reopened; an
// auto_archive_duration Discord does not offer is refused with 50035.
func TestThreadMembersAndArchive(t *testing.T) {
	fake, s, th := withThread(t)
	for _, u := range []string{"100", "200", "100"} {
		if err := s.ThreadMemberAdd(th.ID, u); err != nil {
			t.Fatal(err)
		}
	}
	if got, _ := fake.Thread(th.ID); len(got.Members) != 3 || got.Members[0] != fake.ApplicationID() {
		t.Fatalf("members %v, want the bot, 100 and 200", got.Members)
	}
	if _, err := s.ChannelMessageSend(th.ID, "board"); err != nil {
		t.Fatal(err)
	}
	archived := true
	if _, err := s.ChannelEditComplex(th.ID, &discordgo.ChannelEdit{Archived: &archived}); err != nil {
		t.Fatal(err)
	}
	_, err := s.ChannelMessageSend(th.ID, "late board")
	wantCode(t, err, http.StatusBadRequest, fakediscord.CodeThreadArchived)
	if re := restError(t, err); re.Message.Message != "Thread is archived" {
		t.Fatalf("message %q", re.Message.Message)
	}
	_, err = s.ChannelEditComplex(th.ID, &discordgo.ChannelEdit{AutoArchiveDuration: 90})
	wantCode(t, err, http.StatusBadRequest, 50035)
	archived = false
	got, err := s.ChannelEditComplex(th.ID, &discordgo.ChannelEdit{Archived: &archived})
	if err != nil || got.ThreadMetadata == nil || got.ThreadMetadata.Archived {
		t.Fatalf("reopen: %+v, %v", got, err)
	}
	if _, err := s.ChannelMessageSend(th.ID, "board"); err != nil {
		t.Fatal(err)
	}
	if !fake.ArchiveThread(th.ID) {
		t.Fatal("ArchiveThread found no thread")
	}
	_, err = s.ChannelMessageSend(th.ID, "idle")
	wantCode(t, err, http.StatusBadRequest, fakediscord.CodeThreadArchived)
	if n := len(fake.ChannelMessages(th.ID)); n != 2 {
		t.Fatalf("the thread holds %d messages, want the 2 posted while open", n)
	}
}

// TestThreadPermissions: starting a thread needs Create Public Threads in the channel; a
// thread has its channel's permissions, and posting in it needs Send Messages in Threads,
// not Send Messages.
func TestThreadPermissions(t *testing.T) {
	fake, s := startREST(t)
	m, _ := s.ChannelMessageSend("c1", "lobby")
	fake.SetAppPermissions("c1", allBut(1<<35))
	_, err := s.MessageThreadStartComplex("c1", m.ID, &discordgo.ThreadStart{Name: "t"})
	wantCode(t, err, http.StatusForbidden, 50013)
	fake.SetAppPermissions("c1", allBut(discordgo.PermissionSendMessages))
	th, err := s.MessageThreadStartComplex("c1", m.ID, &discordgo.ThreadStart{Name: "t"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ChannelMessageSend(th.ID, "board"); err != nil {
		t.Fatalf("a thread refuses a post for Send Messages: %v", err)
	}
	fake.SetAppPermissions("c1", allBut(1<<38))
	_, err = s.ChannelMessageSend(th.ID, "board")
	wantCode(t, err, http.StatusForbidden, 50013)
	ix, err := fake.SlashCommand(fakediscord.Actor{User: alice.User, GuildID: "g1", ChannelID: th.ID}, "status").Discordgo()
	if err != nil {
		t.Fatal(err)
	}
	if ix.AppPermissions != allBut(1<<38) {
		t.Fatalf("app_permissions in the thread %b, want the channel's", ix.AppPermissions)
	}
}

// TestInteractionFromThread: an interaction from inside a thread carries the thread as its
// channel_id and a channel object of type 11 with its parent and metadata.
func TestInteractionFromThread(t *testing.T) {
	fake, _, th := withThread(t)
	ix := fake.SlashCommand(fakediscord.Actor{User: alice.User, GuildID: "g1", ChannelID: th.ID}, "status")
	var wire struct {
		ChannelID string `json:"channel_id"`
		Channel   struct {
			ID             string `json:"id"`
			Type           int    `json:"type"`
			ParentID       string `json:"parent_id"`
			Permissions    string `json:"permissions"`
			ThreadMetadata *struct {
				Archived bool `json:"archived"`
			} `json:"thread_metadata"`
		} `json:"channel"`
	}
	if err := json.Unmarshal(ix.Raw, &wire); err != nil {
		t.Fatal(err)
	}
	if wire.ChannelID != th.ID || wire.Channel.ID != th.ID || wire.Channel.Type != 11 || wire.Channel.ParentID != "c1" ||
		wire.Channel.ThreadMetadata == nil || wire.Channel.Permissions == "" {
		t.Fatalf("interaction from a thread: %+v", wire)
	}
	ix = fake.SlashCommand(alice, "status")
	var plain struct {
		Channel map[string]any `json:"channel"`
	}
	if err := json.Unmarshal(ix.Raw, &plain); err != nil || plain.Channel["type"] != float64(0) || plain.Channel["parent_id"] != nil {
		t.Fatalf("interaction from a channel: %+v, %v", plain, err)
	}
}

// TestArchivedThreadRefusesEdits: in an archived thread a message can be read but not edited
// or deleted (400 code 50083), as on Discord; once the thread is reopened it can, and a
// deleted message leaves the thread's message_count, not its last_message_id.
func TestArchivedThreadRefusesEdits(t *testing.T) {
	fake, s, th := withThread(t)
	m, err := s.ChannelMessageSend(th.ID, "board")
	if err != nil {
		t.Fatal(err)
	}
	if !fake.ArchiveThread(th.ID) {
		t.Fatal("ArchiveThread found no thread")
	}
	_, err = s.ChannelMessageEdit(th.ID, m.ID, "edited")
	wantCode(t, err, http.StatusBadRequest, fakediscord.CodeThreadArchived)
	err = s.ChannelMessageDelete(th.ID, m.ID)
	wantCode(t, err, http.StatusBadRequest, fakediscord.CodeThreadArchived)
	if got, err := s.ChannelMessage(th.ID, m.ID); err != nil || got.Content != "board" {
		t.Fatalf("read in an archived thread: %+v, %v", got, err)
	}
	archived := false
	if _, err := s.ChannelEditComplex(th.ID, &discordgo.ChannelEdit{Archived: &archived}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ChannelMessageEdit(th.ID, m.ID, "edited"); err != nil {
		t.Fatalf("edit once reopened: %v", err)
	}
	if err := s.ChannelMessageDelete(th.ID, m.ID); err != nil {
		t.Fatalf("delete once reopened: %v", err)
	}
	if got, err := s.Channel(th.ID); err != nil || got.MessageCount != 0 || got.LastMessageID != m.ID {
		t.Fatalf("the thread after its only message was deleted: %+v, %v", got, err)
	}
}

// TestGuildCreateThreads: a session opened once a thread is started gets GUILD_CREATE with
// the thread among the guild's threads, not its channels; an archived one is left out.
func TestGuildCreateThreads(t *testing.T) {
	fake := fakediscord.Start(t, fakediscord.Config{})
	fake.SetGuild(fakediscord.Guild{ID: "g1", Name: "Tables"})
	fake.SetChannel(fakediscord.Channel{ID: "c1", GuildID: "g1", Name: "tables"})
	s := restSession(t, fake)
	var threads []string
	for _, name := range []string{"open", "idle"} {
		m, err := s.ChannelMessageSend("c1", "lobby")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.MessageThreadStartComplex("c1", m.ID, &discordgo.ThreadStart{Name: name}); err != nil {
			t.Fatal(err)
		}
		threads = append(threads, m.ID)
	}
	fake.ArchiveThread(threads[1])
	var g discordgo.Guild
	select {
	case g = <-openBot(t, fake).guilds:
	case <-time.After(5 * time.Second):
		t.Fatal("no GUILD_CREATE")
	}
	for _, c := range g.Channels {
		if c.ID != "c1" {
			t.Errorf("GUILD_CREATE lists channel %+v", c)
		}
	}
	if len(g.Threads) != 1 || g.Threads[0].ID != threads[0] || g.Threads[0].ParentID != "c1" ||
		g.Threads[0].Type != discordgo.ChannelTypeGuildPublicThread || g.Threads[0].ThreadMetadata == nil {
		t.Fatalf("GUILD_CREATE threads %+v", g.Threads)
	}
}
