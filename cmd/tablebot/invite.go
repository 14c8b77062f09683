package main

import (
	"flag"
	"fmt"
	"io"
	"net/url"

	"github.com/bwmarrin/discordgo"
)

// invitePermissions are what the bot needs in a channel: see it, post messages with pictures,
// use mentions, and start a public thread for each table (tables = "threads").
const invitePermissions = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages |
	discordgo.PermissionSendMessagesInThreads | discordgo.PermissionCreatePublicThreads | discordgo.PermissionEmbedLinks |
	discordgo.PermissionAttachFiles | discordgo.PermissionReadMessageHistory

// inviteURL is the OAuth2 URL that adds the bot, with its slash commands, to a server.
func inviteURL(appID string) string {
	q := url.Values{}
	q.Set("client_id", appID)
	q.Set("scope", "bot applications.commands")
	q.Set("permissions", fmt.Sprint(invitePermissions))
	return "https://discord.com/oauth2/authorize?" + q.Encode()
}

// runInvite prints the invite URL of the configured application.
func runInvite(args []string, out, stderr io.Writer, getenv func(string) string) error {
	fs := flag.NewFlagSet("invite", flag.ContinueOnError)
	fs.SetOutput(stderr)
	path := fs.String("config", "", "the TOML configuration file")
	appID := fs.String("app", "", "the application ID (default: from the configuration)")
	if err := fs.Parse(args); err != nil {
		return flagError(err)
	}
	id := *appID
	if id == "" {
		c, err := loadConfigLoose(*path, getenv)
		if err != nil {
			return err
		}
		id = c.Discord.ApplicationID
	}
	if id == "" {
		return usageError("invite: no application ID: set discord.application_id, DISCORD_APPLICATION_ID or --app")
	}
	_, err := fmt.Fprintln(out, inviteURL(id))
	return err
}

// loadConfigLoose reads the configuration without requiring the token (invite needs only
// the application ID).
func loadConfigLoose(path string, getenv func(string) string) (Config, error) {
	c, err := loadConfig(path, func(k string) string {
		if v := getenv(k); v != "" || k != "DISCORD_TOKEN" {
			return v
		}
		return "unused-by-invite"
	})
	if err != nil && c.Discord.ApplicationID == "" {
		return c, err
	}
	return c, nil
}
