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
    /// The ending of new lines written back: the file's only one, or (mixed) its most common.
    pub line_ending: LineEnding,
    /// In a file with mixed endings, the ending of each line of `text` (one per `\n`), so
    /// lines a rewrite leaves alone keep their own; `None` when every line ends alike.
    mixed: Option<Vec<LineEnding>>,
}

impl Source {
    pub fn new(raw: &str) -> Source {
        let (had_bom, body) = match raw.strip_prefix('\u{feff}') {
            Some(rest) => (true, rest),
            None => (false, raw),
        };
        if !body.contains('\r') {
            return Source {
                text: body.to_string(),
                had_bom,
                line_ending: LineEnding::Lf,
                mixed: None,
            };
        }
        let bytes = body.as_bytes();
        let mut endings = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\r' if bytes.get(i + 1) == Some(&b'\n') => {
                    endings.push(LineEnding::CrLf);
                    i += 1;
                }
                b'\r' => endings.push(LineEnding::Cr),
                b'\n' => endings.push(LineEnding::Lf),
                _ => {}
            }
            i += 1;
        }
        let count = |e: LineEnding| endings.iter().filter(|&&x| x == e).count();
        let line_ending = [LineEnding::CrLf, LineEnding::Lf, LineEnding::Cr]
            .into_iter()
            .max_by_key(|&e| (count(e), e == LineEnding::CrLf))
            .unwrap_or(LineEnding::Lf);
        let uniform = endings.iter().all(|&e| e == line_ending);
        Source {
            text: body.replace("\r\n", "\n").replace('\r', "\n"),
            had_bom,
            line_ending,
            mixed: (!uniform).then_some(endings),
        }
    }

    /// `text` (normalised, possibly edited) rendered back in the original's conventions. In a
    /// file with mixed endings, a line equal to the original's at the same place counting
    /// from the start or from the end — or any line of a changed stretch that kept its
    /// number of lines — keeps its own ending; other new lines get `line_ending`.
    pub(crate) fn denormalise(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len() + text.len() / 16 + 3);
        if self.had_bom {
            out.push('\u{feff}');
        }
        let Some(endings) = &self.mixed else {
            match self.line_ending {
                LineEnding::Lf => out.push_str(text),
                LineEnding::CrLf => out.push_str(&text.replace('\n', "\r\n")),
                LineEnding::Cr => out.push_str(&text.replace('\n', "\r")),
            }
            return out;
        };
        let old: Vec<&str> = self.text.split_inclusive('\n').collect();
        let new: Vec<&str> = text.split_inclusive('\n').collect();
        let prefix = old.iter().zip(&new).take_while(|(a, b)| a == b).count();
        let max_suffix = old.len().min(new.len()) - prefix;
        let suffix = old
            .iter()
            .rev()
            .zip(new.iter().rev())
            .take(max_suffix)
            .take_while(|(a, b)| a == b)
            .count();
        let same_shape = old.len() == new.len();
        for (j, line) in new.iter().enumerate() {
            let Some(body) = line.strip_suffix('\n') else {
                out.push_str(line);
                continue;
            };
            let from_old = if j < prefix || same_shape {
                Some(j)
            } else if j >= new.len() - suffix {
                Some(old.len() - (new.len() - j))
            } else {
                None
            };
            let ending = from_old
                .and_then(|i| endings.get(i).copied())
                .unwrap_or(self.line_ending);
            out.push_str(body);
            out.push_str(match ending {
                LineEnding::Lf => "\n",
                LineEnding::CrLf => "\r\n",
                LineEnding::Cr => "\r",
            });
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mixed_endings_are_kept_line_by_line() {
        let raw = "一\r\n二\n三\r\n四。。\n五\r\n六";
        let src = Source::new(raw);
        assert_eq!(src.text, "一\n二\n三\n四。。\n五\n六");
        assert_eq!(src.line_ending, LineEnding::CrLf);
        assert_eq!(src.denormalise(&src.text), raw);
        // An edit inside a line: every line keeps its ending.
        let edited = src.text.replace("四。。", "四。");
        assert_eq!(src.denormalise(&edited), "一\r\n二\n三\r\n四。\n五\r\n六");
        // A line inserted: lines before and after keep theirs, the new one gets the most
        // common ending.
        let inserted = src.text.replace("三\n", "三\n新\n");
        assert_eq!(
            src.denormalise(&inserted),
            "一\r\n二\n三\r\n新\r\n四。。\n五\r\n六"
        );
        let removed = src.text.replace("二\n", "");
        assert_eq!(src.denormalise(&removed), "一\r\n三\r\n四。。\n五\r\n六");
        // Lone CRs count as their own ending.
        let cr = Source::new("a\rb\nc\r");
        assert_eq!(cr.denormalise(&cr.text), "a\rb\nc\r");
    }

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
