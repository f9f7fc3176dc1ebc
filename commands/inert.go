package commands

import "strings"

// User text is inert. A display name, a tournament's name, a line of
// orders: whatever a user wrote may be echoed in public posts, and there
// it must stay text. Inert breaks what Discord would act on or render
// (a user, role or channel mention, @everyone and @here, a masked link)
// with an invisible zero-width space, and escapes markdown with a
// backslash, so the words read as written and ping nobody. The Discord
// adapter applies it to every display name it hands the commands, and it
// names in allowed_mentions only the users the bot itself mentions
// (docs/playing.md).

// zwsp is the zero-width space that breaks a mention without showing.
const zwsp = "\u200b"

var inert = strings.NewReplacer(
	"<", "<"+zwsp, // <@id>, <@&role>, <#channel>, </command:id>, <t:...>
	"@everyone", "@"+zwsp+"everyone",
	"@here", "@"+zwsp+"here",
	"](", "]"+zwsp+"(", // [text](url)
	`\`, `\\`, "*", `\*`, "_", `\_`, "~", `\~`, "`", "\\`", "|", `\|`, ">", `\>`,
)

// Inert is user text made safe to echo in a chat post: it reads the
// same, pings nobody and formats nothing.
func Inert(s string) string { return inert.Replace(s) }
