//! The path arguments of the command line, confined when a line runs through the MCP
//! `noveler` tool: the one place every path a verb is handed passes (issue 28 item 1).
//!
//! A path argument is one clap itself calls a path — its value hint is a path (`PathBuf`
//! fields get one from clap; `String` fields declare `value_hint = ValueHint::FilePath` or
//! `DirPath`). Under confinement the whole command tree is rebuilt with every such argument's
//! value parser wrapped: each value is resolved by `Confinement::resolve` against the
//! project root of the call (not the server's working directory) and replaced by the
//! canonical path that was checked, before any verb runs. A value outside the allowed roots
//! fails the parse and the line is refused with U004. A new flag that is a path needs only
//! its hint; `path_args_are_hinted` below fails for a file-like argument without one.

use crate::error::Error;
use crate::store::confine::Confinement;
use clap::builder::ValueHint;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Whether clap calls `arg`'s values paths.
pub(crate) fn is_path_arg(arg: &clap::Arg) -> bool {
    matches!(
        arg.get_value_hint(),
        ValueHint::AnyPath | ValueHint::FilePath | ValueHint::DirPath | ValueHint::ExecutablePath
    )
}

/// Whether `value` of the path argument `arg` names a path: `-` is stdin, an empty value the
/// argument's default (`--baseline` alone), and a bare number an episode where the argument
/// also takes episodes (`EPISODE|FILE|DIR`).
fn names_a_path(arg: &clap::Arg, value: &str) -> bool {
    if value.is_empty() || value == "-" {
        return false;
    }
    let takes_episodes = arg.get_value_names().is_some_and(|names| {
        names
            .iter()
            .any(|n| n.contains("EP") || n.contains("TARGET"))
    });
    !(takes_episodes && value.bytes().all(|b| b.is_ascii_digit()))
}

/// Resolves path values against one base inside a confinement, keeping the first refusal.
struct Resolver {
    confine: Arc<Confinement>,
    base: PathBuf,
    refusal: Mutex<Option<Error>>,
}

impl Resolver {
    /// The canonical path `value` names, or the refusal (kept for the caller: clap's own
    /// error would only say the value is invalid).
    fn resolve(&self, value: &str) -> std::result::Result<PathBuf, String> {
        let checked = self
            .confine
            .resolve(&self.base, Path::new(value))
            .and_then(|p| {
                // A wildcard a shell left unexpanded is expanded by the verb: every match must be
                // inside too (a pattern inside can match a symlink that leads out).
                if value.contains(['*', '?', '[', '{']) && !p.exists() {
                    for m in super::globs::expand(&p.to_string_lossy()) {
                        self.confine.resolve(&self.base, Path::new(&m))?;
                    }
                }
                Ok(p)
            });
        checked.map_err(|e| {
            let message = e.message.clone();
            let mut first = self.refusal.lock().unwrap_or_else(|p| p.into_inner());
            first.get_or_insert(e);
            message
        })
    }
}

/// `cmd` with every path argument of every subcommand resolved inside `confine` (relative
/// values against `base`) as it is parsed; the first refusal is taken from the returned
/// closure. The global `--project-root` is left to `Ctx::user_root` and does not read
/// `PROJECT_ROOT`: the server's environment already made the call's root.
pub(crate) fn confined(
    cmd: clap::Command,
    confine: Arc<Confinement>,
    base: PathBuf,
) -> (clap::Command, Arc<dyn Fn() -> Option<Error> + Send + Sync>) {
    let resolver = Arc::new(Resolver {
        confine,
        base,
        refusal: Mutex::new(None),
    });
    let cmd = wrap(cmd, &resolver).mut_arg("project_root", |a| a.env(None));
    let taken = resolver.clone();
    let refusal = Arc::new(move || {
        taken
            .refusal
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
    });
    (cmd, refusal)
}

fn wrap(cmd: clap::Command, resolver: &Arc<Resolver>) -> clap::Command {
    cmd.mut_args(|arg| {
        // `--project-root` is resolved against the server's root by `Ctx::user_root`
        // (inside the roots, an existing directory) before the line runs.
        if !is_path_arg(&arg) || arg.get_id() == "project_root" {
            return arg;
        }
        let probe = arg.clone();
        let r = resolver.clone();
        let resolve = move |value: &str| -> std::result::Result<String, String> {
            if !names_a_path(&probe, value) {
                return Ok(value.to_string());
            }
            r.resolve(value).map(|p| p.display().to_string())
        };
        if arg.get_value_parser().type_id() == std::any::TypeId::of::<PathBuf>() {
            arg.value_parser(move |v: &str| resolve(v).map(PathBuf::from))
        } else {
            arg.value_parser(resolve)
        }
    })
    .mut_subcommands(|sub| wrap(sub, resolver))
}

/// Every path argument of the command tree: (the subcommand words, the argument).
pub fn path_args(cmd: &clap::Command) -> Vec<(Vec<String>, clap::Arg)> {
    let mut out = Vec::new();
    collect(cmd, &mut Vec::new(), &mut out);
    out
}

fn collect(cmd: &clap::Command, words: &mut Vec<String>, out: &mut Vec<(Vec<String>, clap::Arg)>) {
    for arg in cmd.get_arguments().filter(|a| is_path_arg(a)) {
        // A global argument is listed once, where it is defined.
        if !arg.is_global_set() || words.is_empty() {
            out.push((words.clone(), arg.clone()));
        }
    }
    for sub in cmd.get_subcommands() {
        words.push(sub.get_name().to_string());
        collect(sub, words, out);
        words.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::Cli;
    use clap::CommandFactory;

    /// Every argument whose value is named like a file, a directory or a path is a path
    /// argument: a new flag that forgets its hint fails here, not in a hostile client.
    #[test]
    fn path_args_are_hinted() {
        let looks_like_a_path = |a: &clap::Arg| {
            let name_words = ["FILE", "DIR", "PATH", "PATHS", "INPUT", "TARGET", "TARGETS"];
            let named = a.get_value_names().is_some_and(|names| {
                names.iter().any(|n| {
                    // `EPISODE|FILE|DIR|-` names its alternatives; `TARGET_MIN` is no path.
                    n.split('|').any(|w| name_words.contains(&w))
                })
            });
            let id_words = [
                "file", "files", "dir", "path", "paths", "input", "output", "result",
            ];
            named
                || a.get_id()
                    .as_str()
                    .split('_')
                    .any(|w| id_words.contains(&w))
        };
        fn walk(
            cmd: &clap::Command,
            words: String,
            f: &dyn Fn(&clap::Arg) -> bool,
            out: &mut Vec<String>,
        ) {
            for a in cmd.get_arguments() {
                let takes_values = a.get_num_args().is_none_or(|n| n.takes_values());
                if takes_values && f(a) && !is_path_arg(a) {
                    out.push(format!("{words} --{}", a.get_id()));
                }
            }
            for s in cmd.get_subcommands() {
                walk(s, format!("{words} {}", s.get_name()), f, out);
            }
        }
        let mut cmd = Cli::command();
        cmd.build();
        let mut unhinted = Vec::new();
        walk(&cmd, String::new(), &looks_like_a_path, &mut unhinted);
        assert!(
            unhinted.is_empty(),
            "path-like arguments without a path hint: {unhinted:?}"
        );
        // And the set is not empty or trivial: the flags issue 28 names are in it.
        let all: Vec<String> = path_args(&cmd)
            .iter()
            .map(|(w, a)| format!("{} --{}", w.join(" "), a.get_id()))
            .collect();
        for known in [
            "artifact store --input",
            "check progressive step --content",
            "check progressive step --llm_result",
            "evaluate --llm_result",
            "polish submit --result",
            "status --output",
            " --project_root",
        ] {
            assert!(all.iter().any(|a| a == known), "{known} not in {all:?}");
        }
    }

    #[test]
    fn values_are_resolved_against_the_base_and_refused_outside() {
        let dir = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(dir.path()).unwrap().join("p");
        std::fs::create_dir_all(root.join("40_原稿")).unwrap();
        let confine = Arc::new(Confinement::new([root.clone()]));
        let parse = |words: &[&str]| {
            let (cmd, refusal) = confined(Cli::command(), confine.clone(), root.clone());
            let argv = std::iter::once("noveler").chain(words.iter().copied());
            let m = cmd.try_get_matches_from(argv);
            (m, refusal())
        };
        let (m, refusal) = parse(&["validate", "x.json"]);
        assert!(refusal.is_none());
        let m = m.unwrap();
        let (_, sub) = m.subcommand().unwrap();
        assert_eq!(
            sub.get_one::<String>("input").unwrap(),
            &root.join("x.json").display().to_string()
        );
        // Episode numbers, stdin and the default stay as they are.
        let (m, _) = parse(&["check", "1", "-", "--baseline"]);
        let m = m.unwrap();
        let (_, sub) = m.subcommand().unwrap();
        let targets: Vec<&String> = sub.get_many::<String>("targets").unwrap().collect();
        assert_eq!(targets, ["1", "-"]);
        for bad in [
            &["validate", "../x.json"][..],
            &["status", "--report", "html", "-o", "/tmp/x.html"],
            &["check", "--config", "/etc/passwd"],
            &["check", "../*"],
        ] {
            let (m, refusal) = parse(bad);
            assert!(m.is_err(), "{bad:?}");
            assert_eq!(refusal.unwrap().code, crate::Code::U004, "{bad:?}");
        }
    }
}
