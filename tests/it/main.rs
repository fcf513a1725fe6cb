//! The one integration-test binary: shared support code and one module per area.

#[cfg(feature = "cli")]
mod cli;
mod examples;
mod families;
mod fuzz;
#[cfg(feature = "mapgen")]
mod generate;
#[cfg(feature = "mapgen")]
mod generate_variants;
#[cfg(all(unix, feature = "cli", feature = "json"))]
mod heat_map;
#[cfg(feature = "cli")]
mod inputs;
#[cfg(all(unix, feature = "cli", feature = "mapgen"))]
mod interrupt;
mod mistakes;
#[cfg(all(feature = "cli", feature = "mapgen"))]
mod options;
#[cfg(all(unix, feature = "cli"))]
mod outputs;
#[cfg(all(unix, feature = "cli"))]
mod pictures;
#[cfg(all(unix, feature = "cli", feature = "playback"))]
mod playback;
#[cfg(all(unix, feature = "cli", feature = "mapgen"))]
mod readme;
#[cfg(all(feature = "cli", feature = "json"))]
mod schema;
mod solve;
mod speed;
mod support;
mod table;
mod tidy;
mod turn;
#[cfg(feature = "cli")]
mod variant_outputs;
mod variants;
mod wait;
