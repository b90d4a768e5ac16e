//! Compiles the IPADIC MeCab sources into the dictionary noveler embeds
//! (`assets/ipadic.dic.zst`). Run by `scripts/build-dictionary.sh`, which fetches the
//! Debian package and converts it to UTF-8 first; not part of `cargo build`.
//!
//! ```text
//! cargo run --example build_dictionary -- <utf8-ipadic-dir> assets/ipadic.dic.zst [TEXT-DIR…]
//! ```
//!
//! Trimming: the last IPADIC feature column (発音, pronunciation) is dropped; linting uses
//! 品詞 (4 levels), 活用型, 活用形, 原形 and 読み only.
//!
//! Connection ids are renumbered by how often the lattices of the `*.md`/`*.txt` files under
//! TEXT-DIR use them (vibrato's mapping: the frequent rows and columns of the 1,316 × 1,316
//! cost matrix then share cache lines and pages). It is a permutation applied to the
//! lexicon, the matrix and the unknown-word table alike, so every tokenisation is the same;
//! only the memory it touches changes.
//!
//! Words are ordered the same way: the lexicon's rows most-output first in the tokens of that
//! text, then by cost (`word_order`), so the parameters and features of the words a
//! manuscript is made of share a few pages instead of being spread over the 20 MB of
//! features: a process maps what it touches page by page, and a 10,000-character episode
//! used to touch nearly all of the dictionary (~480 faults). Homographs stay together in
//! IPADIC's relative order and the costs are the same, so tokens are the same (all 469,775
//! tokens of the corpus and fixtures, 44,315 of the seeds, compared when the asset was rebuilt).

use std::io::Write;
use std::path::{Path, PathBuf};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [src, out, train @ ..] = args.as_slice() else {
        return Err("usage: build_dictionary <utf8-ipadic-dir> <out.dic.zst> [TEXT-DIR…]".into());
    };
    let src = Path::new(src);
    let rows = trimmed_lexicon(src)?;
    let read = |name: &str| std::fs::read(src.join(name));
    let build = |rows: &[&str]| -> Result<_, Box<dyn std::error::Error>> {
        let lexicon: Vec<u8> = rows
            .iter()
            .flat_map(|r| [r.as_bytes(), b"\n"])
            .flatten()
            .copied()
            .collect();
        Ok(vibrato_rkyv::SystemDictionaryBuilder::from_readers(
            lexicon.as_slice(),
            read("matrix.def")?.as_slice(),
            read("char.def")?.as_slice(),
            read("unk.def")?.as_slice(),
        )?)
    };
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut inner = build(&rows)?;
    if !train.is_empty() {
        let usage = usage(vibrato_rkyv::Dictionary::from_inner(inner), train)?;
        let order = word_order(&rows, &usage.words);
        let rows: Vec<&str> = order.iter().map(|&i| rows[i]).collect();
        inner = build(&rows)?.map_connection_ids_from_iter(usage.left, usage.right)?;
    }
    let dict = vibrato_rkyv::Dictionary::from_inner(inner);
    let mut raw = Vec::new();
    dict.write(&mut raw)?;
    // The one-shot API records the unpacked size in the frame header: the loader compares
    // its cache file's length with it.
    let packed = zstd::bulk::compress(&raw, 19)?;
    let out = PathBuf::from(out);
    let mut file = std::fs::File::create(&out)?;
    file.write_all(&packed)?;
    file.sync_all()?;
    eprintln!(
        "{}: {} bytes ({} uncompressed)",
        out.display(),
        packed.len(),
        raw.len()
    );
    Ok(())
}

/// The lexicon's rows, the words most output in the training text first, then by cost
/// (IPADIC's costs come from word frequencies: cheap words are common ones), else in
/// IPADIC's order. Homographs (rows of one surface) move together, ranked by their total
/// count and cheapest cost, and keep their relative order: among equal-cost homographs the
/// lattice keeps the first, so reordering them would change tokens (it did, on 16 of 6,705
/// corpus lines).
fn word_order(rows: &[&str], counts: &[u32]) -> Vec<usize> {
    // A trimmed row is `surface,left,right,cost` and eight features: 11 commas from the
    // right (a surface never holds one in IPADIC, but it could be quoted).
    let fields = |row: &str| -> (String, i64) {
        let mut from_right: Vec<&str> = row.rsplitn(12, ',').collect();
        from_right.reverse();
        let cost = from_right
            .get(3)
            .and_then(|c| c.parse().ok())
            .unwrap_or(i64::MAX);
        (from_right[0].to_string(), cost)
    };
    let mut rank: std::collections::HashMap<String, (u64, i64)> = std::collections::HashMap::new();
    for (i, row) in rows.iter().enumerate() {
        let (surface, cost) = fields(row);
        let r = rank.entry(surface).or_insert((0, i64::MAX));
        r.0 += u64::from(counts.get(i).copied().unwrap_or(0));
        r.1 = r.1.min(cost);
    }
    let mut order: Vec<usize> = (0..rows.len()).collect();
    // Stable: equal ranks keep IPADIC's order.
    order.sort_by_cached_key(|&i| {
        let (count, cost) = rank[&fields(rows[i]).0];
        (std::cmp::Reverse(count), cost)
    });
    order
}

/// What the tokens of the training text use.
struct Usage {
    /// Left and right connection ids, most used first, in the lattices of every line (id 0,
    /// BOS/EOS, stays first and is not listed).
    left: Vec<u16>,
    right: Vec<u16>,
    /// Per lexicon row (word id): how many tokens it was.
    words: Vec<u32>,
}

/// The usage of `dict` by every line of the `*.md`/`*.txt` files under `dirs`.
fn usage(
    dict: vibrato_rkyv::Dictionary,
    dirs: &[String],
) -> Result<Usage, Box<dyn std::error::Error>> {
    let tokenizer = vibrato_rkyv::Tokenizer::new(dict);
    let mut worker = tokenizer.new_worker();
    worker.init_connid_counter();
    let mut files = Vec::new();
    for dir in dirs {
        texts_under(Path::new(dir), &mut files)?;
    }
    files.sort();
    let mut chars = 0;
    let mut words = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file)?;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            chars += line.chars().count();
            worker.reset_sentence(line);
            worker.tokenize();
            worker.update_connid_counts();
            for t in worker.token_iter() {
                let idx = t.word_idx();
                if idx.lex_type == vibrato_rkyv::dictionary::LexType::System {
                    let id = idx.word_id as usize;
                    if words.len() <= id {
                        words.resize(id + 1, 0);
                    }
                    words[id] += 1;
                }
            }
        }
    }
    eprintln!(
        "connection ids and words ordered by {} files, {chars} chars ({} words used)",
        files.len(),
        words.iter().filter(|&&n| n > 0).count()
    );
    let (left, right) = worker.compute_connid_probs();
    let ids = |probs: Vec<(usize, f64)>| -> Result<Vec<u16>, std::num::TryFromIntError> {
        probs.into_iter().map(|(id, _)| u16::try_from(id)).collect()
    };
    Ok(Usage {
        left: ids(left)?,
        right: ids(right)?,
        words,
    })
}

/// The `*.md` and `*.txt` files under `dir`, recursively.
fn texts_under(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            texts_under(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "md" || e == "txt") {
            out.push(path);
        }
    }
    Ok(())
}

/// The rows of every `*.csv` of `dir` in name order, each without its last column.
fn trimmed_lexicon(dir: &Path) -> std::io::Result<Vec<String>> {
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "csv"))
        .collect();
    names.sort();
    let mut out = Vec::new();
    for name in names {
        let text = std::fs::read_to_string(&name)?;
        for line in text.lines().filter(|l| !l.is_empty()) {
            // surface,left,right,cost + 9 features; a surface may itself be a quoted field
            // with commas, so cut the last column from the right.
            let fields = line.matches(',').count();
            let kept = if fields >= 12 {
                line.rsplit_once(',').map_or(line, |(head, _)| head)
            } else {
                line
            };
            out.push(kept.to_string());
        }
    }
    Ok(out)
}
