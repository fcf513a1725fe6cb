//! The board: what each turn of a game leaves on the map, and one moment of
//! the game as a [`Frame`] (pure data; nothing here draws).
//!
//! [`Board`] holds the map once (what lies on each tile under the pieces),
//! the step at which the hero first stood on each cell (its trail) and,
//! with the rule variants, what each turn leaves of the other dragons, the
//! keys and the doors ([`Board::pieces`]). A [`Frame`] is one moment
//! without its grid: where the pieces stand, how far the line has come, a
//! status line and perhaps a sentence. Its memory is a few bytes per tile,
//! whatever the line's length.
//!
//! These are the game's data, not its pictures, so they live beside the
//! model rather than in [`render`](crate::render): [`play`](crate::play),
//! the game as a pure state machine, records its turns on a board and
//! describes its position as a frame without importing the renderers,
//! while the renderers read the board to draw any frame of it
//! ([`render::board`](crate::render::board) adds the drawing methods, such
//! as [`Board::text`], and [`Film`](crate::render::film::Film) makes the
//! frames of a solved line). How a cell looks is the renderers' business:
//! the board says what lies there, who stood there and when.

use crate::graph::{CellId, Direction, Graph, UNREACHABLE};
use crate::puzzle::{Locks, Pos, Puzzle};
use crate::search::solution::{Move, Pieces};
use crate::tile::Tile;

/// What happened just before a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// The starting position.
    Start,
    /// The hero has moved (or waited, with waiting on).
    Hero(Move),
    /// The dragon has answered: its step, or `None` when it sleeps (it has
    /// no path to the hero).
    Dragon(Option<Direction>),
    /// The hero has no safe move left: the dragon catches it.
    Caught,
    /// A position in play mode (the status line says more).
    Play,
}

/// One picture of the game, without its grid: where the pieces stand, how
/// far the line has come, a status line and perhaps a sentence. A
/// [`Board`] draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Hero moves made so far; the trail is where the hero stood before
    /// each of them.
    pub step: usize,
    /// Hero moves in the whole line (0 in play mode).
    pub total: usize,
    /// What just happened.
    pub event: Event,
    /// Where the hero stands.
    pub hero: Pos,
    /// Where the dragon stands.
    pub dragon: Pos,
    /// Whether the hero is caught (it has no safe move left).
    pub caught: bool,
    /// The length of a shortest path between hero and dragon through free
    /// cells, `None` when there is none (the dragon sleeps).
    pub distance: Option<usize>,
    /// The status line.
    pub status: String,
    /// A sentence under the status line: the result on the last frame of a
    /// playback, a refusal, hint or result in play mode.
    pub message: Option<String>,
}

/// A move's name in lower case, as status lines and hints say it: a
/// direction's, or `wait`.
pub(crate) fn lower(m: impl Into<Move>) -> &'static str {
    match m.into() {
        Move::Step(Direction::Up) => "up",
        Move::Step(Direction::Left) => "left",
        Move::Step(Direction::Down) => "down",
        Move::Step(Direction::Right) => "right",
        Move::Wait => "wait",
    }
}

/// A step no hero has made yet.
const NEVER: u32 = u32::MAX;

/// The map of one game: what lies on each tile (walls, free cells, the
/// exit, keys and doors), for each cell the first step at which the hero
/// stood there, and what each turn leaves of the rule variants' pieces. It
/// draws any [`Frame`] of the game (see
/// [`render::board`](crate::render::board)); its memory is a few bytes per
/// tile, whatever the line's length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    width: usize,
    height: usize,
    exit: Pos,
    /// Per tile, row-major: what lies there under the pieces (a wall, a
    /// free cell, the exit, a key or a door).
    ground: Vec<Tile>,
    /// Per tile, row-major: whether it is a free cell the hero can reach,
    /// recorded only to show why there is no path (empty otherwise).
    reach: Vec<bool>,
    /// Per tile, row-major: the first index of the line where the hero
    /// stands there ([`NEVER`] if none yet).
    visits: Vec<u32>,
    /// The keys and the doors, in row-major order (empty in the official
    /// game).
    keys: Vec<Pos>,
    doors: Vec<Pos>,
    /// With the rule variants' pieces, what the start and each turn of the
    /// line leave of them (index: hero moves made); empty otherwise.
    variant: Vec<Pieces>,
}

impl Board {
    /// What the board holds per tile, at most: the ground, the reach mark
    /// and the first visit.
    pub(crate) const BYTES_PER_TILE: usize =
        size_of::<Tile>() + size_of::<bool>() + size_of::<u32>();

    /// The map's walls, free cells, exit, keys and doors; no visits yet.
    pub(crate) fn new(puzzle: &Puzzle) -> Board {
        let (width, height) = (puzzle.width(), puzzle.height());
        let ground = (0..width * height)
            .map(|i| {
                let pos = Pos::new(i / width, i % width);
                if pos == puzzle.exit() {
                    Tile::Exit
                } else if puzzle.tile(pos) == Some(Tile::Key) {
                    Tile::Key
                } else if puzzle.tile(pos) == Some(Tile::Door) {
                    Tile::Door
                } else if puzzle.is_free(pos) {
                    Tile::Free
                } else {
                    Tile::Wall
                }
            })
            .collect();
        Board {
            width,
            height,
            exit: puzzle.exit(),
            ground,
            reach: Vec::new(),
            visits: vec![NEVER; width * height],
            keys: puzzle.keys().to_vec(),
            doors: puzzle.doors().to_vec(),
            variant: Vec::new(),
        }
    }

    /// Records what the rule variants' pieces are after `step` hero moves
    /// (a game in play: each move's, the start's at step 0); the line is
    /// cut there, as when the hero steps back.
    pub(crate) fn set_pieces(&mut self, step: usize, pieces: Pieces) {
        self.variant.truncate(step);
        let last = self.variant.last().copied().unwrap_or_default();
        self.variant.resize(step, last);
        self.variant.push(pieces);
    }

    /// The other dragons, keys taken and doors opened in `frame`: those
    /// after its step, but on the hero's half of a turn the other dragons
    /// of the step before (they have not answered yet). None taken or
    /// opened, and no other dragon, on a board without a line of them
    /// (the official game, play mode).
    pub fn pieces(&self, frame: &Frame) -> Pieces {
        self.pieces_at(frame.step, matches!(frame.event, Event::Hero(_)))
    }

    /// The pieces after `step` hero moves, with the other dragons of the
    /// step before on the hero's half of a turn (`hero_half`).
    pub(crate) fn pieces_at(&self, step: usize, hero_half: bool) -> Pieces {
        let Some(after) = self.variant.get(step) else {
            return Pieces::default();
        };
        let others = if hero_half && step > 0 {
            self.variant[step - 1].others
        } else {
            after.others
        };
        Pieces {
            others,
            locks: after.locks,
        }
    }

    /// Whether the board records the rule variants' pieces turn by turn.
    pub(crate) fn records_pieces(&self) -> bool {
        !self.variant.is_empty()
    }

    /// Whether a cell may show a variant piece: the board records them, or
    /// the map has keys.
    pub(crate) fn has_pieces(&self) -> bool {
        self.records_pieces() || !self.keys.is_empty()
    }

    /// Grid width in cells.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Grid height in cells.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Where the exit is.
    pub fn exit(&self) -> Pos {
        self.exit
    }

    fn index(&self, pos: Pos) -> Option<usize> {
        (pos.row < self.height && pos.col < self.width).then(|| pos.row * self.width + pos.col)
    }

    /// What lies on the tile at `pos` under the pieces (a wall, a free
    /// cell, the exit, a key or a door); `None` outside the grid.
    pub(crate) fn ground(&self, pos: Pos) -> Option<Tile> {
        self.index(pos).map(|at| self.ground[at])
    }

    /// Whether `pos` is a free cell recorded as within the hero's reach
    /// ([`Board::mark_reach`]).
    pub(crate) fn reached(&self, pos: Pos) -> bool {
        self.index(pos)
            .is_some_and(|at| self.reach.get(at).copied().unwrap_or(false))
    }

    /// Whether the hero stood on `pos` before step `step` of the line.
    pub(crate) fn trodden(&self, pos: Pos, step: usize) -> bool {
        self.index(pos)
            .is_some_and(|at| usize::try_from(self.visits[at]).is_ok_and(|v| v < step))
    }

    /// Whether a key lies at `pos` and `locks` has it taken.
    pub(crate) fn key_taken(&self, pos: Pos, locks: Locks) -> bool {
        self.keys
            .binary_search(&pos)
            .is_ok_and(|i| locks.is_taken(i))
    }

    /// Whether a door stands at `pos` and `locks` has it open.
    pub(crate) fn door_open(&self, pos: Pos, locks: Locks) -> bool {
        self.doors
            .binary_search(&pos)
            .is_ok_and(|i| locks.is_open(i))
    }

    /// Records that the hero stands on `pos` at step `step` of the line
    /// (kept if it stood there earlier).
    pub(crate) fn visit(&mut self, pos: Pos, step: usize) {
        if let Some(at) = self.index(pos) {
            let step = u32::try_from(step).unwrap_or(NEVER - 1);
            self.visits[at] = self.visits[at].min(step);
        }
    }

    /// Takes back [`Board::visit`]`(pos, step)`: the line is cut before
    /// `step`.
    pub(crate) fn forget(&mut self, pos: Pos, step: usize) {
        if let Some(at) = self.index(pos) {
            if usize::try_from(self.visits[at]).is_ok_and(|v| v >= step) {
                self.visits[at] = NEVER;
            }
        }
    }

    /// Records every free cell the hero can reach from `hero` on `graph`
    /// (shown when there is no path, to say why).
    pub(crate) fn mark_reach(&mut self, graph: &Graph, hero: Pos) {
        let Some(hero) = graph.cell_at(hero) else {
            return;
        };
        self.reach.resize(self.ground.len(), false);
        for (i, d) in graph.distances_from(hero).iter().enumerate() {
            let pos = graph.pos(CellId(i as u32));
            let at = pos.row * self.width + pos.col;
            if *d != UNREACHABLE && self.ground[at] == Tile::Free {
                self.reach[at] = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::solution::Others;

    #[test]
    fn the_ground_is_the_map_without_its_pieces() {
        use Tile::{Door, Exit, Free, Key, Wall};
        let puzzle: Puzzle = "H.k+E\n#D..#".parse().unwrap();
        let board = Board::new(&puzzle);
        let row: Vec<Option<Tile>> = (0..6).map(|c| board.ground(Pos::new(0, c))).collect();
        assert_eq!(
            row,
            [
                Some(Free),
                Some(Free),
                Some(Key),
                Some(Door),
                Some(Exit),
                None
            ]
        );
        assert_eq!(board.ground(Pos::new(1, 0)), Some(Wall));
        assert_eq!(board.ground(Pos::new(1, 1)), Some(Free));
        assert_eq!(board.ground(Pos::new(2, 0)), None);
        assert!(board.has_pieces() && !board.records_pieces());
    }

    #[test]
    fn the_trail_is_cut_where_the_line_is() {
        let puzzle: Puzzle = "H..E\n#..D".parse().unwrap();
        let mut board = Board::new(&puzzle);
        let p = Pos::new;
        let line = [p(0, 0), p(0, 1), p(1, 1), p(0, 1)];
        for (step, &pos) in line.iter().enumerate() {
            board.visit(pos, step);
        }
        // The hero first stood on (0, 1) at step 1: trail from step 2 on.
        assert!(!board.trodden(p(0, 1), 1) && board.trodden(p(0, 1), 2));
        assert!(board.trodden(p(1, 1), 3) && !board.trodden(p(0, 2), 4));
        // Taking back steps 3 and 2 keeps the first visit of (0, 1).
        board.forget(p(0, 1), 3);
        board.forget(p(1, 1), 2);
        assert!(board.trodden(p(0, 1), 3) && !board.trodden(p(1, 1), 3));
        assert!(!board.trodden(p(5, 5), 9));
    }

    #[test]
    fn the_pieces_follow_the_line_and_the_hero_moves_first() {
        let puzzle: Puzzle = "H.k+..E\n#.###.#\nD.....D".parse().unwrap();
        let mut board = Board::new(&puzzle);
        let p = Pos::new;
        let at = |other: Option<Pos>, taken, opened| Pieces {
            others: Others::new(other),
            locks: Locks { taken, opened },
        };
        assert_eq!(board.pieces_at(0, false), Pieces::default());
        board.set_pieces(0, at(Some(p(2, 6)), 0, 0));
        board.set_pieces(1, at(Some(p(2, 5)), 1, 0));
        board.set_pieces(2, at(None, 1, 1));
        assert!(board.records_pieces());
        // On the hero's half of turn 2 the other dragon has not answered.
        assert_eq!(board.pieces_at(2, true), at(Some(p(2, 5)), 1, 1));
        assert_eq!(board.pieces_at(2, false), at(None, 1, 1));
        assert_eq!(board.pieces_at(3, false), Pieces::default());
        let locks = board.pieces_at(2, false).locks;
        assert!(board.key_taken(p(0, 2), locks) && board.door_open(p(0, 3), locks));
        assert!(!board.key_taken(p(0, 3), locks) && !board.door_open(p(0, 2), locks));
        // Back to step 1: the door is closed again.
        board.set_pieces(1, at(Some(p(2, 5)), 1, 0));
        assert_eq!(board.pieces_at(2, false), Pieces::default());
        assert!(!board.door_open(p(0, 3), board.pieces_at(1, false).locks));
        // A step recorded past the end repeats the last pieces up to it.
        board.set_pieces(3, at(None, 1, 1));
        assert_eq!(board.pieces_at(2, false), at(Some(p(2, 5)), 1, 0));
    }
}
