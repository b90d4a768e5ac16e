//! The writing engine: opens or creates the session of an episode, renders a stage's prompt
//! (with auto-artifacts as references), accepts a submission (validate → log → artifact →
//! manuscript + check for stages 8–10 → advance), and reports status. Every mutation runs
//! under the episode's writer lock and re-reads the session inside it.

use super::io::{self, ProjectInfo};
use super::refs::{self, EpisodeFacts, PromptStats, SourceDoc};
use super::render::{self, Vars};
use super::schema::{self, Violation};
use super::session::{
    self, ArtifactRef, CheckRecord, Feedback, Listed, ManuscriptState, PromptRecord, Session,
    SessionStatus, StageOutput,
};
use super::stages::{self, StageDef, STAGES, TOTAL_STAGES};
use super::submission::{Body, Payload, Submission};
use super::templates::{self, Template, TemplateInfo};
use crate::error::{Code, Error, Result};
use crate::operations::Ctx;
use crate::project::Project;
use crate::project::ProjectCtx;
use crate::store::clock::Clock;
use crate::store::fileref::shown_path;
use crate::store::{lock, write_atomic};
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub mod criteria;
mod env;
mod lifecycle;
mod manuscript;
mod outcomes;
mod sessions;
mod submit;
pub use env::*;
pub use lifecycle::*;
pub(crate) use manuscript::*;
pub use outcomes::*;
pub use sessions::*;
pub use submit::*;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_witness_for_episode_2_cannot_submit_or_show_episode_3() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let two = lock::EpisodeLock::unheld_for_test(2, lock::Scope::Writing);
        let pc = ProjectCtx::new(root);
        let submit = SubmitOptions {
            episode: 3,
            session_id: None,
            stage: None,
            submission: Submission::json(json!({"a": 1})),
            dry_run: false,
            waive: Vec::new(),
        };
        let err = submit_locked(
            Some(&two),
            &pc,
            &mut Sessions::new(root),
            &submit,
            &Ctx::new(root.to_path_buf()),
            &mut None,
        )
        .unwrap_err();
        assert_eq!(err.code, Code::R002);
        let show = OpenOptions {
            episode: 3,
            ..Default::default()
        };
        let ctx = Ctx::new(root.to_path_buf());
        let err = show_locked(
            Some(&two),
            &pc,
            &mut Sessions::new(root),
            &show,
            None,
            None,
            &ctx,
        )
        .unwrap_err();
        assert_eq!(err.code, Code::R002);
        assert!(!root.join(".noveler").exists(), "nothing was written");
    }

    #[test]
    fn the_sessions_view_answers_from_one_listing_kept_in_step_with_saves() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let held4 = lock::EpisodeLock::unheld_for_test(4, lock::Scope::Writing);
        let held5 = lock::EpisodeLock::unheld_for_test(5, lock::Scope::Writing);
        let mut a = Session::new("session_20240101_000000_aaaaaa".into(), 4, "t");
        session::save(&held4, root, &a).unwrap();
        let mut view = Sessions::new(root);
        assert_eq!(
            view.find_active(4).unwrap().unwrap().session_id,
            a.session_id
        );
        // Written behind the view's back after it listed: not seen (it was read once) …
        let b = Session::new("session_20240102_000000_bbbbbb".into(), 5, "t");
        // The witness must be the session's own episode's writer lock.
        assert_eq!(
            session::save(&held4, root, &b).unwrap_err().code,
            Code::R002
        );
        session::save(&held5, root, &b).unwrap();
        assert!(view.find_active(5).unwrap().is_none());
        // … while its own saves are.
        a.status = SessionStatus::Abandoned;
        let saved = view.save(&held4, &a).unwrap();
        assert_eq!(
            saved.path,
            ".noveler/sessions/session_20240101_000000_aaaaaa.yaml"
        );
        assert!(view.find_active(4).unwrap().is_none());
        assert_eq!(
            view.load(&a.session_id).unwrap().status,
            SessionStatus::Abandoned
        );
        // Missing and malformed ids keep `session::load`'s errors.
        assert_eq!(
            view.load("session_20990101_000000_cccccc")
                .unwrap_err()
                .code,
            Code::U005
        );
        assert_eq!(view.load("../x").unwrap_err().code, Code::U001);
    }

    #[test]
    fn kanji_numbers() {
        assert_eq!(kanji_number(1), "一");
        assert_eq!(kanji_number(4), "四");
        assert_eq!(kanji_number(10), "十");
        assert_eq!(kanji_number(23), "二十三");
        assert_eq!(kanji_number(105), "百五");
        assert_eq!(kanji_number(2310), "二千三百十");
    }

    #[test]
    fn titles_are_file_safe() {
        assert_eq!(safe_title("灯台/守の:休日"), "灯台_守の_休日");
        assert_eq!(safe_title("  ../  "), "_");
        assert_eq!(safe_title(""), "無題");
        assert_eq!(safe_title("..."), "無題");
    }

    #[test]
    fn every_stage_template_renders_with_the_full_variable_set() {
        let names = vars_names();
        for st in &STAGES {
            let t = templates::load(Path::new("/nonexistent"), &st.template_name()).unwrap();
            for field in [&t.doc.purpose, &t.doc.instructions] {
                for p in render::placeholders(field) {
                    assert!(names.contains(&p), "{}: unknown placeholder {p}", t.name);
                }
            }
        }
        let t = templates::load(Path::new("/nonexistent"), templates::PLOT_TEMPLATE).unwrap();
        for p in render::placeholders(&t.doc.instructions) {
            assert!(names.contains(&p), "plot: {p}");
        }
    }

    #[test]
    fn payloads_json_yaml_and_bare_manuscripts() {
        let st8 = stages::by_number(8).unwrap();
        let st1 = stages::by_number(1).unwrap();
        let (v, _) = parse_payload(&Payload::Text("{\"a\": 1}".into()), st1, "t").unwrap();
        assert_eq!(v["a"], 1);
        let (v, _) = parse_payload(&Payload::Text("a: 1\nb: [x]\n".into()), st1, "t").unwrap();
        assert_eq!(v["b"][0], "x");
        let (v, w) = parse_payload(&Payload::Text("　本文です。\n".into()), st8, "題").unwrap();
        assert_eq!(v["title"], "題");
        assert_eq!(w.len(), 1);
        let err = parse_payload(&Payload::Text("{\"a\": ".into()), st8, "t").unwrap_err();
        assert_eq!(err.code, Code::U006);
        let err = parse_payload(&Payload::Text("ただの文".into()), st1, "t").unwrap_err();
        assert_eq!(err.code, Code::U006);
    }
}
