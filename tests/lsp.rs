//! `noveler lsp` driven by a raw JSON-RPC client over the binary's stdio (`common::lsp`):
//! the handshake, diagnostics equal to `check --format json` for the same text, positions
//! in UTF-16 / UTF-8 / UTF-32 with astral characters and CRLF, every kind of code action
//! against what `polish` writes, hover, code lens, incremental edits, settings and config
//! reloads, shutdown/exit, and hostile documents and messages.

mod common;

use common::lsp::{apply_edits, capabilities, edits_for, file_uri, LspClient};
use common::{json, noveler, run, sample};
use serde_json::{json, Value};
use std::io::Write;
use std::path::Path;

const EP: &str = "40_原稿/第001話_潮墨の見習い.md";

/// Lines planted after episode 1: fixes of each level, a coined term, an astral name.
const PLANTED: &str = "　𠮷田は言った...そうだ!!\n「こんにちわ」と😀を見た。\n　魔導兵装管理局長官が来た。。\n　彼は彼は走った。\n";

/// Episode 1 of the sample with the planted lines, in `ending` line endings.
fn episode(root: &Path, ending: &str) -> String {
    let base = std::fs::read_to_string(root.join(EP)).unwrap();
    format!("{base}{PLANTED}").replace('\n', ending)
}

/// `check --format json` of `text` as file `rel` of the project at `root`: its file result.
fn check(root: &Path, rel: &str, text: &str) -> Value {
    let mut child = noveler(root)
        .args([
            "check",
            "--format",
            "json",
            "--no-save",
            "--stdin-filename",
            rel,
            "-",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    json(&out)["result"]["files"][0].clone()
}

/// The rules about a whole episode (`analysis::score::WHOLE_TEXT_RULES`).
const WHOLE_TEXT: &[&str] = noveler::analysis::score::WHOLE_TEXT_RULES;

fn started(root: &Path, encodings: &[&str]) -> LspClient {
    let mut c = LspClient::spawn(root);
    c.initialize(root, capabilities(encodings), Value::Null);
    c
}

fn severity(s: &str) -> i64 {
    match s {
        "critical" | "high" => 1,
        "medium" => 2,
        _ => 3,
    }
}

fn codes(diagnostics: &[Value]) -> Vec<String> {
    diagnostics
        .iter()
        .map(|d| d["code"].as_str().unwrap_or("").to_string())
        .collect()
}

#[test]
fn the_handshake_negotiates_the_position_encoding() {
    let dir = sample();
    let mut c = LspClient::spawn(dir.path());
    let r = c.initialize(dir.path(), json!({}), Value::Null);
    assert_eq!(r["capabilities"]["positionEncoding"], "utf-16");
    assert_eq!(
        r["capabilities"]["textDocumentSync"]["change"], 2,
        "incremental"
    );
    assert_eq!(r["serverInfo"]["name"], "noveler");
    assert_eq!(c.shutdown(), Some(0));
    let mut c = LspClient::spawn(dir.path());
    let r = c.initialize(dir.path(), capabilities(&["utf-16", "utf-8"]), Value::Null);
    assert_eq!(r["capabilities"]["positionEncoding"], "utf-8");
    // `exit` without `shutdown`: exit code 1, as the protocol says.
    c.notify("exit", Value::Null);
    let status = c.child.wait().unwrap();
    assert_eq!(status.code(), Some(1));
}

/// Every diagnostic is a finding of `check --format json` on the same text: code,
/// severity, range (UTF-32 columns are `check`'s character columns), message.
#[test]
fn diagnostics_are_the_findings_of_check_for_the_same_text() {
    let dir = sample();
    let root = dir.path();
    let mut c = started(root, &["utf-32"]);
    for (rel, text) in [
        (EP.to_string(), episode(root, "\n")),
        // Not a manuscript: a snippet (no whole-episode rules), as `check` decides.
        (
            "10_企画/メモ.md".to_string(),
            format!("# メモ\n\n{PLANTED}"),
        ),
    ] {
        let uri = file_uri(&root.join(&rel));
        c.open(&uri, &text, 1);
        let got = c.diagnostics(&uri, Some(1));
        let want = check(root, &rel, &text);
        assert!(want["findings"].as_array().unwrap().len() >= 6, "{want}");
        assert_is_check(&got, &want, true);
        let snippet = want["snippet"] == true;
        assert_eq!(snippet, rel.starts_with("10_"), "{rel}");
    }
    assert_eq!(c.shutdown(), Some(0));
}

/// Asserts `got` (diagnostics) are the findings of `want` (a file of `check --format
/// json`): code, severity, message and, with `columns` (UTF-32 positions), the range.
fn assert_is_check(got: &[Value], want: &Value, columns: bool) {
    let findings = want["findings"].as_array().unwrap();
    assert_eq!(got.len(), findings.len(), "{got:#?}\n{findings:#?}");
    for (d, f) in got.iter().zip(findings) {
        assert_eq!(d["code"], f["code"]);
        assert_eq!(d["source"], "noveler");
        assert_links_to_rules_page(d);
        assert_eq!(d["severity"], severity(f["severity"].as_str().unwrap()));
        assert!(d["message"]
            .as_str()
            .unwrap()
            .starts_with(f["message"].as_str().unwrap()));
        if WHOLE_TEXT.contains(&f["code"].as_str().unwrap()) {
            // Shown on the title, not where its span starts.
            assert_eq!(d["range"]["start"]["line"], 0, "{d}");
            continue;
        }
        let line = |k: &str| f[k].as_u64().unwrap() - 1;
        assert_eq!(d["range"]["start"]["line"], line("line"), "{d} {f}");
        assert_eq!(d["range"]["end"]["line"], line("end_line"), "{d} {f}");
        if columns {
            assert_eq!(d["range"]["start"]["character"], line("column"), "{d} {f}");
            assert_eq!(
                d["range"]["end"]["character"],
                line("end_column"),
                "{d} {f}"
            );
        }
    }
}

/// The diagnostic's code links to its heading in docs/rules.md (`file://…#L<line>`).
fn assert_links_to_rules_page(d: &Value) {
    let href = d["codeDescription"]["href"].as_str().unwrap_or_default();
    let page = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules.md");
    let (uri, line) = href.rsplit_once("#L").expect("a #L<line> link");
    assert_eq!(uri, file_uri(&page), "{d}");
    let text = std::fs::read_to_string(&page).unwrap();
    let heading = text.lines().nth(line.parse::<usize>().unwrap() - 1);
    assert_eq!(
        heading,
        Some(format!("## {}", d["code"].as_str().unwrap()).as_str()),
        "{d}"
    );
}

/// A client that names no folder (`rootUri: null`), only the deprecated `rootPath`, or a
/// `rootUri` with `workspaceFolders: null`, started outside the project and writing file
/// names unescaped in its URIs (`file:///…/40_原稿/第001話….md`): each document finds its
/// project from its own path, as `check` does from a file, and gets `check`'s findings under
/// the URI it was opened with; a document in no project is still checked, as a snippet.
#[test]
fn documents_find_their_project_whatever_the_client_says_of_the_root() {
    let dir = sample();
    let root = dir.path();
    let outside = tempfile::tempdir().unwrap();
    let memo = outside.path().join("メモ 1.md");
    let memo_text = format!("# メモ\n\n{PLANTED}");
    std::fs::write(&memo, &memo_text).unwrap();
    let text = episode(root, "\n");
    let want = check(root, EP, &text);
    let want_memo = check(outside.path(), "メモ 1.md", &memo_text);
    assert!(want_memo["findings"].as_array().unwrap().len() >= 4);
    assert_eq!(want_memo["snippet"], true);
    let unescaped = |p: &Path| format!("file://{}", p.display());
    let root_path = root.to_str().unwrap();
    for params in [
        json!({"rootUri": null}),
        json!({"rootUri": null, "rootPath": root_path}),
        json!({"rootUri": file_uri(root), "workspaceFolders": null}),
    ] {
        let mut c = LspClient::spawn(outside.path());
        let mut params = params;
        params["processId"] = Value::Null;
        params["capabilities"] = capabilities(&["utf-32"]);
        c.initialize_with(params.clone());
        for uri in [unescaped(&root.join(EP)), file_uri(&root.join(EP))] {
            c.open(&uri, &text, 1);
            let got = c.diagnostics(&uri, Some(1));
            assert_is_check(&got, &want, true);
            let typo = got.iter().find(|d| d["code"] == "TYPO").unwrap();
            let at = json!({"textDocument": {"uri": uri}, "position": typo["range"]["start"]});
            let hover = c.request("textDocument/hover", at);
            assert!(hover["result"]["contents"]["value"]
                .as_str()
                .is_some_and(|v| v.contains("**TYPO**")));
            // The edit names the file as editors write it, escaped.
            let actions = actions_at(&mut c, &uri, typo, Some(&["quickfix"]));
            let escaped = file_uri(&root.join(EP));
            assert!(!actions.is_empty() && !edits_for(&actions[0], &escaped).is_empty());
        }
        let uri = unescaped(&memo);
        c.open(&uri, &memo_text, 1);
        assert_is_check(&c.diagnostics(&uri, Some(1)), &want_memo, true);
        assert_eq!(c.shutdown(), Some(0), "{params}");
    }
}

/// The same finding lands on the same characters whatever the encoding and line endings.
#[test]
fn positions_count_utf16_units_utf8_bytes_and_skip_crlf() {
    let dir = sample();
    let root = dir.path();
    let text = "　𠮷田と😀は言った...そうだ\r\n　👨‍👩‍👧が来た!!\r\n";
    let uri = file_uri(&root.join("40_原稿/第009話_位置.md"));
    let count = |s: &str, enc: &str| match enc {
        "utf-8" => s.len(),
        _ => s.encode_utf16().count(),
    };
    for enc in ["utf-16", "utf-8"] {
        let units = count("　𠮷田と😀は言った", enc);
        assert!(units > "　𠮷田と😀は言った".chars().count());
        let mut c = started(root, &[enc]);
        c.open(&uri, text, 1);
        let got = c.diagnostics(&uri, Some(1));
        let ellipsis = got
            .iter()
            .find(|d| d["code"] == "ELLIPSIS_STYLE")
            .expect("ELLIPSIS_STYLE");
        assert_eq!(
            ellipsis["range"]["start"],
            json!({"line": 0, "character": units}),
            "{enc}"
        );
        let bang = got
            .iter()
            .find(|d| d["code"] == "HALFWIDTH_EXCLAMATION")
            .unwrap();
        // 　 + the family emoji (5 scalars, 8 UTF-16 units, 18 bytes) + が来た.
        let n = count("　👨‍👩‍👧が来た", enc);
        assert_eq!(
            bang["range"]["start"],
            json!({"line": 1, "character": n}),
            "{enc}"
        );
        assert_eq!(c.shutdown(), Some(0));
    }
}

/// The code actions at a finding, with the diagnostics the client holds.
fn actions_at(c: &mut LspClient, uri: &str, d: &Value, only: Option<&[&str]>) -> Vec<Value> {
    let mut context = json!({"diagnostics": [d]});
    if let Some(only) = only {
        context["only"] = json!(only);
    }
    let r = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": d["range"], "context": context}),
    );
    r["result"].as_array().cloned().unwrap_or_default()
}

/// Each quick fix turns the buffer into what `polish --issue-ids ID --apply` writes, and
/// "fix all" into what `polish --apply` writes — on a CRLF file, whose endings both keep.
#[test]
fn fixes_write_exactly_what_polish_writes() {
    let dir = sample();
    let root = dir.path();
    let text = episode(root, "\r\n");
    std::fs::write(root.join(EP), &text).unwrap();
    let uri = file_uri(&root.join(EP));
    let mut c = started(root, &["utf-16"]);
    c.open(&uri, &text, 1);
    let diagnostics = c.diagnostics(&uri, Some(1));
    let polish = |args: &[&str]| -> String {
        let copy = sample();
        std::fs::write(copy.path().join(EP), &text).unwrap();
        let mut all = vec!["polish", EP, "--apply", "--no-save"];
        all.extend_from_slice(args);
        let out = run(copy.path(), &all);
        assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
        std::fs::read_to_string(copy.path().join(EP)).unwrap()
    };
    let mut fixed = 0;
    for d in &diagnostics {
        let id = d["data"]["id"].as_str().unwrap();
        let actions = actions_at(&mut c, &uri, d, Some(&["quickfix"]));
        let Some(fix) = actions.iter().find(|a| {
            !a["title"].as_str().unwrap().contains("無効")
                && !a["title"].as_str().unwrap().contains("登録")
        }) else {
            continue;
        };
        let after = apply_edits(&text, &edits_for(fix, &uri), "utf-16");
        let want = polish(&["--issue-ids", id, "--level", "aggressive"]);
        assert_eq!(after, want, "{}: {}", d["code"], fix["title"]);
        assert!(after.contains("\r\n") && !after.replace("\r\n", "").contains('\n'));
        fixed += 1;
    }
    assert!(fixed >= 5, "{fixed} fixes");
    // Fix all (safe): resolved on demand, equal to `polish --apply` at the default level.
    let actions = actions_at(&mut c, &uri, &diagnostics[0], Some(&["source.fixAll"]));
    let all = actions
        .iter()
        .find(|a| a["kind"] == "source.fixAll.noveler")
        .expect("fix all");
    let all = if all.get("edit").is_some() {
        all.clone()
    } else {
        c.request("codeAction/resolve", all.clone())["result"].clone()
    };
    let after = apply_edits(&text, &edits_for(&all, &uri), "utf-16");
    assert_eq!(after, polish(&[]));
    assert_ne!(after, text);
    assert_eq!(c.shutdown(), Some(0));
}

/// Writes a workspace edit's change of `path` (creating it) as the editor would.
fn apply_to_file(action: &Value, path: &Path) {
    let uri = file_uri(path);
    let before = std::fs::read_to_string(path).unwrap_or_default();
    let after = apply_edits(&before, &edits_for(action, &uri), "utf-16");
    std::fs::write(path, after).unwrap();
}

fn config_changed(c: &mut LspClient, path: &Path) {
    c.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": file_uri(path), "type": 2}]}),
    );
}

/// "Disable on this line" inserts the suppression comment; "disable in this project" and
/// "accept this word" edit `.novelerrc.yaml`, and the findings go once it is saved.
#[test]
fn suppressions_and_accepted_words_take_effect() {
    let dir = sample();
    let root = dir.path();
    let text = episode(root, "\n");
    let uri = file_uri(&root.join(EP));
    let mut c = started(root, &["utf-16"]);
    c.open(&uri, &text, 1);
    let diagnostics = c.diagnostics(&uri, Some(1));
    let find = |code: &str| {
        diagnostics
            .iter()
            .find(|d| d["code"] == code)
            .unwrap()
            .clone()
    };
    // On this line: the comment above it, and the finding is gone on the next check.
    let typo = find("TYPO");
    let actions = actions_at(&mut c, &uri, &typo, None);
    let line = actions
        .iter()
        .find(|a| a["title"].as_str().unwrap().contains("この行の TYPO"))
        .unwrap();
    let after = apply_edits(&text, &edits_for(line, &uri), "utf-16");
    assert!(after.contains("<!-- noveler-disable-next-line TYPO -->\n「こんにちわ」"));
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": after}]}),
    );
    let now = c.diagnostics(&uri, Some(2));
    assert!(!codes(&now).contains(&"TYPO".into()), "{:?}", codes(&now));
    assert_eq!(now.len(), diagnostics.len() - 1);
    // Punctuation is not offered as a word to accept.
    let ellipsis = find("ELLIPSIS_STYLE");
    let titles: Vec<String> = actions_at(&mut c, &uri, &ellipsis, None)
        .iter()
        .map(|a| a["title"].as_str().unwrap().to_string())
        .collect();
    assert!(titles
        .iter()
        .any(|t| t.contains("ELLIPSIS_STYLE をこのプロジェクトで無効")));
    assert!(!titles.iter().any(|t| t.contains("登録")), "{titles:?}");
    // In this project: .novelerrc.yaml (absent here: created).
    let rc = root.join(".novelerrc.yaml");
    assert!(!rc.exists());
    let dw = now
        .iter()
        .find(|d| d["code"] == "DOUBLED_WORD")
        .unwrap()
        .clone();
    let actions = actions_at(&mut c, &uri, &dw, None);
    let project = actions
        .iter()
        .find(|a| {
            a["title"]
                .as_str()
                .unwrap()
                .contains("DOUBLED_WORD をこのプロジェクトで無効")
        })
        .unwrap();
    apply_to_file(project, &rc);
    config_changed(&mut c, &rc);
    let now = c.diagnostics(&uri, Some(2));
    assert!(
        !codes(&now).contains(&"DOUBLED_WORD".into()),
        "{:?}",
        codes(&now)
    );
    // Accept the coined term: KANJI_RUN on it goes.
    let run = now
        .iter()
        .find(|d| d["code"] == "KANJI_RUN")
        .unwrap()
        .clone();
    let actions = actions_at(&mut c, &uri, &run, None);
    let accept = actions
        .iter()
        .find(|a| {
            a["title"]
                .as_str()
                .unwrap()
                .contains("「魔導兵装管理局長官」を正しい語として登録")
        })
        .unwrap();
    apply_to_file(accept, &rc);
    let written = std::fs::read_to_string(&rc).unwrap();
    assert!(
        written.contains("DOUBLED_WORD: {enabled: false}")
            && written.contains("- 魔導兵装管理局長官")
    );
    config_changed(&mut c, &rc);
    let now = c.diagnostics(&uri, Some(2));
    assert!(
        !codes(&now).contains(&"KANJI_RUN".into()),
        "{:?}",
        codes(&now)
    );
    // The CLI agrees.
    let out = check(root, EP, &after);
    let left: Vec<&str> = out["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes(&now), left);
    assert_eq!(c.shutdown(), Some(0));
}

#[test]
fn hover_explains_the_rule_and_the_lens_shows_length_and_score() {
    let dir = sample();
    let root = dir.path();
    let text = episode(root, "\n");
    let uri = file_uri(&root.join(EP));
    let mut c = started(root, &["utf-16"]);
    c.open(&uri, &text, 1);
    let diagnostics = c.diagnostics(&uri, Some(1));
    let typo = diagnostics.iter().find(|d| d["code"] == "TYPO").unwrap();
    let hover = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": typo["range"]["start"]}),
    );
    let value = hover["result"]["contents"]["value"].as_str().unwrap();
    for part in [
        "**TYPO**",
        "こんにちわ",
        "**何を**",
        "**なぜ**",
        "**例**",
        "**修正例**",
    ] {
        assert!(value.contains(part), "{part} in {value}");
    }
    let nothing = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 2, "character": 0}}),
    );
    assert_eq!(nothing["result"], Value::Null);
    let want = check(root, EP, &text);
    let lens = c.request(
        "textDocument/codeLens",
        json!({"textDocument": {"uri": uri}}),
    );
    let titles: Vec<&str> = lens["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["command"]["title"].as_str().unwrap())
        .collect();
    let chars = want["metrics"]["length_stats"]["body_chars"]
        .as_u64()
        .unwrap();
    let chars = format!("{},{:03}", chars / 1000, chars % 1000);
    assert!(
        titles[0].contains(&format!(
            "正味文字数 {chars}字（目標 3,000〜8,000字・範囲内）"
        )),
        "{titles:?}"
    );
    let score = want["scores"]["overall"].as_f64().unwrap();
    assert!(titles[1].contains(&format!("総合 {score}点")), "{titles:?}");
    assert_eq!(c.shutdown(), Some(0));
}

/// An incremental change is applied where the client says; the diagnostics follow, with the
/// document's version.
#[test]
fn incremental_changes_are_checked_again() {
    let dir = sample();
    let root = dir.path();
    let text = episode(root, "\r\n");
    let uri = file_uri(&root.join(EP));
    let mut c = started(root, &["utf-16"]);
    c.open(&uri, &text, 1);
    let before = c.diagnostics(&uri, Some(1));
    // Type "..." after 𠮷田 on the first planted line (𠮷 is two UTF-16 units).
    let line = before
        .iter()
        .find(|d| d["code"] == "ELLIPSIS_STYLE")
        .unwrap()["range"]["start"]["line"]
        .clone();
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 5}, "contentChanges": [
            {"range": {"start": {"line": line, "character": 4}, "end": {"line": line, "character": 4}}, "text": "..."}
        ]}),
    );
    let after = c.diagnostics(&uri, Some(5));
    let ellipses: Vec<&Value> = after
        .iter()
        .filter(|d| d["code"] == "ELLIPSIS_STYLE")
        .collect();
    assert_eq!(ellipses.len(), 2, "{after:#?}");
    assert_eq!(
        ellipses[0]["range"]["start"],
        json!({"line": line, "character": 4})
    );
    assert_eq!(c.shutdown(), Some(0));
}

/// What the server keeps from one check to the next (the words of unchanged paragraphs,
/// and any result a later cache keeps) never shows: after each of a run of edits — typing in a paragraph, a slip
/// typed and removed, a paragraph added, turned into dialogue, deleted, the first line
/// removed so every line moves — the diagnostics are exactly those of a fresh
/// `check --format json` of the same text (code, severity, message, range, finding id).
#[test]
fn diagnostics_after_edits_equal_a_fresh_check_of_the_same_text() {
    let dir = sample();
    let root = dir.path();
    let mut text = episode(root, "\n");
    let uri = file_uri(&root.join(EP));
    let mut c = started(root, &["utf-32"]);
    c.open(&uri, &text, 1);
    c.diagnostics(&uri, Some(1));
    let lines: Vec<&str> = text.lines().collect();
    // A narration paragraph in the middle, and its length in characters.
    let mid = (lines.len() / 2..lines.len())
        .find(|&i| lines[i].starts_with('\u{3000}'))
        .unwrap();
    let len = |text: &str, line: usize| text.lines().nth(line).unwrap().chars().count();
    let at = |line: usize, character: usize| json!({"line": line, "character": character});
    let end = len(&text, mid);
    let edits: Vec<(Value, Value, &str)> = vec![
        (at(mid, end), at(mid, end), "彼"),
        (at(mid, end + 1), at(mid, end + 1), "女は静かに笑った。"),
        (at(mid, end), at(mid, end), "そうだ!!それは。。"),
        (at(mid, 0), at(mid, 0), "　彼は彼は走った...\n"),
        (at(mid + 1, 0), at(mid + 1, 1), "「"),
        (
            at(mid + 1, len(&text, mid + 1)),
            at(mid + 1, len(&text, mid + 1)),
            "」",
        ),
        (at(mid, 0), at(mid + 1, 0), ""),
        (at(0, 0), at(1, 0), ""),
        (at(2, 0), at(2, 0), "\n\n\n\n"),
    ];
    for (k, (start, end, new)) in edits.into_iter().enumerate() {
        // Positions of the later edits are taken in the text as it is then.
        let (start, end) = match k {
            5 => {
                let n = len(&text, mid + 1);
                (at(mid + 1, n), at(mid + 1, n))
            }
            _ => (start, end),
        };
        let range = json!({"start": start, "end": end});
        text = apply_edits(&text, &[json!({"range": range, "newText": new})], "utf-32");
        let version = k as i64 + 2;
        c.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version},
                   "contentChanges": [{"range": range, "text": new}]}),
        );
        let got = c.diagnostics(&uri, Some(version));
        let want = check(root, EP, &text);
        assert_is_check(&got, &want, true);
        for (d, f) in got.iter().zip(want["findings"].as_array().unwrap()) {
            assert_eq!(d["data"]["id"], f["id"], "edit {k}: {d} {f}");
            let mut message = f["message"].as_str().unwrap().to_string();
            if let Some(s) = f["suggestion"].as_str().filter(|s| !s.is_empty()) {
                message = format!("{message}\n→ {s}");
            }
            assert_eq!(d["message"], message.as_str(), "edit {k}");
        }
    }
    assert_eq!(c.shutdown(), Some(0));
}

/// Editor settings apply (the project's config wins where it speaks); a broken config is a
/// diagnostic on the config file, and the manuscripts are still checked.
#[test]
fn settings_and_config_changes_recheck_open_documents() {
    let dir = sample();
    let root = dir.path();
    let text = episode(root, "\n");
    let uri = file_uri(&root.join(EP));
    let mut c = LspClient::spawn(root);
    c.initialize(
        root,
        capabilities(&["utf-16"]),
        json!({"noveler": {"severity": "high"}}),
    );
    c.open(&uri, &text, 1);
    let high = c.diagnostics(&uri, Some(1));
    assert!(
        !high.is_empty() && high.iter().all(|d| d["severity"] == 1),
        "{high:#?}"
    );
    c.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"noveler": {}}}),
    );
    let all = c.diagnostics(&uri, Some(1));
    assert!(all.len() > high.len());
    // A broken config: an error on its line, the manuscript still checked.
    let rc = root.join(".novelerrc.yaml");
    std::fs::write(
        &rc,
        "preset: narou\nrules:\n  NO_SUCH_RULE: {enabled: false}\n",
    )
    .unwrap();
    config_changed(&mut c, &rc);
    let broken = c.diagnostics(&file_uri(&rc), None);
    assert_eq!(broken.len(), 1);
    assert_eq!(broken[0]["code"], "U002");
    assert_eq!(broken[0]["range"]["start"]["line"], 2);
    assert_eq!(c.diagnostics(&uri, Some(1)).len(), all.len());
    // Open in the editor, the config's own buffer is validated as it is typed.
    let rc_uri = file_uri(&rc);
    c.open(&rc_uri, "preset: bogus\n", 1);
    let typed = c.diagnostics(&rc_uri, Some(1));
    assert_eq!(typed.len(), 1, "{typed:#?}");
    // Fixed on disk and saved: the error goes, a config that speaks applies.
    std::fs::write(&rc, "rules:\n  TYPO: {enabled: false}\n").unwrap();
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": rc_uri, "version": 2}, "contentChanges": [{"text": "rules:\n  TYPO: {enabled: false}\n"}]}),
    );
    assert!(c.diagnostics(&rc_uri, Some(2)).is_empty());
    c.notify(
        "textDocument/didSave",
        json!({"textDocument": {"uri": rc_uri}}),
    );
    let now = c.diagnostics(&uri, Some(1));
    assert!(!codes(&now).contains(&"TYPO".into()), "{:?}", codes(&now));
    assert_eq!(now.len(), all.len() - 1);
    assert_eq!(c.shutdown(), Some(0));
}

/// A 16 MiB document, a binary one, unterminated brackets, malformed messages: answered,
/// never a crash; the server still checks and shuts down cleanly.
#[test]
fn hostile_documents_and_messages_never_crash_the_server() {
    let dir = sample();
    let root = dir.path();
    let mut c = started(root, &["utf-16"]);
    let big = file_uri(&root.join("40_原稿/第100話_巨大.md"));
    c.open(&big, &"あ\n".repeat((16 << 20) / 4), 1);
    let d = c.diagnostics(&big, Some(1));
    assert!(
        d[0]["message"].as_str().unwrap().contains("大きすぎる"),
        "{d:?}"
    );
    // Control characters, NUL, replacement characters and stray surrogates' stand-ins.
    let binary: String = (0..40_000u32)
        .map(|i| {
            char::from_u32((i.wrapping_mul(2_654_435_761) >> 11) % 0x3000).unwrap_or('\u{fffd}')
        })
        .collect();
    let bin = file_uri(&root.join("40_原稿/第101話_バイナリ.md"));
    c.open(&bin, &binary, 1);
    let d = c.diagnostics(&bin, Some(1));
    assert!(
        codes(&d).contains(&"CONTROL_CHARACTER".into()),
        "{:?}",
        codes(&d)
    );
    let brackets = file_uri(&root.join("40_原稿/第102話_括弧.md"));
    c.open(
        &brackets,
        &format!("「{}\n（（（\n", "『".repeat(30_000)),
        1,
    );
    let d = c.diagnostics(&brackets, Some(1));
    assert!(codes(&d).contains(&"BRACKETS_MISMATCH".into()));
    // Malformed JSON, JSON that is no message, an unknown method: errors, and on it goes.
    c.write_raw(b"Content-Length: 9\r\n\r\n{not json");
    let e = c.wait_for(|m| m["error"]["code"] == -32700);
    assert_eq!(e["id"], Value::Null);
    c.send(&json!({"id": 77, "foo": 1}));
    let e = c.wait_for(|m| m["id"] == 77);
    assert_eq!(e["error"]["code"], -32600);
    let r = c.request("textDocument/definition", json!({}));
    assert_eq!(r["error"]["code"], -32601);
    let r = c.request("$/noveler.unknown", Value::Null);
    assert_eq!(r["error"]["code"], -32601, "a `$/` request is answered too");
    let r = c.request("initialize", json!({"capabilities": {}}));
    assert_eq!(r["error"]["code"], -32600, "initialize only once");
    // Notifications of any shape are ignored, never a crash.
    for params in [json!([1, 2]), json!({"textDocument": 3}), json!("x")] {
        c.notify("textDocument/didOpen", params.clone());
        c.notify("textDocument/didChange", params.clone());
        c.notify("workspace/didChangeWorkspaceFolders", params);
    }
    let r = c.request("textDocument/hover", json!({"textDocument": 3}));
    assert_eq!(r["error"]["code"], -32602);
    // A position far outside the document.
    let r = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": brackets}, "position": {"line": 99999, "character": 99999}}),
    );
    assert!(r.get("error").is_none(), "{r}");
    assert_eq!(c.shutdown(), Some(0));
}

/// Issue 28 item 6 (item 2's guard on every path): the editor never analyses a flood of
/// short lines either. Its own limit (4 MiB or 50,000 lines) is stricter than the memory
/// guard (a document under 50,000 lines stays under the guard's 256 MB floor), so the
/// 400,000-line document is refused by it, and the server goes on serving.
#[test]
fn a_flood_of_short_lines_is_refused_in_the_editor_too() {
    let dir = sample();
    let root = dir.path();
    let mut c = started(root, &["utf-16"]);
    let uri = file_uri(&root.join("40_原稿/第100話_洪水.md"));
    c.open(&uri, &"a\n".repeat(400_000), 1);
    let d = c.diagnostics(&uri, Some(1));
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(
        d[0]["message"].as_str().unwrap().contains("大きすぎる"),
        "{d:?}"
    );
    let ok = file_uri(&root.join("40_原稿/第101話_短い.md"));
    c.open(&ok, "　本文です。\n", 1);
    let _ = c.diagnostics(&ok, Some(1));
    assert_eq!(c.shutdown(), Some(0));
}
