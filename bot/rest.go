package bot

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/bwmarrin/discordgo"
)

// send makes a REST call that creates or edits a message: payload as JSON, or as the
// payload_json part of a multipart body with files, in the rate-limit bucket of uri itself
// (Discord scopes message and webhook limits per channel and per webhook token). It returns
// the ID of the message Discord answers with, the only thing the bot reads of it: discordgo's
// own methods decode the whole message, its components and attachments, on every call.
func send(ctx context.Context, s *discordgo.Session, method, uri string, payload any, files []*discordgo.File) (string, error) {
	var reply []byte
	var err error
	if len(files) > 0 {
		contentType, body, encErr := discordgo.MultipartBodyWithJSON(payload, files)
		if encErr != nil {
			return "", fmt.Errorf("encode the message: %w", encErr)
		}
		reply, err = s.RequestRaw(method, uri, contentType, body, uri, 0, discordgo.WithContext(ctx))
	} else {
		reply, err = s.RequestWithBucketID(method, uri, payload, uri, discordgo.WithContext(ctx))
	}
	if err != nil {
		return "", err
	}
	var msg struct {
		ID string `json:"id"`
	}
	if len(reply) > 0 {
		if err := json.Unmarshal(reply, &msg); err != nil {
			return "", fmt.Errorf("decode Discord's answer: %w", err)
		}
	}
	return msg.ID, nil
}

// channelPost is the payload of a new channel message: discordgo's MessageSend with the fields
// v0.29.0 lacks. With a nonce and EnforceNonce, Discord answers a create whose nonce was used
// in the channel in the past few minutes with the message already created, and creates none.
type channelPost struct {
	discordgo.MessageSend
	Nonce        string `json:"nonce,omitempty"`
	EnforceNonce bool   `json:"enforce_nonce,omitempty"`
}
