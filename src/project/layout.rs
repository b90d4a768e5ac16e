//! Where things are in a project (SPEC §1): episode manuscripts, plots, settings files.

use super::Project;
use crate::error::{Code, Error, Result};
use std::path::{Path, PathBuf};

/// One manuscript in the manuscript directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Episode {
    pub number: u32,
    pub path: PathBuf,
}

pub use crate::store::lock::episode_number_of;

/// The manuscript a request names: an episode's, or a file (relative to the project root).
/// Requests keep their own `episode` / `file` fields (so their schemas and flags stay as
/// they are) and turn them into this through [`EpisodeOrFile::of`], the one check that
/// exactly one is given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EpisodeOrFile {
    Episode(u32),
    File(String),
}

impl EpisodeOrFile {
    /// Exactly one of `episode` / `file` (U001 otherwise).
    pub fn of(episode: Option<u32>, file: Option<String>) -> Result<EpisodeOrFile> {
        match (episode, file) {
            (Some(ep), None) => Ok(EpisodeOrFile::Episode(ep)),
            (None, Some(f)) => Ok(EpisodeOrFile::File(f)),
            (Some(_), Some(_)) => Err(Error::new(
                Code::U001,
                "episode と file はどちらか一方だけ指定してください",
            )),
            (None, None) => Err(
                Error::new(Code::U001, "話数かファイルを指定してください").hint(
                    "例: `noveler polish 3 --diff` / `noveler polish 40_原稿/第003話.md --diff`",
                ),
            ),
        }
    }

    /// The episode number, when it names an episode.
    pub fn episode(&self) -> Option<u32> {
        match self {
            EpisodeOrFile::Episode(ep) => Some(*ep),
            EpisodeOrFile::File(_) => None,
        }
    }

    /// The existing regular file it names, confined to `root` (the project's): the
    /// episode's manuscript (E003 when there is none), or the file.
    pub(crate) fn resolve(
        &self,
        root: &Path,
        project: &Project,
    ) -> Result<crate::store::paths::InRoot> {
        match self {
            EpisodeOrFile::Episode(ep) => {
                crate::store::paths::resolve_file(root, &project.manuscript_path(*ep)?)
            }
            EpisodeOrFile::File(f) => crate::store::paths::resolve_file(root, Path::new(f)),
        }
    }
}

/// `.md` / `.txt` (the manuscript extensions).
pub fn is_manuscript_file(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("md") | Some("txt")
    )
}

/// Files of `dir` (not recursive), sorted by name; empty when it does not exist.
fn sorted_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

/// The settings documents of a project (`30_設定集/`); each `None` when absent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsFiles {
    /// キャラクター.yaml
    pub characters: Option<PathBuf>,
    /// 世界観.yaml
    pub world: Option<PathBuf>,
    /// 用語集.yaml
    pub glossary: Option<PathBuf>,
    /// 文体/ (every .yaml/.yml/.md inside, sorted) or 文体.yaml
    pub style: Vec<PathBuf>,
    /// 執筆品質ルール.yaml
    pub quality_rules: Option<PathBuf>,
}

impl SettingsFiles {
    /// All present files, in a fixed order.
    pub fn all(&self) -> Vec<PathBuf> {
        let mut v: Vec<PathBuf> = [&self.characters, &self.world, &self.glossary]
            .into_iter()
            .flatten()
            .cloned()
            .collect();
        v.extend(self.style.iter().cloned());
        v.extend(self.quality_rules.iter().cloned());
        v
    }
}

impl Project {
    /// Every manuscript whose name starts `第NNN話` in the manuscript directory, by number
    /// then name.
    pub fn episodes(&self) -> Vec<Episode> {
        let mut eps: Vec<Episode> = sorted_files(&self.manuscript_dir())
            .into_iter()
            .filter(|p| is_manuscript_file(p))
            .filter_map(|path| {
                let stem = path.file_stem()?.to_str()?;
                Some(Episode {
                    number: episode_number_of(stem)?,
                    path,
                })
            })
            .collect();
        eps.sort_by(|a, b| (a.number, &a.path).cmp(&(b.number, &b.path)));
        eps
    }

    /// The one manuscript of episode `n`: E001 for 0, E003 when none, E004 when several
    /// (the candidates are listed in the message and in `details.candidates`).
    pub fn manuscript_path(&self, n: u32) -> Result<PathBuf> {
        if n == 0 {
            return Err(Error::new(
                Code::E001,
                "話数は 1 以上で指定してください（0 が指定されました）",
            )
            .hint("例: `noveler check 1`"));
        }
        let dir = self.manuscript_dir();
        let matches: Vec<PathBuf> = self
            .episodes()
            .into_iter()
            .filter(|e| e.number == n)
            .map(|e| e.path)
            .collect();
        match matches.len() {
            1 => {
                let path = matches.into_iter().next().unwrap_or_default();
                // Over MCP, a manuscript symlink leading out of the allowed roots is refused.
                crate::store::confine::guard_read(&path)?;
                Ok(path)
            }
            0 => {
                let rel = self.display(&dir);
                let message = if dir.is_dir() {
                    format!("第{n:03}話の原稿が {rel}/ にありません")
                } else {
                    format!("原稿ディレクトリ {rel}/ がありません（第{n:03}話を探しました）")
                };
                Err(Error::new(Code::E003, message)
                    .at(&dir, None)
                    .hint(format!(
                        "{rel}/第{n:03}話_<タイトル>.md を作るか、ファイルのパスを直接指定してください。"
                    ))
                    .details(serde_json::json!({
                        "episode": n,
                        "searched": rel,
                        "available": self.episodes().iter().map(|e| e.number).collect::<Vec<_>>(),
                    }))
                    .suggest(format!("noveler check {rel}/")))
            }
            _ => {
                let names: Vec<String> = matches.iter().map(|p| self.display(p)).collect();
                Err(Error::new(
                    Code::E004,
                    format!(
                        "第{n:03}話の原稿が複数あります: {}",
                        names.join("、")
                    ),
                )
                .at(&dir, None)
                .hint("どれか一つのファイルパスを直接指定するか、不要なファイルの名前を変えてください。")
                .details(serde_json::json!({"episode": n, "candidates": names})))
            }
        }
    }

    /// The plot of episode `n`: `<plot>/話別プロット/` then `<plot>/`, each with the patterns
    /// `第NNN話_*.yaml|yml|md`, `第NNN話.yaml|yml|md`, `epNNN*.yaml`; E002 when none.
    pub(crate) fn plot_path(&self, n: u32) -> Result<PathBuf> {
        let plot = self.root.join(&self.dirs.plot);
        let dirs = [plot.join("話別プロット"), plot.clone()];
        let num = format!("{n:03}");
        let exts = ["yaml", "yml", "md"];
        for dir in &dirs {
            let files = sorted_files(dir);
            let name = |p: &PathBuf| {
                p.file_name()
                    .and_then(|s| s.to_str())
                    .unwrap_or_default()
                    .to_string()
            };
            let ext_ok = |p: &PathBuf| {
                p.extension()
                    .and_then(|e| e.to_str())
                    .is_some_and(|e| exts.contains(&e))
            };
            let patterns: [&dyn Fn(&PathBuf) -> bool; 3] = [
                &|p| ext_ok(p) && name(p).starts_with(&format!("第{num}話_")),
                &|p| {
                    ext_ok(p)
                        && p.file_stem().and_then(|s| s.to_str()) == Some(&format!("第{num}話"))
                },
                &|p| {
                    let n = name(p);
                    n.starts_with(&format!("ep{num}"))
                        && p.extension().and_then(|e| e.to_str()) == Some("yaml")
                },
            ];
            for pattern in patterns {
                if let Some(found) = files.iter().find(|p| pattern(p)) {
                    return Ok(found.clone());
                }
            }
        }
        let rel = self.display(&plot);
        Err(Error::new(
            Code::E002,
            format!("第{n:03}話のプロットが {rel}/ にありません"),
        )
        .at(&plot, None)
        .hint(format!(
            "{rel}/話別プロット/第{num}話_<タイトル>.yaml を作成してください。"
        ))
        .details(serde_json::json!({
            "episode": n,
            "searched": dirs.iter().map(|d| self.display(d)).collect::<Vec<_>>(),
        })))
    }

    /// The settings documents of the project.
    pub(crate) fn settings_files(&self) -> SettingsFiles {
        let dir = self.settings_dir();
        let file = |name: &str| {
            ["yaml", "yml"]
                .iter()
                .map(|ext| dir.join(format!("{name}.{ext}")))
                .find(|p| p.is_file())
        };
        let mut style: Vec<PathBuf> = sorted_files(&dir.join("文体"))
            .into_iter()
            .filter(|p| {
                matches!(
                    p.extension().and_then(|e| e.to_str()),
                    Some("yaml") | Some("yml") | Some("md")
                )
            })
            .collect();
        if style.is_empty() {
            style.extend(file("文体"));
        }
        SettingsFiles {
            characters: file("キャラクター"),
            world: file("世界観"),
            glossary: file("用語集"),
            style,
            quality_rules: file("執筆品質ルール"),
        }
    }
}

/// The episode number and title of a manuscript file name `第NNN話…` (`.md` / `.txt`); see
/// `episode_of_stem`. The one title-from-filename parser (status, complete, write_file and,
/// through the stem, the writing prompts' plot and previous-episode titles).
pub fn episode_of(file_name: &str) -> Option<(u32, String)> {
    let stem = file_name
        .strip_suffix(".md")
        .or_else(|| file_name.strip_suffix(".txt"))?;
    episode_of_stem(stem)
}

/// The episode number and title of a file stem `第NNN話…`: the title is what follows `話`
/// after one separator (`_`, `＿`, a full- or half-width space); empty when there is none.
pub(crate) fn episode_of_stem(stem: &str) -> Option<(u32, String)> {
    let number = episode_number_of(stem)?;
    let after = &stem[stem.find('話')? + '話'.len_utf8()..];
    let title = after
        .strip_prefix('_')
        .or_else(|| after.strip_prefix('＿'))
        .or_else(|| after.strip_prefix('　'))
        .or_else(|| after.strip_prefix(' '))
        .unwrap_or(after)
        .to_string();
    Some((number, title))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exactly_one_of_episode_or_file() {
        assert_eq!(
            EpisodeOrFile::of(Some(3), None).unwrap(),
            EpisodeOrFile::Episode(3)
        );
        let f = EpisodeOrFile::of(None, Some("a.md".into())).unwrap();
        assert_eq!(
            (f.episode(), &f),
            (None, &EpisodeOrFile::File("a.md".into()))
        );
        let both = EpisodeOrFile::of(Some(3), Some("a.md".into())).unwrap_err();
        assert_eq!(both.code, Code::U001);
        assert!(both.message.contains("どちらか一方"), "{}", both.message);
        let none = EpisodeOrFile::of(None, None).unwrap_err();
        assert_eq!(none.code, Code::U001);
        assert!(none.hint.contains("noveler polish 3"), "{}", none.hint);
    }

    #[test]
    fn episode_numbers_from_file_names() {
        assert_eq!(
            episode_of("第001話_潮墨の見習い.md"),
            Some((1, "潮墨の見習い".into()))
        );
        assert_eq!(episode_of("第12話.txt"), Some((12, String::new())));
        assert_eq!(episode_of("第００３話　夜.md"), Some((3, "夜".into())));
        assert_eq!(episode_of("第001話_x.yaml"), None);
        assert_eq!(episode_of("メモ.md"), None);
        assert_eq!(episode_of("第話.md"), None);
    }
    use std::fs;

    fn project(files: &[&str]) -> (tempfile::TempDir, Project) {
        let dir = tempfile::tempdir().unwrap();
        fs::write(
            dir.path().join("プロジェクト設定.yaml"),
            "プロジェクト名: t\n",
        )
        .unwrap();
        for f in files {
            let p = dir.path().join(f);
            fs::create_dir_all(p.parent().unwrap()).unwrap();
            fs::write(p, "x").unwrap();
        }
        let p = Project::load(dir.path()).unwrap();
        (dir, p)
    }

    #[test]
    fn episode_numbers_parse() {
        assert_eq!(episode_number_of("第001話_潮墨"), Some(1));
        assert_eq!(episode_number_of("第12話"), Some(12));
        assert_eq!(episode_number_of("第１２話"), Some(12));
        assert_eq!(episode_number_of("第1000話_x"), Some(1000));
        assert_eq!(episode_number_of("第話"), None);
        assert_eq!(episode_number_of("第一話"), None);
        assert_eq!(episode_number_of("001話"), None);
        assert_eq!(episode_number_of("第99999999999話"), None);
    }

    #[test]
    fn resolves_one_episode() {
        let (_d, p) = project(&[
            "40_原稿/第001話_始まり.md",
            "40_原稿/第002話_次.txt",
            "40_原稿/第0010話_十.md",
            "40_原稿/メモ.md",
            "40_原稿/第003話_画像.png",
        ]);
        assert!(p
            .manuscript_path(1)
            .unwrap()
            .ends_with("40_原稿/第001話_始まり.md"));
        assert!(p.manuscript_path(2).unwrap().ends_with("第002話_次.txt"));
        assert!(p.manuscript_path(10).unwrap().ends_with("第0010話_十.md"));
        assert_eq!(p.manuscript_path(3).unwrap_err().code, Code::E003);
        assert_eq!(p.manuscript_path(0).unwrap_err().code, Code::E001);
        let nums: Vec<u32> = p.episodes().iter().map(|e| e.number).collect();
        assert_eq!(nums, vec![1, 2, 10]);
    }

    #[test]
    fn ambiguous_episode_lists_candidates() {
        let (_d, p) = project(&["40_原稿/第001話_a.md", "40_原稿/第001話_b.txt"]);
        let err = p.manuscript_path(1).unwrap_err();
        assert_eq!(err.code, Code::E004);
        assert!(err.message.contains("第001話_a.md"), "{}", err.message);
        assert!(err.message.contains("第001話_b.txt"), "{}", err.message);
        assert_eq!(
            err.details.unwrap()["candidates"].as_array().unwrap().len(),
            2
        );
    }

    #[test]
    fn missing_manuscript_dir_is_e003() {
        let (_d, p) = project(&[]);
        let err = p.manuscript_path(1).unwrap_err();
        assert_eq!(err.code, Code::E003);
        assert!(err.message.contains("ありません"));
    }

    #[test]
    fn manuscript_dir_override_is_used() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(
            dir.path().join("プロジェクト設定.yaml"),
            "directory_structure:\n  manuscript_dir: 原稿\n",
        )
        .unwrap();
        fs::create_dir_all(dir.path().join("原稿")).unwrap();
        fs::write(dir.path().join("原稿/第004話.md"), "x").unwrap();
        let p = Project::load(dir.path()).unwrap();
        assert!(p.manuscript_path(4).unwrap().ends_with("原稿/第004話.md"));
    }

    #[test]
    fn plot_lookup_follows_the_patterns_in_order() {
        let (_d, p) = project(&[
            "20_プロット/話別プロット/第001話_始まり.yaml",
            "20_プロット/第001話_古い.yaml",
            "20_プロット/第002話.yml",
            "20_プロット/ep003_draft.yaml",
            "20_プロット/ep004_draft.md",
            "20_プロット/話別プロット/第005話.txt",
        ]);
        assert!(p
            .plot_path(1)
            .unwrap()
            .ends_with("話別プロット/第001話_始まり.yaml"));
        assert!(p.plot_path(2).unwrap().ends_with("20_プロット/第002話.yml"));
        assert!(p.plot_path(3).unwrap().ends_with("ep003_draft.yaml"));
        assert_eq!(p.plot_path(4).unwrap_err().code, Code::E002);
        assert_eq!(p.plot_path(5).unwrap_err().code, Code::E002);
    }

    #[test]
    fn settings_files_are_found() {
        let (_d, p) = project(&[
            "30_設定集/キャラクター.yaml",
            "30_設定集/用語集.yml",
            "30_設定集/文体/スタイルガイド.yaml",
            "30_設定集/文体/notes.txt",
        ]);
        let s = p.settings_files();
        assert!(s.characters.unwrap().ends_with("キャラクター.yaml"));
        assert!(s.world.is_none());
        assert!(s.glossary.unwrap().ends_with("用語集.yml"));
        assert_eq!(s.style.len(), 1);
        assert!(s.quality_rules.is_none());
    }
}
