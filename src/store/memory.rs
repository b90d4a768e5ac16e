//! Memory limits per operation and in total (seed 000 §7.2: `MEMORY_LIMIT_PER_OPERATION =
//! "500MB"`, `TOTAL_MEMORY_LIMIT = "2GB"`; R002 "メモリ不足" of §5.6), as noveler can keep
//! them honestly (docs/DECISIONS.md "Memory limits"):
//!
//! - **Total**: before an operation starts, the process's resident set (VmRSS) is compared
//!   with the total limit; at or above it the operation is refused with R002 and nothing
//!   runs (`admit`).
//! - **Per operation**: measured, not pre-empted. The peak resident set during the
//!   operation (VmHWM after resetting it through `/proc/self/clear_refs` at the start) minus
//!   the resident set at the start is the operation's use; over the limit the operation's
//!   result stands and R002 is reported beside it (`Usage::exceeded`). Rust aborts on a
//!   failed allocation, so a hard cap (RLIMIT_AS, a capped allocator) would kill the
//!   server instead of answering; and the input size does not predict the working set (a
//!   2 MB corpus peaks at 106 MB, 3 MB of one bracket at 1 GB; issue 12).
//!
//! Linux only (`/proc/self/status`); elsewhere nothing is measured and nothing refused.
//! Counters are the process's: calls running at the same time share them.

use crate::error::{Code, Error, Result};
use serde::Serialize;

const MIB: u64 = 1024 * 1024;

/// The seed's limits, in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Limits {
    pub per_operation_bytes: u64,
    pub total_bytes: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            per_operation_bytes: 500 * MIB,
            total_bytes: 2048 * MIB,
        }
    }
}

/// Environment variables that change the limits (MiB), e.g. for a machine with less memory.
pub const ENV_PER_OPERATION: &str = "NOVELER_MEMORY_LIMIT_MB";
pub const ENV_TOTAL: &str = "NOVELER_MEMORY_TOTAL_MB";

impl Limits {
    /// The limits from the two environment values (MiB; unset = the seed's), U001 for one
    /// that is not a positive whole number.
    pub(crate) fn from_values(per_operation: Option<&str>, total: Option<&str>) -> Result<Limits> {
        let parse = |name: &str, v: Option<&str>, default: u64| -> Result<u64> {
            match v.map(str::trim) {
                None | Some("") => Ok(default),
                Some(v) => v
                    .parse::<u64>()
                    .ok()
                    .filter(|&n| n > 0)
                    .map(|n| n.saturating_mul(MIB))
                    .ok_or_else(|| {
                        Error::new(
                            Code::U001,
                            format!("{name} は MiB 単位の正の整数で指定してください（{v}）"),
                        )
                        .hint(format!("例: {name}=500"))
                    }),
            }
        };
        let d = Limits::default();
        Ok(Limits {
            per_operation_bytes: parse(ENV_PER_OPERATION, per_operation, d.per_operation_bytes)?,
            total_bytes: parse(ENV_TOTAL, total, d.total_bytes)?,
        })
    }
}

/// A field of `/proc/self/status` in bytes (`VmRSS`, `VmHWM`).
fn status_field(text: &str, name: &str) -> Option<u64> {
    let rest = text.lines().find_map(|l| l.strip_prefix(name))?;
    let kib: u64 = rest
        .trim_start_matches(':')
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    Some(kib * 1024)
}

/// (VmRSS, VmHWM) of the process in bytes.
fn rss_and_peak() -> Option<(u64, u64)> {
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    Some((status_field(&text, "VmRSS")?, status_field(&text, "VmHWM")?))
}

/// The resident set size of the process now, in bytes.
pub fn resident() -> Option<u64> {
    rss_and_peak().map(|(rss, _)| rss)
}

/// Resets the process's peak resident set (VmHWM) to its current one (Linux ≥ 4.0).
fn reset_peak() -> bool {
    std::fs::write("/proc/self/clear_refs", b"5").is_ok()
}

/// Refuses (R002) to start an operation while the process already holds the total limit.
pub(crate) fn admit(limits: &Limits) -> Result<()> {
    match resident() {
        Some(rss) if rss >= limits.total_bytes => Err(Error::new(
            Code::R002,
            format!(
                "メモリ使用量が上限を超えています（使用中 {} MiB／上限 {} MiB）。処理を始めませんでした",
                rss / MIB,
                limits.total_bytes / MIB
            ),
        )
        .hint("実行中のほかの処理が終わってから、もう一度実行してください。")
        .details(serde_json::json!({
            "memory_limit": "total",
            "resident_bytes": rss,
            "limit_bytes": limits.total_bytes,
        }))),
        _ => Ok(()),
    }
}

/// The memory counters at the start of an operation.
#[derive(Clone, Copy, Debug)]
pub struct Meter {
    start_rss: Option<u64>,
    start_peak: Option<u64>,
    reset: bool,
    /// One process, one operation (the CLI): nothing read at the start.
    whole_process: bool,
}

/// What an operation used, as its debug record and report carry it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Usage {
    /// Peak resident set of the process during the operation.
    pub peak_rss_bytes: Option<u64>,
    /// Resident set at the start.
    pub start_rss_bytes: Option<u64>,
    /// `peak − start`: the operation's own use (and that of calls running beside it).
    pub used_bytes: Option<u64>,
    pub limit_bytes: u64,
    pub exceeded: bool,
    /// `R002` when exceeded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<&'static str>,
    /// `peak_reset` (VmHWM reset at the start), `process_peak` (the process's lifetime
    /// peak, counted only when this operation raised it) or `unavailable`.
    pub method: &'static str,
}

impl Meter {
    /// Starts measuring: resets the peak so that the end reads this operation's.
    pub fn start() -> Meter {
        let reset = reset_peak();
        let (start_rss, start_peak) = match rss_and_peak() {
            Some((r, p)) => (Some(r), Some(p)),
            None => (None, None),
        };
        Meter {
            start_rss,
            start_peak,
            reset,
            whole_process: false,
        }
    }

    /// Measures a process that runs one operation (the CLI): nothing is read at the start,
    /// and the end reads the process's lifetime peak once — the operation's use plus the few
    /// MiB the program itself holds. Saves a `/proc` write and a read per command.
    pub(crate) fn whole_process() -> Meter {
        Meter {
            start_rss: None,
            start_peak: None,
            reset: false,
            whole_process: true,
        }
    }

    /// What the operation used against `limits.per_operation_bytes`.
    pub(crate) fn finish(&self, limits: &Limits) -> Usage {
        let now = rss_and_peak();
        let peak = now.map(|(_, p)| p);
        let (used, method) = match (self.start_rss, self.start_peak, peak) {
            (_, _, Some(peak)) if self.whole_process => (Some(peak), "process_peak"),
            (Some(start), _, Some(peak)) if self.reset => {
                (Some(peak.saturating_sub(start)), "peak_reset")
            }
            (Some(start), Some(before), Some(peak)) if peak > before => {
                (Some(peak.saturating_sub(start)), "process_peak")
            }
            (Some(_), Some(_), Some(_)) => (None, "process_peak"),
            _ => (None, "unavailable"),
        };
        let exceeded = used.is_some_and(|u| u > limits.per_operation_bytes);
        Usage {
            peak_rss_bytes: peak,
            start_rss_bytes: self.start_rss,
            used_bytes: used,
            limit_bytes: limits.per_operation_bytes,
            exceeded,
            code: exceeded.then_some(Code::R002.as_str()),
            method,
        }
    }
}

impl Usage {
    /// The R002 warning of an operation over its limit (its result stands).
    pub fn warning(&self, operation: &str) -> Option<String> {
        self.exceeded.then(|| {
            format!(
                "R002: {operation} が 1 操作あたりのメモリ上限を超えました（{} MiB／上限 {} MiB）。結果はそのまま有効です。入力を分けると使用量が下がります",
                self.used_bytes.unwrap_or(0) / MIB,
                self.limit_bytes / MIB
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_default_to_the_seed_and_read_mib() {
        let d = Limits::default();
        assert_eq!(d.per_operation_bytes, 500 * MIB);
        assert_eq!(d.total_bytes, 2048 * MIB);
        assert_eq!(Limits::from_values(None, Some("")).unwrap(), d);
        let l = Limits::from_values(Some("1"), Some("4096")).unwrap();
        assert_eq!((l.per_operation_bytes, l.total_bytes), (MIB, 4096 * MIB));
        for bad in ["0", "-1", "1.5", "x"] {
            let e = Limits::from_values(Some(bad), None).unwrap_err();
            assert_eq!(e.code, Code::U001, "{bad}");
        }
    }

    #[test]
    fn status_fields_are_read_in_bytes() {
        let text = "Name:\tx\nVmHWM:\t  2048 kB\nVmRSS:\t  1024 kB\n";
        assert_eq!(status_field(text, "VmRSS"), Some(1024 * 1024));
        assert_eq!(status_field(text, "VmHWM"), Some(2048 * 1024));
        assert_eq!(status_field(text, "VmSwap"), None);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn an_allocation_over_the_limit_is_measured_and_flagged() {
        let limits = Limits {
            per_operation_bytes: 8 * MIB,
            total_bytes: u64::MAX,
        };
        let meter = Meter::start();
        // 64 MiB written page by page, so it is resident.
        let block = vec![1u8; 64 * MIB as usize];
        let usage = meter.finish(&limits);
        assert_eq!(block.iter().map(|&b| b as u64).sum::<u64>(), 64 * MIB);
        drop(block);
        assert!(usage.used_bytes.unwrap() >= 32 * MIB, "{usage:?}");
        assert!(usage.exceeded && usage.code == Some("R002"), "{usage:?}");
        assert!(usage.warning("check").unwrap().starts_with("R002"));
        // The total limit refuses before anything runs.
        let tiny = Limits {
            per_operation_bytes: MIB,
            total_bytes: MIB,
        };
        assert_eq!(admit(&tiny).unwrap_err().code, Code::R002);
        assert!(admit(&Limits::default()).is_ok());
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_whole_process_meter_reads_the_lifetime_peak_at_the_end() {
        let meter = Meter::whole_process();
        let block = vec![1u8; 16 * MIB as usize];
        let usage = meter.finish(&Limits {
            per_operation_bytes: 8 * MIB,
            total_bytes: u64::MAX,
        });
        assert_eq!(block.iter().map(|&b| b as u64).sum::<u64>(), 16 * MIB);
        assert_eq!(usage.method, "process_peak");
        assert_eq!(usage.start_rss_bytes, None);
        assert!(usage.used_bytes.unwrap() >= 16 * MIB, "{usage:?}");
        assert!(usage.exceeded, "{usage:?}");
    }
}
