package commands_test

import (
	"bytes"
	"context"
	"flag"
	"strings"
	"testing"
	"time"

	"rtrbot/actor"
	"rtrbot/console"
	"rtrbot/i18n"
)

var updateGolden = flag.Bool("update", false, "rewrite the companion's golden files in testdata/")

// An evening at the table, typed into the console as a player would, in
// English and in Japanese: the whole transcript is compared with a golden
// file (go test ./commands -run TestCompanionTranscript -update rewrites
// it after a deliberate change). Seeds and clock are fixed.
const companionScript = `/log seed value:anna-1914
/roll dice:2d6
/roll dice:3d6+1
/event month:aug
/event roll:13 month:aug
/event roll:26 violated:no
/event roll:55 settled:yes
/russia box:25 maxoffensive:true
/russia box:45 die:6
/combat table:assault attack:14 defense:5 shift:+1
/combat table:recon odds:9:1 die:3
/combat table:assault odds:1:1 die:6 fortress:occupied
/siege fortress:3
/siege fortress:12 die:2
/combat table:mobile odds:3:1 fortress:empty
/combat table:recon odds:9:0
/roll dice:0d6
/roll dice:1000d1000
/siege fortress:5
/combat table:assault odds:3:1 die:7
/log
/log stats
/log reveal
/log verify
/log export
`

func TestCompanionTranscript(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.EN, i18n.JA} {
		t.Run(string(lang), func(t *testing.T) {
			c := newCompanion(t)
			out := t.TempDir()
			var buf bytes.Buffer
			clock := time.Date(1914, 8, 23, 20, 0, 0, 0, time.UTC)
			con := &console.Console{Router: c.bot.Router, Out: &buf, OutDir: out, Lang: lang,
				User: actor.Actor{ID: "console:anna", Name: "anna"}, Guild: "club", Chan: "table",
				Now: func() time.Time { clock = clock.Add(time.Minute); return clock }}
			if err := con.Run(context.Background(), strings.NewReader(companionScript)); err != nil {
				t.Fatal(err)
			}
			golden(t, strings.ReplaceAll(buf.String(), out, "OUT"), "companion-"+string(lang)+".golden")
		})
	}
}
