//! NDJSON: one finding per line.

use super::*;

/// One JSON object per line: `{"type":"finding",…}` for each finding, `{"type":"error",…}`
/// for each target that could not be checked, then one `{"type":"summary",…}`.
pub fn ndjson(report: &CheckReport) -> String {
    let mut out = String::new();
    for f in report.files.iter().flat_map(|f| &f.findings) {
        let mut v = json!({"type": "finding"});
        if let (Some(obj), Ok(Value::Object(fields))) = (v.as_object_mut(), serde_json::to_value(f))
        {
            obj.extend(fields);
        }
        out.push_str(&v.to_string());
        out.push('\n');
    }
    for e in &report.errors {
        let v = json!({"type": "error", "path": e.path, "code": e.code, "message": e.message, "hint": e.hint});
        out.push_str(&v.to_string());
        out.push('\n');
    }
    let mut summary = json!({"type": "summary"});
    if let (Some(obj), Ok(Value::Object(fields))) = (
        summary.as_object_mut(),
        serde_json::to_value(&report.summary),
    ) {
        obj.extend(fields);
        obj.insert("errors".into(), report.errors.len().into());
        obj.insert(
            "scores".into(),
            report
                .files
                .iter()
                .map(|f| (f.path.clone(), json!(f.scores.overall)))
                .collect::<serde_json::Map<_, _>>()
                .into(),
        );
    }
    out.push_str(&summary.to_string());
    out.push('\n');
    out
}
