// Package pin keeps the project's chosen libraries in go.mod while the
// packages that use them are being written, so that parallel work does not
// race on go.mod. Delete it once every library here is imported for real.
package pin

import (
	_ "github.com/bwmarrin/discordgo"
	_ "github.com/fogleman/gg"
	_ "github.com/gorilla/websocket"
	_ "golang.org/x/image/font/opentype"
	_ "modernc.org/sqlite"
)
