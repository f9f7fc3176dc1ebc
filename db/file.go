package db

// File is the path of the database file.
func (s *Store) File() string { return s.Path }
