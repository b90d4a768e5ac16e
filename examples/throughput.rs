//! In-process analysis throughput: `analysis::analyze` over the given files on one thread,
//! repeated until about two seconds have passed. Prints MB/s and characters/s per core.
//! Used by `benches/check.sh`; run it with `--release`:
//!
//! ```sh
//! cargo run --release --example throughput -- ../shared/corpus/aozora/*.txt
//! ```

use noveler::analysis::{analyze, Settings};
use std::time::{Duration, Instant};

fn main() {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        eprintln!("usage: throughput FILE...");
        std::process::exit(2);
    }
    let mut texts = Vec::new();
    for p in &paths {
        match std::fs::read(p) {
            Ok(bytes) => match noveler::store::text::decode(std::path::Path::new(p), &bytes) {
                Ok(src) => texts.push((p.clone(), src.text)),
                Err(e) => eprintln!("skipped {p}: {e}"),
            },
            Err(e) => eprintln!("skipped {p}: {e}"),
        }
    }
    let bytes: usize = texts.iter().map(|(_, t)| t.len()).sum();
    let chars: usize = texts.iter().map(|(_, t)| t.chars().count()).sum();
    let settings = Settings::default();
    // Warm-up (lazy statics: rule registry, dictionaries, regexes).
    for (name, text) in &texts {
        std::hint::black_box(analyze(text, name, &settings));
    }
    let cpu_start = thread_cpu_seconds();
    let start = Instant::now();
    let mut rounds = 0u32;
    while rounds < 3 || start.elapsed() < Duration::from_secs(2) {
        for (name, text) in &texts {
            std::hint::black_box(analyze(text, name, &settings));
        }
        rounds += 1;
    }
    let secs = start.elapsed().as_secs_f64() / f64::from(rounds);
    let cpu = match (cpu_start, thread_cpu_seconds()) {
        (Some(a), Some(b)) if b > a => Some((b - a) / f64::from(rounds)),
        _ => None,
    };
    println!(
        "files {}  bytes {}  chars {}  rounds {}  time/round {:.2} ms",
        texts.len(),
        bytes,
        chars,
        rounds,
        secs * 1000.0
    );
    println!(
        "throughput (1 thread, wall clock): {:.2} MB/s  {:.2} M chars/s",
        bytes as f64 / secs / 1e6,
        chars as f64 / secs / 1e6
    );
    if let Some(cpu) = cpu {
        println!(
            "throughput (1 thread, CPU time):   {:.2} MB/s  {:.2} M chars/s  (CPU {:.2} ms/round; differs from wall clock on a busy machine)",
            bytes as f64 / cpu / 1e6,
            chars as f64 / cpu / 1e6,
            cpu * 1000.0
        );
    }
}

/// User + system CPU time of this thread (Linux `/proc/thread-self/stat`, in clock ticks of
/// 1/100 s); `None` elsewhere.
fn thread_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}
