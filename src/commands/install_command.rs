//! `noveler mcp install-command [--user]`: installs the `/noveler` slash command for Claude
//! Code (seed 000 §10.2.2): into the project (`<root>/.claude/commands/noveler.md`, what
//! `noveler init` writes; this brings an older project's copy up to date), or with `--user`
//! into the user's own commands (`$HOME/.claude/commands/noveler.md`), which Claude Code
//! reads in every folder; a project's own copy wins there.
//!
//! The text is `project::agent_files::SLASH_COMMAND`, the one `init` writes. The write goes
//! through `store::install`: an identical file is left alone, a different one (the author
//! may have edited it) is backed up beside it first.
//!
//! There is no MCP tool for this: it writes outside the project, which the server never
//! does (`noveler mcp …` is refused inside the `noveler` tool too).

use super::{Ctx, Report};
use crate::error::{Code, Error, Result};
use crate::project::agent_files::{front_matter, MCP_SERVER, SLASH_COMMAND};
use crate::store::install::{install_file, Installed};
use crate::store::FileRef;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// The envelope `command` of this verb.
pub const NAME: &str = "install-command";

/// Where the command goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    /// `<project root>/.claude/commands/noveler.md`
    Project,
    /// `$HOME/.claude/commands/noveler.md`
    User,
}

#[derive(Debug, Clone)]
pub struct InstallCommandRequest {
    pub scope: Scope,
    /// The value of `HOME` (the adapter reads the environment); only `Scope::User` uses it.
    pub home: Option<std::ffi::OsString>,
}

/// What happened to the command file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum InstallStatus {
    /// There was none: written.
    Created,
    /// Already this text: not touched.
    Unchanged,
    /// A different file was there: backed up (`backup`), then replaced.
    Replaced,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct InstallCommandReport {
    pub scope: Scope,
    /// The command file (absolute; a symlink's target when the path was one).
    pub path: String,
    pub status: InstallStatus,
    /// Where the replaced file's bytes are kept (absolute), when `status` is `replaced`.
    pub backup: Option<String>,
    /// The command's `allowed-tools`, one name each.
    pub allowed_tools: Vec<String>,
    /// What to do next (Japanese).
    pub next_actions: Vec<String>,
    #[serde(skip)]
    outputs: Vec<FileRef>,
}

impl Report for InstallCommandReport {
    fn outputs(&self) -> Vec<FileRef> {
        self.outputs.clone()
    }
}

/// The directory `.claude/` goes under: the project root, or a usable `HOME`.
fn base_dir(ctx: &Ctx, req: &InstallCommandRequest) -> Result<PathBuf> {
    if req.scope == Scope::Project {
        return Ok(ctx.root.clone());
    }
    let retry = "HOME を正しく設定してから実行するか、--user を付けずにプロジェクトのフォルダで実行してください（プロジェクトの .claude/commands/noveler.md に入れます）。";
    let home = req
        .home
        .as_ref()
        .filter(|h| !h.is_empty())
        .map(PathBuf::from)
        .ok_or_else(|| {
            Error::new(
                Code::U002,
                "環境変数 HOME が設定されていないため、ユーザー用のコマンドの置き場所（~/.claude/commands/）がわかりません",
            )
            .hint(retry)
        })?;
    if !home.is_absolute() {
        return Err(Error::new(
            Code::U002,
            format!(
                "環境変数 HOME（{}）が絶対パスではありません",
                home.display()
            ),
        )
        .hint(retry));
    }
    if !home.is_dir() {
        return Err(Error::new(
            Code::U002,
            format!(
                "環境変数 HOME のディレクトリ {} がありません",
                home.display()
            ),
        )
        .at(&home, None)
        .hint(retry));
    }
    Ok(home)
}

/// An I/O failure said in the author's terms: which file could not be installed and why.
fn not_installed(path: &Path, err: Error) -> Error {
    let mut e = Error::new(
        err.code,
        format!("/noveler コマンドを書き込めませんでした（{}）", err.message),
    )
    .at(path, None)
    .hint(format!(
        "{} とその上のフォルダが書き込めるか（ファイルではなくフォルダか）確かめてから、もう一度実行してください。",
        path.parent().unwrap_or(path).display()
    ));
    e.details = err.details;
    e
}

pub fn run(ctx: &Ctx, req: InstallCommandRequest) -> Result<InstallCommandReport> {
    let base = base_dir(ctx, &req)?;
    let path = base.join(SLASH_COMMAND.path);
    let bytes = SLASH_COMMAND.text.as_bytes();
    let (written, what) =
        install_file(&path, bytes, &ctx.clock).map_err(|e| not_installed(&path, e))?;
    let (status, backup) = match what {
        Installed::Created => (InstallStatus::Created, None),
        Installed::Unchanged => (InstallStatus::Unchanged, None),
        Installed::Replaced { backup } => {
            (InstallStatus::Replaced, Some(backup.display().to_string()))
        }
    };
    let mut next_actions = vec![
        "Claude Code で /noveler status、/noveler write 1 などと打つ（開き直すと読み込まれます）"
            .to_string(),
    ];
    if req.scope == Scope::User {
        next_actions.push(format!(
            "noveler の MCP サーバーをどのフォルダでも使うなら: claude mcp add --scope user {MCP_SERVER} -- noveler mcp（プロジェクトの .mcp.json があれば、そちらで足ります）"
        ));
    }
    let outputs = if req.scope == Scope::Project && status != InstallStatus::Unchanged {
        vec![FileRef::from_bytes(&ctx.root, &path, bytes, "template")]
    } else {
        Vec::new()
    };
    Ok(InstallCommandReport {
        scope: req.scope,
        path: written.display().to_string(),
        status,
        backup,
        allowed_tools: front_matter(SLASH_COMMAND.text)
            .map(|f| f.allowed_tools())
            .unwrap_or_default(),
        next_actions,
        outputs,
    })
}
