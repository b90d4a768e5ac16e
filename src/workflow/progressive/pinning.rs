//! Step templates pinned at session start.

use super::*;

// Templates

/// Loads the templates of all steps (project overrides win) for pinning.
pub(crate) fn pin_templates(root: &Path) -> Result<BTreeMap<String, PinnedTemplate>> {
    let mut out = BTreeMap::new();
    for s in &STEPS {
        let t = templates::load(root, &s.template_name())?;
        out.insert(s.number.to_string(), pin_of(&t));
    }
    Ok(out)
}

fn pin_of(t: &Template) -> PinnedTemplate {
    PinnedTemplate {
        version: t.doc.version.clone(),
        hash: t.sha256.clone(),
        path: format!("templates/{}", t.name),
        template_source: t.source,
    }
}

/// The step's template, QC-006 when it differs from the one the session pinned.
pub(super) fn step_template(root: &Path, m: &Manifest, step: &StepDef) -> Result<Template> {
    let t = templates::load(root, &step.template_name())?;
    if let Some(pin) = m.template_version_set.get(&step.number.to_string()) {
        if pin.hash != t.sha256 || pin.version != t.doc.version {
            return Err(Error::new(
                Code::QC006,
                format!(
                    "ステップ {} のテンプレートがセッション開始後に変更されています（固定 {} {} → 現在 {} {}）",
                    step.number,
                    pin.version,
                    pin.hash.chars().take(12).collect::<String>(),
                    t.doc.version,
                    t.sha256.chars().take(12).collect::<String>()
                ),
            )
            .hint("テンプレートを元に戻すか、新しいセッションを開始してください（`tasks --new`）。")
            .suggest(format!("noveler check progressive {} tasks --new", m.episode_number))
            .details(serde_json::json!({
                "step_id": step.number,
                "pinned": pin,
                "current": pin_of(&t),
            })));
        }
    }
    Ok(t)
}

pub(super) fn param_f64(t: &Template, key: &str, default: f64) -> f64 {
    t.doc
        .parameters
        .get(key)
        .and_then(Value::as_f64)
        .unwrap_or(default)
}

pub(super) fn blocking_severity(t: &Template) -> Severity {
    t.doc
        .parameters
        .get("blocking_severity")
        .and_then(Value::as_str)
        .and_then(Severity::parse)
        .unwrap_or(Severity::Critical)
}
