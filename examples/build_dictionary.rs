//! Compiles the IPADIC MeCab sources into the dictionary noveler embeds
//! (`assets/ipadic.dic.zst`). Run by `scripts/build-dictionary.sh`, which fetches the
//! Debian package and converts it to UTF-8 first; not part of `cargo build`.
//!
//! ```text
//! cargo run --example build_dictionary -- <utf8-ipadic-dir> assets/ipadic.dic.zst
//! ```
//!
//! Trimming: the last IPADIC feature column (発音, pronunciation) is dropped; linting uses
//! 品詞 (4 levels), 活用型, 活用形, 原形 and 読み only.

use std::io::Write;
use std::path::{Path, PathBuf};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [src, out] = args.as_slice() else {
        return Err("usage: build_dictionary <utf8-ipadic-dir> <out.dic.zst>".into());
    };
    let src = Path::new(src);
    let lexicon = trimmed_lexicon(src)?;
    let read = |name: &str| std::fs::read(src.join(name));
    let inner = vibrato_rkyv::SystemDictionaryBuilder::from_readers(
        lexicon.as_slice(),
        read("matrix.def")?.as_slice(),
        read("char.def")?.as_slice(),
        read("unk.def")?.as_slice(),
    )?;
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
