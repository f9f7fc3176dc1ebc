package tables

// FortressDestroyed says whether a combat result destroys the fortress in
// the defending hex (12.5): an occupied fortress falls only to DZ, an empty
// one to DA or DZ; every other result leaves the fortress standing (the
// units in an occupied fortress still suffer it).
func FortressDestroyed(c Code, occupied bool) bool {
	if occupied {
		return c == "DZ"
	}
	return c == "DA" || c == "DZ"
}

// MobileAllowedAgainstFortress is false: the manoeuvre table may not be
// chosen against an undestroyed fortress (9.7, 12.5).
const MobileAllowedAgainstFortress = false
