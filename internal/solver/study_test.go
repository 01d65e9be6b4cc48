package solver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/splitmix"
)

// TestDecisionStudy is the study of the solver's guesses, position by
// position (issue 43): it plays expert games with a safe first click, as
// the bench lays and reseeds them, and keeps the positions where the
// look-ahead chose a guess; for each it rolls out every guess the solver
// weighed, and the one another program chooses when SOLVER_STUDY_OTHER
// names one, on the same layouts of the hidden mines, drawn exactly from
// what the player sees (layoutSampler), each played to its end by the
// solver; then it reports where the solver's choice loses value
// (studyReport). It runs only when SOLVER_STUDY_POSITIONS is set:
//
//	SOLVER_STUDY_POSITIONS=1000 SOLVER_STUDY_ROLLOUTS=200 SOLVER_STUDY_SEED=4301 \
//	SOLVER_STUDY_OUT=study-4301.jsonl go test -run DecisionStudy -v -timeout 0 ./internal/solver/
//
// Each position's result is a line of JSON appended to SOLVER_STUDY_OUT
// as soon as it is done, and positions already there are skipped, so a
// run stopped goes on where it stopped; SOLVER_STUDY_SHARD=K/N plays the
// K-th of N slices of the positions (position i when i%N == K-1), for
// several machines, and SOLVER_STUDY_REPORT="FILE..." reports the union
// of the files without playing. SOLVER_STUDY_OTHER is a command that
// answers the requests of `minesweeper solve` (the same protocol; its
// first answer to a position is taken). SOLVER_STUDY_VARIANT adds the
// guesses of the solver playing as a variant of TestPlayPair says (see
// parseVariant), and with SOLVER_STUDY_DRY set only says how often they
// agree with the solver's and the other program's. SOLVER_STUDY_BASE names
// the variant that plays the games and the rollouts (the solver's defaults
// when unset; SOLVER_STUDY_BASE=three for the three clicks' look-ahead, the
// rule the study of seed 4301 was made with, and narrow,capped for the
// default the study of seed 4901 was made with). SOLVER_WORKERS sets the
// positions rolled out at once (all cores by default).
func TestDecisionStudy(t *testing.T) {
	if files := os.Getenv("SOLVER_STUDY_REPORT"); files != "" {
		recs, games, err := readStudy(strings.Fields(files))
		if err != nil {
			t.Fatal(err)
		}
		studyReport(t, recs, games)
		return
	}
	cfg, err := studyConfigFromEnv()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.positions == 0 {
		t.Skip("set SOLVER_STUDY_POSITIONS (and SOLVER_STUDY_OUT) to run the decision study")
	}
	start := time.Now()
	pos, census := collectPositions(t, cfg)
	t.Logf("%d look-ahead guess positions from %d games (seed %d) in %v; guesses by rule: %v",
		len(pos), census.games, cfg.seed, time.Since(start).Round(time.Millisecond), census.byRule)
	if cfg.other != "" {
		if err := askOther(cfg.other, pos); err != nil {
			t.Fatal(err)
		}
	}
	if spec := os.Getenv("SOLVER_STUDY_VARIANT"); spec != "" {
		if err := askVariant(spec, pos); err != nil {
			t.Fatal(err)
		}
		t.Logf("variant %s: %s", spec, agreement(pos))
		if os.Getenv("SOLVER_STUDY_DRY") != "" {
			if name := os.Getenv("SOLVER_STUDY_MERGED"); name != "" {
				if err := writeStudy(name, pos); err != nil {
					t.Fatal(err)
				}
			}
			return
		}
	}
	done, _, err := readStudy([]string{cfg.out})
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	have := make(map[int]*studyPosition)
	for _, r := range done {
		have[r.Pos] = r
	}
	f, err := os.OpenFile(cfg.out, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var todo []*studyPosition
	for _, p := range pos {
		if p.Pos%cfg.shards == cfg.shard-1 && p.keep(have[p.Pos]) {
			todo = append(todo, p)
		}
	}
	t.Logf("%d positions to roll out (%d kept before)", len(todo), len(have))
	rollAll(t, cfg, todo, census.games, f)
	if t.Failed() {
		return
	}
	recs, _, err := readStudy([]string{cfg.out})
	if err != nil {
		t.Fatal(err)
	}
	// The report is of this run's positions, whatever else the file holds
	// (a longer run's, stopped part way).
	recs = slices.DeleteFunc(recs, func(sp *studyPosition) bool { return sp.Pos >= len(pos) })
	var asked []string // the sources this run asked afresh
	if cfg.other != "" {
		asked = append(asked, "other")
	}
	if os.Getenv("SOLVER_STUDY_VARIANT") != "" {
		asked = append(asked, "variant")
	}
	for _, r := range recs {
		r.takeSources(pos[r.Pos], asked)
	}
	if name := os.Getenv("SOLVER_STUDY_MERGED"); name != "" {
		if err := writeStudy(name, recs); err != nil {
			t.Fatal(err)
		}
	}
	studyReport(t, recs, census.games)
}

// studyConfig is the decision study's settings (see TestDecisionStudy).
type studyConfig struct {
	positions, rollouts int
	seed                uint64
	out, other          string
	shard, shards       int
	workers             int
	base                variant // the solver that plays the games and the rollouts
}

// studyConfigFromEnv reads the study's settings from the environment.
func studyConfigFromEnv() (studyConfig, error) {
	cfg := studyConfig{rollouts: 200, seed: 4301, shard: 1, shards: 1, workers: runtime.NumCPU()}
	var err error
	if s := os.Getenv("SOLVER_STUDY_POSITIONS"); s != "" {
		if cfg.positions, err = strconv.Atoi(s); err != nil || cfg.positions < 0 {
			return cfg, fmt.Errorf("SOLVER_STUDY_POSITIONS=%q: want a count", s)
		}
	}
	if s := os.Getenv("SOLVER_STUDY_ROLLOUTS"); s != "" {
		if cfg.rollouts, err = strconv.Atoi(s); err != nil || cfg.rollouts < 2 || cfg.rollouts%2 != 0 {
			return cfg, fmt.Errorf("SOLVER_STUDY_ROLLOUTS=%q: want an even count", s)
		}
	}
	if s := os.Getenv("SOLVER_STUDY_SEED"); s != "" {
		if cfg.seed, err = strconv.ParseUint(s, 10, 64); err != nil {
			return cfg, fmt.Errorf("SOLVER_STUDY_SEED=%q: %v", s, err)
		}
	}
	if s := os.Getenv("SOLVER_STUDY_SHARD"); s != "" {
		if _, err := fmt.Sscanf(s, "%d/%d", &cfg.shard, &cfg.shards); err != nil || cfg.shard < 1 || cfg.shard > cfg.shards {
			return cfg, fmt.Errorf("SOLVER_STUDY_SHARD=%q: want K/N", s)
		}
	}
	if w, err := strconv.Atoi(os.Getenv("SOLVER_WORKERS")); err == nil && w > 0 {
		cfg.workers = w
	}
	if cfg.base, err = parseVariant(board.Safe, os.Getenv("SOLVER_STUDY_BASE")); err != nil {
		return cfg, fmt.Errorf("SOLVER_STUDY_BASE: %v", err)
	}
	cfg.other = os.Getenv("SOLVER_STUDY_OTHER")
	cfg.out = os.Getenv("SOLVER_STUDY_OUT")
	if cfg.positions > 0 && cfg.out == "" {
		return cfg, errors.New("SOLVER_STUDY_OUT: name the file the results go to")
	}
	return cfg, nil
}

// studyPosition is a guess position of the study and, once rolled out,
// its results: the line of JSON kept for it.
type studyPosition struct {
	Pos     int         `json:"pos"`  // its place among the study's positions
	Game    int         `json:"game"` // the game of the seed it comes from
	Move    int         `json:"move"` // the move of that game
	Rule    string      `json:"rule"` // the rule of bestGuess that chose
	Opened  int         `json:"open"` // open cells
	Safe    int         `json:"safe"` // safe cells on the board
	Closed  int         `json:"closed"`
	Layouts float64     `json:"log_layouts"`       // natural log of the layouts that fit
	MinP    float64     `json:"min_p"`             // the least chance of a mine of any closed cell
	Tiles   string      `json:"tiles"`             // the view, a byte a cell: '#' closed, '0'-'8'
	Cands   []studyCand `json:"cands"`             // the solver's choice first
	Skipped string      `json:"skipped,omitempty"` // why no rollout was made

	pocket bool // the solver's guess lies in a pocket (see inPocket)
}

// studyCand is a guess rolled out: the cell, its chance of a mine, who
// chose or weighed it, and the outcome of each rollout, '1' won.
type studyCand struct {
	X        int     `json:"x"`
	Y        int     `json:"y"`
	P        float64 `json:"p"`
	From     string  `json:"from"` // ours, safest, two, scored, least, other, variant, joined by '+'
	Frontier bool    `json:"frontier"`
	Wins     string  `json:"wins"`
}

// studyCensus counts the study's games and their guesses by rule.
type studyCensus struct {
	games  int
	byRule map[string]int
}

// collectPositions plays games until it has cfg.positions guess positions
// decided by the look-ahead, with the candidates the solver weighed: all
// of them in each game it plays.
func collectPositions(t *testing.T, cfg studyConfig) ([]*studyPosition, studyCensus) {
	census := studyCensus{byRule: make(map[string]int)}
	s := cfg.base.solver()
	s.trace = &guessTrace{}
	var pos []*studyPosition
	next := func(g int) bool {
		if len(pos) >= cfg.positions {
			return false
		}
		census.games++
		s.Reseed(rand.NewPCG(uint64(g), cfg.seed).Uint64())
		return true
	}
	playExpertGames(t, s, board.Safe, cfg.seed, next, func(g, move int, v *View, p board.Point) {
		if !s.Guessed() || move == 0 {
			return
		}
		census.byRule[s.trace.by.String()]++
		// Every position of the last game is kept, so that the value
		// lost per game counts whole games.
		if r := s.trace.by; r == bySecondary || r == byThreeClicks || r == byTwoClicks || r == bySafest {
			pos = append(pos, newStudyPosition(s, v, p, len(pos), g, move))
		}
	})
	return pos, census
}

// studyLeast makes the cell least likely to be a mine a candidate too.
// The study of seed 4301 rolled it out in its first 166 positions, where
// it lost 1.1 points a game (95% CI -1.9 to -0.3) against the solver's
// choice, and then left it out: it was the candidate most often apart
// from the others, and so took the most rollouts.
var studyLeast = os.Getenv("SOLVER_STUDY_LEAST") != ""

// newStudyPosition returns the study's position of view v, where s chose
// guess p, with the guesses s weighed as its candidates.
func newStudyPosition(s *Solver, v *View, p board.Point, n, game, move int) *studyPosition {
	an := &s.an
	sp := &studyPosition{Pos: n, Game: game, Move: move, Rule: s.trace.by.String(), MinP: 1, Layouts: an.logZ}
	tiles := make([]byte, len(v.tiles))
	for i, tl := range v.tiles {
		if tl >= 0 {
			tiles[i] = '0' + byte(tl)
			sp.Opened++
			continue
		}
		tiles[i] = '#'
		sp.Closed++
		if an.certain[i] != certMine {
			sp.MinP = min(sp.MinP, an.prob[i])
		}
	}
	sp.Tiles = string(tiles)
	sp.Safe = len(v.tiles) - v.mines
	add := func(i int, from string) { sp.addCand(v, an.prob, i, from) }
	add(p.Y*v.width+p.X, "ours")
	add(s.trace.safest, "safest")
	add(s.trace.other, "two")
	if studyLeast {
		var cands []candidate
		for i, tl := range v.tiles {
			if tl < 0 && an.certain[i] != certMine {
				cands = append(cands, candidate{i, an.prob[i]})
			}
		}
		add(s.leastRisk(v, cands), "least")
	}
	return sp
}

// keep takes the rollouts of the candidates that before (the same
// position's line of an earlier run, or nil) rolled out, and reports
// whether some are left to roll out: a run with another program's choice
// after one without rolls out that choice alone, on the same layouts.
func (sp *studyPosition) keep(before *studyPosition) bool {
	left := 0
	for k := range sp.Cands {
		c := &sp.Cands[k]
		if before != nil && before.Tiles == sp.Tiles {
			for _, b := range before.Cands {
				if b.X == c.X && b.Y == c.Y {
					c.Wins = b.Wins
				}
			}
		}
		if c.Wins == "" {
			left++
		}
	}
	if len(sp.Cands) < 2 {
		sp.Skipped = "one candidate"
		return before == nil
	}
	return left > 0
}

// view returns the position's view.
func (sp *studyPosition) view() (*View, error) {
	tiles := make([]board.Tile, len(sp.Tiles))
	for i, c := range []byte(sp.Tiles) {
		tiles[i] = board.TileClosed
		if c != '#' {
			tiles[i] = board.Tile(c - '0')
		}
	}
	return NewView(30, 16, 99, tiles)
}

// askOther asks the program that command starts, in the protocol of
// `minesweeper solve`, for its move in each position, and adds it to the
// position's candidates as "other".
func askOther(command string, pos []*studyPosition) error {
	cmd := exec.Command("sh", "-c", command)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	defer func() {
		in.Close()
		cmd.Wait()
	}()
	answers := bufio.NewScanner(out)
	for _, sp := range pos {
		if err := writeStudyRequest(in, sp); err != nil {
			return err
		}
		if !answers.Scan() {
			return fmt.Errorf("%s: no answer to position %d: %v", command, sp.Pos, answers.Err())
		}
		var row, col int
		if _, err := fmt.Sscanf(answers.Text(), "%d %d", &row, &col); err != nil || row < 0 || row >= 16 || col < 0 || col >= 30 || sp.Tiles[row*30+col] != '#' {
			return fmt.Errorf("%s: answer %q to position %d is not a closed cell", command, answers.Text(), sp.Pos)
		}
		v, err := sp.view()
		if err != nil {
			return err
		}
		a, err := Analyze(v)
		if err != nil {
			return err
		}
		sp.addCand(v, a.prob, row*30+col, "other")
	}
	return nil
}

// writeStudy writes the positions to the file name, a JSON line each.
func writeStudy(name string, recs []*studyPosition) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	for _, r := range recs {
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	return os.WriteFile(name, b.Bytes(), 0o644)
}

// takeSources gives each of the position's candidates the sources that
// now names it (the same position of this run; a line written by an
// earlier run lacks the sources added since, such as a variant's), in
// place of the sources of asked, which this run asked afresh (an earlier
// run's variant or other program may have been another).
func (sp *studyPosition) takeSources(now *studyPosition, asked []string) {
	if now.Tiles != sp.Tiles {
		return
	}
	for k := range sp.Cands {
		c := &sp.Cands[k]
		from := slices.DeleteFunc(strings.Split(c.From, "+"), func(f string) bool { return slices.Contains(asked, f) })
		for _, n := range now.Cands {
			if n.X != c.X || n.Y != c.Y {
				continue
			}
			for _, f := range strings.Split(n.From, "+") {
				if !slices.Contains(from, f) {
					from = append(from, f)
				}
			}
		}
		c.From = strings.Join(from, "+")
	}
}

// agreement returns how often the variant's guess is the solver's and the
// other program's, over the positions that have both.
func agreement(pos []*studyPosition) string {
	ours, other, both := 0, 0, 0
	for _, sp := range pos {
		k := slices.IndexFunc(sp.Cands, func(c studyCand) bool { return strings.Contains(c.From, "variant") })
		if k < 0 {
			continue
		}
		from := strings.Split(sp.Cands[k].From, "+")
		if slices.Contains(from, "ours") {
			ours++
		}
		if otherCand(sp) >= 0 {
			both++
			if slices.Contains(from, "other") {
				other++
			}
		}
	}
	return fmt.Sprintf("the solver's guess in %d of %d positions, the other program's in %d of %d", ours, len(pos), other, both)
}

// addCand adds closed cell i of the position's view v, whose cells have
// mine probabilities prob, to its candidates as chosen by from, or adds
// from to the candidate already there; i < 0 adds nothing.
func (sp *studyPosition) addCand(v *View, prob []float64, i int, from string) {
	if i < 0 {
		return
	}
	for k := range sp.Cands {
		if c := &sp.Cands[k]; c.X+c.Y*v.width == i {
			c.From += "+" + from
			return
		}
	}
	sp.Cands = append(sp.Cands, studyCand{X: i % v.width, Y: i / v.width, P: prob[i], From: from, Frontier: frontierCell(v, i)})
}

// askVariant adds to each position's candidates, as "variant", the guess
// that the solver playing as spec says (see parseVariant) makes there.
func askVariant(spec string, pos []*studyPosition) error {
	va, err := parseVariant(board.Safe, spec)
	if err != nil {
		return err
	}
	s := va.solver()
	for _, sp := range pos {
		v, err := sp.view()
		if err != nil {
			return err
		}
		s.Reseed(uint64(sp.Pos))
		p, err := s.Next(v)
		if err != nil {
			return fmt.Errorf("variant %s, position %d: %v", spec, sp.Pos, err)
		}
		a, err := Analyze(v)
		if err != nil {
			return err
		}
		sp.addCand(v, a.prob, p.Y*v.width+p.X, "variant")
	}
	return nil
}

// frontierCell reports whether closed cell i of v is next to an open one.
func frontierCell(v *View, i int) bool {
	for j := range board.Neighbours(v.width, v.height, i) {
		if v.tiles[j] >= 0 {
			return true
		}
	}
	return false
}

// writeStudyRequest writes the position as a request of the protocol of
// `minesweeper solve` (protocol.WriteRequest, which imports this package).
func writeStudyRequest(w io.Writer, sp *studyPosition) error {
	var b strings.Builder
	fmt.Fprintf(&b, "16 30 99 safe\n")
	for y := range 16 {
		for x := range 30 {
			if x > 0 {
				b.WriteByte(' ')
			}
			if c := sp.Tiles[y*30+x]; c == '#' {
				b.WriteString("-1")
			} else {
				b.WriteByte(c)
			}
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// rollAll rolls out the positions, cfg.workers at once, and appends each
// one's line to out when it is done.
func rollAll(t *testing.T, cfg studyConfig, todo []*studyPosition, games int, out io.Writer) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := 0
	start := time.Now()
	for range cfg.workers {
		wg.Go(func() {
			s := cfg.base.solver()
			for {
				mu.Lock()
				if next >= len(todo) || t.Failed() {
					mu.Unlock()
					return
				}
				sp := todo[next]
				next++
				mu.Unlock()
				if err := rollOut(s, sp, cfg); err != nil {
					t.Errorf("position %d: %v", sp.Pos, err)
					return
				}
				line, err := json.Marshal(sp)
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				_, err = out.Write(append(line, '\n'))
				if sp.Pos%50 == 0 {
					t.Logf("position %d done, %v", sp.Pos, time.Since(start).Round(time.Second))
				}
				mu.Unlock()
				if err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
}

// rollOut plays each candidate of the position on cfg.rollouts layouts,
// the same for every candidate, drawn from the position's own seed.
func rollOut(s *Solver, sp *studyPosition, cfg studyConfig) error {
	v, err := sp.view()
	if err != nil {
		return err
	}
	if sp.Skipped != "" {
		return nil
	}
	smp, err := newLayoutSampler(v)
	if errors.Is(err, errTooMany) {
		sp.Skipped = err.Error()
		return nil
	}
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(cfg.seed, splitmix.Mix(uint64(sp.Pos)+1)))
	wins := make([][]byte, len(sp.Cands))
	var mines []board.Point
	for r := range cfg.rollouts {
		mines = smp.draw(rng, mines)
		seed := rng.Uint64()
		for k, c := range sp.Cands {
			if len(c.Wins) == cfg.rollouts {
				wins[k] = append(wins[k], c.Wins[r])
				continue
			}
			won, err := rollGame(s, v, mines, board.Point{X: c.X, Y: c.Y}, seed)
			if err != nil {
				return fmt.Errorf("rollout %d of %v: %v", r, c, err)
			}
			wins[k] = append(wins[k], "01"[b2i(won)])
		}
	}
	for k := range sp.Cands {
		sp.Cands[k].Wins = string(wins[k])
	}
	return nil
}

// b2i returns 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// rollGame lays mines, opens the cells open in v, then first, and plays
// on with s, reseeded by seed, to the end; it reports whether s won.
func rollGame(s *Solver, v *View, mines []board.Point, first board.Point, seed uint64) (bool, error) {
	b, err := board.New(v.width, v.height, mines)
	if err != nil {
		return false, err
	}
	for i, tl := range v.tiles {
		if tl >= 0 && b.Tile(v.point(i)) < 0 {
			if _, err := b.Reveal(v.point(i)); err != nil {
				return false, err
			}
		}
	}
	buf := b.Tiles(nil)
	if !slices.Equal(buf, v.tiles) {
		return false, errors.New("the layout drawn does not show the position's numbers")
	}
	s.Reseed(seed)
	p := first
	for moves := 0; ; moves++ {
		if _, err := b.Reveal(p); err != nil {
			return false, err
		}
		if b.Status() != board.Playing || moves > 1000 {
			return b.Status() == board.Won, nil
		}
		buf = b.Tiles(buf)
		nv, err := NewView(b.Width(), b.Height(), b.Mines(), buf)
		if err != nil {
			return false, err
		}
		if p, err = s.Next(nv); err != nil {
			return false, err
		}
	}
}

// readStudy reads the lines of the study's files, the last of each
// position's kept, and the games they cover: up to the last game of a
// position read, so that a run stopped part way is reported over the
// games it reached (the last game of the study has a position).
func readStudy(files []string) ([]*studyPosition, int, error) {
	byPos := make(map[int]*studyPosition)
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return nil, 0, err
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for line := 1; sc.Scan(); line++ {
			sp := new(studyPosition)
			if err := json.Unmarshal(sc.Bytes(), sp); err != nil {
				f.Close()
				return nil, 0, fmt.Errorf("%s:%d: %v", name, line, err)
			}
			byPos[sp.Pos] = sp
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, 0, fmt.Errorf("%s: %v", name, err)
		}
	}
	recs := make([]*studyPosition, 0, len(byPos))
	covered := 0
	for _, sp := range byPos {
		recs = append(recs, sp)
		covered = max(covered, sp.Game+1)
	}
	slices.SortFunc(recs, func(a, b *studyPosition) int { return a.Pos - b.Pos })
	return recs, covered, nil
}
