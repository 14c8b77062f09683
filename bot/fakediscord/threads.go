package fakediscord

import (
	"encoding/json"
	"net/http"
	"slices"
	"time"
	"unicode/utf8"
)

// Channel types of threads, as numbered by Discord.
const (
	ChannelText          = 0
	ChannelPublicThread  = 11
	ChannelPrivateThread = 12
)

// Discord's JSON error codes about threads.
const (
	// CodeThreadArchived is Discord's refusal of a post into an archived thread.
	CodeThreadArchived = 50083
	// CodeThreadExists is Discord's refusal of a second thread from one message.
	CodeThreadExists   = 160004
	codeUnknownChannel = 10003
)

// permission bits of threads.
const (
	permCreatePublicThreads   int64 = 1 << 35
	permSendMessagesInThreads int64 = 1 << 38
)

// hasThreadFlag is the message flag HAS_THREAD: a thread was started from the message.
const hasThreadFlag = 1 << 5

// Thread is a public thread the bot started from a message, as the fake keeps it.
type Thread struct {
	// ID is the thread's channel ID, the same as the message it was started from.
	ID       string
	ParentID string
	GuildID  string
	Name     string
	OwnerID  string
	// Members are the users in the thread, the bot (its creator) first.
	Members []string
	// Archived is set by the bot (PATCH archived) or by ArchiveThread, Discord's archiving
	// for inactivity; ArchivedAt is when it last changed.
	Archived    bool
	Locked      bool
	AutoArchive int
	ArchivedAt  time.Time
	Created     time.Time
}

// Thread returns a thread by its ID.
func (s *Server) Thread(id string) (Thread, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, ok := s.threads[id]
	if !ok {
		return Thread{}, false
	}
	return t.clone(), true
}

// clone returns a deep copy.
func (t Thread) clone() Thread {
	t.Members = slices.Clone(t.Members)
	return t
}

// Threads returns the threads started in a channel, oldest first.
func (s *Server) Threads(parentID string) []Thread {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Thread
	for _, t := range s.sortedThreadsLocked(func(t *Thread) bool { return t.ParentID == parentID }) {
		out = append(out, t.clone())
	}
	return out
}

// sortedThreadsLocked is the threads keep selects, oldest first. Callers hold s.mu.
func (s *Server) sortedThreadsLocked(keep func(*Thread) bool) []*Thread {
	var out []*Thread
	for _, t := range s.threads {
		if keep(t) {
			out = append(out, t)
		}
	}
	slices.SortFunc(out, func(a, b *Thread) int { return a.Created.Compare(b.Created) })
	return out
}

// ArchiveThread archives a thread as Discord does after its auto_archive_duration without
// activity: posts into it are refused (400, CodeThreadArchived) until it is reopened.
func (s *Server) ArchiveThread(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, ok := s.threads[id]
	if ok {
		t.Archived, t.ArchivedAt = true, time.Now()
		s.notifyLocked()
	}
	return ok
}

// activeThreadsLocked is every thread not archived, as wire thread objects, oldest first.
// Callers hold s.mu.
func (s *Server) activeThreadsLocked() []map[string]any {
	var out []map[string]any
	for _, t := range s.sortedThreadsLocked(func(t *Thread) bool { return !t.Archived }) {
		out = append(out, s.wireThread(t))
	}
	return out
}

// threadOfLocked is the thread of a channel ID, or nil. Callers hold s.mu.
func (s *Server) threadOfLocked(id string) *Thread { return s.threads[id] }

// wireThread is a thread channel object, as Discord's REST API and interactions carry it:
// message_count leaves deleted messages out, total_message_sent counts them.
func (s *Server) wireThread(t *Thread) map[string]any {
	return map[string]any{
		"id": t.ID, "type": ChannelPublicThread, "guild_id": t.GuildID, "parent_id": t.ParentID, "name": t.Name,
		"owner_id": t.OwnerID, "flags": 0, "last_message_id": s.lastMessageIDLocked(t.ID), "rate_limit_per_user": 0,
		"message_count": s.liveMessagesLocked(t.ID), "total_message_sent": len(s.channelMsgs[t.ID]), "member_count": min(len(t.Members), 50),
		"thread_metadata": map[string]any{
			"archived": t.Archived, "auto_archive_duration": t.AutoArchive, "locked": t.Locked,
			"archive_timestamp": t.ArchivedAt.UTC().Format(time.RFC3339Nano), "create_timestamp": t.Created.UTC().Format(time.RFC3339Nano),
		},
	}
}

// liveMessagesLocked counts a channel's messages not deleted. Callers hold s.mu.
func (s *Server) liveMessagesLocked(channelID string) int {
	n := 0
	for _, id := range s.channelMsgs[channelID] {
		if m := s.messages[id]; m != nil && !m.Deleted {
			n++
		}
	}
	return n
}

// postMessageThread is POST /channels/{channel}/messages/{message}/threads: a public thread
// started from a message, with the message's ID. It needs Create Public Threads in the channel.
func (s *Server) postMessageThread(req *Request, m *Message) reply {
	parent := req.Params["channel"]
	p := s.appPermissionsLocked(parent)
	switch {
	case p&permAdmin != 0:
	case p&permViewChannel == 0:
		return apiError(http.StatusForbidden, codeMissingAccess, "Missing Access")
	case p&permCreatePublicThreads == 0:
		return apiError(http.StatusForbidden, codeMissingPermissions, "Missing Permissions")
	}
	if s.threads[m.ID] != nil {
		return errBadRequest(CodeThreadExists, "A thread has already been created for this message")
	}
	var body struct {
		Name        string `json:"name"`
		AutoArchive *int   `json:"auto_archive_duration"`
	}
	_ = json.Unmarshal(req.JSON, &body)
	if n := utf8.RuneCountInString(body.Name); (n < 1 || n > 100) && !s.cfg.SkipValidation {
		return formErrorReply([]fieldError{{path: "name", code: "BASE_TYPE_BAD_LENGTH", message: "Must be between 1 and 100 in length."}})
	}
	if rp, bad := badArchiveDuration(body.AutoArchive); bad {
		return rp
	}
	archive := 4320
	if body.AutoArchive != nil {
		archive = *body.AutoArchive
	}
	now := time.Now()
	t := &Thread{ID: m.ID, ParentID: parent, GuildID: m.GuildID, Name: body.Name, OwnerID: s.appID,
		Members: []string{s.appID}, AutoArchive: archive, ArchivedAt: now, Created: now}
	if s.threads == nil {
		s.threads = map[string]*Thread{}
	}
	s.threads[t.ID] = t
	s.channels[t.ID] = Channel{ID: t.ID, GuildID: t.GuildID, Name: t.Name, Type: ChannelPublicThread, ParentID: parent}
	m.Flags |= hasThreadFlag
	return jsonReply(http.StatusCreated, s.wireThread(t))
}

// badArchiveDuration is Discord's 50035 for an auto_archive_duration, when one is given, other
// than the four it offers (in minutes: an hour, a day, three days, a week).
func badArchiveDuration(d *int) (reply, bool) {
	if d == nil || slices.Contains([]int{60, 1440, 4320, 10080}, *d) {
		return reply{}, false
	}
	return formErrorReply([]fieldError{{path: "auto_archive_duration", code: "BASE_TYPE_CHOICES", message: "Value must be one of {60, 1440, 4320, 10080}."}}), true
}

// putThreadMember is PUT /channels/{channel}/thread-members/{user}: 204, also for a member
// already in; 400 Thread is archived in an archived thread, as Discord does.
func (s *Server) putThreadMember(req *Request) reply {
	t := s.threadOfLocked(req.Params["channel"])
	switch {
	case t == nil:
		return errNotFound(codeUnknownChannel, "Unknown Channel")
	case t.Archived:
		return errBadRequest(CodeThreadArchived, "Thread is archived")
	}
	if user := req.Params["user"]; !slices.Contains(t.Members, user) {
		t.Members = append(t.Members, user)
	}
	return noContent()
}

// patchChannel is PATCH /channels/{channel} for a thread: archived, locked, name and
// auto_archive_duration. Other channels are answered as they are, unchanged.
func (s *Server) patchChannel(req *Request) reply {
	t := s.threadOfLocked(req.Params["channel"])
	if t == nil {
		return s.getChannel(req)
	}
	var body struct {
		Archived    *bool   `json:"archived"`
		Locked      *bool   `json:"locked"`
		Name        *string `json:"name"`
		AutoArchive *int    `json:"auto_archive_duration"`
	}
	if err := json.Unmarshal(req.JSON, &body); err != nil {
		return errBadRequest(codeInvalidJSON, "The request body contains invalid JSON.")
	}
	if rp, bad := badArchiveDuration(body.AutoArchive); bad {
		return rp
	}
	if body.Archived != nil && *body.Archived != t.Archived {
		t.Archived, t.ArchivedAt = *body.Archived, time.Now()
	}
	if body.Locked != nil {
		t.Locked = *body.Locked
	}
	if body.Name != nil && *body.Name != "" {
		t.Name = *body.Name
	}
	if body.AutoArchive != nil {
		t.AutoArchive = *body.AutoArchive
	}
	return jsonReply(http.StatusOK, s.wireThread(t))
}

// refuseArchived is Discord's 400 for a post into an archived thread, or an edit or a
// deletion of a message there. Callers hold s.mu.
func (s *Server) refuseArchived(channelID string) (reply, bool) {
	if t := s.threadOfLocked(channelID); t != nil && t.Archived {
		return errBadRequest(CodeThreadArchived, "Thread is archived"), true
	}
	return reply{}, false
}
