//! Writing sessions (seed 000 §7.3): `.noveler/sessions/<session_id>.yaml`, one per run of
//! the ten stages for one episode. A session is `in_progress` until stage 10 is accepted
//! (`completed`) or the author abandons it; at most one session per episode is in progress
//! (a second writer is refused with QC-008). A session file that cannot be read is reported
//! (QC-005) with a recovery hint and never replaced behind the author's back.

use super::stages::{self, StageDef, STAGES, TOTAL_STAGES};
use super::templates::TemplateInfo;
use crate::error::{Code, Error, Result};
use crate::store::lock::{EpisodeLock, Scope};
use crate::store::sessions::{Layout, SessionStore};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Where sessions live, relative to the project root.
pub const SESSIONS_DIR: &str = ".noveler/sessions";
/// Where stage inputs and outputs are logged, relative to the project root.
pub const WRITES_DIR: &str = ".noveler/writes";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SessionStatus {
    InProgress,
    Completed,
    Abandoned,
}

/// One accepted stage output.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct StageOutput {
    /// The accepted submission, relative to the project root.
    pub output_file: String,
    /// The submission stored as an artifact (later stages reference it).
    pub artifact_id: String,
    #[serde(default)]
    pub size_bytes: u64,
    /// Seconds from the prompt being issued to the submission being accepted.
    pub execution_time: Option<f64>,
    /// The manuscript check's overall score (stages 8–10); none for design stages, which
    /// noveler does not grade.
    pub quality_score: Option<f64>,
    pub submitted_at: String,
    pub template: TemplateInfo,
    /// Submissions made for this stage, rejected ones included.
    pub attempts: u32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

/// When a stage's prompt was issued and from which template.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct PromptRecord {
    pub issued_at: String,
    pub prompt_file: String,
    pub template: TemplateInfo,
    #[serde(default)]
    pub rejected: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Feedback {
    pub stage: String,
    pub feedback: String,
    pub timestamp: String,
}

/// An automatically stored input (seed 003 §2.4).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ArtifactRef {
    /// `summary`, `plot`, `characters`, `world`, `glossary`, `style`, `quality_rules`,
    /// `chapter_plot`, `previous_manuscript` …
    pub key: String,
    /// Japanese label shown in prompts.
    pub label: String,
    pub artifact_id: String,
    #[serde(default)]
    pub source_file: Option<String>,
    pub size_bytes: u64,
    pub content_type: String,
    /// The generated digest presented first.
    #[serde(default)]
    pub summary: bool,
}

/// The latest manuscript check.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct CheckRecord {
    pub stage: String,
    /// None for a text too short to judge (SPEC §4).
    pub score: Option<f64>,
    pub body_chars: usize,
    pub target_min: usize,
    pub target_max: usize,
    pub in_range: bool,
    pub findings: usize,
    /// severity → count.
    pub by_severity: BTreeMap<String, usize>,
    /// The full check result, stored as an artifact.
    pub artifact_id: String,
    #[serde(default)]
    pub size_bytes: u64,
}

/// The manuscript this session wrote.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ManuscriptState {
    pub path: String,
    pub title: String,
    pub sha256: String,
    pub artifact_id: String,
    #[serde(default)]
    pub size_bytes: u64,
    pub check: Option<CheckRecord>,
    /// Backups made before each overwrite, oldest first.
    #[serde(default)]
    pub backups: Vec<String>,
}

/// Session-wide options chosen when it started.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SessionOptions {
    /// Target length (characters) asked for instead of the project's midpoint.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub word_count_target: Option<u32>,
    /// The plot came from the caller (`plot_content`), not from a plot file.
    #[serde(default)]
    pub plot_from_caller: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Session {
    pub session_id: String,
    pub created_at: String,
    pub last_updated: String,
    pub episode: u32,
    pub status: SessionStatus,
    /// The next stage to do (stage id), or `completed`.
    pub current_stage: String,
    pub total_stages: u8,
    pub completed_stages: Vec<String>,
    /// Stages passed over on purpose (`write_manuscript_draft` without the design stages).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skipped_stages: Vec<String>,
    #[serde(
        default,
        serialize_with = "in_stage_order",
        deserialize_with = "any_order"
    )]
    #[schemars(with = "BTreeMap<String, StageOutput>")]
    pub stage_outputs: BTreeMap<String, StageOutput>,
    #[serde(default)]
    pub user_feedback: Vec<Feedback>,
    /// Prompts issued, by stage id.
    #[serde(
        default,
        serialize_with = "in_stage_order",
        deserialize_with = "any_order"
    )]
    #[schemars(with = "BTreeMap<String, PromptRecord>")]
    pub prompts: BTreeMap<String, PromptRecord>,
    #[serde(default)]
    pub artifacts: Vec<ArtifactRef>,
    #[serde(default)]
    pub manuscript: Option<ManuscriptState>,
    #[serde(default)]
    pub options: SessionOptions,
    /// The plan's criteria the author waived (`writing::criteria`), in the order waived.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub waived_criteria: Vec<Waiver>,
}

/// A criterion of the plan the author waived (`writing::criteria`): honoured by stage 10 and
/// `complete` while the criterion reads the same.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Waiver {
    /// `target_length`, `must_include:N` or `must_avoid:N`.
    pub id: String,
    /// The criterion as it read when it was waived.
    pub criterion: String,
    /// The stage the waiver came with.
    pub stage: String,
    pub waived_at: String,
}

fn stage_rank(id: &str) -> u8 {
    stages::by_name(id).map(|s| s.number).unwrap_or(u8::MAX)
}

fn in_stage_order<S: Serializer, V: Serialize>(
    map: &BTreeMap<String, V>,
    ser: S,
) -> std::result::Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut keys: Vec<&String> = map.keys().collect();
    keys.sort_by_key(|k| (stage_rank(k), k.as_str()));
    let mut m = ser.serialize_map(Some(keys.len()))?;
    for k in keys {
        m.serialize_entry(k, &map[k])?;
    }
    m.end()
}

fn any_order<'de, D: Deserializer<'de>, V: Deserialize<'de>>(
    de: D,
) -> std::result::Result<BTreeMap<String, V>, D::Error> {
    Option::<BTreeMap<String, V>>::deserialize(de).map(Option::unwrap_or_default)
}

/// Whether `id` has the shape of a session id (checked before any path is built from it).
pub(crate) fn valid_id(id: &str) -> bool {
    let Some(rest) = id.strip_prefix("session_") else {
        return false;
    };
    let parts: Vec<&str> = rest.split('_').collect();
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    match parts.as_slice() {
        [d, t] => digits(d, 8) && digits(t, 6),
        [d, t, h] => {
            digits(d, 8)
                && digits(t, 6)
                && (4..=16).contains(&h.len())
                && h.bytes()
                    .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        }
        _ => false,
    }
}

/// A new session id for episode `ep` started at `created_at` (RFC 3339):
/// `session_YYYYMMDD_HHMMSS_<6 hex>`.
pub(crate) fn new_id(created_at: &str, ep: u32, salt: &str) -> String {
    let stamp = crate::store::envelope::file_stamp(created_at);
    let hex = crate::analysis::sha256_hex(format!("{created_at}:{ep}:{salt}").as_bytes());
    format!("session_{stamp}_{}", &hex[..6])
}

/// The writing sessions in the one session store (`store::sessions`): `<id>.yaml` under
/// `.noveler/sessions/`, ids of `valid_id`'s scheme.
pub const STORE: SessionStore = SessionStore {
    dir: SESSIONS_DIR,
    layout: Layout::File { ext: "yaml" },
    valid_id,
    scope: Scope::Writing,
};

pub(crate) fn path_of(root: &Path, id: &str) -> PathBuf {
    STORE.path_of(root, id)
}

/// `.noveler/writes/<session_id>/`, relative to the root.
pub(crate) fn writes_dir(id: &str) -> String {
    format!("{WRITES_DIR}/{id}")
}

fn invalid_id(id: &str) -> Error {
    Error::new(Code::U001, format!("セッションIDの形式が不正です: {id}"))
        .hint("session_YYYYMMDD_HHMMSS_xxxxxx の形式で指定してください（noveler write status EP で一覧できます）。")
}

/// QC-005 for a session file that cannot be read.
pub fn corrupt(root: &Path, id: &str, path: &Path, why: &str, line: Option<usize>) -> Error {
    let rel = crate::store::fileref::shown_path(root, path);
    Error::new(
        Code::QC005,
        format!("セッションファイルが壊れています: {rel}（{why}）"),
    )
    .at(path, line)
    .hint(format!(
        "ファイルは置き換えていません。手で直すか、記録（{}/）から再構築してください: \
         noveler write recover EP --session {id}（MCP: enhanced_execute_writing_step）。\
         破棄して始め直すときはファイルを退避してから noveler write EP --new。",
        writes_dir(id)
    ))
    .details(serde_json::json!({ "session_id": id, "session_file": rel }))
}

/// Loads session `id`; a missing one is U005, an unreadable one QC-005.
pub fn load(root: &Path, id: &str) -> Result<Session> {
    let Some(path) = STORE.checked_path(root, id) else {
        return Err(invalid_id(id));
    };
    let Some(bytes) = STORE.read(root, id)? else {
        return Err(
            Error::new(Code::U005, format!("セッション {id} が見つかりません"))
                .at(&path, None)
                .hint("noveler write status EP でセッションの一覧を確認してください。"),
        );
    };
    parse(root, id, &path, &bytes)
}

fn parse(root: &Path, id: &str, path: &Path, bytes: &[u8]) -> Result<Session> {
    let text = std::str::from_utf8(bytes)
        .map_err(|_| corrupt(root, id, path, "UTF-8 ではありません", None))?;
    let session: Session = crate::project::yaml::from_str(text).map_err(|e| {
        corrupt(
            root,
            id,
            path,
            &format!("YAML として読めません: {e}"),
            e.line(),
        )
    })?;
    if session.session_id != id {
        return Err(corrupt(
            root,
            id,
            path,
            &format!("中の session_id が {} です", session.session_id),
            None,
        ));
    }
    for s in session
        .completed_stages
        .iter()
        .chain(&session.skipped_stages)
    {
        if stages::by_name(s).is_none() {
            return Err(corrupt(root, id, path, &format!("不明な段階 {s}"), None));
        }
    }
    Ok(session)
}

/// Saves the session atomically under its episode's writer lock (`held`, the lock's
/// witness); returns the reference (sha256, size) of the bytes written, so a caller that
/// reports the file need not read it back.
pub fn save(held: &EpisodeLock, root: &Path, session: &Session) -> Result<crate::store::FileRef> {
    let text = serde_yaml::to_string(session)
        .map_err(|e| Error::new(Code::R002, format!("セッションのYAML化に失敗: {e}")))?;
    STORE.write(
        held,
        root,
        session.episode,
        &session.session_id,
        text.as_bytes(),
    )?;
    let path = STORE.path_of(root, &session.session_id);
    Ok(crate::store::FileRef::from_bytes(
        root,
        &path,
        text.as_bytes(),
        "session",
    ))
}

/// A session file found on disk: parsed, or why not.
#[derive(Debug, Clone)]
pub enum Listed {
    Ok(Box<Session>),
    /// `episode` is what a best-effort scan of the raw text says.
    Corrupt {
        id: String,
        episode: Option<u32>,
        error: Box<Error>,
    },
}

/// Every session file, sorted by id (= creation time).
pub fn list(root: &Path) -> Vec<Listed> {
    STORE
        .ids(root)
        .into_iter()
        .map(|id| {
            let path = path_of(root, &id);
            let read = STORE.read(root, &id);
            let bytes = match &read {
                Ok(Some(b)) => b.clone(),
                _ => Vec::new(),
            };
            let parsed = match read {
                Err(e) => Err(e),
                Ok(_) => parse(root, &id, &path, &bytes),
            };
            match parsed {
                Ok(s) => Listed::Ok(Box::new(s)),
                Err(error) => Listed::Corrupt {
                    episode: scan_episode(&bytes),
                    id,
                    error: Box::new(error),
                },
            }
        })
        .collect()
}

/// `episode: N` from the raw text of a damaged session file.
fn scan_episode(bytes: &[u8]) -> Option<u32> {
    let text = String::from_utf8_lossy(bytes);
    text.lines().find_map(|l| {
        l.strip_prefix("episode:")
            .and_then(|v| v.trim().trim_matches('"').parse().ok())
    })
}

impl Session {
    /// A fresh session for episode `ep`.
    pub fn new(id: String, ep: u32, now: &str) -> Session {
        Session {
            session_id: id,
            created_at: now.to_string(),
            last_updated: now.to_string(),
            episode: ep,
            status: SessionStatus::InProgress,
            current_stage: STAGES[0].id.to_string(),
            total_stages: TOTAL_STAGES,
            completed_stages: Vec::new(),
            skipped_stages: Vec::new(),
            stage_outputs: BTreeMap::new(),
            user_feedback: Vec::new(),
            prompts: BTreeMap::new(),
            artifacts: Vec::new(),
            manuscript: None,
            options: SessionOptions::default(),
            waived_criteria: Vec::new(),
        }
    }

    pub(crate) fn is_completed(&self, stage: &StageDef) -> bool {
        self.completed_stages.iter().any(|s| s == stage.id)
    }

    pub(crate) fn is_skipped(&self, stage: &StageDef) -> bool {
        self.skipped_stages.iter().any(|s| s == stage.id)
    }

    /// The first stage neither completed nor skipped.
    pub(crate) fn next_stage(&self) -> Option<&'static StageDef> {
        STAGES
            .iter()
            .find(|s| !self.is_completed(s) && !self.is_skipped(s))
    }

    /// Marks `stage` completed (kept in stage order) and moves `current_stage` on.
    pub fn complete(&mut self, stage: &StageDef) {
        if !self.is_completed(stage) {
            self.completed_stages.push(stage.id.to_string());
        }
        self.skipped_stages.retain(|s| s != stage.id);
        self.completed_stages.sort_by_key(|s| stage_rank(s));
        self.refresh_current();
    }

    pub fn skip(&mut self, stage: &StageDef) {
        if !self.is_completed(stage) && !self.is_skipped(stage) {
            self.skipped_stages.push(stage.id.to_string());
            self.skipped_stages.sort_by_key(|s| stage_rank(s));
        }
        self.refresh_current();
    }

    pub(crate) fn refresh_current(&mut self) {
        let final_done = self.is_completed(&STAGES[STAGES.len() - 1]);
        match self.next_stage() {
            Some(s) if !final_done => self.current_stage = s.id.to_string(),
            _ => {
                self.current_stage = "completed".into();
                if self.status == SessionStatus::InProgress {
                    self.status = SessionStatus::Completed;
                }
            }
        }
    }

    pub fn artifact<'a>(&'a self, key: &'a str) -> impl Iterator<Item = &'a ArtifactRef> + 'a {
        self.artifacts.iter().filter(move |a| a.key == key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_validated_before_paths() {
        assert!(valid_id("session_20250904_103000"));
        assert!(valid_id("session_20250904_103000_ab12cd"));
        assert!(!valid_id("session_20250904_103000_../x"));
        assert!(!valid_id("../session_20250904_103000"));
        assert!(!valid_id("session_2025_103000"));
        let id = new_id("2026-01-02T03:04:05.678Z", 4, "x");
        assert!(id.starts_with("session_20260102_030405_"), "{id}");
        assert!(valid_id(&id));
    }

    #[test]
    fn round_trips_with_stage_ordered_maps() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = Session::new("session_20260102_030405_abcdef".into(), 4, "t");
        let info = TemplateInfo {
            name: "n".into(),
            version: "1".into(),
            template_source: super::super::templates::TemplateSource::Embedded,
            sha256: "0".repeat(64),
            warning: None,
        };
        for stage in [&STAGES[1], &STAGES[0]] {
            s.stage_outputs.insert(
                stage.id.into(),
                StageOutput {
                    output_file: "f".into(),
                    artifact_id: "artifact:000000000000".into(),
                    size_bytes: 2,
                    execution_time: Some(1.5),
                    quality_score: None,
                    submitted_at: "t".into(),
                    template: info.clone(),
                    attempts: 1,
                    warnings: vec![],
                },
            );
            s.complete(stage);
        }
        assert_eq!(
            s.completed_stages,
            vec!["plot_data_preparation", "analyze_plot_structure"]
        );
        assert_eq!(s.current_stage, "design_emotional_flow");
        let held = EpisodeLock::unheld_for_test(s.episode, Scope::Writing);
        save(&held, dir.path(), &s).unwrap();
        let text = std::fs::read_to_string(path_of(dir.path(), &s.session_id)).unwrap();
        let first = text.find("  plot_data_preparation:").unwrap();
        let second = text.find("  analyze_plot_structure:").unwrap();
        assert!(first < second, "stage order in the file:\n{text}");
        assert_eq!(load(dir.path(), &s.session_id).unwrap(), s);
    }

    #[test]
    fn a_witness_for_episode_2_cannot_save_episode_3s_session() {
        let dir = tempfile::tempdir().unwrap();
        let s = Session::new("session_20260102_030405_abcdef".into(), 3, "t");
        let two = EpisodeLock::unheld_for_test(2, Scope::Writing);
        assert_eq!(save(&two, dir.path(), &s).unwrap_err().code, Code::R002);
        assert!(!path_of(dir.path(), &s.session_id).exists());
        let three = EpisodeLock::unheld_for_test(3, Scope::Writing);
        save(&three, dir.path(), &s).unwrap();
        assert_eq!(load(dir.path(), &s.session_id).unwrap(), s);
    }

    #[test]
    fn corrupt_file_is_qc005_and_listed_with_its_episode() {
        let dir = tempfile::tempdir().unwrap();
        let id = "session_20260102_030405_abcdef";
        let path = path_of(dir.path(), id);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, "session_id: x\nepisode: 7\nstage_outputs: [\n").unwrap();
        let err = load(dir.path(), id).unwrap_err();
        assert_eq!(err.code, Code::QC005);
        assert!(err.hint.contains("recover"));
        assert_eq!(std::fs::read(&path).unwrap().len(), 42, "file untouched");
        match &list(dir.path())[0] {
            Listed::Corrupt { episode, .. } => assert_eq!(*episode, Some(7)),
            other => panic!("{other:?}"),
        }
        assert_eq!(
            load(dir.path(), "session_20260102_030405_000000")
                .unwrap_err()
                .code,
            Code::U005
        );
    }

    #[test]
    fn completing_the_last_stage_completes_the_session() {
        let mut s = Session::new("session_20260102_030405_abcdef".into(), 1, "t");
        for stage in &STAGES[..7] {
            s.skip(stage);
        }
        assert_eq!(s.current_stage, "write_manuscript_draft");
        for stage in &STAGES[7..] {
            s.complete(stage);
        }
        assert_eq!(s.current_stage, "completed");
        assert_eq!(s.status, SessionStatus::Completed);
    }
}
