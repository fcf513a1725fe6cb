//! The one integration-test binary: shared support code and one module per area.

mod cli;
mod examples;
mod solve;
mod support;
