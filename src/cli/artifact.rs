//! `noveler artifact store|fetch|list|delete|gc`.

use crate::cli::files::{emit_raw, read_stdin, user_path, DataFormat};
use crate::cli::{emit, Sink};
use crate::commands::artifact::{
    self as cmd, ArtifactDeleteRequest, ArtifactFetchRequest, ArtifactGcRequest,
    ArtifactListRequest, ArtifactStoreRequest, FetchFormat,
};
use crate::commands::{self, Ctx};
use crate::output::artifact as text;
use crate::output::Format;
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

pub fn run(ctx: &Ctx, args: ArtifactArgs, sink: &Sink) -> ExitStatus {
    let store = crate::store::artifact::shared(&ctx.root);
    match args.command {
        ArtifactCommand::Store {
            input,
            content_type,
            description,
            tags,
            format,
        } => {
            let out = commands::execute(ctx, crate::commands::artifact::STORE, |c| {
                let (content, file, source_file, content_type) =
                    store_input(&c.root, &input, content_type)?;
                cmd::store_with(
                    c,
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
            emit(sink, &out, format.format(), text::store_text)
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
            emit(sink, &out, format.format(), text::list_text)
        }
        ArtifactCommand::Delete { id, format } => {
            let req = ArtifactDeleteRequest { artifact_id: id };
            let out = commands::execute(ctx, "artifact_delete", |ctx| {
                cmd::delete_with(ctx, &store, req)
            });
            emit(sink, &out, format.format(), text::delete_text)
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
            let out = commands::execute(ctx, "artifact_gc", |ctx| cmd::gc_with(ctx, &store, req));
            emit(sink, &out, format.format(), text::gc_text)
        }
    }
}

/// What `artifact store INPUT` stores: stdin (`-`), a file inside the project (by
/// reference), or the text of a file outside it with its path recorded as given.
#[allow(clippy::type_complexity)]
fn store_input(
    root: &Path,
    input: &str,
    content_type: Option<String>,
) -> crate::Result<(
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
)> {
    let stored = if input == "-" {
        (Some(read_stdin()?), None, None, content_type)
    } else {
        let path = user_path(input);
        let inside = crate::store::paths::resolve(root, Path::new(&path)).is_ok();
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
            let ty = content_type
                .or_else(|| Some(crate::store::artifact::content_type_for_path(abs).to_string()));
            (Some(text), None, Some(path.clone()), ty)
        }
    };
    Ok(stored)
}
