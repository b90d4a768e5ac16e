//! The morphological dictionary (IPADIC compiled by vibrato-rkyv, `assets/ipadic.dic.zst`,
//! built by `scripts/build-dictionary.sh`) embedded in the binary, and its unpacked cache.
//!
//! Unpacking and validating the 42 MB archive costs a few hundred milliseconds, too much for
//! every pre-commit run. So the first process writes the unpacked archive atomically to
//! `<cache dir>/ipadic-<hash>.dic` (cache dir: `$NOVELER_CACHE_DIR`, else
//! `$XDG_CACHE_HOME/noveler`, else `$HOME/.cache/noveler`), validating it once; later
//! processes memory-map that file without copying or validating it (microseconds). The name
//! carries the hash of the embedded file, so a new dictionary never meets an old cache; a
//! cache file of the wrong length (truncated, replaced) is rewritten. When no cache directory
//! is writable the archive is unpacked into memory for this process only.

use crate::analysis::morph::Lexicon;
use crate::error::{Code, Error, Result};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use vibrato_rkyv::Dictionary;

/// The zstd-compressed rkyv archive.
static PACKED: &[u8] = include_bytes!("../../assets/ipadic.dic.zst");
/// sha256 of `PACKED`, written by the build script (checked by a unit test).
static PACKED_SHA256: &str = include_str!("../../assets/ipadic.dic.zst.sha256");

/// The process-wide lexicon, loaded on first use. `Err` holds the reason it could not be
/// loaded (a corrupt build, not a user error).
pub fn lexicon() -> Result<&'static Lexicon> {
    static LEXICON: OnceLock<std::result::Result<Lexicon, String>> = OnceLock::new();
    LEXICON
        .get_or_init(|| load(cache_dir().as_deref()).map(Lexicon::new))
        .as_ref()
        .map_err(|why| {
            Error::new(
                Code::R002,
                format!("形態素解析の辞書を読み込めませんでした: {why}"),
            )
            .hint("noveler を入れ直してください。直らなければ不具合として報告してください。")
        })
}

/// The lexicon when an enabled rule of `settings` reads words (`rules::needs_words`), else
/// `None`: every path that analyses text (check, polish, the fix loop, the progressive steps,
/// the judged evaluations) asks here, so the word rules and their fixes are the same on each.
pub fn for_settings(settings: &crate::analysis::Settings) -> Result<Option<&'static Lexicon>> {
    if crate::analysis::rules::needs_words(settings) {
        lexicon().map(Some)
    } else {
        Ok(None)
    }
}

/// `analysis::analyze_with` with the lexicon `settings` needs (`for_settings`), after the
/// memory guard (`text::ensure_analysable`, U007).
pub fn analyze(
    text: &str,
    file: &str,
    settings: &crate::analysis::Settings,
) -> Result<crate::analysis::FileAnalysis> {
    super::text::ensure_analysable(file, Path::new(file), text)?;
    Ok(crate::analysis::analyze_with(
        text,
        file,
        settings,
        for_settings(settings)?,
    ))
}

/// A short id of the embedded dictionary (part of the check cache key).
pub fn id() -> &'static str {
    let hash = PACKED_SHA256.trim();
    &hash[..hash.len().min(16)]
}

/// Where the unpacked dictionary is cached, if any directory is known.
pub(crate) fn cache_dir() -> Option<PathBuf> {
    let var = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    var("NOVELER_CACHE_DIR")
        .or_else(|| var("XDG_CACHE_HOME").map(|d| d.join("noveler")))
        .or_else(|| var("HOME").map(|d| d.join(".cache").join("noveler")))
}

/// The cache file for the embedded dictionary under `dir`.
pub(crate) fn cache_file(dir: &Path) -> PathBuf {
    dir.join(format!("ipadic-{}.dic", id()))
}

fn load(dir: Option<&Path>) -> std::result::Result<Dictionary, String> {
    let expected_len = unpacked_len()?;
    if let Some(path) = dir.map(cache_file) {
        if std::fs::metadata(&path).is_ok_and(|m| m.len() == expected_len) {
            // SAFETY: the file is named after the hash of the embedded archive, has the
            // unpacked length, and only `materialise` writes it (atomically, after the archive
            // validated). It is used without re-validating: that is the whole point of the
            // cache (see the module doc). The mapping lives as long as the process.
            if let Ok(bytes) = map_for_process(&path) {
                if let Ok(dict) = unsafe { Dictionary::from_bytes_unchecked(bytes) } {
                    return Ok(dict);
                }
            }
        }
        if let Ok(dict) = materialise(&path) {
            return Ok(dict);
        }
    }
    let raw = zstd::decode_all(PACKED).map_err(|e| e.to_string())?;
    Dictionary::from_bytes(&raw).map_err(|e| e.to_string())
}

/// Maps the file at `path` read-only for the rest of the process (the lexicon is a
/// process-wide static), asking Linux for huge pages: a 10,000-character episode reads
/// most of the 42 MB, and each fault maps only what the page cache holds in one folio. When
/// the file is not in the page cache, the kernel reads it back in 2 MB folios for a mapping
/// so advised, and every later process then maps it in a few dozen faults instead of
/// hundreds (touching it all: 431 faults, 2.4 ms → 28 faults, 0.13 ms on the 2-core test
/// VM). Without the advice nothing changes but speed.
fn map_for_process(path: &Path) -> std::io::Result<&'static [u8]> {
    let file = std::fs::File::open(path)?;
    // SAFETY: the cache file is only ever replaced by a rename (`materialise`), never
    // written in place, so the mapped bytes do not change while mapped.
    let map = unsafe { memmap2::Mmap::map(&file)? };
    #[cfg(target_os = "linux")]
    let _ = map.advise(memmap2::Advice::HugePage);
    Ok(&**Box::leak(Box::new(map)))
}

/// Unpacks the archive, validates it, writes it to `path` atomically, and returns the
/// validated in-memory copy. (Mapping the file just written would validate the same 42 MB a
/// second time: a quarter of the first run.)
fn materialise(path: &Path) -> std::result::Result<Dictionary, String> {
    let raw = zstd::decode_all(PACKED).map_err(|e| e.to_string())?;
    // Validate before anything trusts the bytes: the cache is later mapped unchecked.
    let dict = Dictionary::from_bytes(&raw).map_err(|e| e.to_string())?;
    super::atomic::write_atomic_unsynced(path, &raw).map_err(|e| e.to_string())?;
    if let Some(dir) = path.parent() {
        remove_other_dictionaries(dir, path);
    }
    Ok(dict)
}

/// Removes the unpacked dictionaries of other builds from the cache directory: each is
/// ~42 MB, and without this every upgrade would leave one behind. (Two builds used in
/// turn then re-unpack theirs on each switch, a few hundred milliseconds.) Best effort: a
/// file that cannot be removed stays.
fn remove_other_dictionaries(dir: &Path, keep: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        let is_dictionary = name.to_str().is_some_and(|n| {
            n.strip_prefix("ipadic-")
                .and_then(|n| n.strip_suffix(".dic"))
                .is_some_and(|h| h.len() == 16 && h.bytes().all(|b| b.is_ascii_hexdigit()))
        });
        // A removal is a write: under an MCP server's confinement it is refused like any.
        if is_dictionary && path != keep && super::confine::guard_write(&path).is_ok() {
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// The unpacked length recorded in the zstd frame header.
fn unpacked_len() -> std::result::Result<u64, String> {
    match zstd::zstd_safe::get_frame_content_size(PACKED) {
        Ok(Some(n)) => Ok(n),
        _ => Err("the embedded dictionary has no content size".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recorded_hash_matches_the_embedded_file() {
        assert_eq!(
            crate::analysis::sha256_hex(PACKED),
            PACKED_SHA256.trim(),
            "assets/ipadic.dic.zst.sha256 is stale: rerun scripts/build-dictionary.sh"
        );
    }

    #[test]
    fn materialises_once_then_maps_the_cache() {
        let dir = tempfile::tempdir().unwrap();
        let first = load(Some(dir.path())).unwrap();
        let path = cache_file(dir.path());
        assert_eq!(
            std::fs::metadata(&path).unwrap().len(),
            unpacked_len().unwrap()
        );
        let modified = std::fs::metadata(&path).unwrap().modified().unwrap();
        let second = load(Some(dir.path())).unwrap();
        assert_eq!(
            std::fs::metadata(&path).unwrap().modified().unwrap(),
            modified,
            "a valid cache is not rewritten"
        );
        let (a, b) = (Lexicon::new(first), Lexicon::new(second));
        assert_eq!(
            a.tokenize("猫が鳴いた").len(),
            b.tokenize("猫が鳴いた").len()
        );
    }

    #[test]
    fn unpacking_removes_the_dictionaries_of_other_builds() {
        let dir = tempfile::tempdir().unwrap();
        let old = dir.path().join("ipadic-0123456789abcdef.dic");
        let other = dir.path().join("ipadic-notes.dic");
        std::fs::write(&old, b"an older build's dictionary").unwrap();
        std::fs::write(&other, b"not ours").unwrap();
        load(Some(dir.path())).unwrap();
        assert!(cache_file(dir.path()).exists());
        assert!(!old.exists(), "the old build's dictionary is removed");
        assert!(other.exists(), "a file not named like a dictionary stays");
    }

    #[test]
    fn a_truncated_cache_is_rewritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = cache_file(dir.path());
        std::fs::write(&path, b"VibratoTokenizerRkyv 0.6\n truncated").unwrap();
        let dict = load(Some(dir.path())).unwrap();
        assert!(!Lexicon::new(dict).tokenize("見れる").is_empty());
        assert_eq!(
            std::fs::metadata(&path).unwrap().len(),
            unpacked_len().unwrap()
        );
    }

    #[test]
    fn without_a_cache_dir_the_dictionary_loads_in_memory() {
        let dict = load(None).unwrap();
        assert!(!Lexicon::new(dict).tokenize("食べれる").is_empty());
    }
}
