//! `noveler artifact store|fetch|list|delete|gc`.

use crate::cli::files::{emit_raw, read_stdin, user_path, DataFormat};
use crate::cli::{emit, Sink};
use crate::commands::artifact::{
    self as cmd, ArtifactDeleteRequest, ArtifactFetchRequest, ArtifactGcRequest,
    ArtifactListRequest, ArtifactStoreRequest, FetchFormat,
};
use crate::commands::{self, Ctx};
use crate::output::Format;
use crate::store::artifact::ArtifactStore;
use crate::ExitStatus;
use clap::{Args, Subcommand, ValueEnum, ValueHint};
use std::collections::BTreeMap;
use std::path::Path;

#[derive(Debug, Args)]
pub struct ArtifactArgs {
    #[command(subcommand)]
    pub command: ArtifactCommand,
}

/// `--format` of `artifact fetch`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FetchFormatArg {
    /// The content (or section), byte for byte
    Raw,
    /// The result envelope with content and metadata
    Json,
}

fn parse_tag(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() => Ok((k.trim().to_string(), v.to_string())),
        _ => Err(format!("expected KEY=VALUE, got `{s}`")),
    }
}

#[derive(Debug, Subcommand)]
pub enum ArtifactCommand {
    /// Store a file (or stdin with `-`) as a content-addressed artifact and print its id
    Store {
        /// A file inside the project, or `-` for stdin
        #[arg(value_hint = ValueHint::FilePath)]
        input: String,
        /// Content type (default: from the file extension, else text)
        #[arg(long = "type", value_parser = ["text", "markdown", "json", "yaml"])]
        content_type: Option<String>,
        /// Human-readable description
        #[arg(long)]
        description: Option<String>,
        /// Tag KEY=VALUE (repeatable); keep=true protects from gc
        #[arg(long = "tag", value_name = "KEY=VALUE", value_parser = parse_tag)]
        tags: Vec<(String, String)>,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// Print an artifact's content, or one section of it
    Fetch {
        /// artifact:<12 hex>
        id: String,
        /// JSON/YAML key path (a.b.0) or Markdown heading text
        #[arg(long)]
        section: Option<String>,
        #[arg(long, value_enum, default_value = "raw")]
        format: FetchFormatArg,
        /// Convert the content: text (as stored), json or yaml (JSON/YAML artifacts)
        #[arg(long, value_parser = ["text", "json", "yaml"])]
        format_type: Option<String>,
    },
    /// List stored artifacts (corrupt files are reported and skipped)
    List {
        /// Only artifacts with this tag KEY=VALUE (repeatable: all must match)
        #[arg(long = "tag", value_name = "KEY=VALUE", value_parser = parse_tag)]
        tags: Vec<(String, String)>,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// Delete an artifact (its file is backed up first)
    Delete {
        /// artifact:<12 hex>
        id: String,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// Remove artifacts no session or manifest under .noveler/ refers to (backed up first)
    Gc {
        /// Only show what would be removed
        #[arg(long)]
        dry_run: bool,
        /// Keep unreferenced artifacts younger than this age
        #[arg(long, default_value = "1h", value_name = "AGE")]
        older_than: String,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
}

// Long on purpose: one match arm per sub-verb.
pub fn run(ctx: &Ctx, args: ArtifactArgs, sink: &Sink) -> ExitStatus {
    let store = ArtifactStore::new(&ctx.root);
    match args.command {
        ArtifactCommand::Store {
            input,
            content_type,
            description,
            tags,
            format,
        } => {
            let out = commands::execute(ctx, crate::commands::artifact::STORE, |c| {
                let (content, file, source_file, content_type) = if input == "-" {
                    (Some(read_stdin()?), None, None, content_type)
                } else {
                    let path = user_path(&input);
                    let inside = crate::store::paths::resolve(&c.root, Path::new(&path)).is_ok();
                    if inside {
                        (None, Some(path), None, content_type)
                    } else {
                        // The CLI reads any file the person names (SPEC §8 "Paths"); its
                        // text is stored like `-`, with the path recorded as given.
                        let abs = Path::new(&path);
                        if !abs.is_file() {
                            return Err(crate::Error::new(
                                crate::Code::U005,
                                format!("{path} が見つかりません"),
                            )
                            .at(abs, None)
                            .hint("保存するファイルのパスを確認してください。"));
                        }
                        let bytes = std::fs::read(abs).map_err(|e| crate::Error::io(abs, &e))?;
                        let text = crate::store::text::decode(abs, &bytes)?.text;
                        let ty = content_type.or_else(|| {
                            Some(crate::store::artifact::content_type_for_path(abs).to_string())
                        });
                        (Some(text), None, Some(path.clone()), ty)
                    }
                };
                cmd::store_with(
                    &store,
                    ArtifactStoreRequest {
                        content,
                        file,
                        content_type,
                        description,
                        tags: tags.into_iter().collect::<BTreeMap<_, _>>(),
                        source_file,
                    },
                )
            });
            emit(sink, &out, format.format(), |r| {
                format!(
                    // `reference_text` names the agent's tool; the shell gets the command.
                    "{}{}\n  ファイル: {}\n  {} 字 → 参照 {} 字（プロンプト削減 {:.1}%）\n  中身を見る: noveler artifact fetch {}\n",
                    r.artifact_id,
                    if r.created {
                        ""
                    } else if r.repaired {
                        "（壊れていたファイルを修復）"
                    } else {
                        "（保存済み・メタデータを統合）"
                    },
                    r.path,
                    r.content_chars,
                    r.reference_chars,
                    r.prompt_reduction_pct,
                    r.artifact_id
                )
            })
        }
        ArtifactCommand::Fetch {
            id,
            section,
            format,
            format_type,
        } => {
            let req = ArtifactFetchRequest {
                artifact_id: id,
                section,
                format_type: format_type
                    .and_then(|f| serde_json::from_value(serde_json::Value::String(f)).ok()),
                format: match format {
                    FetchFormatArg::Raw => FetchFormat::Raw,
                    FetchFormatArg::Json => FetchFormat::Json,
                },
            };
            let out = commands::execute(ctx, crate::commands::artifact::FETCH, |_| {
                cmd::fetch_with(&store, req)
            });
            match format {
                FetchFormatArg::Raw => emit_raw(sink, &out, |r| r.content.as_bytes()),
                FetchFormatArg::Json => emit(sink, &out, Format::Json, |_| String::new()),
            }
        }
        ArtifactCommand::List { tags, format } => {
            let req = ArtifactListRequest {
                tags: tags.into_iter().collect(),
            };
            let out = commands::execute(ctx, crate::commands::artifact::LIST, |_| {
                cmd::list_with(&store, req)
            });
            emit(sink, &out, format.format(), |r| {
                let mut s = String::new();
                for a in &r.artifacts {
                    let tags: Vec<String> =
                        a.tags.iter().map(|(k, v)| format!("{k}={v}")).collect();
                    s.push_str(&format!(
                        "{}  {:<8} {:>9}  {}  {}{}\n",
                        a.artifact_id,
                        a.content_type,
                        a.size_bytes,
                        a.created_at,
                        a.description.as_deref().unwrap_or("-"),
                        if tags.is_empty() {
                            String::new()
                        } else {
                            format!("  [{}]", tags.join(", "))
                        }
                    ));
                }
                for c in &r.corrupt {
                    s.push_str(&format!(
                        "壊れたファイル（除外）: {}: {}\n",
                        c.path, c.reason
                    ));
                }
                s.push_str(&format!("アーティファクト {} 件\n", r.total_artifacts));
                s
            })
        }
        ArtifactCommand::Delete { id, format } => {
            let req = ArtifactDeleteRequest { artifact_id: id };
            let out = commands::execute(ctx, "artifact_delete", |_| cmd::delete_with(&store, req));
            emit(sink, &out, format.format(), |r| {
                format!(
                    "{} を削除しました（バックアップ {}）\n",
                    r.artifact_id, r.backup.backup_id
                )
            })
        }
        ArtifactCommand::Gc {
            dry_run,
            older_than,
            format,
        } => {
            let req = ArtifactGcRequest {
                dry_run,
                older_than: Some(older_than),
            };
            let out = commands::execute(ctx, "artifact_gc", |_| cmd::gc_with(&store, req));
            emit(sink, &out, format.format(), |r| {
                let verb = if r.dry_run { "削除予定" } else { "削除" };
                let mut s = String::new();
                for id in &r.outcome.removed {
                    s.push_str(&format!("{verb} {id}\n"));
                }
                for c in &r.outcome.corrupt {
                    s.push_str(&format!(
                        "壊れたファイル（対象外）: {}: {}\n",
                        c.path, c.reason
                    ));
                }
                s.push_str(&format!(
                    "{verb} {} 件。残したもの: 参照あり {}、keep=true {}、{} より新しい {}（{} ファイルを確認）\n",
                    r.outcome.removed.len(),
                    r.outcome.kept_referenced.len(),
                    r.outcome.kept_pinned.len(),
                    r.older_than,
                    r.outcome.kept_recent.len(),
                    r.outcome.scanned_files
                ));
                if let Some(b) = &r.outcome.backup {
                    s.push_str(&format!("バックアップ: {}\n", b.backup_id));
                }
                s
            })
        }
    }
}
