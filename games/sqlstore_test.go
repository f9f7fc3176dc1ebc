package games_test

import (
	"rtrbot/db"
	"rtrbot/games"
	"rtrbot/games/sqlstore"
)

func init() {
	games.SQLStore = func(s *db.Store) games.SQLStorage { return sqlstore.New(s) }
}
