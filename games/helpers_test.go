package games

import "rtrbot/db"

// SQLStore is a database as the service's storage (games/sqlstore.New).
// games/sqlstore imports games, so this package's own tests cannot import
// it: sqlstore_test.go, a test file of package games_test, sets it.
var SQLStore func(*db.Store) SQLStorage

// SQLStorage is games/sqlstore.Store as these tests see it: Storage, with
// the update that leaves the players out.
type SQLStorage interface {
	Storage
	rowUpdater
}
