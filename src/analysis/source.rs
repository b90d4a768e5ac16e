//! Normalising manuscript text: the BOM is dropped and CRLF / CR become LF. Every span in the
//! analysis points into this normalised text; `polish` restores the original line ending
//! and BOM when it writes a file back (see `LineEnding`).

/// How the original file ended its lines, so that a rewrite keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineEnding {
    Lf,
    CrLf,
    Cr,
}

/// Normalised manuscript text plus what normalisation removed.
#[derive(Clone, Debug)]
pub struct Source {
    pub text: String,
    pub had_bom: bool,
    pub line_ending: LineEnding,
}

impl Source {
    pub fn new(raw: &str) -> Source {
        let (had_bom, body) = match raw.strip_prefix('\u{feff}') {
            Some(rest) => (true, rest),
            None => (false, raw),
        };
        let line_ending = if body.contains("\r\n") {
            LineEnding::CrLf
        } else if body.contains('\r') {
            LineEnding::Cr
        } else {
            LineEnding::Lf
        };
        let text = if line_ending == LineEnding::Lf {
            body.to_string()
        } else {
            body.replace("\r\n", "\n").replace('\r', "\n")
        };
        Source {
            text,
            had_bom,
            line_ending,
        }
    }

    /// `text` (normalised, possibly edited) rendered back in the original's conventions.
    pub fn denormalise(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len() + 3);
        if self.had_bom {
            out.push('\u{feff}');
        }
        match self.line_ending {
            LineEnding::Lf => out.push_str(text),
            LineEnding::CrLf => out.push_str(&text.replace('\n', "\r\n")),
            LineEnding::Cr => out.push_str(&text.replace('\n', "\r")),
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bom_and_crlf_are_normalised_and_restored() {
        let raw = "\u{feff}一行目\r\n二行目\r\n";
        let src = Source::new(raw);
        assert_eq!(src.text, "一行目\n二行目\n");
        assert!(src.had_bom);
        assert_eq!(src.line_ending, LineEnding::CrLf);
        assert_eq!(src.denormalise(&src.text), raw);
    }

    #[test]
    fn lone_cr_is_a_line_break() {
        assert_eq!(Source::new("a\rb").text, "a\nb");
    }
}
