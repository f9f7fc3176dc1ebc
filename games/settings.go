package games

import (
	"context"
	"fmt"

	"rtrbot/actor"
	"rtrbot/i18n"
)

// SetMaps is the table's choice of how often the game's thread gets a
// public map (MetaMaps): "turn" (the default: when the player turn passes
// and at the end of a game turn) or "segment" (after every segment). A
// referee or a player of the game may set it: it is the table's comfort,
// not a rule.
func (t *Service) SetMaps(ctx context.Context, a actor.Actor, at Where, value string) (*Game, error) {
	if value != "turn" && value != "segment" {
		return nil, i18n.Errorf("maps: is turn (a map when the turn passes) or segment (a map after every segment), not %q.",
			"maps: は turn (手番交代時に地図) か segment (セグメントごとに地図) です (%q ではありません)。", value)
	}
	g, unlock, err := t.acquire(ctx, at)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if _, player := g.SideOf(a.ID); !player && !g.HotSeat() {
		if err := t.refereeOnly(ctx, a, at.Guild, g, i18n.T("change the game's settings (or a player of the game)", "ゲーム設定の変更 (またはゲームのプレイヤー)")); err != nil {
			return nil, err
		}
	}
	stored := value
	if value == "turn" {
		stored = "" // the default
	}
	if err := t.update(ctx, g, func(tx Tx) error { return tx.SetMeta(MetaMaps, stored) }); err != nil {
		return nil, fmt.Errorf("storing the setting: %w", err)
	}
	if g.Meta == nil {
		g.Meta = map[string]string{}
	}
	g.Meta[MetaMaps] = stored
	return g.copy(), nil
}
