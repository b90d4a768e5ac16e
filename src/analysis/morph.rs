//! Morphological analysis (IPADIC via vibrato-rkyv): words with part of speech, conjugation,
//! base form and reading. Pure: the dictionary arrives loaded (`store::dictionary`); this
//! module only tokenises text it is given.
//!
//! The body is tokenised per paragraph, on its displayed text (ruby readings and markup
//! masked, see `markup`), once per document and only when a word rule asks (`Words`). Token
//! offsets are display offsets; `Document::source_span` maps them back to the original text.

use super::segment::{Document, Paragraph, ParagraphKind};
use super::Cancel;
use super::Span;
use rayon::prelude::*;
use std::ops::Range;
use std::sync::Arc;
use std::sync::OnceLock;
use vibrato_rkyv::tokenizer::worker::Worker;
use vibrato_rkyv::{Dictionary, Tokenizer};

/// A loaded dictionary and its tokenizer. `Send + Sync`: one per process, shared by threads
/// (each tokenising call makes its own worker).
pub struct Lexicon {
    dict: Arc<Dictionary>,
    tokenizer: Tokenizer,
}

impl std::fmt::Debug for Lexicon {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Lexicon")
    }
}

/// One word of IPADIC. Fields are `*` where the dictionary has none.
///
/// The dictionary's feature string is kept whole with the ends of its first eight fields
/// (56 bytes a token instead of 152 with eight `&str`s): an episode has ~10,000 tokens, and
/// every page of them is a page fault in a process that lives for a few milliseconds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token<'t> {
    /// Byte range into the tokenised text.
    pub range: Range<usize>,
    /// The word is not in the dictionary.
    pub unknown: bool,
    feature: &'t str,
    /// End of each of the first eight fields of `feature` (each starts after the comma that
    /// ends the one before); `MISSING` for a field the feature does not have.
    ends: [u16; 8],
}

/// End marker of a field the feature does not have (read as `*`).
const MISSING: u16 = u16::MAX;

impl<'t> Token<'t> {
    pub fn surface<'s>(&self, text: &'s str) -> &'s str {
        &text[self.range.clone()]
    }

    /// Whether the 品詞 is `pos`.
    pub fn is(&self, pos: &str) -> bool {
        self.pos(0) == pos
    }

    fn field(&self, i: usize) -> &'t str {
        match self.ends[i] {
            MISSING => "*",
            end => {
                let start = if i == 0 {
                    0
                } else {
                    self.ends[i - 1] as usize + 1
                };
                &self.feature[start..end as usize]
            }
        }
    }

    /// 品詞 (`i` = 0) and its three 細分類 (1–3), e.g. 動詞, 自立, *, *.
    pub fn pos(&self, i: usize) -> &'t str {
        self.field(i.min(3))
    }

    /// The four part-of-speech fields.
    pub(crate) fn pos4(&self) -> [&'t str; 4] {
        [self.pos(0), self.pos(1), self.pos(2), self.pos(3)]
    }

    /// 活用型 (e.g. 一段, 五段・カ行イ音便).
    pub(crate) fn ctype(&self) -> &'t str {
        self.field(4)
    }

    /// 活用形 (e.g. 未然形, 連用タ接続).
    pub(crate) fn cform(&self) -> &'t str {
        self.field(5)
    }

    /// 原形 (base form; `*` for unknown words).
    pub fn base(&self) -> &'t str {
        self.field(6)
    }

    /// 読み in katakana (`*` for unknown words).
    pub fn reading(&self) -> &'t str {
        self.field(7)
    }
}

impl Lexicon {
    pub fn new(dict: Dictionary) -> Lexicon {
        let dict = Arc::new(dict);
        Lexicon {
            tokenizer: Tokenizer::from_shared_dictionary(Arc::clone(&dict)),
            dict,
        }
    }

    /// The words of `text`, in order, covering every non-space byte.
    pub(crate) fn tokenize<'t>(&'t self, text: &str) -> Vec<Token<'t>> {
        self.tokenize_with(&mut self.tokenizer.new_worker(), text, Cancel::NEVER)
    }

    /// `tokenize` with a worker the caller keeps: a worker's lattice buffers are reused from
    /// one paragraph to the next instead of allocated per paragraph. A text longer than
    /// `MAX_PIECE_BYTES` is tokenised piece by piece (`piece_end`), so the lattice — and
    /// the memory of a worker that keeps it — stays bounded whatever the paragraph's length.
    /// Stops between pieces once `cancel` is set.
    fn tokenize_with<'t>(
        &'t self,
        worker: &mut Worker,
        text: &str,
        cancel: Cancel,
    ) -> Vec<Token<'t>> {
        let mut out = Vec::new();
        let mut start = 0;
        while start < text.len() && !(start > 0 && cancel.is_set()) {
            let end = piece_end(text, start);
            worker.reset_sentence(&text[start..end]);
            worker.tokenize();
            out.reserve(worker.num_tokens());
            for t in worker.token_iter() {
                let idx = t.word_idx();
                let feature = match &*self.dict {
                    Dictionary::Archived(a) => a.word_feature(idx),
                    Dictionary::Owned { dict, .. } => dict.word_feature(idx),
                };
                let r = t.range_byte();
                out.push(token(
                    start + r.start..start + r.end,
                    feature,
                    t.lex_type() == vibrato_rkyv::dictionary::LexType::Unknown,
                ));
            }
            start = end;
        }
        out
    }
}

/// Longest piece of text given to the tokenizer at once, in bytes. Its lattice grows with
/// the text (a 3 MB paragraph held about a gigabyte), so a longer paragraph is cut into
/// pieces, after a sentence end where it can. Far above a real paragraph: the corpus's
/// longest line (吾輩は猫である) is 33.5 KB, so no corpus paragraph is cut.
pub const MAX_PIECE_BYTES: usize = 64 * 1024;

/// Where the piece of `text` starting at `start` ends: the text's end when it is short
/// enough; else just after the last sentence end (`。！？!?`) in the second half of the
/// window, else after the last `、`, closing bracket or space there, else at the window's
/// last character boundary.
fn piece_end(text: &str, start: usize) -> usize {
    if text.len() - start <= MAX_PIECE_BYTES {
        return text.len();
    }
    let mut limit = start + MAX_PIECE_BYTES;
    while !text.is_char_boundary(limit) {
        limit -= 1;
    }
    let window = &text[start..limit];
    let half = window.len() / 2;
    let after = |i: usize| i + window[i..].chars().next().map_or(0, char::len_utf8);
    let cut = window
        .rfind(['。', '！', '？', '!', '?'])
        .filter(|&i| i >= half)
        .or_else(|| {
            window
                .rfind(['、', '」', '』', '）', ')', ' ', '　'])
                .filter(|&i| i >= half)
        })
        .map_or(window.len(), after);
    start + cut
}

fn token(range: Range<usize>, feature: &str, unknown: bool) -> Token<'_> {
    // The first eight comma-separated fields, found in one pass over the bytes: `split(',')`
    // cost a quarter of a language check (a searcher per field, nine per word). A feature
    // longer than u16 offsets reach (none in IPADIC) keeps the fields that fit.
    let mut ends = [MISSING; 8];
    let mut n = 0;
    let limit = feature.len().min(MISSING as usize - 1);
    for (i, &b) in feature.as_bytes()[..limit].iter().enumerate() {
        if b == b',' {
            ends[n] = i as u16;
            n += 1;
            if n == ends.len() {
                break;
            }
        }
    }
    if n < ends.len() && feature.len() == limit {
        ends[n] = limit as u16;
    }
    Token {
        range,
        unknown,
        feature,
        ends,
    }
}

/// For each token of a narration paragraph's `text`: whether it is inside 「」『』（）.
fn speech_marks(text: &str, tokens: &[Token]) -> Vec<bool> {
    // Only matched pairs hold speech: an opener never closed in the paragraph (a letter
    // quoted over several paragraphs reopens 「 at each one) opens nothing, as in
    // `sentences`. A closer pops back to its own opener.
    let mut stack: Vec<(usize, char)> = Vec::new();
    // (inside start, inside end) of each matched pair.
    let mut inside: Vec<(usize, usize)> = Vec::new();
    for (i, c) in text.char_indices() {
        match c {
            '「' | '『' | '（' | '(' => stack.push((i + c.len_utf8(), c)),
            '」' | '』' | '）' | ')' => {
                let open = match c {
                    '」' => '「',
                    '』' => '『',
                    '）' => '（',
                    _ => '(',
                };
                if let Some(k) = stack.iter().rposition(|&(_, o)| o == open) {
                    inside.push((stack[k].0, i));
                    stack.truncate(k);
                }
            }
            _ => {}
        }
    }
    // Sweep the pairs' edges with the tokens (both in text order): depth at a token start.
    let mut edges: Vec<(usize, i32)> = inside
        .iter()
        .flat_map(|&(a, b)| [(a, 1), (b, -1)])
        .collect();
    edges.sort_unstable();
    let mut depth = 0i32;
    let mut e = 0;
    tokens
        .iter()
        .map(|t| {
            while e < edges.len() && edges[e].0 <= t.range.start {
                depth += edges[e].1;
                e += 1;
            }
            depth > 0
        })
        .collect()
}

/// The words of one paragraph, with display offsets.
#[derive(Debug)]
pub struct ParagraphWords<'t> {
    /// Index into `Document::paragraphs`.
    pub paragraph: usize,
    /// Display offset of the paragraph's start: token ranges are relative to it.
    pub base: usize,
    pub tokens: Vec<Token<'t>>,
    /// Per token: whether it is speech (a dialogue paragraph, or inside 「」『』（） of a
    /// narration paragraph). Computed once here, read by several rules.
    pub speech: Vec<bool>,
}

/// Displayed bytes from which a document's paragraphs are tokenised in parallel (about 0.5 ms
/// of tokenising on one thread, what starting rayon's pool costs).
pub(crate) const PARALLEL_FROM_BYTES: usize = 4096;

/// The words of a document, tokenised on first use.
pub struct Words<'d, 't> {
    doc: &'d Document<'d>,
    lexicon: Option<&'t Lexicon>,
    cache: Option<&'d TokenCache>,
    cell: OnceLock<Vec<ParagraphWords<'t>>>,
    /// Read between paragraphs: once set, the paragraphs left get no words (the caller
    /// throws the analysis away).
    cancel: Cancel<'d>,
}

/// The words of paragraphs tokenised before, by paragraph (its displayed text and whether
/// it is dialogue). A caller that analyses one text again and again as it is edited (the
/// language server, per open document) keeps one and passes it to each analysis: only the
/// paragraphs that changed are tokenised again — tokenising is most of a language check.
/// After each use only the paragraphs of that text are kept, so it holds at most one
/// text's words (memory flat however long the editing goes on). It holds the process's
/// dictionary, which tokenises what it does not hold.
pub struct TokenCache {
    lexicon: &'static Lexicon,
    entries: std::sync::Mutex<std::collections::HashMap<(bool, Box<str>), CachedWords>>,
    /// Paragraphs tokenised through this cache so far (its misses): work counted.
    tokenised: std::sync::atomic::AtomicUsize,
}

struct CachedWords {
    tokens: Vec<Token<'static>>,
    speech: Vec<bool>,
}

impl std::fmt::Debug for TokenCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.entries.lock().map_or(0, |e| e.len());
        write!(f, "TokenCache({n} paragraphs)")
    }
}

impl TokenCache {
    pub fn new(lexicon: &'static Lexicon) -> TokenCache {
        TokenCache {
            lexicon,
            entries: Default::default(),
            tokenised: Default::default(),
        }
    }

    /// Paragraphs held.
    pub fn len(&self) -> usize {
        self.entries.lock().map_or(0, |e| e.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Paragraphs tokenised through this cache so far (the ones it did not hold).
    pub fn tokenised(&self) -> usize {
        self.tokenised.load(std::sync::atomic::Ordering::Relaxed)
    }
}

impl<'d, 't> Words<'d, 't> {
    pub fn new(doc: &'d Document<'d>, lexicon: Option<&'t Lexicon>) -> Self {
        Words {
            doc,
            lexicon,
            cache: None,
            cell: OnceLock::new(),
            cancel: Cancel::NEVER,
        }
    }

    /// `new`, reusing (and refreshing) the words `cache` holds for unchanged paragraphs
    /// (tokenised with the cache's dictionary, the process's one). The words are the same as
    /// without it; without `lexicon` there are none, as with `new`.
    pub fn cached(
        doc: &'d Document<'d>,
        lexicon: Option<&'t Lexicon>,
        cache: Option<&'d TokenCache>,
    ) -> Self {
        Words {
            cache,
            ..Words::new(doc, lexicon)
        }
    }

    /// These words, tokenising only until `cancel` is set.
    pub(crate) fn until(mut self, cancel: Cancel<'d>) -> Self {
        self.cancel = cancel;
        self
    }

    /// `doc`'s words, tokenised already: `paragraphs` has one entry per paragraph of `doc`,
    /// in order (`incremental`, which checks a few paragraphs of a document on their own).
    pub(crate) fn given(
        doc: &'d Document<'d>,
        lexicon: Option<&'t Lexicon>,
        paragraphs: Vec<ParagraphWords<'t>>,
    ) -> Self {
        let words = Words::new(doc, lexicon);
        let _ = words.cell.set(paragraphs);
        words
    }

    /// False when no dictionary was given: word rules then report nothing.
    pub fn available(&self) -> bool {
        self.lexicon.is_some()
    }

    pub(crate) fn lexicon(&self) -> Option<&'t Lexicon> {
        self.lexicon
    }

    /// Every paragraph's words (empty when no dictionary was given).
    pub fn paragraphs(&self) -> &[ParagraphWords<'t>] {
        self.cell.get_or_init(|| {
            let Some(lex) = self.lexicon else {
                return Vec::new();
            };
            if let Some(cache) = self.cache {
                return self.through_cache(cache);
            }
            if self.doc.display.len() < PARALLEL_FROM_BYTES {
                // A short text: tokenised on this thread. Asking rayon starts its pool (a
                // thread per core), which costs more than tokenising a few lines.
                let mut worker = lex.tokenizer.new_worker();
                return self
                    .doc
                    .paragraphs
                    .iter()
                    .enumerate()
                    .map_while(|(i, p)| {
                        (!self.cancel.is_set())
                            .then(|| paragraph_words(self.doc, lex, &mut worker, i, p, self.cancel))
                    })
                    .collect();
            }
            // Paragraphs are independent: tokenised in parallel, in order. Tokenising is most
            // of a language check's time. In runs of consecutive paragraphs, a few per
            // thread, each with one worker: rayon's `map_init` made a worker (and its
            // lattice buffers, fresh pages) for every split of the work.
            let paragraphs = &self.doc.paragraphs;
            let run = paragraphs
                .len()
                .div_ceil(4 * rayon::current_num_threads())
                .max(1);
            let runs: Vec<Vec<ParagraphWords<'t>>> = paragraphs
                .par_chunks(run)
                .enumerate()
                .map(|(r, ps)| {
                    let mut worker = lex.tokenizer.new_worker();
                    ps.iter()
                        .enumerate()
                        .map_while(|(k, p)| {
                            (!self.cancel.is_set()).then(|| {
                                let i = r * run + k;
                                paragraph_words(self.doc, lex, &mut worker, i, p, self.cancel)
                            })
                        })
                        .collect()
                })
                .collect();
            runs.into_iter().flatten().collect()
        })
    }

    /// Every paragraph's words, those `cache` holds copied from it, the others tokenised
    /// (in parallel when they are long together); `cache` then holds exactly this text's.
    fn through_cache(&self, cache: &TokenCache) -> Vec<ParagraphWords<'t>> {
        let lex = cache.lexicon;
        let paragraphs = &self.doc.paragraphs;
        let key = |p: &Paragraph| {
            (
                p.kind == ParagraphKind::Dialogue,
                Box::<str>::from(self.doc.paragraph_text(p)),
            )
        };
        let mut out: Vec<Option<ParagraphWords<'t>>> = Vec::with_capacity(paragraphs.len());
        let mut kept = std::collections::HashMap::new();
        let mut missing = Vec::new();
        {
            let Ok(mut entries) = cache.entries.lock() else {
                return Vec::new();
            };
            for (i, p) in paragraphs.iter().enumerate() {
                let k = key(p);
                let hit = kept
                    .get(&k)
                    .or_else(|| entries.get(&k))
                    .map(|c: &CachedWords| ParagraphWords {
                        paragraph: i,
                        base: p.display.start,
                        tokens: c.tokens.clone(),
                        speech: c.speech.clone(),
                    });
                match hit {
                    Some(words) => {
                        if let Some(c) = entries.remove(&k) {
                            kept.insert(k, c);
                        }
                        out.push(Some(words));
                    }
                    None => {
                        missing.push(i);
                        out.push(None);
                    }
                }
            }
        }
        cache
            .tokenised
            .fetch_add(missing.len(), std::sync::atomic::Ordering::Relaxed);
        let bytes: usize = missing.iter().map(|&i| paragraphs[i].display.len()).sum();
        let tokenise = |worker: &mut Worker, i: usize| {
            // Never cut short: what is tokenised here is kept for the next analysis.
            paragraph_words(self.doc, lex, worker, i, &paragraphs[i], Cancel::NEVER)
        };
        let fresh: Vec<ParagraphWords<'static>> = if bytes < PARALLEL_FROM_BYTES {
            let mut worker = lex.tokenizer.new_worker();
            missing.iter().map(|&i| tokenise(&mut worker, i)).collect()
        } else {
            missing
                .par_iter()
                .map_init(|| lex.tokenizer.new_worker(), |w, &i| tokenise(w, i))
                .collect()
        };
        for words in fresh {
            let k = key(&paragraphs[words.paragraph]);
            kept.entry(k).or_insert_with(|| CachedWords {
                tokens: words.tokens.clone(),
                speech: words.speech.clone(),
            });
            let at = words.paragraph;
            out[at] = Some(words);
        }
        if let Ok(mut entries) = cache.entries.lock() {
            *entries = kept;
        }
        out.into_iter().flatten().collect()
    }

    /// The words of a short text outside the document (a word form a rule wants to look
    /// up, such as the 五段 verb 書く behind 書ける); empty without a dictionary. Each call
    /// makes a tokenizer worker: for the rare candidates of a rule, not for every word.
    pub(crate) fn lookup(&self, text: &str) -> Vec<Token<'t>> {
        self.lexicon.map_or_else(Vec::new, |lex| lex.tokenize(text))
    }

    /// Source span of display range `range` of paragraph words `pw`.
    pub fn span(&self, pw: &ParagraphWords, range: Range<usize>) -> Span {
        self.doc
            .source_span(pw.base + range.start..pw.base + range.end)
    }
}

/// The words of paragraph `i` (`p`) of `doc`, tokenised with `worker`.
fn paragraph_words<'t>(
    doc: &Document,
    lex: &'t Lexicon,
    worker: &mut Worker,
    i: usize,
    p: &Paragraph,
    cancel: Cancel,
) -> ParagraphWords<'t> {
    let text = doc.paragraph_text(p);
    let tokens = lex.tokenize_with(worker, text, cancel);
    let speech = if p.kind == ParagraphKind::Dialogue {
        vec![true; tokens.len()]
    } else {
        speech_marks(text, &tokens)
    };
    ParagraphWords {
        paragraph: i,
        base: p.display.start,
        tokens,
        speech,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A lexicon for unit tests, unpacked in memory from the committed archive once per test
    /// binary (the cached, memory-mapped load is `store::dictionary`'s and tested there).
    pub(crate) fn lexicon() -> &'static Lexicon {
        static LEXICON: std::sync::OnceLock<Lexicon> = std::sync::OnceLock::new();
        LEXICON.get_or_init(|| {
            let packed = include_bytes!("../../assets/ipadic.dic.zst");
            let raw = zstd::decode_all(&packed[..]).expect("unpack");
            Lexicon::new(Dictionary::from_bytes(&raw).expect("valid archive"))
        })
    }

    #[test]
    fn a_long_paragraph_is_tokenised_in_bounded_pieces() {
        let sentence = "彼は走った。";
        let count = MAX_PIECE_BYTES / sentence.len() * 3 + 7;
        let text = sentence.repeat(count);
        let (mut start, mut pieces) = (0, 0);
        while start < text.len() {
            let end = piece_end(&text, start);
            assert!(end > start && end - start <= MAX_PIECE_BYTES);
            assert!(text[..end].ends_with('。'), "cut after a sentence end");
            start = end;
            pieces += 1;
        }
        assert!(pieces >= 3, "{pieces}");
        // Cut after sentence ends, the words are those of each sentence alone.
        let lex = lexicon();
        let one = lex.tokenize(sentence).len();
        let all = lex.tokenize(&text);
        assert_eq!(all.len(), one * count);
        assert_eq!(all.last().map(|t| t.range.end), Some(text.len()));
        // No sentence end at all: cut at character boundaries, every byte still covered once.
        let brackets = "（".repeat(MAX_PIECE_BYTES / 2);
        let toks = lex.tokenize(&brackets);
        let mut at = 0;
        for t in &toks {
            assert_eq!(t.range.start, at);
            at = t.range.end;
        }
        assert_eq!(at, brackets.len());
    }

    /// Through a cache, the words are those of a fresh tokenisation, and an edit to one
    /// paragraph tokenises that paragraph only; the cache keeps one text's paragraphs.
    #[test]
    fn a_token_cache_retokenises_only_what_changed() {
        let para = |n: usize| format!("　彼は{n}番目の本を読んでいた。「そうだね」と言った。\n");
        let mut text: String = (0..300).map(para).collect();
        let cache = TokenCache::new(lexicon());
        let tokens = |text: &str, cache: Option<&TokenCache>| {
            let doc = Document::parse(text);
            let words = Words::cached(&doc, Some(lexicon()), cache);
            words
                .paragraphs()
                .iter()
                .map(|p| (p.paragraph, p.base, p.tokens.clone(), p.speech.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(tokens(&text, Some(&cache)), tokens(&text, None));
        let first = cache.tokenised();
        assert!(first >= 300, "{first}");
        assert_eq!(tokens(&text, Some(&cache)), tokens(&text, None));
        assert_eq!(
            cache.tokenised(),
            first,
            "nothing changed, nothing tokenised"
        );
        text = text.replacen("7番目の本を", "7番目の雑誌を", 1);
        text.push_str("「新しい段落だ」\n");
        assert_eq!(tokens(&text, Some(&cache)), tokens(&text, None));
        assert_eq!(cache.tokenised(), first + 2);
        let held = cache.len();
        assert!(held <= Document::parse(&text).paragraphs.len(), "{held}");
    }

    fn words(text: &str) -> Vec<(String, String, String)> {
        let lex = lexicon();
        lex.tokenize(text)
            .iter()
            .map(|t| {
                (
                    t.surface(text).to_string(),
                    t.pos4()[..2].join(","),
                    t.base().to_string(),
                )
            })
            .collect()
    }

    #[test]
    fn tokenises_with_pos_base_form_and_reading() {
        let text = "彼は本を読んでいた。";
        let got = words(text);
        let surfaces: Vec<&str> = got.iter().map(|w| w.0.as_str()).collect();
        assert_eq!(
            surfaces,
            ["彼", "は", "本", "を", "読ん", "で", "い", "た", "。"]
        );
        assert_eq!(got[4].1, "動詞,自立");
        assert_eq!(got[4].2, "読む");
        assert_eq!(got[1].1, "助詞,係助詞");
        let toks = lexicon().tokenize(text);
        assert_eq!(toks[4].reading(), "ヨン");
        assert_eq!(toks[4].cform(), "連用タ接続");
    }

    #[test]
    fn offsets_map_through_ruby_and_markup_to_the_source() {
        // Ruby (|base《reading》 and kanji《reading》) and an emphasis mark 《《》》.
        let src = "　|彼女《かのじょ》は剣《つるぎ》を、《《静かに》》抜いた。\n";
        let doc = Document::parse(src);
        let words = Words::new(&doc, Some(lexicon()));
        let pw = &words.paragraphs()[0];
        let text = doc.paragraph_text(&doc.paragraphs[0]);
        assert!(
            !text.contains("かのじょ") && !text.contains("つるぎ"),
            "{text}"
        );
        let found: Vec<(&str, String, &str)> = pw
            .tokens
            .iter()
            .map(|t| {
                (
                    t.surface(text),
                    t.pos4()[..2].join(","),
                    doc.text(words.span(pw, t.range.clone())),
                )
            })
            .collect();
        let expected = [
            ("　", "記号,空白", "　"),
            ("彼女", "名詞,代名詞", "彼女"),
            ("は", "助詞,係助詞", "は"),
            ("剣", "名詞,一般", "剣"),
            ("を", "助詞,格助詞", "を"),
            ("、", "記号,読点", "、"),
            ("静か", "名詞,形容動詞語幹", "静か"),
            ("に", "助詞,副詞化", "に"),
            ("抜い", "動詞,自立", "抜い"),
            ("た", "助動詞,*", "た"),
            ("。", "記号,句点", "。"),
        ];
        let got: Vec<(&str, &str, &str)> =
            found.iter().map(|(a, b, c)| (*a, b.as_str(), *c)).collect();
        assert_eq!(got, expected);
        // Offsets are source offsets: 彼女 sits after "　|", 剣 before its 《つるぎ》.
        let kanojo = words.span(pw, pw.tokens[1].range.clone());
        assert_eq!(kanojo.start, "　|".len());
        let ken = words.span(pw, pw.tokens[3].range.clone());
        assert_eq!(&src[ken.end..ken.end + "《".len()], "《");
    }

    #[test]
    fn a_token_stays_small() {
        assert!(
            std::mem::size_of::<Token>() <= 56,
            "{}",
            std::mem::size_of::<Token>()
        );
    }

    #[test]
    fn feature_fields_are_split_at_commas() {
        let t = token(0..3, "動詞,自立,*,*,一段,連用形,見る,ミ,ミ", false);
        assert_eq!(t.pos4(), ["動詞", "自立", "*", "*"]);
        assert_eq!(
            (t.ctype(), t.cform(), t.base(), t.reading()),
            ("一段", "連用形", "見る", "ミ")
        );
        // Fewer fields (an unknown word's feature): the rest are `*`.
        let t = token(0..3, "名詞,固有名詞,人名", true);
        assert_eq!(t.pos4(), ["名詞", "固有名詞", "人名", "*"]);
        assert_eq!((t.ctype(), t.base(), t.reading()), ("*", "*", "*"));
        let t = token(0..3, "", true);
        assert_eq!(t.pos4(), ["", "*", "*", "*"]);
    }

    #[test]
    fn paragraphs_are_tokenised_in_order_in_parallel() {
        let text: String = (0..200)
            .map(|i| format!("　彼は{i}番目の本を読んでいた。\n"))
            .collect();
        let doc = Document::parse(&text);
        let words = Words::new(&doc, Some(lexicon()));
        let paras = words.paragraphs();
        assert_eq!(paras.len(), doc.paragraphs.len());
        for (i, pw) in paras.iter().enumerate() {
            assert_eq!(pw.paragraph, i);
            let shown = doc.paragraph_text(&doc.paragraphs[i]);
            let joined: String = pw.tokens.iter().map(|t| t.surface(shown)).collect();
            assert_eq!(joined.trim(), shown.trim());
            assert_eq!(pw.tokens, lexicon().tokenize(shown));
        }
    }

    #[test]
    fn a_short_text_is_tokenised_on_this_thread_alike() {
        let text = "　彼は本を読んでいた。\n「見れる？」\n　猫が鳴いた。\n";
        let doc = Document::parse(text);
        assert!(doc.display.len() < PARALLEL_FROM_BYTES);
        let words = Words::new(&doc, Some(lexicon()));
        let paras = words.paragraphs();
        assert_eq!(paras.len(), 3);
        for (i, pw) in paras.iter().enumerate() {
            let shown = doc.paragraph_text(&doc.paragraphs[i]);
            assert_eq!(
                (pw.paragraph, pw.base),
                (i, doc.paragraphs[i].display.start)
            );
            assert_eq!(pw.tokens, lexicon().tokenize(shown));
            assert_eq!(pw.speech.len(), pw.tokens.len());
        }
        assert!(
            paras[1].speech.iter().all(|&s| s),
            "a dialogue paragraph is speech"
        );
    }

    #[test]
    fn without_a_lexicon_there_are_no_words() {
        let doc = Document::parse("猫が鳴いた。\n");
        let words = Words::new(&doc, None);
        assert!(!words.available());
        assert!(words.paragraphs().is_empty());
    }
}
