package fakediscord

import (
	"net/http"
	"strconv"
)

// Discord's permission bits the fake checks for the bot's own posts.
const (
	permViewChannel  int64 = 1 << 10
	permSendMessages int64 = 1 << 11
	permAttachFiles  int64 = 1 << 15
	permAdmin        int64 = 1 << 3
)

// Discord's JSON error codes of a refused permission.
const (
	codeMissingAccess      = 50001
	codeMissingPermissions = 50013
)

// SetAppPermissions sets the bot's own permissions in a channel: the app_permissions its
// interactions there carry, and what its channel posts there may do — without View Channel a
// post or edit is refused with 403 Missing Access, without Send Messages a post, and without
// Attach Files a post or edit with files, with 403 Missing Permissions; in a thread Send
// Messages in Threads stands for Send Messages, and a thread never set has its channel's
// permissions. A channel never set grants the bot every permission but Administrator.
func (s *Server) SetAppPermissions(channelID string, perms int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.appPerms == nil {
		s.appPerms = map[string]int64{}
	}
	s.appPerms[channelID] = perms
	s.notifyLocked()
}

// appPermissionsLocked is the bot's permission set in a channel. Callers hold s.mu.
func (s *Server) appPermissionsLocked(channelID string) int64 {
	if p, ok := s.appPerms[channelID]; ok {
		return p
	}
	if t := s.threads[channelID]; t != nil {
		// A thread has no permissions of its own: its channel's apply.
		return s.appPermissionsLocked(t.ParentID)
	}
	all, _ := strconv.ParseInt(memberPermissions, 10, 64)
	return all
}

// refusePost is Discord's 403 for a channel post (or, edit, an edit of the bot's own message)
// the bot's permissions there do not allow: an edit needs no Send Messages, but new files
// need Attach Files either way. Callers hold s.mu.
func (s *Server) refusePost(channelID string, files int, edit bool) (reply, bool) {
	p := s.appPermissionsLocked(channelID)
	send := permSendMessages
	if s.threads[channelID] != nil {
		send = permSendMessagesInThreads // in a thread, this and not Send Messages lets one post
	}
	switch {
	case p&permAdmin != 0:
		return reply{}, false
	case p&permViewChannel == 0:
		return apiError(http.StatusForbidden, codeMissingAccess, "Missing Access"), true
	case !edit && p&send == 0, files > 0 && p&permAttachFiles == 0:
		return apiError(http.StatusForbidden, codeMissingPermissions, "Missing Permissions"), true
	}
	return reply{}, false
}
