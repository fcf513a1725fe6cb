//! Which shortcuts a rule set gets: the one place that says it, with the
//! reason for each.
//!
//! Every rule set is played by the same turn ([`super::turn`]) and valued
//! by the same backward analyses ([`super::backward`]); what differs is
//! which proven shortcuts may stand in for part of the search. A shortcut
//! is used wherever its argument carries, and its module restates the
//! argument for each rule set it claims:
//!
//! | shortcut | one dragon | several dragons | speed N > 1 | waiting | keys and doors | tie rules | oracle |
//! |---|---|---|---|---|---|---|---|
//! | closed form of loop-free maps (`pair::acyclic`) | yes | yes (escape; a caught line is searched) | no | no | no | all (no ties in a tree) | default |
//! | a hero trapped in a dead end the dragon reaches first (`pair::acyclic::trapped`: caught, its longest line in closed form) | yes | no (searched) | no | no | no | all (the line walks by the default order unless a priority rule is given) | default |
//! | the walk of loop-free maps (`pair::acyclic::walk`: escape, or caught and never endlessly; a caught line is searched, but for one dragon of speed 2 or more, `pair::acyclic::longest_line`) | yes | yes | yes | yes | no | all (no ties in a tree) | default |
//! | dead-end rule (`pair::hanging`) | yes | yes | yes | yes (waits replace the steps back and forth) | branches with no key or door | all | any |
//! | pocket jumps (`pair::pockets`) | yes | no | no | yes (any landing within reach, not only one colour) | no | priority | default |
//! | shadow jumps, over the dragon's walk to the end of a corridor the hero is in when no cut cell stands between them (`pair::pockets::shadow`) | yes | no | no | yes (any landing within reach; a way past at every turn) | no | priority | default |
//! | proof search (`backward::proof`) | yes | yes | yes | yes (bounds one apart) | yes | adversarial | default |
//! | dragons out of reach of every shortest way out (`backward::proof`: each more than `N` times as far from the exit as the hero, the position is worth the free distance) | yes | yes | yes | yes (the walk needs no wait) | no (a door may shut the way) | adversarial (in the proof search; the argument holds for any) | default (with the proof search) |
//! | first bound from the default answer (`backward::guarantee`) | yes | yes | yes | yes | yes | adversarial | any |
//! | the default line, or a walk straight to the exit, as the answer when it escapes every reply (`backward::escapes_every_reply`, `backward::straight_escape`) | yes | yes | yes | yes | yes | adversarial | default (with the proof search) |
//! | a faster dragon's longest line, best first by the distance the hero gives up (`pair::given_up`) | yes | no (searched) | needs it | yes (a wait gives up one) | no | priority (and the optimistic bound's chase, which plays the default order) | default |
//! | a faster dragon's distance, move by move (`pair::chase`'s gaps: a move that leaves the hero fewer moves than its distance to the exit is not queued) | yes | no (the horizon at the start only) | needs it | yes | no | all that search best first (priority, optimistic) | default |
//! | a faster dragon's horizon (`horizon`) | at speed N > 1 | at speed N > 1 | needs it | yes | yes | all | any |
//! | the dragon in the way on loop-free maps (`pair::acyclic::Way`: positions past which no escape goes are left out, and a caught hero is caught in finite time) | yes | yes | yes | yes | only there | all (no ties in a tree: the adversarial and optimistic rules play the default one's game) | default |
//!
//! Why not elsewhere:
//! - The closed form counts one dragon step a turn (a faster dragon may
//!   pass a junction the argument needs it to stop at) and every hero
//!   move a step (a wait breaks the parity its lines keep). The dead-end
//!   rule needs neither: a faster dragon that would reach the dead end's
//!   mouth is one the hero never comes back past, and its replacement
//!   lines wait where a step would break the parity. For a faster dragon
//!   and waiting the walk takes the closed form's place: whether the hero
//!   escapes, and how, still has one (the walk along the one path), and a
//!   caught hero is caught in finite time; its longest line is searched,
//!   but against one dragon of speed 2 or more, whose slack (the hero's
//!   depth below it less its steps) every move spends, it has a closed
//!   form too. Doors change the map under the dragons, so the loop-free
//!   part is not fixed;
//!   a key deep in a dead end is worth fetching, so such branches are
//!   never cut. What carries to doors on a loop-free map is the dragon in
//!   the way (the map as the doors stand is part of the tree with every
//!   door open); without doors the closed form and the walk say more.
//! - The pocket jumps follow one dragon's fixed walk to the pocket the hero
//!   waits in; with several dragons each walks its own way and the pocket
//!   of one is no resting place against the others. So do the shadow
//!   jumps, to a corridor's end; and a faster dragon may pass the end
//!   within a turn. (The pocket argument does carry when every dragon is
//!   outside the hero's nearest pocket: each walks towards its cut cell
//!   whatever the hero does inside, and the jump lasts until the first
//!   arrives. That is not built: on the slow sparse braids with two
//!   dragons most of the positions searched have the dragons inside it;
//!   BENCHMARKS.md, "Two dragons on sparse braids at 1001".)
//! - The closed form, the pocket jumps and the proof search are shortcuts
//!   of the default oracle: the reference (Floyd–Warshall) always runs the
//!   whole search, so the two can be compared.
//! - The first bound holds for every rule set: a choosing dragon may play
//!   like the priority rule, so the adversarial answer is never below the
//!   default one, and a hero caught by the default rule is caught by the
//!   adversarial one. It is asked only after a quick try of the analysis
//!   from the free distance, which most mazes end: there it would cost a
//!   second search for nothing.
//! - The default line's check holds for every rule set: the hero walks
//!   its cells against every reply the turn allows (any number of dragons,
//!   any speed, waits, doors), and the first bound's argument makes it
//!   exact; so does the straight walk's, whose length is the free
//!   distance, a lower bound under every rule set. It comes with the proof search, so the reference runs the
//!   whole analysis.
//! - The proof search follows one strategy; its frames hold any number of
//!   replies (several dragons, a faster dragon's ends), and its bounds go
//!   up by the hero's parity, one at a time with waiting.
//! - The gaps need the distance to one dragon, known position by position
//!   from the start's (each move changes it by a known amount), and no
//!   doors: with several dragons each would need its own, and the general
//!   engine keeps the horizon at the start.
//! - The longest line best first needs one distance that every turn
//!   lowers by a fixed amount plus what the move gives up: one dragon
//!   faster than the hero, no doors (which change distances), and one
//!   reply a move (a choosing dragon makes the line a game's value).
//! - The horizon needs a dragon faster than the hero: at the official
//!   speed a dragon need not gain on the hero, and nothing bounds the game.

use super::position::Layout;
use super::rules::{Rules, Ties};
use crate::dragon::OracleKind;

/// The shortcuts a solve may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shortcuts {
    /// The closed form of loop-free maps.
    pub(crate) closed_form: bool,
    /// The closed form of a hero trapped in a dead end the dragon reaches
    /// first (one dragon).
    pub(crate) trapped: bool,
    /// The dead-end rule: no step deeper into a dead end no dragon is in.
    pub(crate) dead_ends: bool,
    /// The pocket jumps over the dragon's walk (priority rules).
    pub(crate) pockets: bool,
    /// The proof search before and beside the retrograde analysis
    /// (adversarial rule).
    pub(crate) proof: bool,
    /// A faster dragon's horizon: no line lasts longer.
    pub(crate) horizon: bool,
    /// The walk along the one path of a loop-free map, for a faster dragon
    /// or waiting (where the closed form stands aside).
    pub(crate) walk: bool,
    /// On a loop-free map with keys or doors: no escape passes a dragon in
    /// the hero's way, and a caught hero is caught in finite time.
    pub(crate) in_the_way: bool,
    /// Against a faster dragon, each move of the escape search held to
    /// the moves the dragon's distance leaves the hero (one dragon, no
    /// doors).
    pub(crate) gaps: bool,
    /// A faster dragon's longest line, best first by the distance the hero
    /// gives up (one dragon, no doors, a priority rule).
    pub(crate) given_up: bool,
}

impl Shortcuts {
    /// The shortcuts for `rules` with `oracle` on a map of `layout`'s
    /// pieces (see the module's table).
    pub(crate) fn of(rules: Rules, oracle: OracleKind, layout: &Layout) -> Shortcuts {
        let reference = oracle != OracleKind::Bfs;
        let one_step = rules.speed.is_one() && !rules.wait;
        let one = !layout.is_wide();
        Shortcuts {
            closed_form: !reference && one_step && !layout.has_locks(),
            trapped: !reference && one_step && one && !layout.has_locks(),
            dead_ends: true,
            pockets: !reference
                && rules.speed.is_one()
                && one
                && matches!(rules.ties, Ties::Priority(_)),
            proof: !reference && rules.ties == Ties::Adversarial,
            horizon: !rules.speed.is_one(),
            walk: !reference && !one_step && !layout.has_locks(),
            in_the_way: !reference && layout.has_locks(),
            gaps: !reference && !rules.speed.is_one() && one && !layout.has_locks(),
            given_up: !reference
                && !rules.speed.is_one()
                && one
                && !layout.has_locks()
                && rules.ties != Ties::Adversarial,
        }
    }
}
