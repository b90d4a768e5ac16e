//! Prints in-process analysis throughput over the files given on the command line:
//! `cargo run --release --example analyze_throughput -- ../shared/corpus/aozora/*.txt`
use std::time::Instant;

fn main() {
    let settings = noveler::analysis::Settings::default();
    let texts: Vec<(String, String)> = std::env::args()
        .skip(1)
        .map(|p| {
            let raw = std::fs::read_to_string(&p).expect("readable UTF-8 file");
            (p, noveler::analysis::Source::new(&raw).text)
        })
        .collect();
    let bytes: usize = texts.iter().map(|(_, t)| t.len()).sum();
    let rounds = 5;
    let mut per_rule = std::collections::BTreeMap::<&str, f64>::new();
    let start = Instant::now();
    for _ in 0..rounds {
        for (name, text) in &texts {
            std::hint::black_box(noveler::analysis::analyze(text, name, &settings));
        }
    }
    let secs = start.elapsed().as_secs_f64() / rounds as f64;
    for (_, text) in &texts {
        let doc = noveler::analysis::Document::parse(text);
        let metrics = noveler::analysis::metrics::compute(&doc, &settings);
        // Without a dictionary: the word rules report nothing here (benches/language.sh).
        let words = noveler::analysis::morph::Words::new(&doc, None);
        let cx = noveler::analysis::rules::RuleContext {
            doc: &doc,
            settings: &settings,
            metrics: &metrics,
            words: &words,
        };
        for rule in noveler::analysis::rules::registry() {
            let t = Instant::now();
            let mut out = noveler::analysis::Diagnostics::new();
            rule.check(&cx, &mut out);
            *per_rule.entry(rule.meta().code).or_default() += t.elapsed().as_secs_f64();
        }
    }
    println!(
        "{} files, {:.2} MB: {:.1} ms per pass, {:.1} MB/s (one core)",
        texts.len(),
        bytes as f64 / 1e6,
        secs * 1e3,
        bytes as f64 / 1e6 / secs
    );
    let mut slow: Vec<_> = per_rule.into_iter().collect();
    slow.sort_by(|a, b| b.1.total_cmp(&a.1));
    for (code, s) in slow.iter().take(8) {
        println!("  {code:32} {:.2} ms", s * 1e3);
    }
}
