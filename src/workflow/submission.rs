//! The one shape of a submission: what an agent (or the author) hands back for a stage of the
//! writing flow or for an episode plot, and the one path from a Request's fields to it.
//!
//! Each Request keeps its own `submission` / `content` / `file` / `feedback` fields, with
//! its own documentation, so the MCP input schemas and the CLI flags stay as they are;
//! `carries_submission!` gives it the one method that moves them out
//! ([`CarriesSubmission::take_submission`]), and [`SubmissionFields::parse`] is the one
//! place that checks "at most one of submission / content / file" and reads a file. The
//! engines (`writing::submit`, `recovery::execute_step`, `plot::submit`) take a
//! [`Submission`], never the loose fields.

use crate::error::{Code, Error, Result};
use crate::store::FileRef;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// A submission's content as it arrived.
#[derive(Debug, Clone)]
pub enum Payload {
    /// Already structured (MCP arguments).
    Json(Value),
    /// Text from a file or stdin: JSON, YAML, or (stage 8) a bare manuscript.
    Text(String),
}

/// A payload as its parsers read it: a structured document, or text to parse (a JSON string
/// is text: an agent may send YAML or a manuscript as one).
pub(crate) enum Body<'a> {
    Doc(&'a Value),
    Text(&'a str),
}

impl Payload {
    /// The document, or the text to parse.
    pub(crate) fn body(&self) -> Body<'_> {
        match self {
            Payload::Json(Value::String(t)) | Payload::Text(t) => Body::Text(t),
            Payload::Json(v) => Body::Doc(v),
        }
    }
}

/// The one submission a request carries.
#[derive(Debug, Clone)]
pub struct Submission {
    pub payload: Payload,
    /// The file it was read from (`file`): its reference for the envelope's inputs (role
    /// `submission`).
    pub input: Option<FileRef>,
    /// The author's feedback on the submitted stage (e.g. "approved").
    pub feedback: Option<String>,
}

impl Submission {
    /// An agent's structured output, without a file or feedback.
    pub fn json(v: Value) -> Submission {
        Submission {
            payload: Payload::Json(v),
            input: None,
            feedback: None,
        }
    }
}

/// A Request's submission fields, moved out as they arrived. A Request without one of them
/// leaves it `None`.
#[derive(Debug, Clone, Default)]
pub struct SubmissionFields {
    /// The output as JSON (`submission`).
    pub submission: Option<Value>,
    /// The output as text (`content`): JSON, YAML, or for stage 8 the manuscript itself.
    pub content: Option<String>,
    /// A file holding the output (`file`), relative to the project root or absolute.
    pub file: Option<String>,
    /// The author's feedback on the submitted stage.
    pub feedback: Option<String>,
}

impl SubmissionFields {
    /// The submission these fields carry: none when they carry none (feedback alone is not
    /// a submission), U001 when more than one of `submission` / `content` / `file` is given;
    /// a `file` is read here (UTF-8, decoded as a manuscript is).
    pub fn parse(self, root: &Path) -> Result<Option<Submission>> {
        let (payload, input) = match (self.submission, self.content, self.file) {
            (None, None, None) => return Ok(None),
            (Some(v), None, None) => (Payload::Json(v), None),
            (None, Some(t), None) => (Payload::Text(t), None),
            (None, None, Some(f)) => {
                let (text, _, input) = read(root, &f)?;
                (Payload::Text(text), Some(input))
            }
            _ => {
                return Err(Error::new(
                    Code::U001,
                    "submission / content / file はどれか一つだけ指定してください",
                ))
            }
        };
        Ok(Some(Submission {
            payload,
            input,
            feedback: self.feedback,
        }))
    }
}

/// A Request that may carry a submission: the one method that moves its submission fields
/// out (implemented by `carries_submission!`).
pub(crate) trait CarriesSubmission {
    fn take_submission(&mut self) -> SubmissionFields;
}

/// Implements [`CarriesSubmission`] for Requests from the names of the submission fields
/// each has (`submission`, `content`, `file`, `feedback`; all `Option`s):
/// `carries_submission!(WriteRequest { submission, feedback });`.
macro_rules! carries_submission {
    ($($req:ty { $($field:ident),+ $(,)? });+ $(;)?) => {$(
        impl $crate::workflow::submission::CarriesSubmission for $req {
            // A Request with all four fields leaves the struct update without effect.
            #[allow(clippy::needless_update)]
            fn take_submission(&mut self) -> $crate::workflow::submission::SubmissionFields {
                $crate::workflow::submission::SubmissionFields {
                    $($field: self.$field.take(),)+
                    ..Default::default()
                }
            }
        }
    )+};
}
pub(crate) use carries_submission;

/// Reads a text file the user named (relative to `root`, or absolute; UTF-8, decoded as a
/// manuscript is): its text and the path read.
pub(crate) fn read_text(root: &Path, file: &str) -> Result<(String, PathBuf)> {
    let (text, path, _) = read(root, file)?;
    Ok((text, path))
}

/// `read_text` with the file's reference (role `submission`), from the bytes read.
fn read(root: &Path, file: &str) -> Result<(String, PathBuf, FileRef)> {
    let p = Path::new(file);
    let path = if p.is_absolute() {
        p.to_path_buf()
    } else {
        root.join(p)
    };
    let bytes = crate::store::text::read_bytes(&path)?;
    let text = crate::store::text::decode(&path, &bytes)?.text;
    let input = FileRef::from_bytes(root, &path, &bytes, "submission");
    Ok((text, path, input))
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Req {
        submission: Option<Value>,
        file: Option<String>,
        feedback: Option<String>,
    }
    carries_submission!(Req {
        submission,
        file,
        feedback
    });

    #[test]
    fn one_of_submission_content_file() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        assert!(SubmissionFields::default().parse(root).unwrap().is_none());
        let feedback_only = SubmissionFields {
            feedback: Some("approved".into()),
            ..Default::default()
        };
        assert!(feedback_only.parse(root).unwrap().is_none());
        let two = SubmissionFields {
            submission: Some(serde_json::json!({"a": 1})),
            content: Some("a: 1".into()),
            ..Default::default()
        };
        assert_eq!(two.parse(root).unwrap_err().code, Code::U001);
        let text = SubmissionFields {
            content: Some("a: 1".into()),
            feedback: Some("ok".into()),
            ..Default::default()
        };
        let s = text.parse(root).unwrap().unwrap();
        assert!(matches!(s.payload, Payload::Text(ref t) if t == "a: 1"));
        assert_eq!(s.feedback.as_deref(), Some("ok"));
        assert!(s.input.is_none());
    }

    #[test]
    fn a_json_string_is_text_to_parse() {
        let obj = Payload::Json(serde_json::json!({"a": 1}));
        assert!(matches!(obj.body(), Body::Doc(v) if v["a"] == 1));
        let string = Payload::Json(Value::String("a: 1".into()));
        assert!(matches!(string.body(), Body::Text("a: 1")));
        assert!(matches!(Payload::Text("x".into()).body(), Body::Text("x")));
    }

    #[test]
    fn a_request_moves_its_fields_out_and_a_file_is_read_once() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(root.join("out.yaml"), "a: 1\n").unwrap();
        let mut req = Req {
            submission: None,
            file: Some("out.yaml".into()),
            feedback: Some("approved".into()),
        };
        let s = req.take_submission().parse(root).unwrap().unwrap();
        assert!(req.file.is_none() && req.feedback.is_none());
        assert!(matches!(s.payload, Payload::Text(ref t) if t == "a: 1\n"));
        let input = s.input.unwrap();
        assert_eq!(
            (input.path.as_str(), input.role.as_str()),
            ("out.yaml", "submission")
        );
        assert_eq!(input.size_bytes, 5);
        let mut missing = Req {
            submission: None,
            file: Some("nope.yaml".into()),
            feedback: None,
        };
        assert!(missing.take_submission().parse(root).is_err());
    }
}
