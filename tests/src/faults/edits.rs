//! Injections that used to live in the reference's pure logic (paths, line ranges, edits),
//! rebuilt at the call seam: the arguments are rewritten into ones that make the unmodified
//! reference behave as the faulty server would, or the injection runs the edit itself
//! through the reference's own storage.

use mcp_reference::edit;
use mcp_reference::errors::ToolResult;
use mcp_reference::lines;
use mcp_reference::tools::{self, Ctx, ToolKind};
use rmcp::model::JsonObject;
use serde_json::{Value, json};

use super::calls::{arg, host_path, io_err, read_result, sha};
use super::server::Injected;

/// Rewrites the arguments of a call (paths, ranges, anchors) before the reference sees them.
pub fn rewrite_args(on: &Injected, kind: ToolKind, args: &mut JsonObject) {
    if let Some(p) = arg(args, "path").map(str::to_owned)
        && let Some(p) = rewrite_path(on, &p)
    {
        args.insert("path".into(), p.into());
    }
    let total = || {
        host_path(on, args)
            .and_then(|p| std::fs::read(p).ok())
            .map(|b| lines::total_lines(&b))
    };
    if let Some(Value::Array(range)) = args.get("lines")
        && let [Some(s), Some(e)] = [range.first(), range.get(1)].map(|v| v.and_then(Value::as_i64))
        && range.len() == 2
        && let Some(total) = total()
        && let Some((s, e)) = rewrite_range(on, total, s, e)
    {
        args.insert("lines".into(), json!([s, e]));
    }
    if kind == ToolKind::Insert
        && on.is("negative-off-by-one")
        && let Some(line) = args.get("line").and_then(Value::as_i64)
        && line < 0
    {
        args.insert("line".into(), json!(line - 1));
    }
    if kind == ToolKind::Insert
        && on.is("insert-ignores-anchor")
        && let Some(line) = args.get("line").and_then(Value::as_i64)
        && let Some(bytes) = host_path(on, args).and_then(|p| std::fs::read(p).ok())
    {
        let all = lines::split_lines(&bytes);
        if let Ok(n) = lines::resolve_line(line, all.len()) {
            let l = all[n - 1];
            let text = String::from_utf8_lossy(&bytes[l.start..l.content_end]).into_owned();
            args.insert("anchor".into(), text.into());
        }
    }
}

/// A path as the faulty server reads it; `None` leaves it alone.
pub fn rewrite_path(on: &Injected, path: &str) -> Option<String> {
    if on.is("backslash-separator") && path.contains('\\') {
        return Some(path.replace('\\', "/"));
    }
    if on.is("dotdot-clamped") && path.split('/').any(|s| s == "..") {
        // `..` at the root is dropped instead of refused.
        let mut segments: Vec<&str> = Vec::new();
        for s in path.split('/') {
            match s {
                "" | "." => {}
                ".." => {
                    segments.pop();
                }
                s => segments.push(s),
            }
        }
        return Some(format!("/{}", segments.join("/")));
    }
    None
}

/// A bound resolved as the reference resolves it: 0 is `open`, negatives count from the end.
fn resolve(v: i64, total: usize, open: i64) -> i64 {
    match v {
        0 => open,
        v if v < 0 => total as i64 + 1 + v,
        v => v,
    }
}

/// The range `[s, e]` the reference must be given to act as the faulty line model does.
fn rewrite_range(on: &Injected, total: usize, s: i64, e: i64) -> Option<(i64, i64)> {
    // The bound that resolves to line 0 (before the first line).
    let line_zero = -(total as i64 + 1);
    if on.is("range-end-inclusive") && e != 0 {
        return Some((s, if e == -1 { 0 } else { e + 1 }));
    }
    if on.is("negative-off-by-one") && (s < 0 || e < 0) {
        let shift = |v: i64| if v < 0 { v - 1 } else { v };
        return Some((shift(s), shift(e)));
    }
    if on.is("zero-not-open") && (s == 0 || e == 0) {
        let zero = |v: i64| if v == 0 { line_zero } else { v };
        return Some((zero(s), zero(e)));
    }
    if on.is("zero-start-rejected") && s == 0 {
        return Some((line_zero, e));
    }
    if on.is("range-clamped") {
        let max = total as i64 + 1;
        let rs = resolve(s, total, 1).clamp(1, max);
        let re = resolve(e, total, max).clamp(1, max);
        return Some((rs.min(re), re));
    }
    None
}

/// A call the injection answers itself, through the reference's storage where it edits.
pub fn answer(
    on: &Injected,
    ctx: &Ctx,
    kind: ToolKind,
    args: &JsonObject,
) -> Option<ToolResult<Value>> {
    if on.is("drive-as-name")
        && let Some(path) = arg(args, "path")
        && path
            .split('/')
            .find(|s| !s.is_empty())
            .is_some_and(is_drive_prefix)
    {
        // The whole Windows path becomes one file name under the root.
        let host = on.root.join(path.trim_start_matches('/'));
        return match kind {
            ToolKind::Create => {
                let content = arg(args, "content").unwrap_or("");
                Some(
                    std::fs::write(&host, content)
                        .map(|()| json!({"hash": sha(content.as_bytes())}))
                        .map_err(io_err),
                )
            }
            ToolKind::Read => Some(std::fs::read(&host).map_err(io_err).and_then(read_result)),
            _ => None,
        };
    }
    if kind == ToolKind::Insert && on.is("insert-after-anchor") {
        return Some(insert_after_anchor(ctx, args));
    }
    if kind == ToolKind::Append && (on.is("append-no-break") || on.is("append-joins-last-line")) {
        let joins = on.is("append-joins-last-line");
        return Some(append_without_break(ctx, args, joins));
    }
    None
}

fn is_drive_prefix(segment: &str) -> bool {
    let b = segment.as_bytes();
    b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':'
}

fn edit_result(w: mcp_reference::sandbox::Written) -> Value {
    json!({"hash": w.hash, "total_lines": w.total_lines})
}

/// Appends `lines`, each ended by `eol`, to `out`.
fn push_lines(out: &mut Vec<u8>, new: &[&str], eol: &[u8]) {
    for l in new {
        out.extend_from_slice(l.as_bytes());
        out.extend_from_slice(eol);
    }
}

/// insert-after-anchor: the anchor is checked as the reference checks it, then the
/// content goes in after the anchor line instead of before it.
fn insert_after_anchor(ctx: &Ctx, args: &JsonObject) -> ToolResult<Value> {
    let p = tools::insert::parse(args)?;
    let w = ctx.storage.mutate_text(
        &p.path,
        &p.hash,
        Box::new(move |b| {
            edit::insert(b, p.line, &p.anchor, &p.content)?;
            let all = lines::split_lines(b);
            let n = lines::resolve_line(p.line, all.len())?;
            let at = all[n - 1].end;
            let eol = lines::detect_eol(b).bytes();
            let mut out = b[..at].to_vec();
            if !all[n - 1].has_terminator() {
                out.extend_from_slice(eol);
            }
            push_lines(&mut out, &edit::parse_line_text(&p.content), eol);
            out.extend_from_slice(&b[at..]);
            Ok(Some(out))
        }),
    )?;
    Ok(edit_result(w))
}

/// append-no-break (an unterminated last line gets no terminator first) and
/// append-joins-last-line (the new text continues the last line).
fn append_without_break(ctx: &Ctx, args: &JsonObject, joins: bool) -> ToolResult<Value> {
    let p = tools::append::parse(args)?;
    let w = ctx.storage.mutate_text(
        &p.path,
        &p.hash,
        Box::new(move |b| {
            let new = edit::parse_line_text(&p.content);
            if new.is_empty() {
                return Ok(None);
            }
            let eol = lines::detect_eol(b).bytes();
            let base = if joins {
                let b = b.strip_suffix(b"\n").unwrap_or(b);
                b.strip_suffix(b"\r").unwrap_or(b)
            } else {
                b
            };
            let mut out = base.to_vec();
            push_lines(&mut out, &new, eol);
            Ok(Some(out))
        }),
    )?;
    Ok(edit_result(w))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcp_reference::name_style::NameStyle;

    fn on(name: &'static str) -> Injected {
        Injected {
            name,
            root: std::path::PathBuf::from("/nonexistent"),
            style: NameStyle::Dotted,
        }
    }

    #[test]
    fn ranges_are_rewritten_as_the_faulty_line_model_reads_them() {
        // 5 lines: [1, 3] inclusive is [1, 4); -1 off by one is -2; 0 as a line is -6.
        assert_eq!(
            rewrite_range(&on("range-end-inclusive"), 5, 1, 3),
            Some((1, 4))
        );
        assert_eq!(
            rewrite_range(&on("range-end-inclusive"), 5, -3, -1),
            Some((-3, 0))
        );
        assert_eq!(rewrite_range(&on("range-end-inclusive"), 5, 2, 0), None);
        assert_eq!(
            rewrite_range(&on("negative-off-by-one"), 5, -2, 0),
            Some((-3, 0))
        );
        assert_eq!(rewrite_range(&on("zero-not-open"), 5, 3, 0), Some((3, -6)));
        assert_eq!(
            rewrite_range(&on("zero-start-rejected"), 5, 0, 2),
            Some((-6, 2))
        );
        assert_eq!(rewrite_range(&on("range-clamped"), 5, 4, 99), Some((4, 6)));
        assert_eq!(rewrite_range(&on("range-clamped"), 5, -99, 2), Some((1, 2)));
        assert_eq!(rewrite_range(&on("range-clamped"), 5, 9, 99), Some((6, 6)));
    }

    #[test]
    fn paths_are_rewritten_as_the_faulty_server_reads_them() {
        assert_eq!(
            rewrite_path(&on("dotdot-clamped"), "/../etc/passwd").as_deref(),
            Some("/etc/passwd")
        );
        assert_eq!(
            rewrite_path(&on("backslash-separator"), "\\\\srv\\share\\f").as_deref(),
            Some("//srv/share/f")
        );
        assert_eq!(rewrite_path(&on("dotdot-clamped"), "/a/b"), None);
    }
}
