//! The one error type of the crate. Every failure a user or an agent can meet carries a
//! stable code (kept from the original system where it had one), a Japanese message, and a
//! hint saying what to do next. The CLI renders it with miette; MCP returns it as the error
//! envelope (SPEC §5) with `isError: true`.

use serde::Serialize;
use std::fmt;
use std::path::{Path, PathBuf};

pub type Result<T, E = Error> = std::result::Result<T, E>;

macro_rules! codes {
    ($( $variant:ident = $text:literal, $kind:ident; )*) => {
        /// Stable error codes. Never reuse one for a new meaning; add a new one instead.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code { $( $variant, )* }

        impl Code {
            pub const ALL: &'static [Code] = &[ $( Code::$variant, )* ];

            /// The code as users see it (`P001`, `QC-008`, `TASK_NOT_FOUND` …).
            pub fn as_str(self) -> &'static str {
                match self { $( Code::$variant => $text, )* }
            }

            /// The error family, portable to HTTP-like semantics (seed 002 §11).
            pub fn kind(self) -> ErrorKind {
                match self { $( Code::$variant => ErrorKind::$kind, )* }
            }

            pub fn parse(text: &str) -> Option<Code> {
                match text { $( $text => Some(Code::$variant), )* _ => None }
            }
        }
    };
}

codes! {
    // Project (seed 000 §5.4)
    P001 = "P001", NotFound;          // project directory not found
    P002 = "P002", Config;            // configuration file broken
    P003 = "P003", Io;                // permission / file operation failed
    // Episode
    E001 = "E001", NotFound;          // episode number does not exist
    E002 = "E002", NotFound;          // plot file missing
    E003 = "E003", NotFound;          // manuscript file not found
    E004 = "E004", Validation;        // several manuscripts match one episode
    // Run
    R001 = "R001", Timeout;           // execution timeout / cancelled
    R002 = "R002", Internal;          // out of memory / internal
    R003 = "R003", Internal;          // external failure
    // Quality
    Q001 = "Q001", Quality;           // quality gate not met
    Q002 = "Q002", Internal;          // judged evaluation failed
    Q003 = "Q003", Internal;          // automatic fix failed
    // Progressive check (seed 001 §5, §6.4)
    QC001 = "QC-001", State;          // session inconsistent
    QC002 = "QC-002", NotFound;       // external files missing
    QC003 = "QC-003", Validation;     // invalid step
    QC004 = "QC-004", Internal;       // check run failed
    QC005 = "QC-005", State;          // session file corrupt
    QC006 = "QC-006", State;          // template version mismatch
    QC007 = "QC-007", Quality;        // iteration budget exceeded
    QC008 = "QC-008", Busy;           // state conflict / busy (one writer)
    QC009 = "QC-009", Config;         // project config not found
    QC010 = "QC-010", Config;         // project config invalid (target length)
    QC013 = "QC-013", State;          // manual alignment required
    QC015 = "QC-015", NotFound;       // text fetch (artifact) failed
    QC016 = "QC-016", NotFound;       // snapshot read failed
    QC017 = "QC-017", NotFound;       // manual upload required
    QC018 = "QC-018", State;          // text hash mismatch
    // Corpus statistics (seed 001 §8.5, meanings as issue 18 gives them)
    QcMl001 = "QC-ML-001", NotFound;  // corpus baseline not found
    QcMl002 = "QC-ML-002", State;     // corpus baseline file corrupt
    QcMl003 = "QC-ML-003", Validation; // corpus baseline too small
    // Input / usage (ours)
    U001 = "U001", Validation;        // invalid argument
    U002 = "U002", Config;            // invalid .novelerrc.yaml / config value
    U003 = "U003", Io;                // file is not valid UTF-8
    U004 = "U004", Validation;        // path escapes the project root
    U005 = "U005", NotFound;          // input path missing / nothing to check
    U006 = "U006", Validation;        // schema validation failed (submission, llm_result, JSON)
    U007 = "U007", Io;                // I/O error reading or writing
    // Artifacts and stored files (seed 003; ours)
    A001 = "A001", Validation;        // invalid artifact id
    A002 = "A002", NotFound;          // artifact not found
    A003 = "A003", State;             // artifact file corrupt
    A004 = "A004", NotFound;          // section not found in artifact
    A005 = "A005", NotFound;          // file/hash not found
    A006 = "A006", State;             // stored content does not match its hash
    A007 = "A007", NotFound;          // backup not found
    A008 = "A008", State;             // backup manifest corrupt
    // Tasks, ADRs, context (seed 004 §6.1)
    FileNotFound = "FILE_NOT_FOUND", NotFound;
    FileReadError = "FILE_READ_ERROR", Io;
    FileWriteError = "FILE_WRITE_ERROR", Io;
    PermissionDenied = "PERMISSION_DENIED", Io;
    InvalidTaskId = "INVALID_TASK_ID", Validation;
    InvalidAdrNumber = "INVALID_ADR_NUMBER", Validation;
    InvalidStatus = "INVALID_STATUS", Validation;
    InvalidCategory = "INVALID_CATEGORY", Validation;
    ContentTooLong = "CONTENT_TOO_LONG", Validation;
    TaskNotFound = "TASK_NOT_FOUND", NotFound;
    AdrNotFound = "ADR_NOT_FOUND", NotFound;
    ReferenceTaskNotFound = "REFERENCE_TASK_NOT_FOUND", NotFound;
    InvalidPosition = "INVALID_POSITION", Validation;
    TaskLimitExceeded = "TASK_LIMIT_EXCEEDED", Validation;
    AdrLimitExceeded = "ADR_LIMIT_EXCEEDED", Validation;
}

/// Error families (seed 002 §11); `type` in the error envelope.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    Validation,
    NotFound,
    Config,
    Io,
    Busy,
    State,
    Quality,
    Timeout,
    Internal,
}

impl ErrorKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::Validation => "validation_error",
            ErrorKind::NotFound => "not_found",
            ErrorKind::Config => "config_error",
            ErrorKind::Io => "io_error",
            ErrorKind::Busy => "busy",
            ErrorKind::State => "state_error",
            ErrorKind::Quality => "quality_gate",
            ErrorKind::Timeout => "timeout",
            ErrorKind::Internal => "internal_error",
        }
    }
}

/// A failure with everything a person or an agent needs to act on it.
#[derive(Clone, Debug)]
pub struct Error {
    pub code: Code,
    /// Japanese, for authors.
    pub message: String,
    /// What to do next (Japanese).
    pub hint: String,
    /// The file concerned, if any, and the 1-based line within it.
    pub path: Option<PathBuf>,
    pub line: Option<usize>,
    /// Structured extras (`valid_steps`, `missing_files`, `candidates` …).
    pub details: Option<serde_json::Value>,
    /// The next call an agent should make (tool or command line).
    pub suggested_action: Option<String>,
    pub alternative_actions: Vec<String>,
}

impl Error {
    pub fn new(code: Code, message: impl Into<String>) -> Self {
        Error {
            code,
            message: message.into(),
            hint: String::new(),
            path: None,
            line: None,
            details: None,
            suggested_action: None,
            alternative_actions: Vec::new(),
        }
    }

    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = hint.into();
        self
    }

    pub fn at(mut self, path: impl AsRef<Path>, line: Option<usize>) -> Self {
        self.path = Some(path.as_ref().to_path_buf());
        self.line = line;
        self
    }

    pub fn details(mut self, details: serde_json::Value) -> Self {
        self.details = Some(details);
        self
    }

    pub(crate) fn suggest(mut self, action: impl Into<String>) -> Self {
        self.suggested_action = Some(action.into());
        self
    }

    pub fn alternative(mut self, action: impl Into<String>) -> Self {
        self.alternative_actions.push(action.into());
        self
    }

    /// An I/O failure on `path`, phrased for authors.
    pub fn io(path: impl AsRef<Path>, err: &std::io::Error) -> Self {
        let path = path.as_ref();
        let (code, what) = match err.kind() {
            std::io::ErrorKind::NotFound => (Code::U005, "見つかりません"),
            std::io::ErrorKind::PermissionDenied => (Code::P003, "アクセス権限がありません"),
            _ => (Code::U007, "読み書きに失敗しました"),
        };
        Error::new(code, format!("{}: {what} ({err})", path.display()))
            .at(path, None)
            .hint("パスとアクセス権限を確認してください。")
    }

    /// Process exit status for this error: always 2 (usage/config/I-O) except a quality gate.
    pub fn exit_code(&self) -> ExitStatus {
        match self.code.kind() {
            ErrorKind::Quality => ExitStatus::Findings,
            _ => ExitStatus::Error,
        }
    }

    /// The `error` object of the error envelope (SPEC §5).
    pub(crate) fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self.body()).unwrap_or(serde_json::Value::Null)
    }

    /// The error object of the error envelope, as its own type (its schema is the one the
    /// MCP tools publish). What a caller sent and a message quotes (a path, a key, a value)
    /// is clipped (`clip`): an error never echoes a megabyte back.
    pub fn body(&self) -> ErrorBody {
        let clipped = |s: &str| clip(s, MAX_ECHO_CHARS).into_owned();
        ErrorBody {
            code: self.code.as_str().to_string(),
            kind: self.code.kind().as_str().to_string(),
            message: clipped(&self.message),
            hint: clipped(&self.hint),
            file: self
                .path
                .as_ref()
                .map(|p| clipped(&p.display().to_string())),
            line: self.line,
            details: self.details.clone().map(clip_strings),
            suggested_action: self.suggested_action.as_deref().map(clipped),
            alternative_actions: self
                .alternative_actions
                .iter()
                .map(|a| clipped(a))
                .collect(),
            claude_guidance: None,
            tool_name: None,
        }
    }
}

/// The longest text an error or a protocol reply quotes, in characters.
pub const MAX_ECHO_CHARS: usize = 2_000;

/// `text` shortened to `max` characters, the rest replaced by a note of how much was left
/// out; as it is when short enough.
pub fn clip(text: &str, max: usize) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(max) {
        None => std::borrow::Cow::Borrowed(text),
        Some((end, _)) => {
            let rest = text[end..].chars().count();
            std::borrow::Cow::Owned(format!("{}…（以下 {rest} 文字省略）", &text[..end]))
        }
    }
}

/// Every string in `value` clipped to `MAX_ECHO_CHARS` (object keys too).
fn clip_strings(value: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match value {
        Value::String(s) => Value::String(clip(&s, MAX_ECHO_CHARS).into_owned()),
        Value::Array(items) => Value::Array(items.into_iter().map(clip_strings).collect()),
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| (clip(&k, MAX_ECHO_CHARS).into_owned(), clip_strings(v)))
                .collect(),
        ),
        other => other,
    }
}

/// The error object of an error envelope (SPEC §5): what `Error::to_json` writes.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct ErrorBody {
    pub code: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub message: String,
    pub hint: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub details: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suggested_action: Option<String>,
    /// Other next calls. Text (`tool {json} — why`); the seed profile of `noveler mcp` shows
    /// them as the seed's `{action, parameters, description}` objects.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<serde_json::Value>")]
    pub alternative_actions: Vec<String>,
    /// The seed profile's form of `suggested_action` (seed 000 §5.5): the tool to call, its
    /// parameters and why (`mcp::guidance`). Set by `noveler mcp --tools seed` only, on
    /// every error.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claude_guidance: Option<ClaudeGuidance>,
    /// The tool that failed (seed 000 §5.5; seed profile only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool_name: Option<String>,
}

/// `error.claude_guidance` (seed 000 §5.5, §6.3).
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct ClaudeGuidance {
    /// The tool to call; null when no tool helps (the explanation says what to do by hand).
    pub suggested_action: Option<String>,
    pub parameters: serde_json::Map<String, serde_json::Value>,
    pub explanation: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}] ", self.code.as_str())?;
        if let Some(path) = &self.path {
            write!(f, "{}", path.display())?;
            if let Some(line) = self.line {
                write!(f, ":{line}")?;
            }
            write!(f, ": ")?;
        }
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for Error {}

impl miette::Diagnostic for Error {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code.as_str()))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        if self.hint.is_empty() {
            None
        } else {
            Some(Box::new(&self.hint))
        }
    }
}

/// The process exit status of every verb (SPEC: 0 ok, 1 findings at or above the gate,
/// 2 usage/config/I-O error). Compares equal to its number (`status == 1`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ExitStatus {
    #[default]
    Ok = 0,
    Findings = 1,
    Error = 2,
}

impl ExitStatus {
    /// The number the process exits with.
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// `Findings` when the result trips its gate, `Ok` otherwise.
    pub const fn findings_if(tripped: bool) -> ExitStatus {
        if tripped {
            ExitStatus::Findings
        } else {
            ExitStatus::Ok
        }
    }

    /// A returncode reported by a run (the MCP `noveler` tool): 0, 1, anything else 2.
    pub const fn from_code(code: i64) -> ExitStatus {
        match code {
            0 => ExitStatus::Ok,
            1 => ExitStatus::Findings,
            _ => ExitStatus::Error,
        }
    }

    /// The status once the result has been printed: this one, `Ok` when stdout was closed
    /// early (a broken pipe, `noveler check | head`, is not an error, as in ripgrep), and
    /// `Error` when printing failed otherwise. The one broken-pipe mapping.
    pub(crate) fn after_print(self, printed: std::io::Result<()>) -> ExitStatus {
        match printed {
            Ok(()) => self,
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitStatus::Ok,
            Err(_) => ExitStatus::Error,
        }
    }
}

impl From<ExitStatus> for std::process::ExitCode {
    fn from(status: ExitStatus) -> Self {
        std::process::ExitCode::from(status.code())
    }
}

impl PartialEq<u8> for ExitStatus {
    fn eq(&self, other: &u8) -> bool {
        self.code() == *other
    }
}

impl PartialEq<i32> for ExitStatus {
    fn eq(&self, other: &i32) -> bool {
        i32::from(self.code()) == *other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_round_trip() {
        let mut seen = std::collections::BTreeSet::new();
        for code in Code::ALL {
            assert!(seen.insert(code.as_str()), "duplicate {}", code.as_str());
            assert_eq!(Code::parse(code.as_str()), Some(*code));
        }
    }

    #[test]
    fn envelope_error_has_required_keys() {
        let err = Error::new(Code::QC003, "ステップ番号が不正です")
            .hint("1〜12 を指定してください")
            .details(serde_json::json!({"valid_steps": [1, 2]}));
        let json = err.to_json();
        assert_eq!(json["code"], "QC-003");
        assert_eq!(json["type"], "validation_error");
        assert_eq!(json["details"]["valid_steps"][1], 2);
        assert_eq!(err.exit_code(), 2);
    }
}
