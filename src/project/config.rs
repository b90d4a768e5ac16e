//! `プロジェクト設定.yaml`: the author's project config. Authors keep many keys of their own
//! in it, so unknown keys are allowed here (unlike `.novelerrc.yaml`); what noveler reads is
//! checked: broken YAML is P002 with the line, an invalid target length is QC-010, a bad
//! `directory_structure` entry is P002.

use super::yaml::{key_line, yaml_error};
use crate::analysis::settings::{LengthSource, TargetLength};
use crate::error::{Code, Error, Result};
use serde_yaml::Value;
use std::path::{Component, Path};

/// Directory names of the project layout (SPEC §1), relative to the root.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Dirs {
    pub manuscript: String,
    pub plot: String,
    pub settings: String,
    pub management: String,
}

impl Default for Dirs {
    fn default() -> Self {
        Dirs {
            manuscript: super::MANUSCRIPT_DIR.into(),
            plot: "20_プロット".into(),
            settings: "30_設定集".into(),
            management: "50_管理資料".into(),
        }
    }
}

/// What noveler reads from `プロジェクト設定.yaml`.
#[derive(Clone, Debug, PartialEq)]
pub struct ProjectConfig {
    /// `プロジェクト名`
    pub name: Option<String>,
    /// `ジャンル.メイン`
    pub genre: Option<String>,
    pub dirs: Dirs,
    /// `writing.episode.target_length`, or the default (2000/6000, around the 4,000 characters
    /// of a なろう/カクヨム episode).
    pub target_length: TargetLength,
    /// The whole document, for commands that need more of it.
    pub raw: Value,
}

impl Default for ProjectConfig {
    fn default() -> Self {
        ProjectConfig {
            name: None,
            genre: None,
            dirs: Dirs::default(),
            target_length: TargetLength::default(),
            raw: Value::Null,
        }
    }
}

/// Parses the text of `プロジェクト設定.yaml` read from `path` (used in messages).
pub(crate) fn parse_project_config(path: &Path, text: &str) -> Result<ProjectConfig> {
    let raw: Value = if text.trim().is_empty() {
        Value::Null
    } else {
        super::yaml::from_str(text).map_err(|e| {
            yaml_error(
                Code::P002,
                path,
                &e,
                "プロジェクト設定の YAML を読み込めません",
            )
            .hint(
                "YAML の書式（インデント、コロンの後の空白、引用符の閉じ忘れ）を確認してください。",
            )
        })?
    };
    if !matches!(raw, Value::Null | Value::Mapping(_)) {
        return Err(Error::new(
            Code::P002,
            "プロジェクト設定はキーと値の対応（マッピング）で書いてください",
        )
        .at(path, Some(1))
        .hint("例: `プロジェクト名: 私の小説` のように書きます。"));
    }
    let name = raw
        .get("プロジェクト名")
        .and_then(super::yaml::scalar)
        .filter(|s| !s.trim().is_empty());
    let genre = raw
        .get("ジャンル")
        .and_then(|g| g.get("メイン").or(Some(g)))
        .and_then(super::yaml::scalar);
    let dirs = parse_dirs(path, text, raw.get("directory_structure"))?;
    let target_length = parse_target_length(path, text, &raw)?;
    Ok(ProjectConfig {
        name,
        genre,
        dirs,
        target_length,
        raw,
    })
}

fn parse_dirs(path: &Path, text: &str, value: Option<&Value>) -> Result<Dirs> {
    let mut dirs = Dirs::default();
    let Some(value) = value else {
        return Ok(dirs);
    };
    if value.is_null() {
        return Ok(dirs);
    }
    let line = key_line(text, "directory_structure");
    let map = value.as_mapping().ok_or_else(|| {
        Error::new(
            Code::P002,
            "directory_structure はキーと値の対応で書いてください",
        )
        .at(path, line)
        .hint("例: `directory_structure: {manuscript_dir: 原稿}`")
    })?;
    for (key, v) in map {
        let key = key.as_str().unwrap_or_default();
        let slot = match key {
            "manuscript_dir" => &mut dirs.manuscript,
            "plot_dir" => &mut dirs.plot,
            "settings_dir" => &mut dirs.settings,
            "management_dir" => &mut dirs.management,
            // Other entries (e.g. planning_dir) are the author's; noveler does not use them.
            _ => continue,
        };
        let line = key_line(text, key).or(line);
        let dir = v.as_str().map(str::trim).unwrap_or_default();
        if !is_safe_relative(dir) {
            return Err(Error::new(
                Code::P002,
                format!("directory_structure.{key} が不正です: {v:?}"),
            )
            .at(path, line)
            .hint(
                "プロジェクトルートからの相対パス（`..` や絶対パスを含まない）で書いてください。",
            ));
        }
        *slot = dir.trim_end_matches('/').to_string();
    }
    // The root itself, or one folder for two roles, mixes plots, settings and manuscripts.
    let named = [
        ("manuscript_dir", &dirs.manuscript),
        ("plot_dir", &dirs.plot),
        ("settings_dir", &dirs.settings),
        ("management_dir", &dirs.management),
    ];
    let normal = |d: &str| {
        Path::new(d)
            .components()
            .filter(|c| matches!(c, Component::Normal(_)))
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join("/")
    };
    for (i, (key, dir)) in named.iter().enumerate() {
        let why = if normal(dir).is_empty() {
            Some(format!(
                "directory_structure.{key} がプロジェクトルートそのもの（{dir}）です"
            ))
        } else {
            named[..i]
                .iter()
                .find(|(_, other)| normal(other) == normal(dir))
                .map(|(other_key, _)| {
                    format!("directory_structure.{key} が {other_key} と同じフォルダ（{dir}）です")
                })
        };
        if let Some(why) = why {
            return Err(Error::new(Code::P002, why)
                .at(path, key_line(text, key).or(line))
                .hint("原稿・プロット・設定集・管理資料は、それぞれ別のサブフォルダにしてください（例: manuscript_dir: 40_原稿）。")
                .details(serde_json::json!({"key": format!("directory_structure.{key}")})));
        }
    }
    Ok(dirs)
}

/// A non-empty relative path that stays inside the root.
pub(crate) fn is_safe_relative(dir: &str) -> bool {
    let p = Path::new(dir);
    !dir.is_empty()
        && p.components()
            .all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
}

fn parse_target_length(path: &Path, text: &str, raw: &Value) -> Result<TargetLength> {
    let Some(tl) = raw
        .get("writing")
        .and_then(|w| w.get("episode"))
        .and_then(|e| e.get("target_length"))
    else {
        return Ok(TargetLength::default());
    };
    let line = key_line(text, "target_length");
    let invalid = |why: String| {
        Error::new(
            Code::QC010,
            format!("writing.episode.target_length が不正です: {why}"),
        )
        .at(path, line)
        .hint(
            "`target_length: {min: 2000, max: 6000}` のように、1 以上 1000000 以下で min < max の整数で書いてください。",
        )
        .details(serde_json::json!({"key": "writing.episode.target_length"}))
    };
    let get = |k: &str| -> Result<usize> {
        match tl.get(k) {
            Some(Value::Number(n)) => n
                .as_u64()
                .map(|n| n as usize)
                .ok_or_else(|| invalid(format!("{k} が 0 以上の整数ではありません（{n}）"))),
            Some(other) => Err(invalid(format!("{k} が整数ではありません（{other:?}）"))),
            None => Err(invalid(format!("{k} がありません"))),
        }
    };
    if !tl.is_mapping() {
        return Err(invalid("min と max を持つマッピングではありません".into()));
    }
    let (min, max) = (get("min")?, get("max")?);
    if let Some(why) = crate::analysis::settings::target_band_problem(min, max) {
        return Err(invalid(why));
    }
    Ok(TargetLength {
        min,
        max,
        source: LengthSource::ProjectConfig,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<ProjectConfig> {
        parse_project_config(Path::new("プロジェクト設定.yaml"), text)
    }

    #[test]
    fn reads_name_genre_and_target_length() {
        let c = parse(
            "プロジェクト名: 潮墨\nジャンル:\n  メイン: ファンタジー\nwriting:\n  episode:\n    target_length:\n      min: 3000\n      max: 8000\n",
        )
        .unwrap();
        assert_eq!(c.name.as_deref(), Some("潮墨"));
        assert_eq!(c.genre.as_deref(), Some("ファンタジー"));
        assert_eq!(
            c.target_length,
            TargetLength {
                min: 3000,
                max: 8000,
                source: LengthSource::ProjectConfig
            }
        );
    }

    #[test]
    fn defaults_when_empty_or_absent() {
        let c = parse("").unwrap();
        assert_eq!(c.target_length, TargetLength::default());
        assert_eq!(c.target_length.source, LengthSource::Default);
        assert_eq!(c.dirs, Dirs::default());
        assert_eq!(
            parse("プロジェクト名: x\n").unwrap().target_length.min,
            2000
        );
    }

    #[test]
    fn broken_yaml_is_p002_with_line() {
        let err = parse("プロジェクト名: x\nジャンル: [a, b\n作者: y\n").unwrap_err();
        assert_eq!(err.code, Code::P002);
        assert!(err.line.is_some(), "{err}");
        let err = parse("- a\n- b\n").unwrap_err();
        assert_eq!(err.code, Code::P002);
    }

    #[test]
    fn invalid_target_length_is_qc010_with_line() {
        let text = "プロジェクト名: x\nwriting:\n  episode:\n    target_length:\n      min: 9000\n      max: 8000\n";
        let err = parse(text).unwrap_err();
        assert_eq!(err.code, Code::QC010);
        assert_eq!(err.line, Some(4));
        assert!(err.message.contains("9000"), "{}", err.message);
        let err =
            parse("writing:\n  episode:\n    target_length:\n      min: 三千\n      max: 8000\n")
                .unwrap_err();
        assert_eq!(err.code, Code::QC010);
        let err =
            parse("writing:\n  episode:\n    target_length:\n      min: 1.5\n      max: 8000\n")
                .unwrap_err();
        assert_eq!(err.code, Code::QC010);
        let err = parse("writing:\n  episode:\n    target_length: 5000\n").unwrap_err();
        assert_eq!(err.code, Code::QC010);
        let err = parse("writing:\n  episode:\n    target_length:\n      min: 10\n").unwrap_err();
        assert_eq!(err.code, Code::QC010);
    }

    #[test]
    fn directory_structure_overrides_and_is_validated() {
        let c = parse(
            "directory_structure:\n  manuscript_dir: 原稿/\n  plot_dir: plots\n  other_dir: x\n",
        )
        .unwrap();
        assert_eq!(c.dirs.manuscript, "原稿");
        assert_eq!(c.dirs.plot, "plots");
        assert_eq!(c.dirs.settings, "30_設定集");
        let err = parse("directory_structure:\n  manuscript_dir: ../outside\n").unwrap_err();
        assert_eq!(err.code, Code::P002);
        assert_eq!(err.line, Some(2));
        assert!(parse("directory_structure:\n  manuscript_dir: /etc\n").is_err());
        assert!(parse("directory_structure: 原稿\n").is_err());
    }
}
