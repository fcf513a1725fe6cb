//! The one-line summary and the step list.

use crate::error::plural;
use crate::search::rules::Ties;
use crate::search::solution::{Outcome, Solution};

/// The result as one sentence, e.g. `The shortest path is 16 steps.`
/// Under a rule variant it says so: `The shortest path is 4 steps
/// (dragon speed 2).`, `... (waiting).`, `... (dragon speed 2, waiting).`
///
/// ```
/// use dragon_escape::{render::text::summary, solve, Options, Puzzle};
/// let puzzle: Puzzle = "H.E..D".parse()?;
/// let solution = solve(&puzzle, &Options::default())?;
/// assert_eq!(summary(&solution), "The shortest path is 2 steps.");
/// # Ok::<(), dragon_escape::Error>(())
/// ```
pub fn summary(solution: &Solution) -> String {
    let sentence = outcome_sentence(solution);
    let rules = solution.rules;
    let mut variants = Vec::new();
    if !rules.speed.is_one() {
        variants.push(format!("dragon speed {}", rules.speed));
    }
    if rules.wait {
        variants.push("waiting".to_owned());
    }
    if variants.is_empty() {
        return sentence;
    }
    let bare = sentence.strip_suffix('.').unwrap_or(&sentence);
    format!("{bare} ({}).", variants.join(", "))
}

/// The summary under the official rules.
fn outcome_sentence(solution: &Solution) -> String {
    match solution.outcome {
        Outcome::Escaped { steps } => match solution.rules.ties {
            Ties::Adversarial => {
                format!("The shortest guaranteed path is {}.", plural(steps, "step"))
            }
            Ties::Priority(_) => format!("The shortest path is {}.", plural(steps, "step")),
            Ties::Optimistic => format!(
                "Under any tie rule the shortest path is at least {} (the optimistic bound).",
                plural(steps, "step")
            ),
        },
        Outcome::NoPath => "There is no path to the exit, even without the dragon.".into(),
        Outcome::Caught { .. } if solution.endless() => {
            "The dragon bars every path to the exit; the hero can only run from it forever.".into()
        }
        Outcome::Caught { .. } => "The dragon catches the hero on every path.".into(),
    }
}

/// The hero's moves and their count, on two lines:
/// `Steps: Down, Right, ...` and `Total: 16 steps`. Empty without an escape.
/// On a map with keys, a move that opens a door or takes a key says so:
/// `Right (takes a key)`, `Down (opens a door)`, `Up (opens a door and
/// takes a key)`.
pub fn steps(solution: &Solution) -> String {
    let Some(count) = solution.outcome.steps() else {
        return String::new();
    };
    let names: Vec<String> = solution
        .moves()
        .enumerate()
        .map(|(i, m)| {
            let (before, after) = (
                solution.pieces_after(i).locks,
                solution.pieces_after(i + 1).locks,
            );
            let opens = after.opened.count_ones() > before.opened.count_ones();
            let takes = after.taken.count_ones() > before.taken.count_ones();
            match (opens, takes) {
                (false, false) => m.name().to_owned(),
                (true, false) => format!("{} (opens a door)", m.name()),
                (false, true) => format!("{} (takes a key)", m.name()),
                (true, true) => format!("{} (opens a door and takes a key)", m.name()),
            }
        })
        .collect();
    format!(
        "Steps: {}\nTotal: {}\n",
        names.join(", "),
        plural(count, "step")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_that_takes_a_key_or_opens_a_door_says_so() {
        let (_, solution) = crate::render::fixture::variant_game();
        assert_eq!(
            steps(&solution),
            "Steps: Right, Right (takes a key), Right (opens a door), Right, Right, Right\n\
             Total: 6 steps\n"
        );
    }
}
