//! `file://` URIs ↔ local paths: the MCP client's roots, the editor's documents (LSP) and
//! SARIF's artifact locations read and write them here, one way.

use std::path::{Path, PathBuf};

/// Characters a URI path keeps as they are: unreserved ones and `/`; everything else
/// (Japanese file names, spaces, `%`, `#`, `?`) is percent-encoded as UTF-8.
const URI_KEEP: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~')
    .remove(b'/');

/// `path` percent-encoded for a URI (`\` read as `/`; a relative path stays relative).
pub fn encode_path(path: &str) -> String {
    let path = path.replace('\\', "/");
    percent_encoding::utf8_percent_encode(&path, URI_KEEP).to_string()
}

/// The `file://` URI of absolute `path`.
pub fn file_uri(path: &Path) -> String {
    format!("file://{}", encode_path(&path.to_string_lossy()))
}

/// Characters no URI holds as they are (RFC 3986): controls, space, `"` `<` `>` `\` `^`
/// and the backquote, `{` `|` `}`, and (by `utf8_percent_encode`) every non-ASCII one.
/// `%` stays: it starts the URI's own escapes.
const URI_FORBIDDEN: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'<')
    .add(b'>')
    .add(b'\\')
    .add(b'^')
    .add(b'`')
    .add(b'{')
    .add(b'|')
    .add(b'}');

/// `uri` with the characters a URI may not hold percent-encoded, the rest as it is: a
/// client that sends `file:///小説/第1話.md` unescaped names the same file as one that
/// sends `file:///%E5%B0%8F…`.
pub fn escape_uri(uri: &str) -> String {
    percent_encoding::utf8_percent_encode(uri, URI_FORBIDDEN).to_string()
}

/// The local path of a `file://` URI (percent-decoded); `None` for other schemes, a
/// relative or undecodable path, or one holding NUL.
pub fn file_path(uri: &str) -> Option<PathBuf> {
    let rest = uri.strip_prefix("file://")?;
    // `file:///p` (empty authority) or `file://localhost/p`.
    let path = rest.strip_prefix("localhost").unwrap_or(rest);
    if !path.starts_with('/') {
        return None;
    }
    let decoded = percent_encoding::percent_decode_str(path)
        .decode_utf8()
        .ok()?;
    if decoded.contains('\0') {
        return None;
    }
    Some(PathBuf::from(decoded.as_ref()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_round_trip_through_file_uris() {
        let p = Path::new("/tmp/小説 #1/40_原稿/第001話_a%b.md");
        let uri = file_uri(p);
        assert_eq!(
            uri,
            "file:///tmp/%E5%B0%8F%E8%AA%AC%20%231/40_%E5%8E%9F%E7%A8%BF/%E7%AC%AC001%E8%A9%B1_a%25b.md"
        );
        assert_eq!(file_path(&uri).as_deref(), Some(p));
        assert_eq!(
            file_path("file://localhost/a").as_deref(),
            Some(Path::new("/a"))
        );
        assert_eq!(file_path("untitled:Untitled-1"), None);
        assert_eq!(file_path("file://a%00b"), None);
        assert_eq!(file_path("file:///a%00b"), None);
        // An unescaped URI reads as the file it names and escapes to the editors' form.
        let raw = format!("file://{}", p.display()).replace(" #1", "1");
        assert_eq!(
            file_path(&raw).as_deref(),
            Some(Path::new("/tmp/小説1/40_原稿/第001話_a%b.md"))
        );
        assert_eq!(escape_uri("file:///a b/小"), "file:///a%20b/%E5%B0%8F");
        assert_eq!(escape_uri(&uri), uri);
    }
}
