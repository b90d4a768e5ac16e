//! `noveler completions <shell>` and `noveler man`: shell completions and man pages
//! generated from the clap definitions. The generated files are committed under
//! `completions/` and `man/`; a test fails when they are stale. Regenerate both with
//!
//! ```sh
//! cargo run -- completions --write-all
//! ```
//!
//! (run from the crate root; `--dir DIR` writes elsewhere).

use super::Sink;
use crate::ExitStatus;
use clap::{Args, CommandFactory};
use clap_complete::{Generator, Shell};
use std::path::{Path, PathBuf};

/// The command that regenerates the committed files (quoted in the staleness test).
pub const REGENERATE: &str = "cargo run -- completions --write-all";

/// Shells completions are generated (and committed) for.
pub const SHELLS: [Shell; 5] = [
    Shell::Bash,
    Shell::Zsh,
    Shell::Fish,
    Shell::PowerShell,
    Shell::Elvish,
];

#[derive(Debug, Clone, Args)]
pub struct CompletionsArgs {
    /// Shell to print the completion script for
    #[arg(value_enum, required_unless_present = "write_all")]
    pub shell: Option<Shell>,
    /// Write every completion script to completions/ and every man page to man/
    #[arg(long, hide = true)]
    pub write_all: bool,
    /// Directory to write completions/ and man/ into (with --write-all; default: .)
    #[arg(long, hide = true, value_name = "DIR", requires = "write_all")]
    pub dir: Option<PathBuf>,
}

#[derive(Debug, Clone, Args)]
pub struct ManArgs {
    /// Subcommand whose page to print (default: the main page, noveler.1)
    #[arg(value_name = "SUBCOMMAND")]
    pub subcommand: Option<String>,
    /// Write every page into DIR instead of printing one
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

fn command() -> clap::Command {
    super::Cli::command()
}

/// `(file name, contents)` of the completion script of every shell in `SHELLS`.
pub(crate) fn completion_files() -> Vec<(String, Vec<u8>)> {
    SHELLS
        .iter()
        .map(|shell| {
            let mut cmd = command();
            let mut buf = Vec::new();
            clap_complete::generate(*shell, &mut cmd, "noveler", &mut buf);
            (shell.file_name("noveler"), buf)
        })
        .collect()
}

/// `(file name, contents)` of `noveler.1` and one page per (visible) subcommand, nested
/// subcommands included (`noveler-files-list.1`), sorted by name.
pub(crate) fn man_pages() -> Vec<(String, Vec<u8>)> {
    fn walk(cmd: &clap::Command, out: &mut Vec<(String, Vec<u8>)>) {
        for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
            walk(sub, out);
        }
        let man = clap_mangen::Man::new(cmd.clone());
        let mut buf = Vec::new();
        if man.render(&mut buf).is_ok() {
            out.push((man.get_filename(), buf));
        }
    }
    let mut cmd = command().disable_help_subcommand(true);
    cmd.build();
    let mut out = Vec::new();
    walk(&cmd, &mut out);
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// Writes `completions/*` and `man/*.1` under `dir`, removing man pages no longer generated.
/// Returns the files written.
pub fn write_all(dir: &Path) -> crate::Result<Vec<PathBuf>> {
    let mut written = Vec::new();
    let comp = dir.join("completions");
    for (name, body) in completion_files() {
        let path = comp.join(name);
        crate::store::write_atomic(&path, &body)?;
        written.push(path);
    }
    let man = dir.join("man");
    let pages = man_pages();
    for (name, body) in &pages {
        let path = man.join(name);
        crate::store::write_atomic(&path, body)?;
        written.push(path);
    }
    if let Ok(entries) = std::fs::read_dir(&man) {
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if name.ends_with(".1") && !pages.iter().any(|(n, _)| *n == name) {
                let _ = crate::store::disk::remove_file(&e.path());
            }
        }
    }
    Ok(written)
}

pub(crate) fn run_completions(args: CompletionsArgs, sink: &Sink) -> ExitStatus {
    if args.write_all {
        let dir = args.dir.unwrap_or_else(|| PathBuf::from("."));
        return match write_all(&dir) {
            Ok(files) => {
                let list: Vec<String> = files.iter().map(|p| p.display().to_string()).collect();
                ExitStatus::Ok.after_print(sink.stdout(&list.join("\n")))
            }
            Err(e) => {
                sink.error(&e);
                ExitStatus::Error
            }
        };
    }
    let Some(shell) = args.shell else {
        return ExitStatus::Error;
    };
    let body = completion_files()
        .into_iter()
        .find(|(name, _)| *name == shell.file_name("noveler"))
        .map(|(_, b)| b)
        .unwrap_or_default();
    print_bytes(&body, sink)
}

pub(crate) fn run_man(args: ManArgs, sink: &Sink) -> ExitStatus {
    if let Some(dir) = args.dir {
        let pages = man_pages();
        for (name, body) in &pages {
            if let Err(e) = crate::store::write_atomic(&dir.join(name), body) {
                sink.error(&e);
                return ExitStatus::Error;
            }
        }
        return ExitStatus::Ok;
    }
    let wanted = match &args.subcommand {
        None => "noveler.1".to_string(),
        Some(sub) => format!("noveler-{}.1", sub.trim().replace(' ', "-")),
    };
    match man_pages().into_iter().find(|(name, _)| *name == wanted) {
        Some((_, body)) => print_bytes(&body, sink),
        None => {
            sink.error(
                &crate::Error::new(
                    crate::Code::U001,
                    format!(
                        "サブコマンド {} のマニュアルはありません",
                        args.subcommand.unwrap_or_default()
                    ),
                )
                .hint("`noveler --help` でサブコマンドの一覧を確認してください。"),
            );
            ExitStatus::Error
        }
    }
}

fn print_bytes(body: &[u8], sink: &Sink) -> ExitStatus {
    ExitStatus::Ok.after_print(sink.stdout_bytes(body))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed completions and man pages match what the current CLI generates.
    #[test]
    fn committed_completions_and_man_pages_are_fresh() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut stale = Vec::new();
        let mut expected: Vec<(PathBuf, Vec<u8>)> = completion_files()
            .into_iter()
            .map(|(n, b)| (root.join("completions").join(n), b))
            .collect();
        expected.extend(
            man_pages()
                .into_iter()
                .map(|(n, b)| (root.join("man").join(n), b)),
        );
        for (path, body) in &expected {
            match std::fs::read(path) {
                Ok(on_disk) if on_disk == *body => {}
                Ok(_) => stale.push(format!("{} differs", path.display())),
                Err(_) => stale.push(format!("{} is missing", path.display())),
            }
        }
        if let Ok(entries) = std::fs::read_dir(root.join("man")) {
            for e in entries.flatten() {
                if !expected.iter().any(|(p, _)| *p == e.path()) {
                    stale.push(format!("{} is no longer generated", e.path().display()));
                }
            }
        }
        assert!(
            stale.is_empty(),
            "completions/ or man/ are stale:\n  {}\nRegenerate them from the crate root with:\n  {REGENERATE}\nand commit the result.",
            stale.join("\n  ")
        );
    }

    #[test]
    fn every_shell_and_subcommand_is_generated() {
        let names: Vec<String> = completion_files().into_iter().map(|(n, _)| n).collect();
        assert_eq!(
            names,
            vec![
                "noveler.bash",
                "_noveler",
                "noveler.fish",
                "_noveler.ps1",
                "noveler.elv"
            ]
        );
        let pages: Vec<String> = man_pages().into_iter().map(|(n, _)| n).collect();
        assert!(pages.contains(&"noveler.1".to_string()));
        assert!(pages.contains(&"noveler-check.1".to_string()));
        let bash = String::from_utf8(completion_files().remove(0).1).unwrap();
        assert!(bash.contains("--fail-on"), "check options are completed");
    }
}
