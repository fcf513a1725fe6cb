//! Shared helpers for the integration tests.

pub(crate) mod brute;
pub(crate) mod check;
pub(crate) mod random;
