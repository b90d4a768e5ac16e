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

use std::io::Write;
use std::path::{Path, PathBuf};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [src, out, train @ ..] = args.as_slice() else {
        return Err("usage: build_dictionary <utf8-ipadic-dir> <out.dic.zst> [TEXT-DIR…]".into());
    };
    let src = Path::new(src);
    let lexicon = trimmed_lexicon(src)?;
    let read = |name: &str| std::fs::read(src.join(name));
    let build = || -> Result<_, Box<dyn std::error::Error>> {
        Ok(vibrato_rkyv::SystemDictionaryBuilder::from_readers(
            lexicon.as_slice(),
            read("matrix.def")?.as_slice(),
            read("char.def")?.as_slice(),
            read("unk.def")?.as_slice(),
        )?)
    };
    let mut inner = build()?;
    if !train.is_empty() {
        let (left, right) =
            connection_id_order(vibrato_rkyv::Dictionary::from_inner(inner), train)?;
        inner = build()?.map_connection_ids_from_iter(left, right)?;
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

/// Left and right connection ids, most used first, in the lattices of every line of the
/// `*.md`/`*.txt` files under `dirs` (id 0, BOS/EOS, stays first and is not listed).
fn connection_id_order(
    dict: vibrato_rkyv::Dictionary,
    dirs: &[String],
) -> Result<(Vec<u16>, Vec<u16>), Box<dyn std::error::Error>> {
    let tokenizer = vibrato_rkyv::Tokenizer::new(dict);
    let mut worker = tokenizer.new_worker();
    worker.init_connid_counter();
    let mut files = Vec::new();
    for dir in dirs {
        texts_under(Path::new(dir), &mut files)?;
    }
    files.sort();
    let mut chars = 0;
    for file in &files {
        let text = std::fs::read_to_string(file)?;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            chars += line.chars().count();
            worker.reset_sentence(line);
            worker.tokenize();
            worker.update_connid_counts();
        }
    }
    eprintln!(
        "connection ids ordered by {} files, {chars} chars",
        files.len()
    );
    let (left, right) = worker.compute_connid_probs();
    let ids = |probs: Vec<(usize, f64)>| -> Result<Vec<u16>, std::num::TryFromIntError> {
        probs.into_iter().map(|(id, _)| u16::try_from(id)).collect()
    };
    Ok((ids(left)?, ids(right)?))
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

/// Every `*.csv` of `dir` in name order, concatenated, each row without its last column.
fn trimmed_lexicon(dir: &Path) -> std::io::Result<Vec<u8>> {
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
            out.extend_from_slice(kept.as_bytes());
            out.push(b'\n');
        }
    }
    Ok(out)
}
