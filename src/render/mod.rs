//! Renderers: pure functions from a [`Solution`](crate::Solution) to text
//! or report structures. Nothing here writes to a terminal or a file.

pub mod animate;
pub mod cast;
pub mod frames;
#[cfg(feature = "gif")]
pub mod gif;
pub mod map;
pub mod overview;
pub mod screen;
pub mod svg;
pub mod text;

#[cfg(feature = "json")]
pub mod json;
