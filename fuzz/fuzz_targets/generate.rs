//! The `generate` fuzz target: [`dragon_escape_fuzz::generate`] on libFuzzer's bytes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    dragon_escape_fuzz::generate(data);
});
