//! The `variants` fuzz target: [`dragon_escape_fuzz::variants`] on libFuzzer's bytes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dragon_escape_fuzz::variants(data));
