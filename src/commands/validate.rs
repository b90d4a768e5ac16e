//! `noveler validate FILE|-` (MCP `validate_json_response`, seed 000 §6.1): checks that a
//! JSON document is a well-formed result envelope (SPEC §5) and reports every problem with
//! its JSON pointer (RFC 6901). Checks: required keys and their types for success and error
//! envelopes; `created_at` is RFC 3339; `error.code` is a known code; every FileRef has a
//! clean relative path, a 64-hex lower-case sha256, a non-negative integer size and a known
//! content type; `total_files` / `total_size_bytes` agree with the listed files; `saved_to`
//! lies under `temp/json_output/`. With `verify_files`, each FileRef is also compared with
//! the file on disk (inside the project root). Exit status 1 when the document is invalid.

use super::{Ctx, Report};
use crate::analysis::sha256_hex;
use crate::error::{Code, Error, Result};
use crate::store::envelope::OUTPUT_DIR;
use crate::store::{paths, FileRef};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::path::Path;

/// The envelope `command` of this verb, the one name the CLI and the MCP tools use.
pub const NAME: &str = "validate";

/// Content types a FileRef may declare (SPEC §5).
pub const CONTENT_TYPES: &[&str] = &[
    "text/markdown",
    "text/yaml",
    "application/json",
    "text/plain",
];

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct ValidateRequest {
    /// The document to check, as a JSON value.
    #[serde(default)]
    pub json_data: Option<Value>,
    /// The document to check, as JSON text (parse errors are reported as problems).
    #[serde(default)]
    pub json_text: Option<String>,
    /// A file inside the project holding the document.
    #[serde(default)]
    pub file: Option<String>,
    /// Also compare every FileRef with the file on disk.
    #[serde(default)]
    pub verify_files: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Problem {
    /// RFC 6901 pointer into the document (`""` = the whole document).
    pub pointer: String,
    /// `invalid_json`, `missing_key`, `wrong_type`, `invalid_value`, `bad_sha256`,
    /// `bad_path`, `totals_mismatch`, `file_missing`, `hash_mismatch`, `size_mismatch`.
    pub code: String,
    pub message: String,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ValidateReport {
    pub valid: bool,
    /// `success_envelope`, `error_envelope` or `unknown`.
    pub kind: String,
    pub problems: Vec<Problem>,
    pub file_refs_checked: usize,
    /// FileRefs compared with the disk (`verify_files`).
    pub files_verified: usize,
    #[serde(skip)]
    input: Option<FileRef>,
}

impl Report for ValidateReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.input.iter().cloned().collect()
    }
    fn exit_code(&self) -> crate::ExitStatus {
        crate::ExitStatus::findings_if(!self.valid)
    }
}

/// Escapes one pointer segment (RFC 6901).
pub fn escape(segment: &str) -> String {
    segment.replace('~', "~0").replace('/', "~1")
}

struct Checker<'a> {
    root: &'a Path,
    verify: bool,
    problems: Vec<Problem>,
    refs: usize,
    verified: usize,
}

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

#[derive(Clone, Copy)]
enum Want {
    Bool,
    Str,
    NonEmptyStr,
    Number,
    UInt,
    Object,
    Array,
    Any,
}

impl Want {
    fn accepts(self, v: &Value) -> bool {
        match self {
            Want::Bool => v.is_boolean(),
            Want::Str => v.is_string(),
            Want::NonEmptyStr => v.as_str().is_some_and(|s| !s.trim().is_empty()),
            Want::Number => v.is_number(),
            Want::UInt => v.is_u64(),
            Want::Object => v.is_object(),
            Want::Array => v.is_array(),
            Want::Any => !v.is_null(),
        }
    }
    fn name(self) -> &'static str {
        match self {
            Want::Bool => "boolean",
            Want::Str => "string",
            Want::NonEmptyStr => "空でない string",
            Want::Number => "number",
            Want::UInt => "0 以上の整数",
            Want::Object => "object",
            Want::Array => "array",
            Want::Any => "null 以外の値",
        }
    }
}

impl Checker<'_> {
    fn problem(&mut self, pointer: &str, code: &str, message: impl Into<String>) {
        self.problems.push(Problem {
            pointer: pointer.to_string(),
            code: code.to_string(),
            message: message.into(),
        });
    }

    /// Checks `obj[key]` against `want`; returns the value when present and of that type.
    fn field<'v>(
        &mut self,
        obj: &'v Map<String, Value>,
        base: &str,
        key: &str,
        want: Want,
        required: bool,
    ) -> Option<&'v Value> {
        let pointer = format!("{base}/{}", escape(key));
        match obj.get(key) {
            None => {
                if required {
                    self.problem(
                        &pointer,
                        "missing_key",
                        format!("必須のキー {key} がありません"),
                    );
                }
                None
            }
            Some(v) if want.accepts(v) => Some(v),
            Some(v) => {
                self.problem(
                    &pointer,
                    "wrong_type",
                    format!(
                        "{key} は {} であるべきですが {} です",
                        want.name(),
                        type_name(v)
                    ),
                );
                None
            }
        }
    }

    fn envelope(&mut self, doc: &Value) -> String {
        let Some(obj) = doc.as_object() else {
            self.problem(
                "",
                "wrong_type",
                format!("文書は object であるべきですが {} です", type_name(doc)),
            );
            return "unknown".into();
        };
        let success = self
            .field(obj, "", "success", Want::Bool, true)
            .and_then(Value::as_bool);
        self.field(obj, "", "command", Want::NonEmptyStr, true);
        if let Some(ts) = self
            .field(obj, "", "created_at", Want::Str, true)
            .and_then(Value::as_str)
        {
            if humantime::parse_rfc3339_weak(ts).is_err() {
                self.problem(
                    "/created_at",
                    "invalid_value",
                    format!("created_at「{ts}」は RFC 3339 の日時ではありません"),
                );
            }
        }
        if let Some(s) = self
            .field(obj, "", "saved_to", Want::Str, false)
            .and_then(Value::as_str)
        {
            if !paths::is_clean_relative(s) || !s.starts_with(&format!("{OUTPUT_DIR}/")) {
                self.problem(
                    "/saved_to",
                    "bad_path",
                    format!("saved_to「{s}」は {OUTPUT_DIR}/ 配下の相対パスであるべきです"),
                );
            }
        }
        self.field(obj, "", "metadata", Want::Object, false);
        match success {
            Some(true) => {
                self.field(obj, "", "noveler_version", Want::NonEmptyStr, true);
                if let Some(ms) = self.field(obj, "", "execution_time_ms", Want::Number, true) {
                    if ms.as_f64().is_some_and(|v| v < 0.0) {
                        self.problem(
                            "/execution_time_ms",
                            "invalid_value",
                            "execution_time_ms が負です",
                        );
                    }
                }
                self.field(obj, "", "project_root", Want::Str, true);
                self.field(obj, "", "result", Want::Any, true);
                for key in ["inputs", "outputs"] {
                    if let Some(set) = self.field(obj, "", key, Want::Object, true) {
                        self.file_set(set, &format!("/{key}"));
                    }
                }
                if obj.contains_key("error") && !obj["error"].is_null() {
                    self.problem(
                        "/error",
                        "invalid_value",
                        "success が true なのに error があります",
                    );
                }
                "success_envelope".into()
            }
            Some(false) => {
                if let Some(err) = self
                    .field(obj, "", "error", Want::Object, true)
                    .and_then(Value::as_object)
                {
                    if let Some(code) = self
                        .field(err, "/error", "code", Want::NonEmptyStr, true)
                        .and_then(Value::as_str)
                    {
                        if Code::parse(code).is_none() {
                            self.problem(
                                "/error/code",
                                "invalid_value",
                                format!("未知のエラーコード {code}"),
                            );
                        }
                    }
                    self.field(err, "/error", "type", Want::NonEmptyStr, true);
                    self.field(err, "/error", "message", Want::NonEmptyStr, true);
                    self.field(err, "/error", "hint", Want::Str, true);
                    self.field(err, "/error", "suggested_action", Want::Str, false);
                    if let Some(alts) = self
                        .field(err, "/error", "alternative_actions", Want::Array, false)
                        .and_then(Value::as_array)
                    {
                        for (i, a) in alts.iter().enumerate() {
                            if !(a.is_string() || a.is_object()) {
                                self.problem(
                                    &format!("/error/alternative_actions/{i}"),
                                    "wrong_type",
                                    "string か object であるべきです",
                                );
                            }
                        }
                    }
                }
                for key in ["inputs", "outputs"] {
                    if let Some(set) = self.field(obj, "", key, Want::Object, false) {
                        self.file_set(set, &format!("/{key}"));
                    }
                }
                "error_envelope".into()
            }
            None => "unknown".into(),
        }
    }

    fn file_set(&mut self, set: &Value, base: &str) {
        let Some(obj) = set.as_object() else { return };
        let files = self
            .field(obj, base, "files", Want::Array, true)
            .and_then(Value::as_array);
        let total_files = self
            .field(obj, base, "total_files", Want::UInt, true)
            .and_then(Value::as_u64);
        let total_size = self
            .field(obj, base, "total_size_bytes", Want::UInt, true)
            .and_then(Value::as_u64);
        let Some(files) = files else { return };
        let mut sum: Option<u64> = Some(0);
        for (i, f) in files.iter().enumerate() {
            let size = self.file_ref(f, &format!("{base}/files/{i}"));
            sum = match (sum, size) {
                (Some(a), Some(b)) => a.checked_add(b),
                _ => None,
            };
        }
        if let Some(n) = total_files {
            if n != files.len() as u64 {
                self.problem(
                    &format!("{base}/total_files"),
                    "totals_mismatch",
                    format!("total_files は {n} ですが files は {} 件です", files.len()),
                );
            }
        }
        if let (Some(t), Some(s)) = (total_size, sum) {
            if t != s {
                self.problem(
                    &format!("{base}/total_size_bytes"),
                    "totals_mismatch",
                    format!("total_size_bytes は {t} ですが size_bytes の合計は {s} です"),
                );
            }
        }
    }

    /// Checks one FileRef; returns its size when valid.
    fn file_ref(&mut self, f: &Value, base: &str) -> Option<u64> {
        self.refs += 1;
        let Some(obj) = f.as_object() else {
            self.problem(
                base,
                "wrong_type",
                format!("FileRef は object であるべきですが {} です", type_name(f)),
            );
            return None;
        };
        let path = self
            .field(obj, base, "path", Want::Str, true)
            .and_then(Value::as_str);
        let path_ok = match path {
            Some(p) if paths::is_clean_relative(p) => true,
            Some(p) => {
                self.problem(
                    &format!("{base}/path"),
                    "bad_path",
                    format!(
                        "path「{p}」はプロジェクトルートからの相対パス（.. なし）であるべきです"
                    ),
                );
                false
            }
            None => false,
        };
        let sha = self
            .field(obj, base, "sha256", Want::Str, true)
            .and_then(Value::as_str);
        let sha_ok = match sha {
            Some(h)
                if h.len() == 64 && h.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) =>
            {
                true
            }
            Some(h) => {
                self.problem(
                    &format!("{base}/sha256"),
                    "bad_sha256",
                    format!("sha256「{h}」は64桁の小文字16進数であるべきです"),
                );
                false
            }
            None => false,
        };
        let size = self
            .field(obj, base, "size_bytes", Want::UInt, true)
            .and_then(Value::as_u64);
        if let Some(ct) = self
            .field(obj, base, "content_type", Want::Str, true)
            .and_then(Value::as_str)
        {
            if !CONTENT_TYPES.contains(&ct) {
                self.problem(
                    &format!("{base}/content_type"),
                    "invalid_value",
                    format!(
                        "content_type「{ct}」は {} のいずれかであるべきです",
                        CONTENT_TYPES.join(" / ")
                    ),
                );
            }
        }
        self.field(obj, base, "role", Want::Str, true);
        if self.verify && path_ok && sha_ok {
            if let (Some(p), Some(h)) = (path, sha) {
                self.verify_file(base, p, h, size);
            }
        }
        size
    }

    fn verify_file(&mut self, base: &str, path: &str, sha: &str, size: Option<u64>) {
        let r = match paths::resolve(self.root, Path::new(path)) {
            Ok(r) => r,
            Err(e) => {
                self.problem(&format!("{base}/path"), "bad_path", e.message);
                return;
            }
        };
        self.verified += 1;
        match crate::store::text::read_bytes(&r.abs) {
            Err(_) => self.problem(
                &format!("{base}/path"),
                "file_missing",
                format!("{path} がありません"),
            ),
            Ok(bytes) => {
                if sha256_hex(&bytes) != sha {
                    self.problem(
                        &format!("{base}/sha256"),
                        "hash_mismatch",
                        format!("{path} の現在の内容は sha256 と一致しません"),
                    );
                }
                if size.is_some_and(|s| s != bytes.len() as u64) {
                    self.problem(
                        &format!("{base}/size_bytes"),
                        "size_mismatch",
                        format!("{path} の現在のサイズは {} バイトです", bytes.len()),
                    );
                }
            }
        }
    }
}

pub fn run(ctx: &Ctx, req: ValidateRequest) -> Result<ValidateReport> {
    let given = [
        req.json_data.is_some(),
        req.json_text.is_some(),
        req.file.is_some(),
    ]
    .iter()
    .filter(|b| **b)
    .count();
    if given != 1 {
        return Err(Error::new(Code::U001, "検証する JSON を1つだけ指定してください")
            .hint("json_data、json_text、file のどれか1つを指定してください（CLI ではファイルか `-`）。"));
    }
    let mut input = None;
    let text = match (&req.json_text, &req.file) {
        (Some(t), _) => Some(t.clone()),
        (None, Some(f)) => {
            let r = paths::resolve_file(&ctx.root, Path::new(f))?;
            let bytes = crate::store::text::read_bytes(&r.abs)?;
            let mut fr = FileRef::from_bytes(
                &paths::canonical_root(&ctx.root),
                &r.abs,
                &bytes,
                "validated",
            );
            fr.path = r.rel;
            input = Some(fr);
            Some(String::from_utf8_lossy(&bytes).into_owned())
        }
        (None, None) => None,
    };
    let mut checker = Checker {
        root: &ctx.root,
        verify: req.verify_files,
        problems: Vec::new(),
        refs: 0,
        verified: 0,
    };
    let doc = match (text, req.json_data) {
        (Some(t), _) => match serde_json::from_str::<Value>(&t) {
            Ok(v) => Some(v),
            Err(e) => {
                checker.problem(
                    "",
                    "invalid_json",
                    format!(
                        "JSON として読めません（{} 行 {} 列）: {e}",
                        e.line(),
                        e.column()
                    ),
                );
                None
            }
        },
        (None, v) => v,
    };
    let kind = match &doc {
        Some(d) => checker.envelope(d),
        None => "unknown".to_string(),
    };
    Ok(ValidateReport {
        valid: checker.problems.is_empty(),
        kind,
        problems: checker.problems,
        file_refs_checked: checker.refs,
        files_verified: checker.verified,
        input,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(doc: Value) -> ValidateReport {
        let dir = tempfile::tempdir().unwrap();
        run(
            &Ctx::new(dir.path().to_path_buf()),
            ValidateRequest {
                json_data: Some(doc),
                ..Default::default()
            },
        )
        .unwrap()
    }

    #[test]
    fn pointers_escape() {
        assert_eq!(escape("a/b~c"), "a~1b~0c");
    }

    #[test]
    fn every_problem_has_its_pointer() {
        let r = check(serde_json::json!({
            "success": true, "command": "check", "noveler_version": "0.1.0",
            "created_at": "yesterday", "execution_time_ms": 1.0, "project_root": "/p",
            "inputs": {"files": [{"path": "../x", "sha256": "ABC", "size_bytes": 3,
                                   "content_type": "text/html", "role": "m"}],
                       "total_files": 2, "total_size_bytes": 4},
            "result": {}
        }));
        assert!(!r.valid);
        let got: Vec<(&str, &str)> = r
            .problems
            .iter()
            .map(|p| (p.pointer.as_str(), p.code.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                ("/created_at", "invalid_value"),
                ("/inputs/files/0/path", "bad_path"),
                ("/inputs/files/0/sha256", "bad_sha256"),
                ("/inputs/files/0/content_type", "invalid_value"),
                ("/inputs/total_files", "totals_mismatch"),
                ("/inputs/total_size_bytes", "totals_mismatch"),
                ("/outputs", "missing_key"),
            ]
        );
    }

    #[test]
    fn error_envelope_from_error_type_is_valid() {
        let dir = tempfile::tempdir().unwrap();
        let run = crate::store::envelope::RunInfo {
            command: "x".into(),
            project_root: dir.path().to_path_buf(),
            started: std::time::SystemTime::now(),
            elapsed_ms: 0.0,
        };
        let env = crate::store::Envelope::failure(&run, &Error::new(Code::A001, "bad").hint("h"));
        let r = check(serde_json::to_value(env).unwrap());
        assert!(r.valid, "{:?}", r.problems);
        assert_eq!(r.kind, "error_envelope");
    }
}
