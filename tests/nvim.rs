//! A real editor: Neovim, headless, with its built-in LSP client (`tests/nvim/check.lua`),
//! opens a manuscript of the sample project, receives `noveler lsp`'s diagnostics (the
//! findings `check` reports for the file) and applies the TYPO quick fix, which writes what
//! `polish --issue-ids ID --apply` writes. Without `nvim` on PATH the test is reported as
//! `ignored` (this target runs under `libtest-mimic`, `harness = false`), never as passing.

mod common;

use common::{json, run, sample, BIN};
use std::path::PathBuf;
use std::process::Command;

const EP: &str = "40_原稿/第001話_潮墨の見習い.md";

fn nvim() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join("nvim"))
        .find(|p| p.is_file())
}

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let nvim = nvim();
    if nvim.is_none() {
        eprintln!("note: no nvim on PATH; the Neovim test is ignored (apt-get install neovim)");
    }
    let absent = nvim.is_none();
    let trial =
        libtest_mimic::Trial::test("neovim_shows_the_findings_and_applies_a_fix", move || {
            if let Some(nvim) = &nvim {
                neovim_session(nvim);
            }
            Ok(())
        })
        .with_ignored_flag(absent);
    libtest_mimic::run(&args, vec![trial]).exit();
}

fn neovim_session(nvim: &PathBuf) {
    let dir = sample();
    let root = dir.path();
    let path = root.join(EP);
    let text = format!(
        "{}「こんにちわ」と𠮷田は言った...\n",
        std::fs::read_to_string(&path).unwrap()
    );
    std::fs::write(&path, &text).unwrap();
    let check = json(&run(root, &["check", EP, "--format", "json", "--no-save"]));
    let findings = check["result"]["files"][0]["findings"]
        .as_array()
        .unwrap()
        .clone();
    let typo = findings
        .iter()
        .find(|f| f["code"] == "TYPO")
        .expect("a TYPO finding");

    let out = root.join("nvim-out.txt");
    let script = common::manifest().join("tests/nvim/check.lua");
    let status = Command::new(nvim)
        .args(["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c"])
        .arg(format!("luafile {}", script.display()))
        .current_dir(root)
        .env("NOVELER_BIN", BIN)
        .env("NOVELER_ROOT", root)
        .env("NOVELER_FILE", &path)
        .env("NOVELER_OUT", &out)
        .env("XDG_CONFIG_HOME", root.join(".nvim-config"))
        .env("XDG_STATE_HOME", root.join(".nvim-state"))
        .env("XDG_DATA_HOME", root.join(".nvim-data"))
        .status()
        .expect("run nvim");
    let printed = std::fs::read_to_string(&out).unwrap_or_default();
    println!("{printed}");
    assert!(status.success(), "nvim failed:\n{printed}");

    // The diagnostics Neovim received are the findings of `check` (0-based lines).
    let got: Vec<(String, u64)> = printed
        .lines()
        .filter_map(|l| l.strip_prefix("diagnostic\t"))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0].to_string(), f[1].parse().unwrap())
        })
        .collect();
    let mut want: Vec<(String, u64)> = findings
        .iter()
        .map(|f| {
            let code = f["code"].as_str().unwrap().to_string();
            let whole = noveler::analysis::score::WHOLE_TEXT_RULES.contains(&code.as_str());
            let line = if whole {
                0
            } else {
                f["line"].as_u64().unwrap() - 1
            };
            (code, line)
        })
        .collect();
    let mut sorted = got.clone();
    sorted.sort();
    want.sort();
    assert_eq!(sorted, want, "{printed}");
    assert!(
        printed.contains("action\t「こんにちわ」を「こんにちは」に直す"),
        "{printed}"
    );

    // The file Neovim saved is what polish writes for that finding.
    let saved = std::fs::read_to_string(&path).unwrap();
    let copy = sample();
    std::fs::write(copy.path().join(EP), &text).unwrap();
    let id = typo["id"].as_str().unwrap();
    let polished = run(
        copy.path(),
        &[
            "polish",
            EP,
            "--apply",
            "--no-save",
            "--level",
            "aggressive",
            "--issue-ids",
            id,
        ],
    );
    assert_eq!(polished.status.code(), Some(0));
    assert_eq!(
        saved,
        std::fs::read_to_string(copy.path().join(EP)).unwrap()
    );
}
