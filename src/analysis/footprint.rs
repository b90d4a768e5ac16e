//! What analysing a text will cost in memory, told before the text model is built: a file
//! of millions of one-character lines takes ~760 bytes of model per line (body line,
//! paragraph, sentence, the words of its paragraph), some 380 times its size, and a
//! 16 MiB one would take 6 GB. A caller refuses a text whose estimate is over its budget
//! (`over_budget`) instead of running out of memory half-way.
//!
//! The costs are measured (`benches/hostile_input.sh`, release build, peak RSS over input
//! bytes on 4 MiB inputs): one-character lines 386x, novel text 11.5x, web-novel text with a
//! blank line between short ones 34x, one huge line 6x.

/// Bytes of model per line holding text (a paragraph, its sentence and words).
const PER_TEXT_LINE: u64 = 760;
/// Bytes of model per blank line (a body line, a line start, its displayed `\n`).
const PER_BLANK_LINE: u64 = 80;
/// Bytes of model per input byte (displayed text, its map back to the source, tokens).
const PER_BYTE: u64 = 8;

/// Peak memory of an analysis is kept under `BUDGET_RATIO` times the input's size...
pub const BUDGET_RATIO: u64 = 40;
/// ...or under this much, whichever is more: the dictionary and the process take ~20 MB
/// whatever the text, so a small text is never refused.
pub const BUDGET_FLOOR: u64 = 256 * 1024 * 1024;

/// The estimate, and the lines it counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Footprint {
    pub bytes: u64,
    pub text_lines: u64,
    pub blank_lines: u64,
    /// Estimated bytes of memory the analysis takes at its peak.
    pub estimate: u64,
}

impl Footprint {
    /// The budget this text is held to: `BUDGET_RATIO` times its size, at least
    /// `BUDGET_FLOOR`.
    pub fn budget(&self) -> u64 {
        (self.bytes * BUDGET_RATIO).max(BUDGET_FLOOR)
    }

    /// Whether analysing the text would take more than its budget.
    pub fn over_budget(&self) -> bool {
        self.estimate > self.budget()
    }
}

/// Counts `text`'s lines (one pass, no allocation) and estimates the analysis's peak memory.
pub fn estimate(text: &str) -> Footprint {
    let mut text_lines = 0u64;
    let mut blank_lines = 0u64;
    for line in text.split_terminator('\n') {
        if line.trim_matches(super::segment::is_space).is_empty() {
            blank_lines += 1;
        } else {
            text_lines += 1;
        }
    }
    let bytes = text.len() as u64;
    Footprint {
        bytes,
        text_lines,
        blank_lines,
        estimate: bytes * PER_BYTE + text_lines * PER_TEXT_LINE + blank_lines * PER_BLANK_LINE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flood_of_one_character_lines_is_over_budget_and_prose_is_not() {
        let mib = 1024 * 1024;
        let short = "a\n".repeat(8 * mib);
        let f = estimate(&short);
        assert_eq!(f.text_lines, 8 * mib as u64);
        assert!(f.over_budget(), "{f:?}");
        // A web novel's shape: short dialogue lines with a blank line between, 16 MiB.
        let web = "「はい、わかりました」\n\n".repeat(16 * mib / 32);
        let f = estimate(&web);
        assert!(!f.over_budget(), "{f:?}");
        // One huge line, and a small file of short lines (under the floor).
        assert!(!estimate(&"あ".repeat(5 * mib)).over_budget());
        assert!(!estimate(&"a\n".repeat(100_000)).over_budget());
    }

    #[test]
    fn blank_lines_and_lines_of_spaces_are_blank() {
        let f = estimate("　本文。\n\n　\n \t\nあ");
        assert_eq!((f.text_lines, f.blank_lines), (2, 3));
    }
}
