//! `noveler plot` as text: the prompt with how to submit the plot, or what was saved.

use crate::commands::plot::{PlotReport, PlotResult};

/// Text of `noveler plot`.
pub fn plot_text(r: &PlotReport) -> String {
    let mut t = String::new();
    match &r.result {
        PlotResult::Prompt(p) => {
            match (&p.prompt, &p.plot_file) {
                (None, Some(f)) => {
                    t.push_str(&format!(
                        "第{:03}話のプロットはすでにあります: {f}\n",
                        p.episode
                    ));
                }
                (Some(prompt), _) => {
                    if let Some(st) = &p.prompt_stats {
                        t.push_str(&format!(
                            "第{:03}話 プロット作成{}: 参照 {} 件、プロンプト {} バイト（貼り付けなら {} バイト、削減 {:.1}%）\n\n",
                            p.episode,
                            if p.dry_run { "（ドライラン）" } else { "" },
                            st.artifacts_referenced,
                            st.referenced_bytes,
                            st.pasted_bytes,
                            st.prompt_reduction_pct
                        ));
                    }
                    t.push_str(prompt);
                    if !prompt.ends_with('\n') {
                        t.push('\n');
                    }
                    t.push('\n');
                }
                _ => {}
            }
            for a in &p.suggested_actions {
                t.push_str(&format!("次: {}\n", crate::output::hint::to_cli(a)));
            }
        }
        PlotResult::Submitted(s) => {
            if s.dry_run {
                t.push_str(&format!(
                    "プロットは形式に合っています（ドライラン：{} には書き込んでいません）\n",
                    s.plot_file
                ));
            } else {
                t.push_str(&format!(
                    "第{:03}話のプロット「{}」を保存しました: {}（場面 {} 、{}）\n",
                    s.episode, s.title, s.plot_file, s.scenes, s.artifact_id
                ));
            }
            for b in &s.backups {
                t.push_str(&format!(
                    "  バックアップ: {b}（noveler backup restore {b}）\n"
                ));
            }
            for f in &s.removed {
                t.push_str(&format!("  旧ファイルを置き換え: {f}\n"));
            }
            for w in &s.warnings {
                t.push_str(&format!("警告: {w}\n"));
            }
            for a in &s.suggested_actions {
                t.push_str(&format!("次: {}\n", crate::output::hint::to_cli(a)));
            }
        }
    }
    t
}
