//! The chart frame and what every chart draws on it: axes, grid, target band, labels,
//! legend.

use super::*;

/// Geometry of one chart.
pub(super) struct Frame {
    /// `wide` or `half`: the CSS class that sizes its labels on a narrow screen.
    pub(super) class: &'static str,
    pub(super) w: f64,
    pub(super) h: f64,
    pub(super) left: f64,
    pub(super) right: f64,
    pub(super) top: f64,
    pub(super) bottom: f64,
}

impl Frame {
    pub(super) fn wide() -> Frame {
        // The left margin holds a label like "8,000" at the larger font of a phone screen.
        Frame {
            class: "wide",
            w: 1000.0,
            h: 260.0,
            left: 90.0,
            right: 16.0,
            top: 14.0,
            bottom: 34.0,
        }
    }
    pub(super) fn half() -> Frame {
        Frame {
            class: "half",
            w: 500.0,
            h: 230.0,
            left: 58.0,
            right: 12.0,
            top: 14.0,
            bottom: 34.0,
        }
    }
    pub(super) fn plot_w(&self) -> f64 {
        self.w - self.left - self.right
    }
    pub(super) fn plot_h(&self) -> f64 {
        self.h - self.top - self.bottom
    }
    /// y pixel of `v` on a 0..=max axis.
    pub(super) fn y(&self, v: f64, max: f64) -> f64 {
        let max = if max <= 0.0 { 1.0 } else { max };
        self.top + self.plot_h() * (1.0 - (v / max).clamp(0.0, 1.0))
    }
    /// Center x of slot `i` of `n`.
    pub(super) fn x(&self, i: usize, n: usize) -> f64 {
        let slot = self.plot_w() / n.max(1) as f64;
        self.left + slot * (i as f64 + 0.5)
    }
    pub(super) fn slot(&self, n: usize) -> f64 {
        self.plot_w() / n.max(1) as f64
    }
}

pub(super) fn open_svg(out: &mut String, id: &str, f: &Frame, label: &str) {
    let _ = write!(
        out,
        r#"<svg id="{id}" class="{}" viewBox="0 0 {} {}" role="img" aria-label="{}"><title>{}</title>"#,
        f.class,
        f.w,
        f.h,
        esc(label),
        esc(label)
    );
}

pub(super) fn no_data(out: &mut String, f: &Frame, what: &str) {
    let _ = write!(
        out,
        r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#,
        f.w / 2.0,
        f.h / 2.0,
        esc(what)
    );
}

/// A round step so that `max / step` gives about `ticks` gridlines.
pub(super) fn nice_step(max: f64, ticks: f64) -> f64 {
    let raw = (max / ticks).max(1e-9);
    let mag = 10f64.powf(raw.log10().floor());
    let norm = raw / mag;
    let nice = if norm <= 1.0 {
        1.0
    } else if norm <= 2.0 {
        2.0
    } else if norm <= 2.5 {
        2.5
    } else if norm <= 5.0 {
        5.0
    } else {
        10.0
    };
    nice * mag
}

/// Horizontal gridlines with labels from 0 to `max` every `step`.
pub(super) fn y_grid(
    out: &mut String,
    f: &Frame,
    max: f64,
    step: f64,
    label: impl Fn(f64) -> String,
) {
    let mut v = 0.0;
    while v <= max + step * 1e-6 {
        let y = f.y(v, max);
        let _ = write!(
            out,
            r#"<line x1="{}" y1="{y:.1}" x2="{}" y2="{y:.1}" stroke="{C_GRID}" stroke-width="1"/><text x="{}" y="{y:.1}" text-anchor="end" dominant-baseline="middle">{}</text>"#,
            f.left,
            f.w - f.right,
            f.left - 6.0,
            esc(&label(v))
        );
        v += step;
    }
    let _ = write!(
        out,
        r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{C_AXIS}" stroke-width="1"/>"#,
        f.left,
        f.h - f.bottom,
        f.w - f.right,
        f.h - f.bottom
    );
}

/// Episode numbers under the x axis, about one per 44 pixels, the last one always.
/// The shaded band of the target range `lo..=hi` across the plot (axis top `max`).
pub(super) fn target_band(out: &mut String, f: &Frame, lo: f64, hi: f64, max: f64) {
    let (y1, y2) = (f.y(hi, max), f.y(lo, max));
    let _ = write!(
        out,
        r#"<rect x="{}" y="{y1:.1}" width="{}" height="{:.1}" fill="{C_BAND}"/>"#,
        f.left,
        f.plot_w(),
        (y2 - y1).max(0.0)
    );
}

/// A dashed rule across the plot at `y`, labelled (with a halo) at its right end at
/// `label_y`.
pub(super) fn labelled_rule(
    out: &mut String,
    f: &Frame,
    y: f64,
    color: &str,
    label_y: f64,
    label: &str,
) {
    let _ = write!(
        out,
        r#"<line x1="{}" y1="{y:.1}" x2="{}" y2="{y:.1}" stroke="{color}" stroke-dasharray="5 4" stroke-width="1.2"/><text x="{}" y="{label_y:.1}" text-anchor="end" {HALO}>{}</text>"#,
        f.left,
        f.w - f.right,
        f.w - f.right - 4.0,
        esc(label)
    );
}

pub(super) fn x_labels(out: &mut String, f: &Frame, episodes: &[u32]) {
    let n = episodes.len();
    if n == 0 {
        return;
    }
    // One label per 56 units: room for three digits at a phone's larger font.
    let room = (f.plot_w() / 56.0).floor().max(2.0);
    let step = if n as f64 <= room {
        1
    } else {
        nice_step(n as f64, room).ceil().max(1.0) as usize
    };
    for (i, ep) in episodes.iter().enumerate() {
        let last = i + 1 == n;
        // A regular label too close to the last one gives way to it.
        let crowded = !last && (n - 1 - i) * 2 < step && step > 1;
        if (i % step != 0 && !last) || crowded {
            continue;
        }
        let _ = write!(
            out,
            r#"<text x="{:.1}" y="{}" text-anchor="middle" dominant-baseline="hanging">{ep}</text>"#,
            f.x(i, n),
            f.h - f.bottom + 4.0
        );
    }
    let _ = write!(
        out,
        r#"<text x="{}" y="{}" text-anchor="end">話</text>"#,
        f.w - f.right,
        f.h - 4.0
    );
}

pub(super) fn legend(items: &[(&str, &str)]) -> String {
    let mut s = String::from(r#"<div class="legend">"#);
    for (color, label) in items {
        let _ = write!(
            s,
            r#"<span><i style="background:{color}"></i>{}</span>"#,
            esc(label)
        );
    }
    s.push_str("</div>");
    s
}
