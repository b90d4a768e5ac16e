//! Reading a request's `id` from a line that cannot be parsed as a whole — too long, nested
//! deeper than the parser allows, or with an id rmcp cannot represent (≥ 2^63, fractional) —
//! so the error response still carries the id the client sent, byte for byte.
//!
//! A small iterative scanner over the top-level object (no recursion, so depth costs
//! nothing); a truncated line yields the id when it came before the cut.

/// Longest id echoed back; a longer one is answered with `null`.
pub const MAX_ID_BYTES: usize = 256;

/// The raw JSON text of the top-level `"id"` member when it is a string or a number.
pub(crate) fn top_level_id(line: &[u8]) -> Option<String> {
    let mut s = Scanner { b: line, i: 0 };
    s.ws();
    if s.b.get(s.i) == Some(&0xEF) {
        s.i += 3; // BOM
        s.ws();
    }
    s.expect(b'{')?;
    loop {
        s.ws();
        if s.peek()? == b'}' {
            return None;
        }
        let (start, end) = s.string()?;
        let key = &s.b[start..end];
        s.ws();
        s.expect(b':')?;
        s.ws();
        if key == b"\"id\"" {
            let start = s.i;
            match s.peek()? {
                b'"' => {
                    s.string()?;
                }
                b'-' | b'0'..=b'9' => s.number()?,
                _ => return None,
            }
            let raw = &s.b[start..s.i];
            if raw.len() > MAX_ID_BYTES {
                return None;
            }
            let raw = std::str::from_utf8(raw).ok()?;
            // A string must be a valid JSON string; a number token is valid by construction.
            if raw.starts_with('"') && serde_json::from_str::<String>(raw).is_err() {
                return None;
            }
            return Some(raw.to_string());
        }
        s.skip_value()?;
        s.ws();
        match s.peek()? {
            b',' => s.i += 1,
            _ => return None,
        }
    }
}

struct Scanner<'a> {
    b: &'a [u8],
    i: usize,
}

impl Scanner<'_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\r' | b'\n')) {
            self.i += 1;
        }
    }

    fn expect(&mut self, c: u8) -> Option<()> {
        (self.peek()? == c).then(|| self.i += 1)
    }

    /// A string token; returns its byte range including the quotes.
    fn string(&mut self) -> Option<(usize, usize)> {
        let start = self.i;
        self.expect(b'"')?;
        loop {
            match self.peek()? {
                b'\\' => self.i += 2,
                b'"' => {
                    self.i += 1;
                    return Some((start, self.i));
                }
                _ => self.i += 1,
            }
        }
    }

    fn number(&mut self) -> Option<()> {
        let start = self.i;
        if self.peek() == Some(b'-') {
            self.i += 1;
        }
        let digits = |s: &mut Self| {
            let from = s.i;
            while matches!(s.peek(), Some(b'0'..=b'9')) {
                s.i += 1;
            }
            s.i > from
        };
        if !digits(self) {
            return None;
        }
        if self.peek() == Some(b'.') {
            self.i += 1;
            if !digits(self) {
                return None;
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.i += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.i += 1;
            }
            if !digits(self) {
                return None;
            }
        }
        // The token must end here (a truncated line may cut a number short: no id then).
        matches!(self.peek()?, b',' | b'}' | b' ' | b'\t' | b'\r' | b'\n').then_some(())?;
        (self.i > start).then_some(())
    }

    /// Skips one value of any depth, iteratively.
    fn skip_value(&mut self) -> Option<()> {
        let mut depth = 0usize;
        loop {
            self.ws();
            match self.peek()? {
                b'"' => {
                    self.string()?;
                }
                b'{' | b'[' => {
                    depth += 1;
                    self.i += 1;
                    continue;
                }
                b'}' | b']' if depth > 0 => {
                    depth -= 1;
                    self.i += 1;
                }
                b',' | b':' if depth > 0 => {
                    self.i += 1;
                    continue;
                }
                _ => {
                    // A scalar: up to the next delimiter.
                    while !matches!(
                        self.peek()?,
                        b',' | b'}' | b']' | b':' | b' ' | b'\t' | b'\r' | b'\n'
                    ) {
                        self.i += 1;
                    }
                }
            }
            if depth == 0 {
                return Some(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::top_level_id;

    #[test]
    fn finds_the_top_level_id_wherever_it_is() {
        let id = |s: &str| top_level_id(s.as_bytes());
        assert_eq!(
            id(r#"{"jsonrpc":"2.0","id":7,"method":"x"}"#).as_deref(),
            Some("7")
        );
        assert_eq!(
            id(r#"{"method":"x","params":{"id":1,"a":[1,{"id":2}]},"id":"abc\"d"}"#).as_deref(),
            Some(r#""abc\"d""#)
        );
        assert_eq!(
            id(r#"{"id": 18446744073709551616, "method": "x"}"#).as_deref(),
            Some("18446744073709551616")
        );
        assert_eq!(id(r#"{"id":1.5e3}"#).as_deref(), Some("1.5e3"));
        assert_eq!(id(r#"{"id":null}"#), None);
        assert_eq!(id(r#"{"id":{"a":1}}"#), None);
        assert_eq!(id(r#"{"method":"x"}"#), None);
        assert_eq!(id("[1,2]"), None);
        assert_eq!(id("not json"), None);
    }

    #[test]
    fn deep_nesting_and_truncation() {
        let deep = format!(
            r#"{{"jsonrpc":"2.0","params":{}{},"id":42}}"#,
            "[".repeat(100_000),
            "]".repeat(100_000)
        );
        assert_eq!(top_level_id(deep.as_bytes()).as_deref(), Some("42"));
        let cut = r#"{"jsonrpc":"2.0","id":"q-1","params":{"content":"xxxxxxxx"#;
        assert_eq!(top_level_id(cut.as_bytes()).as_deref(), Some(r#""q-1""#));
        // An id cut short is not guessed.
        assert_eq!(top_level_id(br#"{"id":12"#), None);
        assert_eq!(top_level_id(br#"{"params":{"a":"#), None);
        let huge = format!(r#"{{"id":{}}}"#, "9".repeat(1000));
        assert_eq!(top_level_id(huge.as_bytes()), None);
    }
}
