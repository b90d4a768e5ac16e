//! `noveler convert [FILE|-]`.

use crate::cli::files::{read_stdin, user_path, DataFormat};
use crate::cli::{emit, Sink};
use crate::commands::convert::{self, ConvertRequest};
use crate::commands::{self, Ctx};
use crate::error::{Code, Error};
use crate::store::paths;
use crate::ExitStatus;
use clap::{Args, ValueHint};
use std::path::Path;

#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// JSON file {command, returncode, stdout, stderr} inside the project, or `-` for stdin
    #[arg(default_value = "-", value_hint = ValueHint::FilePath)]
    pub input: String,
    #[arg(long, value_enum, default_value = "text")]
    pub format: DataFormat,
}

pub fn run(ctx: &Ctx, args: ConvertArgs, sink: &Sink) -> ExitStatus {
    let out = commands::execute(ctx, commands::convert::NAME, |c| {
        let text = if args.input == "-" {
            read_stdin()?
        } else {
            let r = paths::resolve_file(&c.root, Path::new(&user_path(&args.input)))?;
            std::fs::read_to_string(&r.abs).map_err(|e| Error::io(&r.abs, &e))?
        };
        let cli_result = serde_json::from_str(&text).map_err(|e| {
            Error::new(
                Code::U006,
                format!("入力が JSON として読めません（{} 行 {} 列）: {e}", e.line(), e.column()),
            )
            .hint("{\"command\": \"…\", \"returncode\": 0, \"stdout\": \"…\", \"stderr\": \"…\"} の形のJSONを渡してください。")
        })?;
        convert::run(c, ConvertRequest { cli_result })
    });
    emit(sink, &out, args.format.format(), |r| {
        let mut s = format!("{} → 終了コード {}\n", r.command, r.returncode);
        for (name, st) in [("stdout", &r.stdout), ("stderr", &r.stderr)] {
            s.push_str(&format!(
                "  {name}: {} 字、{} 行{}{}\n",
                st.chars,
                st.lines,
                if st.truncated { "（要約）" } else { "" },
                st.file
                    .as_ref()
                    .map(|f| format!(" → {}", f.path))
                    .unwrap_or_default()
            ));
        }
        s.push_str(&format!(
            "  {} 字 → {} 字（{:.1}% 削減）\n",
            r.original_chars, r.summary_chars, r.reduction_pct
        ));
        s
    })
}
