//! `noveler files info|list|get|changes|clean`, and small helpers the other data verbs share
//! (path arguments, stdin, `--format text|json`).

use crate::cli::{emit, Sink};
use crate::commands::files::{
    self, ChangeStatus, FileChangesRequest, FileGetRequest, FileInfoRequest, FilesCleanRequest,
    FilesListRequest,
};
use crate::commands::{self, Ctx, Outcome, Report};
use crate::error::{Code, Error, Result};
use crate::output::Format;
use crate::ExitStatus;
use clap::{Args, Subcommand, ValueEnum, ValueHint};
use std::path::Path;

/// `--format` of the data verbs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum DataFormat {
    /// Human-readable summary
    #[default]
    Text,
    /// The result envelope, exactly as saved
    Json,
}

impl DataFormat {
    pub fn format(self) -> Format {
        match self {
            DataFormat::Text => Format::Text,
            DataFormat::Json => Format::Json,
        }
    }
}

/// A path argument as the command should see it: a relative path that exists relative to
/// the working directory is made absolute (so `cd 40_原稿 && noveler files info 第001話.md`
/// works); anything else is passed on and taken relative to the project root. The command
/// then refuses whatever lies outside the root.
pub(crate) fn user_path(arg: &str) -> String {
    let p = Path::new(arg);
    if p.is_absolute() {
        return arg.to_string();
    }
    match std::env::current_dir() {
        Ok(cwd) if cwd.join(p).exists() => cwd.join(p).display().to_string(),
        _ => arg.to_string(),
    }
}

/// Arguments with the glob patterns a shell left unexpanded (quoted, as pre-commit and
/// Windows shells pass them: `'40_原稿/第00[12]*.md'`) expanded relative to the working
/// directory, sorted; an argument that names an existing path, or a pattern that matches
/// nothing, is kept as it is (the command then says it is missing).
pub(crate) fn expand_globs(args: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for arg in args {
        let is_pattern = arg.contains(['*', '?', '[']) && !Path::new(arg).exists();
        let matches: Vec<String> = if is_pattern {
            super::globs::expand(arg)
        } else {
            Vec::new()
        };
        if matches.is_empty() {
            out.push(arg.clone());
        } else {
            out.extend(matches);
        }
    }
    out
}

/// Reads all of stdin as UTF-8.
pub(crate) fn read_stdin() -> Result<String> {
    let bytes = crate::store::text::read_stream(Path::new("<stdin>"), std::io::stdin().lock())?;
    String::from_utf8(bytes).map_err(|e| {
        crate::store::text::decode(Path::new("<stdin>"), e.as_bytes())
            .err()
            .unwrap_or_else(|| Error::new(Code::U003, "標準入力が UTF-8 ではありません"))
    })
}

/// Prints `bytes` exactly (no newline added) for a successful run, else like `emit`.
pub(crate) fn emit_raw<R: Report>(
    sink: &Sink,
    outcome: &Outcome<R>,
    bytes: impl Fn(&R) -> &[u8],
) -> ExitStatus {
    match &outcome.report {
        Ok(r) => {
            if let Some(err) = &outcome.save_error {
                sink.stderr(&format!("警告: 結果ファイルを保存できませんでした: {err}"));
            }
            outcome.exit_code().after_print(sink.stdout_bytes(bytes(r)))
        }
        Err(_) => emit(sink, outcome, Format::Text, |_| String::new()),
    }
}

#[derive(Debug, Args)]
pub struct FilesArgs {
    #[command(subcommand)]
    pub command: FilesCommand,
}

#[derive(Debug, Subcommand)]
pub enum FilesCommand {
    /// Show a file's reference (path, sha256, size, type) and what the hash index knows of it
    Info {
        /// A file inside the project
        #[arg(value_hint = ValueHint::FilePath)]
        path: String,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// List the files recorded in the hash index with their hashes
    List {
        /// Only paths starting with this prefix
        #[arg(long)]
        prefix: Option<String>,
        /// Only entries with this role (envelope, manuscript, stdout …)
        #[arg(long)]
        role: Option<String>,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// Print a recorded file by its sha256 (content re-verified; `text` prints it raw)
    Get {
        /// sha256 (64 hex) or an unambiguous prefix of at least 8 hex
        hash: String,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// Compare files with the state the hash index last recorded for them
    Changes {
        /// Files to compare (default: every recorded file outside temp/json_output/)
        #[arg(value_hint = ValueHint::FilePath)]
        paths: Vec<String>,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// Remove saved results older than a given age and update the index
    Clean {
        /// Age, e.g. 30d, 12h, 90m
        #[arg(long, default_value = "30d", value_name = "AGE")]
        older_than: String,
        /// Only show what would be removed
        #[arg(long)]
        dry_run: bool,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
}

// Long on purpose: one match arm per sub-verb.
pub fn run(ctx: &Ctx, args: FilesArgs, sink: &Sink) -> ExitStatus {
    match args.command {
        FilesCommand::Info { path, format } => {
            let req = FileInfoRequest {
                path: user_path(&path),
            };
            let out = commands::execute(ctx, crate::commands::files::INFO, |c| {
                files::run_info(c, req)
            });
            emit(sink, &out, format.format(), |r| {
                let mut s = format!(
                    "{}\n  sha256: {}\n  サイズ: {} バイト（{}）\n",
                    r.file.path, r.file.sha256, r.file.size_bytes, r.file.content_type
                );
                if let (Some(c), Some(l)) = (r.chars, r.lines) {
                    // Every character of the file; `check` counts 正味文字数 (body only, ruby-aware).
                    s.push_str(&format!(
                        "  文字数: {} 字（ファイル全体。見出し・ルビ・注記を除く正味文字数は noveler check で）、{l} 行\n",
                        crate::commands::common::fmt_thousands(c)
                    ));
                }
                if let Some(m) = &r.modified_at {
                    s.push_str(&format!("  更新: {m}\n"));
                }
                s.push_str(&format!("  インデックス: {}", r.index.status.as_str()));
                if let Some(rec) = &r.index.recorded {
                    s.push_str(&format!(
                        "（{} に {} が記録）",
                        rec.recorded_at,
                        rec.source.as_deref().unwrap_or("-")
                    ));
                }
                s.push('\n');
                for p in &r.index.same_content_paths {
                    s.push_str(&format!("  同じ内容: {p}\n"));
                }
                s
            })
        }
        FilesCommand::List {
            prefix,
            role,
            format,
        } => {
            // At the keyboard `files list` is how one finds saved results, so they are listed;
            // over MCP they are left out unless asked (they grow with every call).
            let req = FilesListRequest {
                prefix,
                role,
                include_results: true,
            };
            let out = commands::execute(ctx, crate::commands::files::LIST, |c| {
                files::run_list(c, req)
            });
            emit(sink, &out, format.format(), |r| {
                let mut s = String::new();
                if let Some(why) = &r.index_rebuilt {
                    s.push_str(&format!("インデックスを再構築しました: {why}\n"));
                }
                for f in &r.files {
                    s.push_str(&format!(
                        "{}  {:>9}  {:<10} {}{}\n",
                        &f.entry.sha256[..12],
                        f.entry.size_bytes,
                        f.entry.role,
                        f.path,
                        if f.exists {
                            ""
                        } else {
                            "  （見つかりません）"
                        }
                    ));
                }
                s.push_str(&format!(
                    "{} ファイル、{} バイト、ハッシュ {} 種類\n",
                    r.total_files, r.total_size_bytes, r.total_hashes
                ));
                s
            })
        }
        FilesCommand::Get { hash, format } => {
            let req = FileGetRequest { hash };
            let out =
                commands::execute(ctx, crate::commands::files::GET, |c| files::run_get(c, req));
            match format {
                DataFormat::Text => emit_raw(sink, &out, |r| r.content.as_bytes()),
                DataFormat::Json => emit(sink, &out, Format::Json, |_| String::new()),
            }
        }
        FilesCommand::Changes { paths, format } => {
            let req = FileChangesRequest {
                paths: paths.iter().map(|p| user_path(p)).collect(),
                ..Default::default()
            };
            let out = commands::execute(ctx, crate::commands::files::CHANGES, |c| {
                files::run_changes(c, req)
            });
            emit(sink, &out, format.format(), |r| {
                let mut s = String::new();
                for f in &r.files {
                    let status = match f.status {
                        ChangeStatus::Changed => "変更あり",
                        ChangeStatus::Unchanged => "変更なし",
                        ChangeStatus::New => "新規",
                        ChangeStatus::Missing => "見つからない",
                    };
                    s.push_str(&format!("{status}  {}\n", f.path));
                }
                let m = &r.summary;
                s.push_str(&format!(
                    "変更なし {}、変更あり {}、新規 {}、見つからない {}\n",
                    m.unchanged, m.changed, m.new, m.missing
                ));
                s
            })
        }
        FilesCommand::Clean {
            older_than,
            dry_run,
            format,
        } => {
            let req = FilesCleanRequest {
                older_than: Some(older_than),
                dry_run,
            };
            let out = commands::execute(ctx, "files_clean", |c| files::run_clean(c, req));
            emit(sink, &out, format.format(), |r| {
                let mut s = String::new();
                for p in &r.removed {
                    s.push_str(&format!(
                        "{} {p}\n",
                        if r.dry_run { "削除予定" } else { "削除" }
                    ));
                }
                s.push_str(&format!(
                    "{} より古い {} ファイル（{} バイト）を{}。残り {} 件、インデックスのパス {} 件\n",
                    r.older_than,
                    r.removed.len(),
                    r.removed_bytes,
                    if r.dry_run { "削除します（ドライラン）" } else { "削除しました" },
                    r.kept,
                    r.index_files
                ));
                s
            })
        }
    }
}
