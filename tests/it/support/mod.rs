//! Shared helpers for the integration tests.

pub mod brute;
pub mod check;
pub mod random;
