// Package tablestest holds the game's tables as the rules print them,
// transcribed independently of engine/tables/data, for the tests that
// check the data and the commands built on it: a slip in either shows up.
package tablestest

// PrintedCRT are the three combat results tables (戦闘結果表, 9.0, 9.7:
// 威力偵察 recon, 突撃 assault, 機動 mobile) by table, rows die 1..6,
// columns 1:3 1:2 1:1 2:1 3:1 4:1 5:1 6:1 7:1.
var PrintedCRT = map[string][6]string{
	"recon": {
		"AA AA AA AR AR NE NE NE NE",
		"AA AA AR AR NE NE DR DR DR",
		"AA AR AR NE NE DR DR DR DA",
		"AR AR NE NE DR DR DR DA DA",
		"AR NE NE DR DR DA DA DA DA",
		"AR DR DR DR DA DA DA DA DA",
	},
	"assault": {
		"AZ AZ AZ AA BB BB BB BB BB",
		"AZ AZ AA BB BB BB DR DR DR",
		"AZ AA BB BB DR DR DA DA DA",
		"AA AA BB DR DA DA DA DA DZ",
		"AA BB DR DA DA DA DZ DZ DZ",
		"AA DA DA DA DZ DZ DZ DZ DZ",
	},
	"mobile": {
		"AZ AZ AA AR BB BB DH DH DH",
		"AZ AA AR BB DH DH DH DH DZ",
		"AA AA BB DH DH DH DZ DZ DZ",
		"AA AR DH DH DZ DZ DZ DZ DZ",
		"AR DH DZ DZ DZ DZ DZ DZ DZ",
		"AR DZ DZ DZ DZ DZ DZ DZ DZ",
	},
}
