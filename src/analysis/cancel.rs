//! A caller's request to stop an analysis (issue 28 item 4: a cancelled MCP call went on for
//! 36 s holding its check slot). The analysis reads the flag between rules, between
//! paragraphs while tokenising and between the pieces of a long paragraph, and then returns
//! early; the caller throws the partial result away. Analysis stays pure: it only reads a
//! flag the caller owns (a client's `notifications/cancelled`, Ctrl-C).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// A flag to stop at the next check, and optionally a count of the checks made (the units
/// of work started: what a test counts instead of timing).
#[derive(Clone, Copy, Debug, Default)]
pub struct Cancel<'a> {
    flag: Option<&'a AtomicBool>,
    checks: Option<&'a AtomicUsize>,
    /// Set from this many checks on (tests: a cancel that arrives mid-way, counted).
    trip_at: Option<usize>,
}

impl<'a> Cancel<'a> {
    /// Never set: an analysis that runs to its end.
    pub const NEVER: Cancel<'static> = Cancel {
        flag: None,
        checks: None,
        trip_at: None,
    };

    pub fn new(flag: &'a AtomicBool) -> Cancel<'a> {
        Cancel {
            flag: Some(flag),
            ..Cancel::default()
        }
    }

    /// Never set; every check counted into `checks`.
    pub fn counting(checks: &'a AtomicUsize) -> Cancel<'a> {
        Cancel {
            checks: Some(checks),
            ..Cancel::default()
        }
    }

    /// Set from the `n`-th check on, every check counted into `checks`.
    pub fn after(checks: &'a AtomicUsize, n: usize) -> Cancel<'a> {
        Cancel {
            checks: Some(checks),
            trip_at: Some(n),
            ..Cancel::default()
        }
    }

    /// Whether the caller asked to stop; called before each unit of work.
    pub fn is_set(&self) -> bool {
        let made = self.checks.map(|c| c.fetch_add(1, Ordering::Relaxed) + 1);
        if let (Some(made), Some(n)) = (made, self.trip_at) {
            if made >= n {
                return true;
            }
        }
        self.flag.is_some_and(|f| f.load(Ordering::Relaxed))
    }
}
