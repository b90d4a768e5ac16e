//! `noveler validate FILE|-`.

use crate::cli::files::{read_stdin, user_path, DataFormat};
use crate::cli::{emit, Sink};
use crate::commands::validate::{self, ValidateRequest};
use crate::commands::{self, Ctx};
use crate::ExitStatus;
use clap::{Args, ValueHint};

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// A result envelope (JSON) inside the project, or `-` for stdin
    #[arg(value_hint = ValueHint::FilePath)]
    pub input: String,
    /// Also compare every FileRef with the file on disk
    #[arg(long)]
    pub verify_files: bool,
    #[arg(long, value_enum, default_value = "text")]
    pub format: DataFormat,
}

pub fn run(ctx: &Ctx, args: ValidateArgs, sink: &Sink) -> ExitStatus {
    let out = commands::execute(ctx, commands::validate::NAME, |c| {
        let mut req = ValidateRequest {
            verify_files: args.verify_files,
            ..Default::default()
        };
        if args.input == "-" {
            req.json_text = Some(read_stdin()?);
        } else {
            req.file = Some(user_path(&args.input));
        }
        validate::run(c, req)
    });
    emit(sink, &out, args.format.format(), |r| {
        let mut s = String::new();
        for p in &r.problems {
            let at = if p.pointer.is_empty() {
                "（文書全体）"
            } else {
                &p.pointer
            };
            s.push_str(&format!("{at}: [{}] {}\n", p.code, p.message));
        }
        s.push_str(&format!(
            "{}（{}、FileRef {} 件を確認{}）\n",
            if r.valid {
                "正しい形式です"
            } else {
                "形式に誤りがあります"
            },
            r.kind,
            r.file_refs_checked,
            if r.files_verified > 0 {
                format!("、うち {} 件はディスク上の内容も一致", r.files_verified)
            } else {
                String::new()
            }
        ));
        s
    })
}
