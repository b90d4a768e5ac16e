//! Reading manuscripts: UTF-8 only (BOM and CRLF accepted). A file in another encoding is an
//! error that names the encoding it decodes as, so the author knows what to convert from.

use crate::analysis::Source;
use crate::error::{Code, Error, Result};
use std::path::Path;

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

/// Reads and decodes a manuscript file.
pub fn read_manuscript(path: &Path) -> Result<Source> {
    let bytes = std::fs::read(path).map_err(|e| Error::io(path, &e))?;
    decode(path, &bytes)
}

/// `Some("Shift_JIS")` / `Some("EUC-JP")` when the bytes decode without errors as that
/// encoding and contain Japanese; Shift_JIS (CP932) is tried first, as the likelier one.
pub fn guess_legacy_encoding(bytes: &[u8]) -> Option<&'static str> {
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
