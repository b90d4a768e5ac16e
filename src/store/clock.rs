//! The one clock of a call (issue 29 item 2). The adapters (`cli`, `mcp`, `lsp`) put the
//! system clock on the call's `Ctx`; every reader of the time below them takes it from
//! there (or from the `Clock` handed down to `store`), so a test fixes the time of a whole
//! call in one place. This module is the only one that reads the wall clock
//! (tests/architecture.rs). Durations are measured with `Instant`, which is not a date.

use std::sync::Arc;
use std::time::SystemTime;

/// Where the time of a call comes from: the wall clock in the binary, a fixed one in tests.
#[derive(Clone)]
pub struct Clock(Arc<dyn Fn() -> SystemTime + Send + Sync>);

impl Clock {
    /// The wall clock.
    pub fn system() -> Clock {
        Clock(Arc::new(SystemTime::now))
    }

    /// A clock that always says `at` (tests).
    pub fn fixed(at: SystemTime) -> Clock {
        Clock(Arc::new(move || at))
    }

    /// The current time.
    pub fn now(&self) -> SystemTime {
        (self.0)()
    }

    /// The current time as the RFC 3339 UTC timestamp (milliseconds) of envelopes, sessions
    /// and records.
    pub fn timestamp(&self) -> String {
        super::envelope::timestamp(self.now())
    }

    /// The local calendar date, `YYYY-MM-DD`.
    pub fn local_date(&self) -> String {
        chrono::DateTime::<chrono::Local>::from(self.now())
            .format("%Y-%m-%d")
            .to_string()
    }
}

impl std::fmt::Debug for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Clock")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, UNIX_EPOCH};

    #[test]
    fn a_fixed_clock_says_its_time_in_every_form() {
        let c = Clock::fixed(UNIX_EPOCH + Duration::from_millis(1_795_000_000_123));
        assert_eq!(
            c.now(),
            UNIX_EPOCH + Duration::from_millis(1_795_000_000_123)
        );
        assert_eq!(c.timestamp(), "2026-11-18T11:06:40.123Z");
        assert_eq!(c.local_date().len(), 10);
    }
}
