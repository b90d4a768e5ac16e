//! `noveler backup create|list|restore`.

use crate::cli::files::{user_path, DataFormat};
use crate::cli::{emit, Sink};
use crate::commands::backup::{
    self as cmd, BackupCreateRequest, BackupListRequest, BackupRestoreRequest,
};
use crate::commands::{self, Ctx};
use crate::ExitStatus;
use clap::{Args, Subcommand, ValueHint};

#[derive(Debug, Args)]
pub struct BackupArgs {
    #[command(subcommand)]
    pub command: BackupCommand,
}

#[derive(Debug, Subcommand)]
pub enum BackupCommand {
    /// Snapshot manuscripts (and artifacts) under .noveler/backups/
    Create {
        /// Episode numbers or file paths (a bare integer is an episode; `./3` is a file)
        #[arg(value_hint = ValueHint::AnyPath)]
        targets: Vec<String>,
        /// Every manuscript and every artifact
        #[arg(long)]
        all: bool,
        /// Why (kept in the manifest)
        #[arg(long, default_value = "manual")]
        reason: String,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// List backups, newest first
    List {
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// Restore a backup (hashes verified first; overwritten files are backed up)
    Restore {
        /// Backup id (YYYYMMDD_HHMMSS_xxxxxxxx)
        id: String,
        /// Only show what would be written
        #[arg(long)]
        dry_run: bool,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
}

pub fn run(ctx: &Ctx, args: BackupArgs, sink: &Sink) -> ExitStatus {
    match args.command {
        BackupCommand::Create {
            targets,
            all,
            reason,
            format,
        } => {
            let mut req = BackupCreateRequest {
                all,
                reason: Some(reason),
                ..Default::default()
            };
            let mut episodes = Vec::new();
            for t in targets {
                match t.parse::<u32>() {
                    Ok(n) => episodes.push(n),
                    Err(_) => req.files.push(user_path(&t)),
                }
            }
            let out = commands::execute(ctx, "backup_create", |c| {
                // One request per episode would make several backups; episodes are resolved
                // to files first so that one snapshot holds everything asked for.
                let mut req = req;
                for ep in episodes {
                    req.files.push(cmd::episode_file(&c.root, ep)?);
                }
                cmd::run_create(c, req)
            });
            emit(sink, &out, format.format(), |r| {
                let mut s = format!(
                    "バックアップ {}（{} ファイル、{} バイト、理由: {}）\n",
                    r.backup_id, r.total_files, r.total_size_bytes, r.reason
                );
                for f in &r.files {
                    s.push_str(&format!("  {}  {}\n", &f.sha256[..12], f.path));
                }
                s
            })
        }
        BackupCommand::List { format } => {
            let out = commands::execute(ctx, "backup_list", |c| {
                cmd::run_list(c, BackupListRequest {})
            });
            emit(sink, &out, format.format(), |r| {
                let mut s = String::new();
                for b in &r.backups {
                    s.push_str(&format!(
                        "{}  {}  {:>3} ファイル  {:>9} バイト  {}\n",
                        b.backup_id, b.created_at, b.total_files, b.total_size_bytes, b.reason
                    ));
                }
                for b in &r.broken {
                    s.push_str(&format!("使えないバックアップ: {}: {}\n", b.path, b.reason));
                }
                s.push_str(&format!("バックアップ {} 件\n", r.total_backups));
                s
            })
        }
        BackupCommand::Restore {
            id,
            dry_run,
            format,
        } => {
            let req = BackupRestoreRequest {
                backup_id: id,
                dry_run,
            };
            let out = commands::execute(ctx, "backup_restore", |c| cmd::run_restore(c, req));
            emit(sink, &out, format.format(), |r| {
                let mut s = String::new();
                for f in &r.outcome.files {
                    use crate::store::backup::RestoreAction;
                    let action = match f.action {
                        RestoreAction::Create => "作成",
                        RestoreAction::Restore => "復元",
                        RestoreAction::Unchanged => "変更なし",
                    };
                    s.push_str(&format!("{action}  {}\n", f.path));
                }
                if r.outcome.dry_run {
                    s.push_str("ドライラン: 何も書き込んでいません\n");
                } else {
                    s.push_str(&format!(
                        "{} から {} ファイルを復元しました\n",
                        r.outcome.backup_id, r.restored
                    ));
                }
                if let Some(b) = &r.outcome.pre_restore_backup {
                    s.push_str(&format!(
                        "復元前の内容はバックアップ {} に保存しました（noveler backup restore {} で戻せます）\n",
                        b.backup_id, b.backup_id
                    ));
                }
                s
            })
        }
    }
}
