//! Reading manuscripts: UTF-8 only (BOM and CRLF accepted). A file in another encoding is an
//! error that names the encoding it decodes as, so the author knows what to convert from.
//!
//! `read_bytes` is the one guarded reader of text inputs: it never blocks on a FIFO, never
//! reads a device until memory runs out, and refuses files over `MAX_TEXT_BYTES`.

use crate::analysis::Source;
use crate::error::{Code, Error, Result};
use std::io::Read;
use std::path::Path;

/// The largest text file noveler reads (manuscript, plot, settings, config): 16 MiB, some
/// five million Japanese characters, eight times the whole corpus; anything bigger is refused
/// (U007) rather than analysed in memory. Analysis needs ~33 bytes per input byte at worst
/// (one line of brackets), so this bounds a check of one file near 550 MB.
pub const MAX_TEXT_BYTES: u64 = 16 * 1024 * 1024;

fn refuse(path: &Path, what: String) -> Error {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    Error::new(Code::U007, format!("{name} は{what}"))
        .at(path, None)
        .hint("原稿（UTF-8 のテキストファイル）を指定してください。このファイルは対象から外してください。")
}

/// Reads a text input: only a regular file (a FIFO, device, socket or directory is refused,
/// and opened without blocking so a FIFO never hangs the process) of at most
/// `MAX_TEXT_BYTES` (U007 naming the file otherwise).
pub(crate) fn read_bytes(path: &Path) -> Result<Vec<u8>> {
    read_bytes_limited(path, MAX_TEXT_BYTES)
}

/// `read_bytes`, with `None` for a file that does not exist.
pub(crate) fn read_bytes_if_exists(path: &Path) -> Result<Option<Vec<u8>>> {
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        _ => read_bytes(path).map(Some),
    }
}

/// Reads a file of noveler's own state (a session, manifest, check session file, artifact,
/// backup copy, index, cache entry): the checks of `read_bytes` (regular file, no blocking,
/// at most `MAX_TEXT_BYTES`), and the opened file judged on its handle by
/// `confine::verify_opened_internal` — inside the allowed roots over MCP, and, for everyone,
/// inside the project whose own folder (`.noveler/` …) the path names. `None` when the file
/// does not exist.
pub(crate) fn read_internal(path: &Path) -> Result<Option<Vec<u8>>> {
    read_checked(
        path,
        MAX_TEXT_BYTES,
        true,
        crate::store::confine::verify_opened_internal,
        &not_regular,
    )
}

/// Reads a config file noveler looks for by name (`プロジェクト設定.yaml`,
/// `.novelerrc.yaml`, `執筆品質ルール.yaml`, `話数管理.yaml`): `None` when nothing is there.
/// Anything else that is not a regular file — a directory, a FIFO (opened without blocking),
/// a device, a symlink to nothing — is refused with `code` naming the file and what to do,
/// never taken as "no config, use the defaults". The checks of `read_bytes` otherwise.
pub(crate) fn read_config(path: &Path, code: Code) -> Result<Option<Vec<u8>>> {
    let link = match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Error::io(path, &e)),
        Ok(meta) => meta,
    };
    let bad = |kind: &str| {
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        Error::new(
            code,
            format!("設定ファイル {name} が通常のファイルではありません（{kind}）。設定として読めません"),
        )
        .at(path, None)
        .hint(format!(
            "{name} を YAML のテキストファイルにしてください。設定が要らなければ {name} を削除すると既定の設定で動きます。"
        ))
        .details(serde_json::json!({ "file": name, "file_type": kind }))
    };
    if link.file_type().is_symlink() && std::fs::metadata(path).is_err() {
        return Err(bad("リンク先のないシンボリックリンク"));
    }
    read_checked(
        path,
        MAX_TEXT_BYTES,
        false,
        crate::store::confine::verify_opened,
        &|_, meta| bad(file_kind(meta)),
    )
}

fn read_bytes_limited(path: &Path, limit: u64) -> Result<Vec<u8>> {
    // Over MCP: the opened file itself must lie inside the allowed roots (plot and settings
    // files behind a symlink, or a path swapped after it was checked).
    read_checked(
        path,
        limit,
        false,
        crate::store::confine::verify_opened,
        &not_regular,
    )
    .map(Option::unwrap_or_default)
}

fn read_checked(
    path: &Path,
    limit: u64,
    missing_ok: bool,
    verify: fn(&std::fs::File, &Path) -> Result<()>,
    on_special: &dyn Fn(&Path, &std::fs::Metadata) -> Error,
) -> Result<Option<Vec<u8>>> {
    let mut opts = std::fs::OpenOptions::new();
    opts.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        opts.custom_flags(libc::O_NONBLOCK);
    }
    let file = match opts.open(path) {
        Ok(f) => f,
        Err(e) if missing_ok && e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Error::io(path, &e)),
    };
    verify(&file, path)?;
    // fstat of the opened handle: what is read is what was checked.
    let meta = file.metadata().map_err(|e| Error::io(path, &e))?;
    if !meta.is_file() {
        return Err(on_special(path, &meta));
    }
    let too_big = |size: u64| {
        refuse(
            path,
            format!(
                "大きすぎます（{size} バイト、上限 {} MiB）。読み込みません",
                limit / (1024 * 1024)
            ),
        )
    };
    if meta.len() > limit {
        return Err(too_big(meta.len()));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io(path, &e))?;
    if bytes.len() as u64 > limit {
        return Err(too_big(bytes.len() as u64));
    }
    Ok(Some(bytes))
}

/// U007 for a path whose opened file is not a regular file (a directory, FIFO, device …).
pub(crate) fn not_regular(path: &Path, meta: &std::fs::Metadata) -> Error {
    let kind = file_kind(meta);
    refuse(
        path,
        format!("通常のファイルではありません（{kind}）。読み込みません"),
    )
}

/// What a file that is not a regular file is, in words.
fn file_kind(meta: &std::fs::Metadata) -> &'static str {
    let ft = meta.file_type();
    if ft.is_dir() {
        "ディレクトリ"
    } else {
        special_kind(&ft)
    }
}

/// U007 for a text whose analysis would take more memory than its budget
/// (`analysis::footprint`), counted before the text model is built: the one guard every path
/// that analyses a text passes (check and the editor's check, polish and fix, the
/// progressive steps, complete, the judged evaluations). `shown` names the text in the
/// message, `path` is where it came from.
pub(crate) fn ensure_analysable(shown: &str, path: &Path, text: &str) -> Result<()> {
    const MB: u64 = 1024 * 1024;
    let f = crate::analysis::footprint::estimate(text);
    if !f.over_budget() {
        return Ok(());
    }
    Err(Error::new(
        Code::U007,
        format!(
            "{shown}: 短い行が多すぎるため検査しません（{} 行、うち本文のある行 {} 行。検査に約 {} MB のメモリが必要で、上限 {} MB を超えます）",
            f.text_lines + f.blank_lines,
            f.text_lines,
            f.estimate.div_ceil(MB),
            f.budget() / MB
        ),
    )
    .at(path, None)
    .hint("原稿ではないファイル（ログや生成データ）なら対象から外してください。原稿なら、1 話ずつのファイルに分けてから確認してください。"))
}

/// Reads standard input (or any stream) to its end, refusing more than `MAX_TEXT_BYTES`
/// (U007) instead of growing until memory runs out: `yes | noveler check -` must end.
pub(crate) fn read_stream(name: &Path, reader: impl Read) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_TEXT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io(name, &e))?;
    if bytes.len() as u64 > MAX_TEXT_BYTES {
        return Err(Error::new(
            Code::U007,
            format!(
                "入力が {} MiB を超えています。読み込みません",
                MAX_TEXT_BYTES / (1024 * 1024)
            ),
        )
        .at(name, None)
        .hint("一話分の原稿を渡してください。大きな原稿はファイルに保存して、ファイル名で指定します。"));
    }
    Ok(bytes)
}

#[cfg(unix)]
fn special_kind(ft: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if ft.is_fifo() {
        "名前付きパイプ（FIFO）"
    } else if ft.is_socket() {
        "ソケット"
    } else if ft.is_char_device() || ft.is_block_device() {
        "デバイス"
    } else {
        "特殊ファイル"
    }
}

#[cfg(not(unix))]
fn special_kind(_: &std::fs::FileType) -> &'static str {
    "特殊ファイル"
}

/// Decodes manuscript bytes read from `path` (used in messages only).
pub fn decode(path: &Path, bytes: &[u8]) -> Result<Source> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(Source::new(text)),
        Err(err) => {
            let valid = &bytes[..err.valid_up_to()];
            let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
            let guess = guess_legacy_encoding(bytes);
            let message = match guess {
                Some(enc) => format!(
                    "UTF-8 ではありません（{enc} と思われます）。{line} 行目で不正なバイト列があります"
                ),
                None => format!("UTF-8 ではありません。{line} 行目で不正なバイト列があります"),
            };
            let hint = match guess {
                Some(enc) => format!(
                    "UTF-8 に変換して保存し直してください（例: iconv -f {} -t UTF-8）。",
                    if enc == "Shift_JIS" {
                        "CP932"
                    } else {
                        "EUC-JP"
                    }
                ),
                None => "UTF-8 で保存し直してください。".to_string(),
            };
            Err(Error::new(Code::U003, message)
                .at(path, Some(line))
                .hint(hint)
                .details(serde_json::json!({ "detected_encoding": guess })))
        }
    }
}

/// `Some("Shift_JIS")` / `Some("EUC-JP")` when the bytes decode without errors as that
/// encoding and contain Japanese; Shift_JIS (CP932) is tried first, as the likelier one.
pub(crate) fn guess_legacy_encoding(bytes: &[u8]) -> Option<&'static str> {
    for (encoding, name) in [
        (encoding_rs::SHIFT_JIS, "Shift_JIS"),
        (encoding_rs::EUC_JP, "EUC-JP"),
    ] {
        let (text, had_errors) = encoding.decode_without_bom_handling(bytes);
        if !had_errors && text.chars().any(|c| ('\u{3040}'..='\u{30ff}').contains(&c)) {
            return Some(name);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_endless_stream_is_refused_at_the_limit() {
        let endless = std::io::repeat(b'a');
        let err = super::read_stream(std::path::Path::new("<stdin>"), endless).unwrap_err();
        assert_eq!(err.code, super::Code::U007);
        assert!(
            err.message.contains("MiB を超えています"),
            "{}",
            err.message
        );
        let ok = super::read_stream(std::path::Path::new("<stdin>"), &b"abc"[..]).unwrap();
        assert_eq!(ok, b"abc");
    }

    use super::*;

    #[test]
    fn refuses_directories_and_files_over_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        let err = read_bytes(dir.path()).unwrap_err();
        assert_eq!(err.code, Code::U007);
        assert!(err.message.contains("ディレクトリ"), "{}", err.message);
        let f = dir.path().join("a.md");
        std::fs::write(&f, "あいう").unwrap();
        assert_eq!(read_bytes_limited(&f, 9).unwrap(), "あいう".as_bytes());
        let err = read_bytes_limited(&f, 8).unwrap_err();
        assert_eq!(err.code, Code::U007);
        assert!(err.message.contains("a.md は大きすぎ"), "{}", err.message);
        // The real limit, on a sparse file one byte over it (nothing is written to disk).
        let big = dir.path().join("big.md");
        let file = std::fs::File::create(&big).unwrap();
        file.set_len(MAX_TEXT_BYTES + 1).unwrap();
        let err = read_bytes(&big).unwrap_err();
        assert_eq!(err.code, Code::U007);
        assert!(err.message.contains("上限 16 MiB"), "{}", err.message);
        file.set_len(MAX_TEXT_BYTES).unwrap();
        assert_eq!(read_bytes(&big).unwrap().len() as u64, MAX_TEXT_BYTES);
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_or_device_is_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("第009話_x.md");
        let c = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a valid NUL-terminated path; mkfifo only creates a file.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
        // No writer ever opens it: a blocking open would hang this test.
        let err = read_bytes(&fifo).unwrap_err();
        assert_eq!(err.code, Code::U007);
        assert!(err.message.contains("FIFO") && err.message.contains("第009話_x.md"));
        let err = read_bytes(Path::new("/dev/zero")).unwrap_err();
        assert!(err.message.contains("デバイス"), "{}", err.message);
    }
}
