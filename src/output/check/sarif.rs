//! SARIF 2.1.0.

use super::*;

fn sarif_level(s: Severity) -> &'static str {
    match s {
        Severity::Low => "note",
        Severity::Medium => "warning",
        Severity::High | Severity::Critical => "error",
    }
}

/// SARIF 2.1.0: one run, every rule of the registry with its descriptions, one result per
/// finding (columns in Unicode code points), and tool notifications for targets that could
/// not be checked.
pub fn sarif(report: &CheckReport, paths: &PathMap) -> String {
    let registry = crate::analysis::rules::registry();
    let index: BTreeMap<&str, usize> = registry
        .iter()
        .enumerate()
        .map(|(i, r)| (r.meta().code, i))
        .collect();
    let rules: Vec<Value> = registry
        .iter()
        .map(|r| {
            let m = r.meta();
            json!({
                "id": m.code,
                "name": crate::output::rules::rule_name(m.code),
                "shortDescription": {"text": crate::output::rules::first_sentence(m.doc.what)},
                "fullDescription": {"text": format!("{}なぜ: {}", m.doc.what, m.doc.why)},
                "help": {"text": format!("{}\n\nなぜ: {}\n例: {}\n修正例: {}", m.doc.what, m.doc.why, m.doc.example, m.doc.fixed)},
                "defaultConfiguration": {"level": sarif_level(m.default_severity)},
                "properties": {"aspect": m.aspect.as_str(), "tags": [m.aspect.as_str()]},
            })
        })
        .collect();
    let results: Vec<Value> = report
        .files
        .iter()
        .flat_map(|file| file.findings.iter().map(move |f| (file, f)))
        .map(|(file, f)| {
            let mut r = json!({
                "ruleId": f.code,
                "level": sarif_level(f.severity),
                "message": {"text": f.message},
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": {"uri": sarif_uri(&paths.map(&file.path))},
                        "region": {
                            "startLine": f.line,
                            "startColumn": f.column,
                            "endLine": f.end_line,
                            "endColumn": f.end_column,
                            "snippet": {"text": f.excerpt},
                        }
                    }
                }],
                "partialFingerprints": {"noveler/finding/v1": f.id},
                "properties": {"severity": f.severity.as_str(), "aspect": f.aspect.as_str()},
            });
            if let (Some(i), Some(obj)) = (index.get(f.code.as_str()), r.as_object_mut()) {
                obj.insert("ruleIndex".into(), (*i).into());
            }
            r
        })
        .collect();
    let notifications: Vec<Value> = report
        .errors
        .iter()
        .map(|e: &FileError| {
            json!({
                "level": "error",
                "descriptor": {"id": e.code},
                "message": {"text": format!("{}: {}", e.path, e.message)},
                "locations": [{"physicalLocation": {"artifactLocation": {"uri": sarif_uri(&paths.map(&e.path))}}}],
            })
        })
        .collect();
    let mut driver = json!({
        "name": "noveler",
        "version": crate::VERSION,
        "semanticVersion": crate::VERSION,
        "rules": rules,
    });
    if let (Some(uri), Some(obj)) = (information_uri(), driver.as_object_mut()) {
        obj.insert("informationUri".into(), uri.into());
    }
    let doc = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": driver},
            "columnKind": "unicodeCodePoints",
            "invocations": [{
                "executionSuccessful": report.errors.is_empty(),
                "toolExecutionNotifications": notifications,
            }],
            "results": results,
        }],
    });
    serde_json::to_string_pretty(&doc).unwrap_or_default()
}

/// A path as a SARIF artifact URI reference (relative paths stay relative; SARIF1002).
pub(crate) fn sarif_uri(path: &str) -> String {
    crate::store::uri::encode_path(path)
}

/// Where to learn about the tool (SARIF `informationUri`): the package's homepage or
/// repository in Cargo.toml, when it names one.
fn information_uri() -> Option<&'static str> {
    [env!("CARGO_PKG_HOMEPAGE"), env!("CARGO_PKG_REPOSITORY")]
        .into_iter()
        .find(|u| u.starts_with("https://"))
}
