package analyse

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/record"
)

// Margins words the verdicts' margins, as the report's last line.
var Margins = fmt.Sprintf("forced: no cell was safer, and none was certainly safe; perfect: within %s of the safest cell's chance of a mine; fine: within %s; mistake: beyond",
	points(PerfectMargin), points(FineMargin))

// points words a margin in percentage points: "0.5 points".
func points(p float64) string {
	return strings.TrimSuffix(strings.TrimSuffix(fmt.Sprintf("%.1f", 100*p), "0"), ".") + " points"
}

// percent words a chance of a mine to a tenth of a point: "33.3%".
func percent(p float64) string { return fmt.Sprintf("%.1f%%", 100*p) }

// seconds words a duration in seconds to the millisecond: "12.345".
func seconds(d time.Duration) string { return fmt.Sprintf("%.3f", d.Seconds()) }

// result words where the moves leave the game.
func (r *Report) result() string {
	switch r.Played {
	case board.Won:
		return "won"
	case board.Lost:
		return "lost"
	}
	return "unfinished"
}

// WriteText writes the report as text: the board, who played it with
// what, the result, the time and the numbers, then a table of the judged
// moves and what the verdicts mean.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	level := r.Level
	if level == "" {
		level = "custom"
	}
	fmt.Fprintf(&b, "%s video: %s %dx%d, %d mines\n", r.Format, level, r.Width, r.Height, r.Mines)
	player := r.Player
	if r.Country != "" {
		player += " (" + r.Country + ")"
	}
	if strings.TrimSpace(player) != "" {
		fmt.Fprintf(&b, "player:   %s\n", player)
	}
	if r.Program != "" {
		fmt.Fprintf(&b, "program:  %s\n", r.Program)
	}
	fmt.Fprintf(&b, "result:   %s\n", r.result())
	fmt.Fprintf(&b, "time:     %s s", seconds(r.Numbers.Time))
	if r.Time > 0 && r.Time != r.Numbers.Time {
		fmt.Fprintf(&b, " (the program recorded %s s)", seconds(r.Time))
	}
	fmt.Fprintf(&b, "\n3BV:      %d", r.Numbers.ThreeBV)
	if r.ThreeBV > 0 && r.ThreeBV != r.Numbers.ThreeBV {
		fmt.Fprintf(&b, " (the program recorded %d)", r.ThreeBV)
	}
	fmt.Fprintf(&b, "\nnumbers:  %s\n", play.NumbersText(r.Numbers, false))
	if more := play.MoreNumbers(r.Numbers); len(more) > 0 {
		fmt.Fprintf(&b, "          %s\n", strings.Join(more, ", "))
	}
	if r.Unjudged != "" {
		fmt.Fprintf(&b, "judged:   none: %s\n", r.Unjudged)
		return write(w, b.String())
	}
	fmt.Fprintf(&b, "judged:   %s after the first opening; %s\n", record.Count(r.Judged, "move"), r.summary())
	if len(r.Moves) > 0 {
		b.WriteString("\n")
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprint(tw, "move\ttime\tcell\tmine\tsafest\t\tsolver\t\t  verdict\n")
		for _, m := range r.Moves {
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t  %s\n", m.Step, seconds(m.At), m.cell(), percent(m.Mine),
				m.Safest.Shown(), percent(m.SafestMine), m.Solver.Shown(), percent(m.SolverMine), m.note())
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		b.WriteString("\n" + Margins + "\n")
	}
	return write(w, b.String())
}

// write writes s on w. The video's texts were made printable as they
// were read (see package video).
func write(w io.Writer, s string) error {
	_, err := io.WriteString(w, s)
	return err
}

// cell words the move's cell as a player reads it, from 1, column then
// row: "(3,4)", or "chord (3,4)".
func (m Move) cell() string {
	if m.Chord {
		return "chord " + m.Cell.Shown()
	}
	return m.Cell.Shown()
}

// String words the move on one line, its verdict first, as a replay
// says it: "mistake: guess (3,4), 33.3% a mine; safest (5,6) 12.5%,
// lost".
func (m Move) String() string {
	kind := "risky click"
	if m.Guess {
		kind = "guess"
	}
	return fmt.Sprintf("%v: %s %s, %s a mine; safest %s %s%s", m.Verdict, kind, m.cell(), percent(m.Mine),
		m.Safest.Shown(), percent(m.SafestMine), strings.TrimPrefix(m.note(), m.Verdict.String()))
}

// note words a move's verdict, with what else it says: "forced, lost",
// "perfect; the solver plays for survival".
func (m Move) note() string {
	s := m.Verdict.String()
	if m.Lost {
		s += ", lost"
	}
	if !m.Exact {
		s += ", estimated"
	}
	if m.Survival {
		s += "; the solver plays for survival"
	}
	return s
}

// summary counts the judged moves by verdict: "3 guesses and risky
// clicks: 2 forced, 1 mistake".
func (r *Report) summary() string {
	if len(r.Moves) == 0 {
		return "no guess, no risky click"
	}
	var n [len(verdictNames)]int
	for _, m := range r.Moves {
		n[m.Verdict]++
	}
	var parts []string
	for v := Forced; v <= Mistake; v++ {
		if n[v] > 0 {
			name := v.String()
			if v == Mistake && n[v] > 1 {
				name += "s"
			}
			parts = append(parts, fmt.Sprintf("%d %s", n[v], name))
		}
	}
	s := "guesses and risky clicks"
	if len(r.Moves) == 1 {
		s = "guess or risky click"
	}
	return fmt.Sprintf("%d %s: %s", len(r.Moves), s, strings.Join(parts, ", "))
}

// jsonReport is the report's JSON object.
type jsonReport struct {
	Format   string     `json:"format"`
	Width    int        `json:"width"`
	Height   int        `json:"height"`
	Mines    int        `json:"mines"`
	Level    string     `json:"level,omitempty"`
	Player   string     `json:"player"`
	Country  string     `json:"country,omitempty"`
	Program  string     `json:"program"`
	Result   string     `json:"result"`
	TimeMS   int64      `json:"time_ms"`
	ThreeBV  int        `json:"3bv"`
	Recorded recorded   `json:"recorded"`
	Numbers  numbers    `json:"numbers"`
	Steps    int        `json:"steps"`
	Judged   int        `json:"judged"`
	Unjudged string     `json:"unjudged,omitempty"`
	Margins  margins    `json:"margins"`
	Moves    []jsonMove `json:"moves"`
}

// recorded is what the program recorded of the game.
type recorded struct {
	TimeMS  int64  `json:"time_ms,omitempty"`
	ThreeBV int    `json:"3bv,omitempty"`
	Result  string `json:"result,omitempty"`
}

// numbers are the speedrunners' numbers of the game (see game.Numbers).
type numbers struct {
	Speed       float64 `json:"3bvs"`
	Clicks      int     `json:"clicks"`
	IOE         float64 `json:"ioe"`
	IOS         float64 `json:"ios"`
	RQP         float64 `json:"rqp"`
	Opens       int     `json:"opens"`
	Chords      int     `json:"chords"`
	Flags       int     `json:"flags"`
	Wasted      int     `json:"wasted"`
	Correctness float64 `json:"correctness"`
	Throughput  float64 `json:"throughput"`
	Openings    int     `json:"openings"`
	Islands     int     `json:"islands"`
	Solved      int     `json:"3bv_solved"`
	ZiNi        int     `json:"zini"`
	ZNE         float64 `json:"zne"`
}

// margins are the verdicts' margins.
type margins struct {
	Perfect float64 `json:"perfect"`
	Fine    float64 `json:"fine"`
}

// jsonMove is a judged move in JSON.
type jsonMove struct {
	Step       int     `json:"move"`
	TimeMS     int64   `json:"time_ms"`
	Cell       [2]int  `json:"cell"`
	Chord      bool    `json:"chord,omitempty"`
	Mine       float64 `json:"mine"`
	Guess      bool    `json:"guess"`
	Safest     [2]int  `json:"safest"`
	SafestMine float64 `json:"safest_mine"`
	Solver     [2]int  `json:"solver"`
	SolverMine float64 `json:"solver_mine"`
	Survival   bool    `json:"survival"`
	Exact      bool    `json:"exact"`
	Lost       bool    `json:"lost"`
	Verdict    string  `json:"verdict"`
}

// cell returns p as JSON writes a cell: [column, row], from 0.
func cell(p board.Point) [2]int { return [2]int{p.X, p.Y} }

// WriteJSON writes the report as one JSON object and a newline: the board
// (width, height, mines), player, program, format, result (won, lost or
// unfinished), time_ms, 3bv, what the program recorded, the numbers, and
// the judged moves.
func (r *Report) WriteJSON(w io.Writer) error {
	n := r.Numbers
	j := jsonReport{Format: r.Format.String(), Width: r.Width, Height: r.Height, Mines: r.Mines, Level: r.Level,
		Player: r.Player, Country: r.Country, Program: r.Program, Result: r.result(),
		TimeMS: n.Time.Milliseconds(), ThreeBV: n.ThreeBV,
		Recorded: recorded{TimeMS: r.Time.Milliseconds(), ThreeBV: r.Info.ThreeBV},
		Numbers: numbers{Speed: n.Speed(), Clicks: n.Clicks, IOE: n.Efficiency(), IOS: n.IOS(), RQP: n.RQP(),
			Opens: n.Opens, Chords: n.Chords, Flags: n.Flags, Wasted: n.Wasted,
			Correctness: n.Correctness(), Throughput: n.Throughput(),
			Openings: n.Openings, Islands: n.Islands, Solved: n.Solved, ZiNi: n.ZiNi, ZNE: n.ZiNiEfficiency()},
		Steps: r.Steps, Judged: r.Judged, Unjudged: r.Unjudged,
		Margins: margins{Perfect: PerfectMargin, Fine: FineMargin}, Moves: []jsonMove{}}
	switch r.Result {
	case board.Won:
		j.Recorded.Result = "won"
	case board.Lost:
		j.Recorded.Result = "lost"
	}
	for _, m := range r.Moves {
		j.Moves = append(j.Moves, jsonMove{Step: m.Step, TimeMS: m.At.Milliseconds(), Cell: cell(m.Cell), Chord: m.Chord, Mine: m.Mine,
			Guess: m.Guess, Safest: cell(m.Safest), SafestMine: m.SafestMine, Solver: cell(m.Solver), SolverMine: m.SolverMine,
			Survival: m.Survival, Exact: m.Exact, Lost: m.Lost, Verdict: m.Verdict.String()})
	}
	data, err := json.Marshal(j)
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}
