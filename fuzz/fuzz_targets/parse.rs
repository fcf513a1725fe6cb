//! The `parse` fuzz target: [`dragon_escape_fuzz::parse`] on libFuzzer's bytes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dragon_escape_fuzz::parse(data));
