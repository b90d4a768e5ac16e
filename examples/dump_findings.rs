//! Differential dump for refactors and speed work that must not change results:
//! `dump_findings OUT_DIR FILES...` writes the full `analyze` JSON of every file, plus of
//! 8,000 pseudo-random texts (fixed seed) under default and custom settings. Run it before
//! and after a change and `diff -r` the two directories.
//!
//!     cargo run --release --example dump_findings -- /tmp/before ../shared/corpus/aozora/*.txt fixtures/**/*.md
use noveler::analysis::settings::{NotationPair, TypoEntry};
use noveler::analysis::{analyze, Settings, Source};
use std::io::Write;

/// Pieces the generated texts are made of (markup, punctuation, dictionary words): the
/// fixture the analysis property tests draw from, and these.
const MORE_FRAGMENTS: &[&str] = &[
    "目",
    "３",
    "3",
    "の",
    "は",
    "に",
    "き",
    "ど",
    "ま",
    "ば",
    "ん",
    "で",
    "た",
    "仕",
    "件",
    "々",
    "こ",
    "と",
    "｜完壁《かんぺき》",
    "完壁",
    "あい",
    "あいう",
    "い",
    "う",
    "ねこ",
    "猫",
    "ne",
    "ko",
    "\n「",
    "」\n",
    "\u{feff}",
    "\r\n",
];

/// A fixed-seed linear congruential generator: the same texts on every run and machine.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let out_dir =
        std::path::PathBuf::from(args.next().expect("usage: dump_findings OUT_DIR FILES..."));
    std::fs::create_dir_all(&out_dir).unwrap();
    let default = Settings::default();
    let mut custom = Settings::default();
    std::sync::Arc::make_mut(&mut custom.typos).extend(
        [
            ("あい", "えい"),
            ("あいう", "かきく"),
            ("い", "ゐ"),
            ("完壁", "完璧"),
            ("いう", "言う"),
        ]
        .iter()
        .map(|(w, r)| TypoEntry {
            wrong: w.to_string(),
            right: r.to_string(),
        }),
    );
    std::sync::Arc::make_mut(&mut custom.notation_pairs).extend(
        [
            ("猫|ねこ猫", "ねこ|ne"),
            ("あい|あ", "い|いう"),
            ("こと", "事|事件"),
            ("", "x"),
        ]
        .iter()
        .map(|(a, b)| NotationPair {
            a: a.to_string(),
            b: b.to_string(),
        }),
    );
    custom.exclude_dialogue_lines = false;
    let variants = [("default", &default), ("custom", &custom)];

    // Words of the dictionaries as extra fragments.
    let mut frags: Vec<String> =
        serde_json::from_str(include_str!("../fixtures/text_fragments.json"))
            .expect("fixtures/text_fragments.json is a list of strings");
    frags.extend(MORE_FRAGMENTS.iter().map(|s| s.to_string()));
    for t in default.typos.iter() {
        frags.push(t.wrong.clone());
        frags.push(t.right.clone());
    }
    for p in default.notation_pairs.iter() {
        frags.extend(p.a.split('|').map(str::to_string));
        frags.extend(p.b.split('|').map(str::to_string));
    }
    for (w, cs) in noveler::analysis::dictionaries::notation_exclusions() {
        frags.push(w.clone());
        frags.extend(cs.iter().cloned());
    }

    for path in args {
        let raw = std::fs::read_to_string(&path).expect("readable UTF-8 file");
        let text = Source::new(&raw).text;
        let name = path.replace('/', "_");
        for (v, s) in variants {
            let a = analyze(&text, &path, s);
            std::fs::write(
                out_dir.join(format!("{name}.{v}.json")),
                serde_json::to_string_pretty(&a).unwrap(),
            )
            .unwrap();
        }
    }
    let mut rng = Lcg(12345);
    for (v, s) in variants {
        let mut f = std::io::BufWriter::new(
            std::fs::File::create(out_dir.join(format!("fuzz.{v}.jsonl"))).unwrap(),
        );
        let mut rng2 = Lcg(rng.next());
        for _ in 0..4000 {
            let n = (rng2.next() % 120) as usize;
            let mut text = String::new();
            for _ in 0..n {
                text.push_str(&frags[(rng2.next() as usize) % frags.len()]);
            }
            let text = Source::new(&text).text;
            let a = analyze(&text, "fuzz.md", s);
            writeln!(f, "{}", serde_json::to_string(&a).unwrap()).unwrap();
        }
    }
}
