//! `noveler init DIR --title T --genre G [--author A] [--platform P] [--target-length N]`:
//! creates a new author's project with the layout of SPEC §1 from the templates embedded from
//! `templates/project/`.
//!
//! - The platform (`narou` by default, `kakuyomu`, `other`) goes to `掲載予定`, which
//!   `complete` reads for the publish format. The target length per episode (default 4,000
//!   characters, a なろう/カクヨム episode) gets a band from half of it to one and a half times
//!   it (`--target-min`/`--target-max` set either end); the report says what was set.
//!
//! - `ctx.root` is the directory to create the project in (the CLI sets it to DIR); it is
//!   created when missing.
//! - A directory that already holds anything is refused (U001) unless `force`; even then no
//!   existing file is ever overwritten: files already present are kept and listed in
//!   `skipped`. Each new file is written atomically and only if the name is still free
//!   (temp file + rename without clobbering).
//! - `.novelerrc.yaml` is generated from the analysis defaults (`Thresholds::default()`, the
//!   rule registry), every line commented, so it cannot drift from what the checker uses.
//!
//! There is no MCP tool for this (seed 000 retired `init`); it is a CLI verb.

use super::common::fmt_thousands;
use super::{Ctx, Report};
use crate::analysis::settings::{band_around, Thresholds, DEFAULT_TARGET_LENGTH};
use crate::error::{Code, Error, Result};
use crate::project::agent_files::{self, AgentFile};
use crate::project::yaml::quote_scalar;
use crate::store::{disk, FileRef};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The envelope `command` of this verb, the one name the CLI and the MCP tools use.
pub const NAME: &str = "init";

/// The embedded project template: (path relative to the project root, text).
const TEMPLATES: &[(&str, &str)] = &[
    (
        "プロジェクト設定.yaml",
        include_str!("../../templates/project/プロジェクト設定.yaml"),
    ),
    (
        "10_企画/企画書.md",
        include_str!("../../templates/project/10_企画/企画書.md"),
    ),
    (
        "20_プロット/話別プロット/第001話.yaml",
        include_str!("../../templates/project/20_プロット/話別プロット/第001話.yaml"),
    ),
    (
        "20_プロット/章別プロット/第1章.yaml",
        include_str!("../../templates/project/20_プロット/章別プロット/第1章.yaml"),
    ),
    (
        "30_設定集/キャラクター.yaml",
        include_str!("../../templates/project/30_設定集/キャラクター.yaml"),
    ),
    (
        "30_設定集/世界観.yaml",
        include_str!("../../templates/project/30_設定集/世界観.yaml"),
    ),
    (
        "30_設定集/用語集.yaml",
        include_str!("../../templates/project/30_設定集/用語集.yaml"),
    ),
    (
        "30_設定集/文体/スタイルガイド.yaml",
        include_str!("../../templates/project/30_設定集/文体/スタイルガイド.yaml"),
    ),
    (
        "30_設定集/執筆品質ルール.yaml",
        include_str!("../../templates/project/30_設定集/執筆品質ルール.yaml"),
    ),
    (
        "40_原稿/第001話_はじまり.md",
        include_str!("../../templates/project/40_原稿/第001話_はじまり.md"),
    ),
    (
        "50_管理資料/話数管理.yaml",
        include_str!("../../templates/project/50_管理資料/話数管理.yaml"),
    ),
    (
        "50_管理資料/品質記録.yaml",
        include_str!("../../templates/project/50_管理資料/品質記録.yaml"),
    ),
    (
        "50_管理資料/改訂履歴.yaml",
        include_str!("../../templates/project/50_管理資料/改訂履歴.yaml"),
    ),
    (
        ".gitignore",
        include_str!("../../templates/project/gitignore"),
    ),
];

/// What `init` writes for an agent (unless `no_agent_files`), as is.
const AGENT_FILES: &[AgentFile] = &[agent_files::MCP_JSON, agent_files::SLASH_COMMAND];

/// Directories of the layout that start empty (the others are created with their files).
const EMPTY_DIRS: &[&str] = &["40_原稿", "50_管理資料/公開用"];

/// Where the work is to be posted (`掲載予定` in プロジェクト設定.yaml).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
    clap::ValueEnum,
)]
#[serde(rename_all = "lowercase")]
pub enum Platform {
    /// 小説家になろう
    #[default]
    Narou,
    /// カクヨム
    Kakuyomu,
    /// Another site, or not decided yet
    Other,
}

impl Platform {
    /// The value written to `掲載予定` (what `complete` reads back).
    pub fn site_name(self) -> &'static str {
        match self {
            Platform::Narou => "小説家になろう",
            Platform::Kakuyomu => "カクヨム",
            Platform::Other => "未定",
        }
    }
}

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct InitRequest {
    /// The work's title (`プロジェクト名`).
    pub title: String,
    /// Main genre (`ジャンル.メイン`), e.g. ファンタジー.
    pub genre: String,
    /// Author name (`作者`); empty when not given.
    #[serde(default)]
    pub author: Option<String>,
    /// Where the work is to be posted (default narou).
    #[serde(default)]
    pub platform: Option<Platform>,
    /// Target length per episode in characters (default 4000); the band around it is half
    /// of it to one and a half times it.
    #[serde(default)]
    pub target_length: Option<usize>,
    /// Minimum length per episode in characters (default: half the target).
    #[serde(default)]
    pub target_min: Option<usize>,
    /// Maximum length per episode in characters (default: one and a half times the target).
    #[serde(default)]
    pub target_max: Option<usize>,
    /// Initialise a directory that is not empty; existing files are kept (never overwritten).
    #[serde(default)]
    pub force: bool,
    /// Do not write the agent files (`.mcp.json` registering `noveler mcp`, and the Claude
    /// Code slash command `.claude/commands/noveler.md`).
    #[serde(default)]
    pub no_agent_files: bool,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct InitTargetLength {
    /// The length aimed at (the middle of the band unless both ends were given).
    pub target: usize,
    pub min: usize,
    pub max: usize,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct InitReport {
    /// The project directory (absolute).
    pub project_root: String,
    pub title: String,
    pub genre: String,
    pub author: Option<String>,
    pub platform: Platform,
    pub target_length: InitTargetLength,
    /// What was set, one line each (Japanese): the platform and the target length, with the
    /// option or key that changes them.
    pub settings: Vec<String>,
    /// Files written, relative to the project root, in layout order.
    pub created: Vec<String>,
    /// Directories created (relative), in layout order.
    pub created_dirs: Vec<String>,
    /// Files that already existed and were left as they were (only with `force`).
    pub skipped: Vec<String>,
    /// What to do next.
    pub next_actions: Vec<String>,
    #[serde(skip)]
    outputs: Vec<FileRef>,
}

impl Report for InitReport {
    fn outputs(&self) -> Vec<FileRef> {
        self.outputs.clone()
    }
}

/// Text that goes into Markdown as is: one line.
fn one_line(value: &str) -> String {
    value.replace(['\r', '\n'], " ")
}

fn render(template: &str, req: &InitRequest, min: usize, max: usize) -> String {
    let author = req.author.as_deref().unwrap_or("");
    let platform = req.platform.unwrap_or_default();
    template
        .replace("{{platform}}", platform.site_name())
        .replace("{{title}}", &quote_scalar(&req.title))
        .replace("{{genre}}", &quote_scalar(&req.genre))
        .replace(
            "{{author}}",
            &if author.is_empty() {
                "\"\"".to_string()
            } else {
                quote_scalar(author)
            },
        )
        .replace("{{title_text}}", &one_line(&req.title))
        .replace("{{genre_text}}", &one_line(&req.genre))
        .replace("{{target_min}}", &min.to_string())
        .replace("{{target_max}}", &max.to_string())
}

/// `.novelerrc.yaml` with every setting at its default, commented out. Removing the first
/// `# ` of each line yields a valid config equal to the defaults (tested).
pub(crate) fn default_rc(min: usize, max: usize) -> String {
    let mut out = String::new();
    out.push_str(
        "## .novelerrc.yaml — noveler check の設定。すべて既定値（preset narou）です。\n\
         ## 変えたい行だけ行頭の「# 」を外して値を書き換えてください。\n\
         ## 各キーの意味: noveler explain <CODE> / noveler rules\n",
    );
    out.push_str(
        "#   # narou（Web小説）か literary（文芸。青空文庫のファイルは指定がなければ literary）\n",
    );
    out.push_str("# preset: narou\n");
    out.push_str("#   # 会話文を除いた地の文だけで文のリズムを測る\n");
    out.push_str("# exclude_dialogue_lines: true\n");
    out.push_str(
        "#   # 一話の目標文字数（プロジェクト設定.yaml の writing.episode.target_length を上書き）\n",
    );
    out.push_str(&format!("# target_length: {{min: {min}, max: {max}}}\n"));
    out.push_str("# thresholds:\n");
    let descriptions = threshold_descriptions();
    let defaults = serde_yaml::to_value(Thresholds::default()).unwrap_or_default();
    if let Some(map) = defaults.as_mapping() {
        for (key, value) in map {
            let key = key.as_str().unwrap_or_default();
            if let Some(desc) = descriptions.get(key) {
                for line in desc.lines() {
                    out.push_str(&format!("#   # {}\n", line.trim()));
                }
            }
            let value = serde_yaml::to_string(value).unwrap_or_default();
            out.push_str(&format!("#   {key}: {}\n", value.trim()));
        }
    }
    out.push_str("#   # 規則ごとの有効・無効と重大度（low / medium / high / critical）\n");
    out.push_str("# rules:\n");
    let mut rules: Vec<_> = crate::analysis::rules::registry()
        .iter()
        .map(|r| r.meta())
        .collect();
    rules.sort_by_key(|m| (m.aspect.as_str(), m.code));
    for m in rules {
        out.push_str(&format!(
            "#   {}: {{enabled: true}}  # {} / 既定の重大度 {}\n",
            m.code,
            m.aspect.as_str(),
            m.default_severity.as_str()
        ));
    }
    out.push_str(
        "#   # 使ってほしくない表現（30_設定集/執筆品質ルール.yaml の禁止表現にも書けます）\n",
    );
    out.push_str("# forbidden_expressions: []\n");
    out.push_str(
        "#   # 書いたとおりで正しい語（登場人物の名前・造語など）。この語の中の指摘は出さない\n",
    );
    out.push_str("# accepted_words: []\n");
    out.push_str("# ignore:\n");
    out.push_str("#   # チェックしないファイル（プロジェクトルートからの glob）と報告しない規則\n");
    out.push_str("#   paths: []\n");
    out.push_str("#   codes: []\n");
    out.push_str("#   # 総合点での観点の重み（書かない観点は 1。総合 = 100 − Σ 重み × 観点の減点）。例: {grammar: 2, style: 0.5}\n");
    out.push_str("# weights: {}\n");
    out.push_str("# fix:\n");
    out.push_str(
        "#   # noveler polish が既定で適用する修正の段階（safe / standard / aggressive）\n",
    );
    out.push_str("#   level: safe\n");
    out.push_str(
        "#   # ファイルごとに報告しない規則（glob: [CODE]）。例: {\"40_原稿/第000話_*.md\": [LENGTH_OUT_OF_RANGE]}\n",
    );
    out.push_str("# per-file-ignores: {}\n");
    out.push_str(SUPPRESSION_NOTE);
    out
}

/// The end of the generated `.novelerrc.yaml`: where the other ways to silence a finding are
/// (the full text is `noveler explain suppression`).
const SUPPRESSION_NOTE: &str = "\
## 指摘を抑えるには（くわしくは noveler explain suppression）:
##   その行だけ: 原稿の前の行に <!-- noveler-disable-next-line CODE -->（.txt では ［＃noveler-disable-next-line CODE］）
##   範囲: <!-- noveler-disable CODE --> … <!-- noveler-enable CODE -->
##   名前・造語: accepted_words、ファイルごと: per-file-ignores、規則ごと: rules の enabled: false か ignore.codes
##   その回だけ: noveler check --ignore CODE / --select CODE
##   今ある指摘をまとめて: noveler check --write-baseline（.noveler-baseline.json をコミット）→ noveler check --baseline
";

/// The Japanese comment of each `Thresholds` field in the generated config, by field name
/// (the doc comments are English, for developers). A field missing here fails a test.
const THRESHOLD_COMMENTS: &[(&str, &str)] = &[
    (
        "long_sentence_length",
        "CONSECUTIVE_LONG_SENTENCES: この字数以上の文を長い文と数える",
    ),
    (
        "long_sentence_run",
        "CONSECUTIVE_LONG_SENTENCES: 長い文がこの数だけ続くと指摘する",
    ),
    (
        "short_sentence_length",
        "CONSECUTIVE_SHORT_SENTENCES: この字数以下の文を短い文と数える",
    ),
    (
        "short_sentence_run",
        "CONSECUTIVE_SHORT_SENTENCES: 短い文がこの数だけ続くと指摘する",
    ),
    (
        "dialogue_ratio_min",
        "DIALOGUE_RATIO_OUT_OF_RANGE: 会話文の行の割合の下限",
    ),
    (
        "dialogue_ratio_max",
        "DIALOGUE_RATIO_OUT_OF_RANGE: 会話文の行の割合の上限",
    ),
    (
        "ending_run",
        "ENDING_REPETITION: 同じ文末がこの数だけ続くと指摘する",
    ),
    (
        "ending_chars",
        "ENDING_REPETITION: 文末の何文字が同じなら「同じ文末」とみなすか",
    ),
    (
        "comma_avg_min",
        "COMMA_AVG_OUT_OF_RANGE: 一文あたりの読点の平均の下限",
    ),
    (
        "comma_avg_max",
        "COMMA_AVG_OUT_OF_RANGE: 一文あたりの読点の平均の上限",
    ),
    (
        "comma_max_per_sentence",
        "COMMA_OVERUSE: 一文の読点がこの数を超えると指摘する",
    ),
    (
        "window_size",
        "WINDOW_OUT_OF_RANGE: 地の文の文の長さを何文ずつの移動平均で見るか",
    ),
    ("window_min", "WINDOW_OUT_OF_RANGE: 移動平均（字）の下限"),
    ("window_max", "WINDOW_OUT_OF_RANGE: 移動平均（字）の上限"),
    (
        "window_min_in_range_ratio",
        "WINDOW_OUT_OF_RANGE: 移動平均が範囲に収まるべき割合",
    ),
    (
        "long_sentence_low",
        "LONG_SENTENCE: この字数を超える文を low で指摘する",
    ),
    (
        "long_sentence_medium",
        "LONG_SENTENCE: この字数を超える文を medium で指摘する",
    ),
    (
        "max_avg_sentence_length",
        "HIGH_AVG_SENTENCE_LENGTH: 文の長さの平均（字）の上限",
    ),
    (
        "kanji_ratio_min",
        "KANJI_RATIO_OUT_OF_RANGE: 漢字の割合の下限",
    ),
    (
        "kanji_ratio_max",
        "KANJI_RATIO_OUT_OF_RANGE: 漢字の割合の上限",
    ),
    (
        "kanji_run_max",
        "KANJI_RUN: 漢字がこの字数を超えて続くと指摘する",
    ),
    (
        "max_empty_lines",
        "EMPTY_LINE_RUNS: 空行がこの数を超えて続くと指摘する",
    ),
    (
        "short_bucket_max",
        "リズムの分布（指標のみ）: この字数以下の文を「短い」に数える",
    ),
];

/// The Japanese comments of `Thresholds` fields, by field name.
fn threshold_descriptions() -> std::collections::BTreeMap<String, String> {
    THRESHOLD_COMMENTS
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn is_empty_dir(dir: &Path) -> Result<bool> {
    let mut entries = std::fs::read_dir(dir).map_err(|e| Error::io(dir, &e))?;
    Ok(entries.next().is_none())
}

/// Whether `dir` exists and holds anything (the CLI uses this to avoid saving a result
/// file into a directory `init` refuses).
pub(crate) fn would_refuse(dir: &Path, force: bool) -> bool {
    !force && dir.is_dir() && !is_empty_dir(dir).unwrap_or(false)
}

/// The target length and its band: half the target (default 4,000) to one and a half times
/// it, either end replaced by `target_min`/`target_max`. A target given must lie in the band;
/// without one the target is the band's middle (what the writing flow aims at).
fn target_band(req: &InitRequest) -> Result<InitTargetLength> {
    let (lo, hi) = band_around(req.target_length.unwrap_or(DEFAULT_TARGET_LENGTH));
    let (min, max) = (req.target_min.unwrap_or(lo), req.target_max.unwrap_or(hi));
    let target = req
        .target_length
        .unwrap_or(min + max.saturating_sub(min) / 2);
    if target == 0 || crate::analysis::settings::target_band_problem(min, max).is_some() {
        return Err(Error::new(
            Code::QC010,
            format!("目標文字数が不正です（目標 {target} / min {min} / max {max}）"),
        )
        .hint("--target-length は 1 以上、--target-min は 1 以上で --target-max より小さい数、--target-max は 1000000 以下にしてください。"));
    }
    if !(min..=max).contains(&target) {
        return Err(Error::new(
            Code::QC010,
            format!("目標文字数 {target} が範囲（{min}〜{max}）の外です"),
        )
        .hint("--target-length を --target-min と --target-max のあいだにするか、範囲の指定を外してください（既定の範囲は目標の半分から1.5倍）。"));
    }
    Ok(InitTargetLength { target, min, max })
}

/// The checks made before anything is written: a title and a genre, a sane target range,
/// and a root that is a new or empty directory (or `--force`). Returns the trimmed title
/// and genre and the target length.
fn validated(root: &Path, req: &InitRequest) -> Result<(String, String, InitTargetLength)> {
    let title = req.title.trim().to_string();
    let genre = req.genre.trim().to_string();
    if title.is_empty() {
        return Err(Error::new(Code::U001, "タイトルが空です")
            .hint("--title に作品名を指定してください。")
            .suggest("noveler init <DIR> --title <作品名> --genre <ジャンル>"));
    }
    if genre.is_empty() {
        return Err(Error::new(Code::U001, "ジャンルが空です")
            .hint("--genre にジャンル（例: ファンタジー）を指定してください。"));
    }
    let length = target_band(req)?;
    if root.exists() && !root.is_dir() {
        return Err(Error::new(
            Code::U001,
            format!("{} はディレクトリではありません", root.display()),
        )
        .at(root, None)
        .hint("新しいディレクトリ名か、空のディレクトリを指定してください。"));
    }
    if root.is_dir() && !req.force && !is_empty_dir(root)? {
        return Err(Error::new(
            Code::U001,
            format!("{} は空ではありません", root.display()),
        )
        .at(root, None)
        .hint("空のディレクトリを指定するか、既存のファイルを残したまま足りないものだけ作るなら --force を付けてください（既存のファイルは上書きしません）。")
        .suggest(format!("noveler init {} --title … --genre … --force", root.display())));
    }
    Ok((title, genre, length))
}

/// `noveler init DIR`: validate, make the directories, write every file that is not there
/// yet (never overwriting), and say what was created and skipped.
pub fn run(ctx: &Ctx, req: InitRequest) -> Result<InitReport> {
    let root = &ctx.root;
    let (title, genre, length) = validated(root, &req)?;
    let (min, max) = (length.min, length.max);
    let platform = req.platform.unwrap_or_default();

    let mut created_dirs = Vec::new();
    let mkdir = |rel: &str, created_dirs: &mut Vec<String>| -> Result<()> {
        let dir = root.join(rel);
        if !dir.is_dir() {
            disk::create_dir_all(&dir)?;
            created_dirs.push(rel.to_string());
        }
        Ok(())
    };
    if !root.is_dir() {
        disk::create_dir_all(root)?;
    }

    let req = InitRequest {
        title: title.clone(),
        genre: genre.clone(),
        author: req
            .author
            .map(|a| a.trim().to_string())
            .filter(|a| !a.is_empty()),
        ..req
    };
    let mut files: Vec<(String, String)> = TEMPLATES
        .iter()
        .map(|(rel, text)| (rel.to_string(), render(text, &req, min, max)))
        .collect();
    files.insert(1, (".novelerrc.yaml".to_string(), default_rc(min, max)));
    if !req.no_agent_files {
        // An agent opened in the project finds the server and the `/noveler write 1` flow.
        files.extend(
            AGENT_FILES
                .iter()
                .map(|f| (f.path.to_string(), f.text.to_string())),
        );
    }

    let mut created = Vec::new();
    let mut skipped = Vec::new();
    let mut outputs = Vec::new();
    for (rel, text) in &files {
        if let Some(parent) = Path::new(rel).parent().and_then(|p| p.to_str()) {
            if !parent.is_empty() {
                // Record each level once, top first.
                let mut acc = String::new();
                for part in parent.split('/') {
                    if !acc.is_empty() {
                        acc.push('/');
                    }
                    acc.push_str(part);
                    mkdir(&acc, &mut created_dirs)?;
                }
            }
        }
        let path = root.join(rel);
        if disk::write_new(&path, text.as_bytes())? {
            created.push(rel.clone());
            outputs.push(FileRef::from_bytes(
                root,
                &path,
                text.as_bytes(),
                "template",
            ));
        } else {
            skipped.push(rel.clone());
        }
    }
    for rel in EMPTY_DIRS {
        mkdir(rel, &mut created_dirs)?;
    }

    let shown = root.display().to_string();
    let settings = vec![
        format!(
            "掲載先: {}（--platform narou / kakuyomu / other で変更。プロジェクト設定.yaml の 掲載予定、complete の出力形式に使います）",
            platform.site_name()
        ),
        format!(
            "目標文字数: 1話 {}字前後、範囲 {}〜{}字（--target-length・--target-min・--target-max で変更。プロジェクト設定.yaml の writing.episode.target_length）。範囲外の話は complete で完了できません（--force で強制）",
            fmt_thousands(length.target),
            fmt_thousands(min),
            fmt_thousands(max)
        ),
    ];
    let next_actions = vec![
        "プロジェクト設定.yaml のあらすじ・視点・掲載予定を書き込む".to_string(),
        "20_プロット/話別プロット/第001話.yaml にプロットを書く（noveler plot 1）".to_string(),
        "40_原稿/第001話_はじまり.md に本文を書き（タイトルはファイル名で変えられます）、noveler check 1 で確かめる".to_string(),
        format!("noveler status --project-root {shown}"),
        "書きながらエディタで指摘を見るなら、エディタに noveler lsp を設定する（README「エディタで使う」）".to_string(),
    ];
    Ok(InitReport {
        project_root: shown,
        title,
        genre,
        author: req.author.clone(),
        platform,
        target_length: length,
        settings,
        created,
        created_dirs,
        skipped,
        next_actions,
        outputs,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::project::Project;

    fn req() -> InitRequest {
        InitRequest {
            title: "潮墨の地図師".into(),
            genre: "ファンタジー".into(),
            author: Some("波間しずく".into()),
            ..Default::default()
        }
    }

    #[test]
    fn writes_the_agent_files_unless_asked_not_to() {
        let dir = tempfile::tempdir().unwrap();
        let ctx = Ctx::new(dir.path().join("a"));
        run(&ctx, req()).unwrap();
        let mcp: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(ctx.root.join(".mcp.json")).unwrap())
                .unwrap();
        assert_eq!(mcp["mcpServers"]["noveler"]["args"][0], "mcp");
        let slash = std::fs::read_to_string(ctx.root.join(".claude/commands/noveler.md")).unwrap();
        assert!(slash.contains("write_stage") && slash.contains("$ARGUMENTS"));
        let ctx = Ctx::new(dir.path().join("b"));
        let r = InitRequest {
            no_agent_files: true,
            ..req()
        };
        run(&ctx, r).unwrap();
        assert!(!ctx.root.join(".mcp.json").exists());
        assert!(!ctx.root.join(".claude").exists());
    }

    #[test]
    fn creates_the_layout_and_a_loadable_project() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("novel");
        let report = run(&Ctx::new(root.clone()), req()).unwrap();
        assert!(report.skipped.is_empty());
        for rel in [
            "プロジェクト設定.yaml",
            ".novelerrc.yaml",
            ".gitignore",
            "20_プロット/話別プロット/第001話.yaml",
            "30_設定集/執筆品質ルール.yaml",
            "50_管理資料/話数管理.yaml",
        ] {
            assert!(root.join(rel).is_file(), "{rel}");
            assert!(report.created.iter().any(|c| c == rel), "{rel}");
        }
        assert!(root.join("40_原稿").is_dir());
        let p = Project::load(&root).unwrap();
        assert_eq!(p.config.name.as_deref(), Some("潮墨の地図師"));
        assert_eq!(p.config.genre.as_deref(), Some("ファンタジー"));
        // A なろう/カクヨム episode: 4,000 characters, 2,000–6,000.
        assert_eq!(
            (p.settings.target_length.min, p.settings.target_length.max),
            (2000, 6000)
        );
        assert_eq!(
            (report.target_length.target, report.platform),
            (4000, Platform::Narou)
        );
        assert_eq!(
            p.config.raw.get("掲載予定").and_then(|v| v.as_str()),
            Some("小説家になろう")
        );
        assert!(report.settings[1].contains("4,000字前後、範囲 2,000〜6,000字"));
        assert_eq!(
            p.config.raw.get("作者").and_then(|v| v.as_str()),
            Some("波間しずく")
        );
        assert!(p.settings.forbidden_expressions.is_empty());
        let gi = std::fs::read_to_string(root.join(".gitignore")).unwrap();
        assert!(gi.lines().any(|l| l == "temp/"));
        assert!(gi.lines().any(|l| l == ".noveler/"));
        assert!(gi.lines().any(|l| l == ".todo/.lock"));
        // A first episode, so that `noveler check` has something to check.
        assert!(report
            .created
            .iter()
            .any(|c| c == "40_原稿/第001話_はじまり.md"));
        assert_eq!(
            p.manuscript_path(1).unwrap().file_name().unwrap(),
            "第001話_はじまり.md"
        );
        // Every template is valid YAML.
        for rel in &report.created {
            if rel.ends_with(".yaml") {
                let text = std::fs::read_to_string(root.join(rel)).unwrap();
                serde_yaml::from_str::<serde_yaml::Value>(&text)
                    .unwrap_or_else(|e| panic!("{rel}: {e}"));
            }
        }
    }

    #[test]
    fn refuses_non_empty_dir_and_force_never_overwrites() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().to_path_buf();
        std::fs::write(root.join("プロジェクト設定.yaml"), "プロジェクト名: 既存\n").unwrap();
        let err = run(&Ctx::new(root.clone()), req()).unwrap_err();
        assert_eq!(err.code, Code::U001);
        assert_eq!(
            std::fs::read_dir(&root).unwrap().count(),
            1,
            "nothing written"
        );

        let report = run(
            &Ctx::new(root.clone()),
            InitRequest {
                force: true,
                ..req()
            },
        )
        .unwrap();
        assert_eq!(report.skipped, vec!["プロジェクト設定.yaml".to_string()]);
        assert_eq!(
            std::fs::read_to_string(root.join("プロジェクト設定.yaml")).unwrap(),
            "プロジェクト名: 既存\n"
        );
        assert!(root.join(".novelerrc.yaml").is_file());
        // A second forced run skips everything.
        let again = run(
            &Ctx::new(root.clone()),
            InitRequest {
                force: true,
                ..req()
            },
        )
        .unwrap();
        assert!(again.created.is_empty());
        assert_eq!(again.skipped.len(), TEMPLATES.len() + 1 + AGENT_FILES.len());
    }

    #[test]
    fn awkward_titles_are_quoted() {
        for t in [
            "a: b", "#1", "  x", "true", "123", "「x」", "x\ny", "'q'", "- z",
        ] {
            let text = format!("k: {}\n", quote_scalar(t));
            let v: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
            assert_eq!(v.get("k").and_then(|s| s.as_str()), Some(t), "{t}");
        }
        assert_eq!(quote_scalar("潮墨の地図師"), "潮墨の地図師");
    }

    #[test]
    fn the_platform_and_the_target_set_the_project() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("k");
        let report = run(
            &Ctx::new(root.clone()),
            InitRequest {
                platform: Some(Platform::Kakuyomu),
                target_length: Some(3000),
                ..req()
            },
        )
        .unwrap();
        let p = Project::load(&root).unwrap();
        assert_eq!(
            (p.settings.target_length.min, p.settings.target_length.max),
            (1500, 4500)
        );
        assert_eq!(
            p.config.raw.get("掲載予定").and_then(|v| v.as_str()),
            Some("カクヨム")
        );
        assert!(report.settings[0].contains("カクヨム"));
        // One end given: the other stays at the default band, the target is the middle.
        let r = target_band(&InitRequest {
            target_min: Some(3000),
            ..req()
        })
        .unwrap();
        assert_eq!((r.target, r.min, r.max), (4500, 3000, 6000));
        let r = target_band(&InitRequest {
            target_length: Some(8000),
            target_max: Some(9000),
            ..req()
        })
        .unwrap();
        assert_eq!((r.target, r.min, r.max), (8000, 4000, 9000));
        // A target outside the band given is refused.
        let err = target_band(&InitRequest {
            target_length: Some(3000),
            target_min: Some(3500),
            ..req()
        })
        .unwrap_err();
        assert_eq!(err.code, Code::QC010);
    }

    #[test]
    fn bad_target_length_and_empty_title() {
        let dir = tempfile::tempdir().unwrap();
        let ctx = Ctx::new(dir.path().join("x"));
        let err = run(
            &ctx,
            InitRequest {
                target_min: Some(5000),
                target_max: Some(4000),
                ..req()
            },
        )
        .unwrap_err();
        assert_eq!(err.code, Code::QC010);
        let err = run(
            &ctx,
            InitRequest {
                title: " ".into(),
                ..req()
            },
        )
        .unwrap_err();
        assert_eq!(err.code, Code::U001);
        assert!(!dir.path().join("x").exists());
    }

    /// Every threshold has a Japanese comment in the generated config (issue 34 item 7).
    #[test]
    fn every_threshold_has_a_japanese_comment() {
        let defaults = serde_yaml::to_value(Thresholds::default()).unwrap();
        let described = threshold_descriptions();
        for key in defaults.as_mapping().unwrap().keys() {
            let key = key.as_str().unwrap();
            let comment = described.get(key).unwrap_or_else(|| panic!("{key}"));
            assert!(comment.chars().any(|c| c > '\u{3000}'), "{key}: {comment}");
        }
    }

    /// The generated `.novelerrc.yaml`, uncommented, is exactly the defaults.
    #[test]
    fn rc_defaults_match_the_analysis_defaults() {
        let text = default_rc(2000, 6000);
        let uncommented: String = text
            .lines()
            .map(|l| l.strip_prefix("# ").unwrap_or(l))
            .collect::<Vec<_>>()
            .join("\n");
        let rc = crate::project::rc::parse_rc(Path::new(".novelerrc.yaml"), &uncommented)
            .unwrap_or_else(|e| panic!("{e}\n{uncommented}"));
        assert_eq!(rc.thresholds, Some(Thresholds::default()));
        let mut s = crate::analysis::Settings::default();
        rc.apply(&mut s);
        let mut d = crate::analysis::Settings::default();
        d.target_length.source = crate::analysis::settings::LengthSource::Override;
        d.preset_explicit = true;
        d.preset_reason = crate::analysis::settings::PresetReason::Config;
        for code in rc.rules.keys() {
            d.rules.insert(
                code.0.clone(),
                crate::analysis::settings::RuleOverride {
                    enabled: Some(true),
                    severity: None,
                },
            );
        }
        assert_eq!(s, d);
        assert_eq!(rc.rules.len(), crate::analysis::rules::registry().len());
        // As shipped (commented) it is an empty config.
        let rc = crate::project::rc::parse_rc(Path::new(".novelerrc.yaml"), &text).unwrap();
        assert_eq!(rc, crate::project::RcConfig::default());
    }
}
