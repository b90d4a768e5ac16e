//! Throughput of the text model over the shared Aozora corpus (read in place):
//! `cargo run --release --example bench_text_model [ITERATIONS]`. Prints MB/s for
//! `Document::parse` alone and for parse + `metrics::compute`. Not a test: no assertions.
use noveler::analysis::{metrics, Document, Settings, Source};
use std::path::Path;
use std::time::Instant;

fn main() {
    let iterations: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let Some(dir) = ["../shared/corpus/aozora", "../../shared/corpus/aozora"]
        .iter()
        .map(|p| root.join(p))
        .find(|p| p.is_dir())
    else {
        eprintln!("shared/corpus/aozora not found");
        return;
    };
    let mut texts = Vec::new();
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("cannot read {}", dir.display());
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|x| x == "txt") {
            if let Ok(raw) = std::fs::read_to_string(&path) {
                texts.push(Source::new(&raw).text);
            }
        }
    }
    let bytes: usize = texts.iter().map(String::len).sum();
    let settings = Settings::default();
    let mb = bytes as f64 / 1_000_000.0;
    println!(
        "{} files, {:.2} MB, {iterations} iterations",
        texts.len(),
        mb
    );

    let mut sink = 0usize;
    let t = Instant::now();
    for _ in 0..iterations {
        for text in &texts {
            sink += Document::parse(text).body_chars;
        }
    }
    let per = t.elapsed().as_secs_f64() / iterations as f64;
    println!(
        "parse:            {:7.2} ms per corpus, {:7.1} MB/s",
        per * 1e3,
        mb / per
    );

    let t = Instant::now();
    for _ in 0..iterations {
        for text in &texts {
            let doc = Document::parse(text);
            sink += metrics::compute(&doc, &settings).rhythm.sentences;
        }
    }
    let per = t.elapsed().as_secs_f64() / iterations as f64;
    println!(
        "parse + metrics:  {:7.2} ms per corpus, {:7.1} MB/s",
        per * 1e3,
        mb / per
    );
    println!("(checksum {sink})");
}
