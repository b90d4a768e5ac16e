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
    /// file with mixed endings, every line of `text` that is a line of the original — found
    /// by a line diff (`align`), wherever an edit before it moved it — keeps its own ending,
    /// and so does each line of a changed stretch that kept its number of lines (and the
    /// last line of one that did not); other new lines get `line_ending`.
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
        let from_old = align(&old, &new);
        for (j, line) in new.iter().enumerate() {
            let Some(body) = line.strip_suffix('\n') else {
                out.push_str(line);
                continue;
            };
            let ending = from_old[j]
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

/// How deep `align` looks for anchors inside the stretches between anchors.
const ALIGN_DEPTH: usize = 8;

/// For each line of `new`, the line of `old` it stands for: a patience diff. Common first and
/// last lines match; then lines that occur exactly once in each side's stretch are anchors,
/// the longest run of them in the same order matches, and the stretches between anchors are
/// aligned the same way (at most `ALIGN_DEPTH` deep). A stretch left without anchors is
/// matched line by line when both sides have as many lines (a changed stretch that kept its
/// shape), else only by its last line (a split line's ending ends its last piece). Linear in the lines times the depth (plus a sort of the
/// anchors), whatever the edits: no quadratic diff on a hostile file.
fn align(old: &[&str], new: &[&str]) -> Vec<Option<usize>> {
    let mut map = vec![None; new.len()];
    let mut stack = vec![(0, old.len(), 0, new.len(), 0)];
    while let Some((mut o0, mut o1, mut n0, mut n1, depth)) = stack.pop() {
        while o0 < o1 && n0 < n1 && old[o0] == new[n0] {
            map[n0] = Some(o0);
            (o0, n0) = (o0 + 1, n0 + 1);
        }
        while o0 < o1 && n0 < n1 && old[o1 - 1] == new[n1 - 1] {
            (o1, n1) = (o1 - 1, n1 - 1);
            map[n1] = Some(o1);
        }
        if o0 == o1 || n0 == n1 {
            continue;
        }
        let anchors = if depth < ALIGN_DEPTH {
            unique_anchors(&old[o0..o1], &new[n0..n1])
        } else {
            Vec::new()
        };
        if anchors.is_empty() {
            if o1 - o0 == n1 - n0 {
                for k in 0..n1 - n0 {
                    map[n0 + k] = Some(o0 + k);
                }
            } else {
                // A line split or lines joined: the stretch still ends where it ended.
                map[n1 - 1] = Some(o1 - 1);
            }
            continue;
        }
        let (mut po, mut pn) = (o0, n0);
        for (ao, an) in anchors {
            let (ao, an) = (o0 + ao, n0 + an);
            map[an] = Some(ao);
            stack.push((po, ao, pn, an, depth + 1));
            (po, pn) = (ao + 1, an + 1);
        }
        stack.push((po, o1, pn, n1, depth + 1));
    }
    map
}

/// The pairs (old index, new index) of lines occurring once in `old` and once in `new`, the
/// longest subsequence of them increasing on both sides (patience sorting).
fn unique_anchors(old: &[&str], new: &[&str]) -> Vec<(usize, usize)> {
    use std::collections::HashMap;
    // line → (count in old, index in old, count in new, index in new)
    let mut seen: HashMap<&str, (u32, usize, u32, usize)> = HashMap::new();
    for (i, l) in old.iter().enumerate() {
        let e = seen.entry(l).or_insert((0, i, 0, 0));
        e.0 += 1;
    }
    for (j, l) in new.iter().enumerate() {
        if let Some(e) = seen.get_mut(l) {
            e.2 += 1;
            e.3 = j;
        }
    }
    let mut pairs: Vec<(usize, usize)> = seen
        .into_values()
        .filter(|e| e.0 == 1 && e.2 == 1)
        .map(|e| (e.1, e.3))
        .collect();
    pairs.sort_unstable_by_key(|p| p.1);
    // Longest increasing subsequence of the old indices, in new order.
    let mut tails: Vec<usize> = Vec::new(); // index into `pairs` ending a run of each length
    let mut prev: Vec<Option<usize>> = vec![None; pairs.len()];
    for k in 0..pairs.len() {
        let at = tails.partition_point(|&t| pairs[t].0 < pairs[k].0);
        prev[k] = at.checked_sub(1).map(|a| tails[a]);
        if at == tails.len() {
            tails.push(k);
        } else {
            tails[at] = k;
        }
    }
    let mut out = Vec::with_capacity(tails.len());
    let mut k = tails.last().copied();
    while let Some(i) = k {
        out.push(pairs[i]);
        k = prev[i];
    }
    out.reverse();
    out
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

    /// Each line of a raw text with its own ending (`""` for a last line without one).
    fn lines_with_endings(raw: &str) -> Vec<(&str, &str)> {
        let mut out = Vec::new();
        let mut rest = raw;
        while !rest.is_empty() {
            let Some(i) = rest.find(['\r', '\n']) else {
                out.push((rest, ""));
                break;
            };
            let len = if rest[i..].starts_with("\r\n") { 2 } else { 1 };
            out.push((&rest[..i], &rest[i..i + len]));
            rest = &rest[i + len..];
        }
        out
    }

    /// Issue 28 item 6: a fix that adds or removes lines somewhere (or several, far apart)
    /// leaves the ending of every line it did not touch as it was, byte for byte, in a file
    /// of mixed \n, \r\n and \r endings; the text itself is the edited text.
    #[test]
    fn untouched_lines_keep_their_endings_whatever_the_edits() {
        use proptest::prelude::*;
        let ending = prop_oneof![Just("\n"), Just("\r\n"), Just("\r")];
        // Per original line: its ending, and 0 keep / 1 edit / 2 delete / 3 insert after it.
        let lines = proptest::collection::vec((ending, 0u8..4), 2..60);
        proptest!(|(lines in lines, last_open in any::<bool>())| {
            let mut raw = String::new();
            let mut new = String::new();
            let mut expected = Vec::new(); // (line, ending) of the untouched lines
            for (i, (end, op)) in lines.iter().enumerate() {
                let body = format!("L{i}");
                let open = last_open && i + 1 == lines.len();
                raw.push_str(&body);
                if !open {
                    raw.push_str(end);
                }
                let nl = if open { "" } else { "\n" };
                match op {
                    0 | 3 => {
                        new.push_str(&format!("{body}{nl}"));
                        expected.push((body.clone(), if open { "" } else { *end }));
                    }
                    1 => new.push_str(&format!("{body}x{nl}")),
                    _ => {}
                }
                if *op == 3 && !open {
                    new.push_str(&format!("N{i}\n"));
                }
            }
            let src = Source::new(&raw);
            let out = src.denormalise(&new);
            prop_assert_eq!(&Source::new(&out).text, &new);
            let got = lines_with_endings(&out);
            for (body, end) in &expected {
                let found = got.iter().find(|(b, _)| b == body);
                prop_assert_eq!(found.map(|(_, e)| *e), Some(*end), "{} in {:?} → {:?}", body, raw, out);
            }
        });
    }

    /// The case the issue measured: an empty-line run shortened at the top and a line split
    /// further down; every line between and after keeps its ending.
    #[test]
    fn a_line_count_change_does_not_move_later_endings() {
        let raw = "一\r\n\n\n\n\n二\n三\r\n四\r五\n六。七。\r\n八\n";
        let src = Source::new(raw);
        let edited = src
            .text
            .replacen("\n\n\n\n", "\n\n", 1)
            .replace("六。七。", "六。\n七。");
        assert_eq!(
            src.denormalise(&edited),
            "一\r\n\n\n二\n三\r\n四\r五\n六。\n七。\r\n八\n"
        );
    }

    #[test]
    fn lone_cr_is_a_line_break() {
        assert_eq!(Source::new("a\rb").text, "a\nb");
    }
}
