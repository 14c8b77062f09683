package games

// Composer is the power to build a move step by step, the way a player clicks it together in
// an ephemeral panel: pick a tile, then a place, then confirm. Every step is a draft, a short
// string (at most 60 bytes) that fully describes the choices made so far, so that a panel can
// be rebuilt from a button's custom ID alone, by any bot process, after any restart.
//
// The empty draft is the first step. A Composer never changes the state.
type Composer interface {
	// Compose returns the panel seat sees at draft: hint, controls and, where the draft names
	// a complete move, a commit control. It fails with a *Refusal when draft is malformed or no
	// longer fits the state (the game moved on); the caller then shows the first step again.
	Compose(seat Seat, draft string) (Panel, error)
	// Resolve returns the action a complete draft stands for. It fails with a *Refusal when the
	// draft is incomplete or illegal now.
	Resolve(seat Seat, draft string) (Action, error)
	// Typed reads what a player typed into the panel's text input at draft (for example a
	// placement "F7 F8") and returns the draft it leads to. It fails with a *Refusal that says
	// what is wrong with the text and what is allowed.
	Typed(seat Seat, draft, text string) (string, error)
}

// Style is how prominent a control is drawn.
type Style int

const (
	// Secondary is a grey button: navigation and alternatives.
	Secondary Style = iota
	// Primary is a blue button: the expected next step.
	Primary
	// Success is a green button: the confirming commit.
	Success
	// Danger is a red button: destructive choices.
	Danger
)

// Control is one button of a panel. Pressing it goes to draft Next, or, when Commit is set,
// applies the action that Next resolves to.
type Control struct {
	Label    Text
	Emoji    string
	Next     string
	Style    Style
	Commit   bool
	Disabled bool
	// Suggest marks the 💡 control that shows a suggested move. Next is the game's own quick
	// suggestion (its Hint); when the state is a Drafter, the referee searches for a stronger
	// move on the click and shows that instead (Next when the search cannot help).
	Suggest bool
}

// Drafter is an optional power of a Composer's state: the draft at which a seat's panel shows
// a move chosen elsewhere — the search AI's suggestion — ready to commit.
type Drafter interface {
	// DraftOf returns the draft of a's panel for seat: a draft that Resolve turns into a, or
	// false when a is not a move of seat's now. It must not change the state.
	DraftOf(seat Seat, a Action) (string, bool)
}

// Adviser is an optional power of a Composer's state: a menu of moves that the search AI may
// rank. The game ranks its menus by its own quick judgement; given time after the click is
// acknowledged, the referee has the search rank a panel's menu instead (search.Rank) and
// draws the panel from the state Advised returns.
type Adviser interface {
	// MenuMoves returns the moves that seat's panel at draft offers in its menu, in the game's
	// quick order, or nil when that panel has no menu of moves worth ranking. It must not
	// change the state.
	MenuMoves(seat Seat, draft string) []Action
	// Advised returns a copy of the state whose panel and picture for seat at draft (and at
	// the other drafts showing the same menu) offer the menu's moves in the order given,
	// which lists MenuMoves in some order, and say that the AI ranked them. It must not change
	// the state.
	Advised(seat Seat, draft string, order []Action) (State, error)
}

// Choice is one option of a panel's menu; choosing it goes to draft Next.
type Choice struct {
	Label       Text
	Description Text
	Next        string
	Default     bool
}

// Menu is a panel's select menu (at most 25 choices; the game offers its best-ranked ones).
type Menu struct {
	Placeholder Text
	Choices     []Choice
}

// Input asks the player to type a move (a Discord modal). Its answer goes to Composer.Typed.
type Input struct {
	// Button is the label of the control that opens the input.
	Button Text
	// Title is the modal's title, Label the field's label, Placeholder an example answer.
	Title, Label, Placeholder Text
}

// Panel is one step of building a move: what to show, what can be clicked.
type Panel struct {
	// Draft is the draft this panel shows.
	Draft string
	// Hint is one line saying what to do now ("Pick a tile, then a place").
	Hint Text
	// Controls are the panel's buttons in display order (at most MaxControls, in rows of 5).
	Controls []Control
	// Menu, when set, is shown as a select menu below the controls.
	Menu *Menu
	// Input, when set, offers a button that opens a text input.
	Input *Input
}

// Discord's limits that every Composer's panels keep to.
const (
	// MaxControls is the most controls a panel has: with the input button they fill four rows
	// of five buttons, leaving the fifth row for the menu.
	MaxControls = 15
	// MaxChoices is the most choices a menu has.
	MaxChoices = 25
	// MaxDraft is the longest draft, in bytes, so that a custom_id holding it stays within
	// Discord's 100 bytes.
	MaxDraft = 60
)

// StaleDraft refuses a draft that no longer fits the state (malformed, or the game moved on
// since the panel was drawn), in the one wording of every Composer; the caller then shows the
// first step again.
func StaleDraft() *Refusal {
	return Refuse(ErrIllegal, "That choice no longer fits the game — start again.", "Tahle volba už ke hře nesedí — začni znovu.")
}

// NothingToDecide refuses a panel to a seat that has no decision to make now.
func NothingToDecide() *Refusal {
	return Refuse(ErrNotYourTurn, "You have nothing to decide right now.", "Teď nemáš co rozhodovat.")
}
