//! Next-step hints for the person at the keyboard. Commands phrase a hint as a next step
//! (`noveler_complete {"episode": 1} — why`, see `crate::next`); the CLI shows the command to
//! type instead (`noveler complete 1 — why`). Text that is not a call, or a call with no
//! command line, passes unchanged.

/// `hint` as a CLI command line when it is a call that has one (`crate::next::for_cli`).
pub(crate) fn to_cli(hint: &str) -> String {
    crate::next::for_cli(hint)
}

#[cfg(test)]
mod tests {
    use super::to_cli;

    #[test]
    fn mcp_calls_become_cli_commands() {
        assert_eq!(
            to_cli(r#"noveler_complete {"episode": 1} — 第1話を完了して公開用テキストを作る"#),
            "noveler complete 1 — 第1話を完了して公開用テキストを作る"
        );
        assert_eq!(
            to_cli(r#"noveler_complete {"episode": 2, "dry_run": false}"#),
            "noveler complete 2"
        );
        assert_eq!(
            to_cli(r#"noveler_write {"episode": 4} — 次の話を書く"#),
            "noveler write 4 — 次の話を書く"
        );
    }

    #[test]
    fn other_hints_pass_unchanged() {
        for h in [
            "noveler explain TYPO — よく出ている指摘の直し方",
            "原稿を保存してください",
            r#"unknown_tool {"episode": 1} — x"#,
            "noveler_complete {broken — x",
        ] {
            assert_eq!(to_cli(h), h);
        }
    }

    #[test]
    fn arguments_are_quoted_for_the_shell() {
        assert_eq!(
            to_cli(r#"noveler_check {"episode": 1, "aspects": ["rhythm", "style"]}"#),
            "noveler check 1 --aspects rhythm --aspects style"
        );
        assert_eq!(
            to_cli(r#"noveler_check {"targets": ["a b.md"]}"#),
            "noveler check 'a b.md'"
        );
        assert_eq!(
            to_cli(r#"noveler_check {"targets": ["it's 第1話.md"]}"#),
            r#"noveler check "it's 第1話.md""#
        );
    }
}
