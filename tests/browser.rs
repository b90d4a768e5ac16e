//! The HTML report rendered by a real browser: `noveler status --report html` on a copy of the
//! sample, loaded in headless Chromium, which must lay it out (its DOM dump keeps every chart)
//! and screenshot it. Reported as `ignored` when no Chromium is installed (`harness = false`,
//! `libtest-mimic`), never as passing.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

/// The first Chromium-like browser on PATH.
fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    [
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ]
    .iter()
    .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
    .find(|p| p.is_file())
}

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let browser = chromium();
    if browser.is_none() {
        eprintln!("note: no chromium on PATH; the headless browser test is ignored");
    }
    let absent = browser.is_none();
    let trial = libtest_mimic::Trial::test("html_report_renders_in_headless_chromium", move || {
        if let Some(b) = &browser {
            renders_in(b);
        }
        Ok(())
    })
    .with_ignored_flag(absent);
    libtest_mimic::run(&args, vec![trial]).exit();
}

fn browser_args(profile: &Path) -> Vec<String> {
    [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([format!("--user-data-dir={}", profile.display())])
    .collect()
}

fn renders_in(browser: &Path) {
    let dir = common::sample();
    let report = dir.path().join("report.html");
    let out = common::noveler(dir.path())
        .args(["status", "--no-save", "--report", "html", "-o"])
        .arg(&report)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let url = format!("file://{}", report.display());
    let profile = tempfile::tempdir().unwrap();
    let dom = Command::new(browser)
        .args(browser_args(profile.path()))
        .arg("--dump-dom")
        .arg(&url)
        .output()
        .unwrap();
    let dom = String::from_utf8_lossy(&dom.stdout);
    for id in noveler::output::report_html::CHART_IDS {
        assert!(dom.contains(id), "chart {id} missing from the rendered DOM");
    }
    assert!(dom.contains("潮墨の地図師"), "the title is rendered");
    // Issue 34: a desktop and a phone width, each screenshotted; the phone page must not
    // scroll sideways (the page's scrollWidth, measured by a probe script added to a copy).
    // Headless Chromium will not make a window narrower than 500 px (a 400 px window is laid
    // out at 500), so the report is shown in an iframe of exactly `width` px.
    for (width, height) in [(1280, 1800), (400, 3200)] {
        let png = dir.path().join(format!("report-{width}.png"));
        let frame = framed(&report, width, height);
        let shot = Command::new(browser)
            .args(browser_args(profile.path()))
            .arg(format!("--screenshot={}", png.display()))
            .arg(window(width, height))
            .arg("--hide-scrollbars")
            .arg(format!("file://{}", frame.display()))
            .output()
            .unwrap();
        assert!(
            shot.status.success(),
            "{}",
            String::from_utf8_lossy(&shot.stderr)
        );
        let bytes = std::fs::read(&png).unwrap();
        assert!(bytes.starts_with(b"\x89PNG"), "a PNG screenshot");
        assert!(
            bytes.len() > 10_000,
            "a screenshot with content: {} bytes",
            bytes.len()
        );
        if let Some(keep) = std::env::var_os("NOVELER_SCREENSHOT_DIR") {
            std::fs::copy(&png, Path::new(&keep).join(format!("report-{width}.png"))).unwrap();
        }
        let (page, viewport) = scroll_width(browser, profile.path(), &report, width, height);
        assert_eq!(viewport, u64::from(width), "the frame is {width} px wide");
        assert!(
            page <= viewport,
            "at {width} px the page is {page} px wide (viewport {viewport}): it scrolls sideways"
        );
    }
}

/// The browser window for a frame of `width` px: never narrower than the 500 px headless
/// Chromium allows.
fn window(width: u32, height: u32) -> String {
    format!("--window-size={},{height}", width.max(500))
}

/// A page next to `page` that shows it in an iframe `width` × `height` px; a message the
/// framed page posts (`probe`) is written into this page's DOM, where `--dump-dom` sees it
/// (file pages are separate origins: the frame's DOM cannot be read from here).
fn framed(page: &Path, width: u32, height: u32) -> PathBuf {
    let name = page.file_name().unwrap().to_string_lossy();
    let html = format!(
        r#"<!doctype html><html><body style="margin:0"><iframe src="{name}" width="{width}" height="{height}" style="border:0;display:block"></iframe><script>addEventListener("message",e=>{{const p=document.createElement("pre");p.textContent=String(e.data);document.body.appendChild(p);}});</script></body></html>"#
    );
    let frame = page.with_file_name(format!("frame-{width}-{name}"));
    std::fs::write(&frame, html).unwrap();
    frame
}

/// (document scrollWidth, viewport width) of `report` in a frame of `width` px, from a copy
/// with a probe script that posts both to the framing page.
fn scroll_width(
    browser: &Path,
    profile: &Path,
    report: &Path,
    width: u32,
    height: u32,
) -> (u64, u64) {
    let html = std::fs::read_to_string(report).unwrap();
    let probe = r#"<script>addEventListener("load",()=>{parent.postMessage("W="+document.documentElement.scrollWidth+" V="+innerWidth,"*");});</script></body>"#;
    let copy = report.with_file_name(format!("probe-{width}.html"));
    std::fs::write(&copy, html.replace("</body>", probe)).unwrap();
    let frame = framed(&copy, width, height);
    let dom = Command::new(browser)
        .args(browser_args(profile))
        .arg(window(width, height))
        .arg("--hide-scrollbars")
        .arg("--virtual-time-budget=5000")
        .arg("--dump-dom")
        .arg(format!("file://{}", frame.display()))
        .output()
        .unwrap();
    let dom = String::from_utf8_lossy(&dom.stdout);
    let at = dom
        .find("W=")
        .unwrap_or_else(|| panic!("no probe output in:\n{dom}"));
    let field = |key: &str| -> u64 {
        let rest = &dom[at..];
        let i = rest.find(key).unwrap() + key.len();
        rest[i..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect::<String>()
            .parse()
            .unwrap()
    };
    (field("W="), field("V="))
}
