//! The author's project on disk (SPEC §1): root discovery, `プロジェクト設定.yaml`,
//! `.novelerrc.yaml`, episode ↔ manuscript resolution, plot and settings lookup.
//! One function answers each question; every command uses it:
//!
//! - where is the root → [`discover_root`]
//! - what does the project config say, what are the analysis settings → [`Project::load`] /
//!   [`Project::load_with`]
//! - which file is episode N → [`Project::manuscript_path`]; all episodes → [`Project::episodes`]
//! - where is the plot of episode N → [`Project::plot_path`]
//! - where are the settings documents → [`Project::settings_files`]
//! - is a path ignored by the config → [`Project::is_ignored`]
// Only cli/ and mcp/ print (tests/architecture.rs checks the stream handles).
#![deny(clippy::print_stdout, clippy::print_stderr)]

use crate::analysis::Settings;
use crate::error::{Error, Result};
use std::path::{Path, PathBuf};

pub mod agent_files;
pub mod config;
pub mod context;
pub mod glob;
pub mod layout;
pub mod ledger;
pub mod rc;
pub mod walk;
pub(crate) mod yaml;

pub use config::{Dirs, ProjectConfig};
pub use context::ProjectCtx;
pub use glob::Glob;
pub use layout::{episode_number_of, is_manuscript_file, Episode, EpisodeOrFile, SettingsFiles};
pub use rc::RcConfig;

/// The project config file name.
pub const PROJECT_CONFIG: &str = "プロジェクト設定.yaml";
/// The tool config file name.
pub const TOOL_CONFIG: &str = ".novelerrc.yaml";
/// Default manuscript directory.
pub const MANUSCRIPT_DIR: &str = "40_原稿";
/// The quality rules file inside the settings directory.
pub const QUALITY_RULES: &str = "執筆品質ルール.yaml";
/// The style guide, under the settings directory.
pub const STYLE_GUIDE: &str = "文体/スタイルガイド.yaml";

/// Resolves the project root: `explicit` (`--project-root` or `PROJECT_ROOT`, already
/// merged by the adapter), else the nearest ancestor of `cwd` holding `プロジェクト設定.yaml`
/// or `40_原稿/`, else `cwd` itself.
pub(crate) fn discover_root(explicit: Option<&Path>, cwd: &Path) -> PathBuf {
    if let Some(root) = explicit {
        return if root.is_absolute() {
            root.to_path_buf()
        } else {
            cwd.join(root)
        };
    }
    cwd.ancestors()
        .find(|dir| {
            // Whatever stands there (a broken config is reported by the load, not skipped).
            dir.join(PROJECT_CONFIG).symlink_metadata().is_ok() || dir.join(MANUSCRIPT_DIR).is_dir()
        })
        .unwrap_or(cwd)
        .to_path_buf()
}

/// A loaded project: its config, layout and the resolved analysis settings.
#[derive(Clone, Debug)]
pub struct Project {
    pub root: PathBuf,
    /// `プロジェクト設定.yaml` as read (defaults when the file is absent).
    pub config: ProjectConfig,
    /// Whether `プロジェクト設定.yaml` exists (outside a project the defaults apply).
    pub has_config: bool,
    pub dirs: Dirs,
    /// The tool config as read (empty when there is none).
    pub rc: RcConfig,
    /// Analysis settings: preset, project target length, tool config, 禁止表現.
    pub settings: Settings,
    /// Compiled `ignore.paths`.
    pub ignore: Vec<Glob>,
    /// Config files that were read (for the envelope's `inputs`).
    pub config_files: Vec<PathBuf>,
    /// Every file the load read, with its bytes as read (the config files and the style
    /// guide): one call reads each of them once, then hashes (`config_refs`) and quotes
    /// (`text_of`) this copy instead of opening the file again (issue 17 item 2).
    pub read: Vec<(PathBuf, Vec<u8>)>,
}

impl Project {
    /// Loads the project at `root` with its own `.novelerrc.yaml` (if any).
    pub fn load(root: &Path) -> Result<Project> {
        Project::load_with(root, None)
    }

    /// Loads the project at `root`; `tool_config` replaces `.novelerrc.yaml` (`--config`;
    /// relative paths are taken from the root). Errors: P002 broken project config (file and
    /// line), QC-010 invalid target length, U002 invalid tool config (file, key and line),
    /// U005 a `--config` file that does not exist.
    pub(crate) fn load_with(root: &Path, tool_config: Option<&Path>) -> Result<Project> {
        Project::load_inner(root, tool_config, None)
    }

    /// Like `load`, with the target length replaced by `length` (an override, seed 001
    /// §6.4): an invalid `writing.episode.target_length` in the project config (QC-010) is
    /// then not an error, since the override is what the check uses.
    pub(crate) fn load_with_length(
        root: &Path,
        length: crate::analysis::settings::TargetLength,
    ) -> Result<Project> {
        Project::load_inner(root, None, Some(length))
    }

    fn load_inner(
        root: &Path,
        tool_config: Option<&Path>,
        length: Option<crate::analysis::settings::TargetLength>,
    ) -> Result<Project> {
        let root = root.to_path_buf();
        if !root.is_dir() {
            return Err(Error::new(
                crate::Code::P001,
                format!("プロジェクトルート {} がありません", root.display()),
            )
            .at(&root, None)
            .hint("--project-root（または環境変数 PROJECT_ROOT）に既存のディレクトリを指定してください。"));
        }
        let mut config_files = Vec::new();
        let mut read = Vec::new();
        let config_path = root.join(PROJECT_CONFIG);
        let config_text = read_config_text(&config_path, crate::Code::P002, &mut read)?;
        let has_config = config_text.is_some();
        let config = if let Some(text) = config_text {
            config_files.push(config_path.clone());
            match config::parse_project_config(&config_path, &text) {
                Err(e) if e.code == crate::Code::QC010 && length.is_some() => {
                    config::parse_project_config(&config_path, &without_target_length(&text))?
                }
                other => other?,
            }
        } else {
            ProjectConfig::default()
        };
        let dirs = config.dirs.clone();

        let mut settings = Settings {
            target_length: config.target_length,
            ..Settings::default()
        };

        let quality = root.join(&dirs.settings).join(QUALITY_RULES);
        if let Some(text) = read_config_text(&quality, crate::Code::P002, &mut read)? {
            config_files.push(quality.clone());
            let phrases = rc::parse_quality_rules(&quality, &text)?;
            rc::merge_phrases(&mut settings.forbidden_expressions, &phrases);
        }

        let rc_path = match tool_config {
            Some(p) if p.is_absolute() => p.to_path_buf(),
            Some(p) => root.join(p),
            None => root.join(TOOL_CONFIG),
        };
        let rc = match read_config_text(&rc_path, crate::Code::U002, &mut read)? {
            Some(text) => {
                config_files.push(rc_path.clone());
                rc::parse_rc(&rc_path, &text)?
            }
            None if tool_config.is_some() => {
                return Err(Error::new(
                    crate::Code::U005,
                    format!("設定ファイル {} がありません", rc_path.display()),
                )
                .at(&rc_path, None)
                .hint("--config に既存の YAML ファイルを指定してください。"));
            }
            None => RcConfig::default(),
        };
        // The house style for 表記ゆれ: the style guide's lists (a guide that is not YAML is
        // prose for the agent, not config: it is then not read for this).
        let guide = root.join(&dirs.settings).join(STYLE_GUIDE);
        if let Ok(bytes) = crate::store::text::read_bytes(&guide) {
            if let Ok(text) = std::str::from_utf8(&bytes) {
                settings.notation_preferences = rc::parse_style_guide_preferences(text);
            }
            read.push((guide, bytes));
        }
        rc.apply(&mut settings);
        if let Some(l) = length {
            settings.target_length = l;
        }
        let ignore = rc.ignore_globs();
        Ok(Project {
            root,
            config,
            has_config,
            dirs,
            rc,
            settings,
            ignore,
            config_files,
            read,
        })
    }

    /// Defaults for `root` (no config read): what the layout is when the project does not
    /// load.
    pub fn defaults(root: &Path) -> Project {
        Project {
            root: root.to_path_buf(),
            config: Default::default(),
            has_config: false,
            dirs: Default::default(),
            rc: Default::default(),
            settings: Default::default(),
            ignore: Vec::new(),
            config_files: Vec::new(),
            read: Vec::new(),
        }
    }

    /// The bytes of `path` as this load read them, if it read that file.
    pub(crate) fn bytes_of(&self, path: &Path) -> Option<&[u8]> {
        self.read
            .iter()
            .find(|(p, _)| p == path)
            .map(|(_, b)| b.as_slice())
    }

    /// The config files that were read, referenced (sha256 of the bytes read, not a second
    /// read) for the envelope's `inputs`.
    pub(crate) fn config_refs(&self, role: &str) -> Vec<crate::store::fileref::FileRef> {
        self.config_files
            .iter()
            .filter_map(|p| {
                let bytes = self.bytes_of(p)?;
                Some(crate::store::fileref::FileRef::from_bytes(
                    &self.root, p, bytes, role,
                ))
            })
            .collect()
    }

    /// The project config, for commands that cannot work without one: QC-009 when
    /// `プロジェクト設定.yaml` is absent.
    #[cfg(test)]
    pub(crate) fn require_config(&self) -> Result<&ProjectConfig> {
        if self.has_config {
            Ok(&self.config)
        } else {
            Err(Error::new(
                crate::Code::QC009,
                format!("{PROJECT_CONFIG} が {} にありません", self.root.display()),
            )
            .at(self.root.join(PROJECT_CONFIG), None)
            .hint("プロジェクトのルートで実行するか、--project-root でルートを指定してください。"))
        }
    }

    /// This project, for commands that need an author's project: P001 when the root holds
    /// neither `プロジェクト設定.yaml` nor the manuscript directory.
    #[cfg(test)]
    pub(crate) fn require_project(&self) -> Result<&Project> {
        if self.is_project() {
            Ok(self)
        } else {
            Err(Error::new(
                crate::Code::P001,
                format!(
                    "{} は小説プロジェクトではありません（{PROJECT_CONFIG} も {}/ もありません）",
                    self.root.display(),
                    self.dirs.manuscript
                ),
            )
            .at(&self.root, None)
            .hint("プロジェクトのルートで実行するか、--project-root でルートを指定してください。"))
        }
    }

    /// Whether this is an author's project (config or manuscript directory present).
    #[cfg(test)]
    pub(crate) fn is_project(&self) -> bool {
        self.has_config || self.manuscript_dir().is_dir()
    }

    pub fn manuscript_dir(&self) -> PathBuf {
        self.root.join(&self.dirs.manuscript)
    }

    pub(crate) fn plot_dir(&self) -> PathBuf {
        self.root.join(&self.dirs.plot)
    }

    pub(crate) fn settings_dir(&self) -> PathBuf {
        self.root.join(&self.dirs.settings)
    }

    pub(crate) fn management_dir(&self) -> PathBuf {
        self.root.join(&self.dirs.management)
    }

    /// `path` relative to the root (`/`-separated) when inside it, else as given.
    pub fn display(&self, path: &Path) -> String {
        crate::store::fileref::relative_to(&self.root, path)
            .unwrap_or_else(|_| path.display().to_string())
    }

    /// Whether `rel` (relative to the root, `/`-separated) matches an `ignore.paths` glob.
    pub(crate) fn is_ignored(&self, rel: &str) -> bool {
        self.ignore.iter().any(|g| g.matches(rel))
    }
}

/// The project config text with `writing.episode.target_length` removed (re-serialised).
fn without_target_length(text: &str) -> String {
    let Ok(mut doc) = yaml::from_str::<serde_yaml::Value>(text) else {
        return text.to_string();
    };
    if let Some(ep) = doc
        .get_mut("writing")
        .and_then(|w| w.get_mut("episode"))
        .and_then(serde_yaml::Value::as_mapping_mut)
    {
        ep.remove("target_length");
    }
    serde_yaml::to_string(&doc).unwrap_or_else(|_| text.to_string())
}

/// Reads a config file as UTF-8 (BOM dropped); `None` when there is none, `code` when
/// something other than a regular file stands in its place (`store::text::read_config`);
/// errors name the file. The bytes are kept in `read`.
fn read_config_text(
    path: &Path,
    code: crate::Code,
    read: &mut Vec<(PathBuf, Vec<u8>)>,
) -> Result<Option<String>> {
    let Some(bytes) = crate::store::text::read_config(path, code)? else {
        return Ok(None);
    };
    let source = crate::store::text::decode(path, &bytes)?;
    read.push((path.to_path_buf(), bytes));
    Ok(Some(source.text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::settings::LengthSource;
    use crate::Code;
    use std::fs;

    #[test]
    fn outside_a_project_the_defaults_apply() {
        let dir = tempfile::tempdir().unwrap();
        let p = Project::load(dir.path()).unwrap();
        assert!(!p.has_config);
        assert!(!p.is_project());
        assert_eq!(p.settings.target_length.source, LengthSource::Default);
        assert_eq!(
            (p.settings.target_length.min, p.settings.target_length.max),
            (2000, 6000)
        );
        assert!(p.config_files.is_empty());
        assert_eq!(p.dirs, Dirs::default());
    }

    #[test]
    fn project_config_then_quality_rules_then_rc() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::write(
            root.join(PROJECT_CONFIG),
            "プロジェクト名: t\nwriting:\n  episode:\n    target_length: {min: 3000, max: 8000}\n",
        )
        .unwrap();
        fs::create_dir_all(root.join("30_設定集")).unwrap();
        fs::write(
            root.join("30_設定集").join(QUALITY_RULES),
            "執筆品質ルール:\n  禁止表現:\n    - 言葉にできない\n    - 運命の歯車\n",
        )
        .unwrap();
        let p = Project::load(root).unwrap();
        assert!(p.is_project());
        assert_eq!(p.settings.target_length.min, 3000);
        assert_eq!(p.settings.target_length.source, LengthSource::ProjectConfig);
        assert_eq!(p.settings.forbidden_expressions.len(), 2);
        assert_eq!(p.config_files.len(), 2);

        fs::write(
            root.join(TOOL_CONFIG),
            "forbidden_expressions: [運命の歯車, 早鐘]\ntarget_length: {min: 10, max: 20}\nignore:\n  paths: [下書き/]\n",
        )
        .unwrap();
        let p = Project::load(root).unwrap();
        assert_eq!(
            p.settings.forbidden_expressions,
            vec!["言葉にできない", "運命の歯車", "早鐘"]
        );
        assert_eq!(p.settings.target_length.source, LengthSource::Override);
        assert!(p.is_ignored("40_原稿/下書き/第001話.md"));
        assert!(!p.is_ignored("40_原稿/第001話.md"));
        assert_eq!(p.config_files.len(), 3);
    }

    #[test]
    fn explicit_config_replaces_rc_and_must_exist() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::write(root.join(TOOL_CONFIG), "bogus: 1\n").unwrap();
        assert_eq!(Project::load(root).unwrap_err().code, Code::U002);
        fs::write(root.join("ci.yaml"), "exclude_dialogue_lines: false\n").unwrap();
        let p = Project::load_with(root, Some(Path::new("ci.yaml"))).unwrap();
        assert!(!p.settings.exclude_dialogue_lines);
        let err = Project::load_with(root, Some(Path::new("nope.yaml"))).unwrap_err();
        assert_eq!(err.code, Code::U005);
    }

    #[test]
    fn broken_project_config_is_p002_with_file_and_line() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(
            dir.path().join(PROJECT_CONFIG),
            "プロジェクト名: t\nジャンル:\n  メイン: [ファンタジー\n",
        )
        .unwrap();
        let err = Project::load(dir.path()).unwrap_err();
        assert_eq!(err.code, Code::P002);
        assert!(err.path.unwrap().ends_with(PROJECT_CONFIG));
        assert!(err.line.is_some());
    }

    #[test]
    fn non_utf8_config_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode("プロジェクト名: テスト\n");
        fs::write(dir.path().join(PROJECT_CONFIG), &bytes).unwrap();
        let err = Project::load(dir.path()).unwrap_err();
        assert_eq!(err.code, Code::U003);
    }

    #[test]
    fn missing_root_is_p001_and_requirements_are_checked() {
        let dir = tempfile::tempdir().unwrap();
        let err = Project::load(&dir.path().join("nope")).unwrap_err();
        assert_eq!(err.code, Code::P001);
        let p = Project::load(dir.path()).unwrap();
        assert_eq!(p.require_config().unwrap_err().code, Code::QC009);
        assert_eq!(p.require_project().unwrap_err().code, Code::P001);
        fs::create_dir_all(dir.path().join(MANUSCRIPT_DIR)).unwrap();
        let p = Project::load(dir.path()).unwrap();
        assert!(p.require_project().is_ok());
        assert_eq!(p.require_config().unwrap_err().code, Code::QC009);
        fs::write(dir.path().join(PROJECT_CONFIG), "プロジェクト名: x\n").unwrap();
        let p = Project::load(dir.path()).unwrap();
        assert_eq!(p.require_config().unwrap().name.as_deref(), Some("x"));
    }

    /// Issue 28 item 6: a directory, a FIFO or a dangling symlink where a config file
    /// belongs is refused (naming the file, without blocking on the FIFO), never read as
    /// "no config".
    #[cfg(unix)]
    #[test]
    fn a_config_that_is_not_a_regular_file_is_refused() {
        let cases = [
            (PROJECT_CONFIG, Code::P002),
            (TOOL_CONFIG, Code::U002),
            ("30_設定集/執筆品質ルール.yaml", Code::P002),
        ];
        for (rel, code) in cases {
            for kind in ["dir", "fifo", "dangling"] {
                let dir = tempfile::tempdir().unwrap();
                let root = dir.path();
                fs::create_dir_all(root.join("30_設定集")).unwrap();
                let path = root.join(rel);
                match kind {
                    "dir" => fs::create_dir_all(&path).unwrap(),
                    "fifo" => {
                        let c =
                            std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
                        // SAFETY: a valid NUL-terminated path; mkfifo only creates a file.
                        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
                    }
                    _ => std::os::unix::fs::symlink(root.join("nowhere.yaml"), &path).unwrap(),
                }
                let err = Project::load(root).unwrap_err();
                assert_eq!(err.code, code, "{rel} as {kind}: {err}");
                let name = Path::new(rel).file_name().unwrap().to_str().unwrap();
                assert!(
                    err.message.contains(&format!(
                        "設定ファイル {name} が通常のファイルではありません"
                    )),
                    "{err}"
                );
                assert!(err.hint.contains("削除すると既定の設定"), "{}", err.hint);
                assert_eq!(err.exit_code(), 2);
            }
        }
        // The ledger too (read by status and complete).
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir_all(dir.path().join("50_管理資料/話数管理.yaml")).unwrap();
        let p = Project::load(dir.path()).unwrap();
        let err = ledger::Ledger::load(&p).unwrap_err();
        assert_eq!(err.code, Code::P002, "{err}");
        // `--config` naming a directory is not "missing".
        let err = Project::load_with(dir.path(), Some(Path::new("50_管理資料"))).unwrap_err();
        assert_eq!(err.code, Code::U002, "{err}");
    }

    /// Issue 28 item 6: values no setting can mean are refused with the key and the allowed
    /// range (each of these loaded silently before).
    #[test]
    fn nonsense_config_values_are_refused_with_their_key() {
        let cases: &[(&str, &str, &str)] = &[
            (
                PROJECT_CONFIG,
                "writing:\n  episode:\n    target_length: {min: 0, max: 10}\n",
                "min は 1 以上",
            ),
            (
                PROJECT_CONFIG,
                "writing:\n  episode:\n    target_length: {min: 1, max: 100000000000}\n",
                "上限 1000000",
            ),
            (
                PROJECT_CONFIG,
                "directory_structure: {manuscript_dir: .}\n",
                "directory_structure.manuscript_dir",
            ),
            (
                PROJECT_CONFIG,
                "directory_structure: {plot_dir: 40_原稿}\n",
                "plot_dir が manuscript_dir と同じ",
            ),
            (
                TOOL_CONFIG,
                "target_length: {min: 0, max: 5}\n",
                "min は 1 以上",
            ),
            (
                TOOL_CONFIG,
                "target_length: {min: 10, max: 99999999}\n",
                "上限 1000000",
            ),
            (
                TOOL_CONFIG,
                "thresholds: {long_sentence_length: 100000000}\n",
                "thresholds.long_sentence_length が大きすぎます",
            ),
            (
                TOOL_CONFIG,
                "thresholds: {short_sentence_length: 0}\n",
                "thresholds.short_sentence_length は 1 以上",
            ),
            (
                TOOL_CONFIG,
                "thresholds: {comma_max_per_sentence: 0}\n",
                "thresholds.comma_max_per_sentence は 1 以上",
            ),
            (
                TOOL_CONFIG,
                "thresholds: {short_sentence_length: 50, long_sentence_length: 40}\n",
                "short_sentence_length（50）が thresholds.long_sentence_length（40）以上",
            ),
            (
                TOOL_CONFIG,
                "thresholds: {window_max: 1.0e12}\n",
                "thresholds.window_max が大きすぎます",
            ),
            (
                TOOL_CONFIG,
                "weights: {grammar: 1.0e300}\n",
                "weights.grammar は 0〜100",
            ),
            (
                TOOL_CONFIG,
                "notation_preferences: [\"\"]\n",
                "notation_preferences の 1 番目が空",
            ),
            (
                "30_設定集/執筆品質ルール.yaml",
                "禁止表現: 運命の歯車\n",
                "語句のリストではありません",
            ),
            (
                "30_設定集/執筆品質ルール.yaml",
                "禁止表現: [\"  \"]\n",
                "1 番目が空",
            ),
            (
                "30_設定集/執筆品質ルール.yaml",
                "禁止表現: [[a, b]]\n",
                "1 番目が語句（文字列）ではありません",
            ),
        ];
        for (rel, text, said) in cases {
            let dir = tempfile::tempdir().unwrap();
            fs::create_dir_all(dir.path().join("30_設定集")).unwrap();
            fs::write(dir.path().join(rel), text).unwrap();
            let err = Project::load(dir.path()).unwrap_err();
            assert!(err.message.contains(said), "{rel}: {text:?} → {err}");
            assert_eq!(err.exit_code(), 2, "{err}");
            assert!(
                err.path.as_ref().is_some_and(|p| p.ends_with(rel)),
                "{err:?}"
            );
        }
        let ledger_cases: &[(&str, &str)] = &[
            ("話数管理:\n  - 話数: -3\n", "話数 が不正です: 1 以上の整数"),
            ("話数管理:\n  - 話数: 0\n", "話数 が不正です"),
            (
                "話数管理:\n  - 話数: 1\n    品質スコア: .nan\n",
                "品質スコア が不正です: 0〜100",
            ),
            (
                "話数管理:\n  - 話数: 1\n    品質スコア: 250\n",
                "品質スコア が不正です",
            ),
            (
                "話数管理:\n  - 話数: 1\n    文字数: -40\n",
                "文字数 が不正です",
            ),
        ];
        for (text, said) in ledger_cases {
            let dir = tempfile::tempdir().unwrap();
            fs::create_dir_all(dir.path().join("50_管理資料")).unwrap();
            fs::write(dir.path().join("50_管理資料/話数管理.yaml"), text).unwrap();
            let p = Project::load(dir.path()).unwrap();
            let err = ledger::Ledger::load(&p).unwrap_err();
            assert_eq!(err.code, Code::P002, "{text:?}");
            assert!(err.message.contains(said), "{text:?} → {err}");
        }
        // What authors write stays readable: words for a score, 第3話, 3,885.
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir_all(dir.path().join("50_管理資料")).unwrap();
        fs::write(
            dir.path().join("50_管理資料/話数管理.yaml"),
            "話数管理:\n  - 話数: 第3話\n    品質スコア: 未評価\n    文字数: \"3,885\"\n",
        )
        .unwrap();
        let p = Project::load(dir.path()).unwrap();
        let l = ledger::Ledger::load(&p).unwrap();
        assert_eq!((l.entries[0].episode, l.entries[0].chars), (3, Some(3885)));
    }

    #[test]
    fn root_discovery() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::create_dir_all(root.join("40_原稿/sub")).unwrap();
        assert_eq!(discover_root(None, &root.join("40_原稿/sub")), root);
        assert_eq!(discover_root(Some(Path::new("x")), root), root.join("x"));
        let other = tempfile::tempdir().unwrap();
        assert_eq!(discover_root(None, other.path()), other.path());
    }
}
