package draughts

import (
	"os"
	"path/filepath"
	"testing"
)

// TestReplayGames replays every real game in testdata/games-*.pdn (USSR
// 1947/1950 championships and lidraughts games, see the files' headers):
// every move must be legal. Antidraughts games are played under
// international-giveaway.
func TestReplayGames(t *testing.T) {
	files, _ := filepath.Glob("testdata/games-*.pdn")
	if len(files) != 4 {
		t.Fatalf("want 4 game files, found %d", len(files))
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		games, errs := ReadPDN(file, data)
		for _, e := range errs {
			t.Errorf("%v", e)
		}
		plies := 0
		for gi := range games {
			g := &games[gi]
			r, err := GameRules(g)
			if err != nil {
				t.Errorf("%s game at line %d: %v", file, g.Line, err)
				continue
			}
			if filepath.Base(file) == "games-antidraughts.pdn" && r != InternationalGiveaway {
				t.Errorf("%s game at line %d: rules %s, want international-giveaway", file, g.Line, r.ID)
			}
			start, err := GameStart(g, r)
			if err != nil {
				t.Errorf("%s game at line %d: %v", file, g.Line, err)
				continue
			}
			for _, e := range Replay(file, g.Moves, r, start, func(*Position, *Ply, Move) { plies++ }) {
				t.Errorf("%v", e)
			}
		}
		t.Logf("%s: %d games, %d plies", file, len(games), plies)
		if len(games) < 10 || plies < 100 {
			t.Errorf("%s: only %d games, %d plies", file, len(games), plies)
		}
	}
}
