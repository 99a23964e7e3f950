//! Declared size limits of an interface file (`limits: {largest_read, largest_write,
//! largest_edit}`): a server whose documentation caps the bytes a read returns, a create
//! or overwrite writes, or the size of a file an edit changes. The shared cases that go
//! beyond a declared cap rest on `UNIVERSAL-DECLARED-LIMITS`, a SHOULD, so that a
//! documented cap is reported as an interface difference, not as a core failure of
//! UNIVERSAL-LARGE-FILES (or of any check whose case needs more than the cap).
//!
//! A case's sizes are read from its own text, before it becomes the interface's steps:
//! the files and variables its `given` makes (`text`, `base64`, `repeat`) and the
//! operations of its `when` (`SharedStep::operations`) that read, write or edit them.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::operation::SharedStep;
use crate::catalogue::yaml::Value;

/// The caps, in bytes; an absent one is no cap.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// The largest file a `read` returns whole.
    #[serde(default)]
    pub largest_read: Option<u64>,
    /// The largest content a `create` or `overwrite` writes.
    #[serde(default)]
    pub largest_write: Option<u64>,
    /// The largest file an `edit` changes.
    #[serde(default)]
    pub largest_edit: Option<u64>,
}

/// The requirement the cases beyond a cap rest on.
pub const DECLARED_LIMITS: &str = "UNIVERSAL-DECLARED-LIMITS";

impl Limits {
    /// The keys and their values, in the file's order.
    fn caps(&self) -> [(&'static str, Option<u64>); 3] {
        [
            ("largest_read", self.largest_read),
            ("largest_write", self.largest_write),
            ("largest_edit", self.largest_edit),
        ]
    }

    /// What is wrong with the values (each a key and a message).
    pub fn problems(&self) -> Vec<(&'static str, String)> {
        self.caps()
            .into_iter()
            .filter(|(_, v)| *v == Some(0))
            .map(|(k, _)| {
                (
                    k,
                    format!(
                        "`limits.{k}: 0` allows nothing; give the documented largest size in \
                         bytes (e.g. `{k}: 2097152` for 2 MiB), or leave the key out"
                    ),
                )
            })
            .collect()
    }

    /// The caps declared, as the requirement states them: "reads of at most 2097152 bytes".
    pub fn described(&self) -> String {
        let words = [
            "reads of at most",
            "creates and overwrites of at most",
            "edits of files of at most",
        ];
        self.caps()
            .iter()
            .zip(words)
            .filter_map(|((_, v), w)| v.map(|n| format!("{w} {n} bytes")))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Which cap the shared case (as written in specs/shared/) goes beyond, as "largest_read
    /// (a read of 10000000 bytes)", or `None`.
    pub fn beyond(&self, case: &Value) -> Option<String> {
        let sizes = CaseSizes::of(case);
        let over = |cap: Option<u64>, size: u64| cap.is_some_and(|c| size > c);
        if over(self.largest_read, sizes.read) {
            return Some(format!("largest_read (a read of {} bytes)", sizes.read));
        }
        if over(self.largest_write, sizes.write) {
            return Some(format!("largest_write (a write of {} bytes)", sizes.write));
        }
        if over(self.largest_edit, sizes.edit) {
            return Some(format!(
                "largest_edit (an edit of a file of {} bytes)",
                sizes.edit
            ));
        }
        None
    }
}

/// The largest read, write and edited file of one case, in bytes.
#[derive(Debug, Default, PartialEq, Eq)]
struct CaseSizes {
    read: u64,
    write: u64,
    edit: u64,
}

impl CaseSizes {
    fn of(case: &Value) -> CaseSizes {
        let (mut files, mut vars) = (BTreeMap::new(), BTreeMap::new());
        for g in case
            .get("given")
            .and_then(Value::as_sequence)
            .into_iter()
            .flatten()
        {
            let size = content_size(g, &vars);
            if let Some(name) = g.get("variable").and_then(Value::as_str) {
                vars.insert(name.to_string(), size);
            } else if let Some(path) = g.get("file").and_then(Value::as_str) {
                files.insert(path.to_string(), size);
            }
        }
        let mut out = CaseSizes::default();
        let steps = case.get("when").and_then(Value::as_sequence);
        for step in steps.into_iter().flatten() {
            let Ok(step) = SharedStep::parse(step.clone()) else {
                continue;
            };
            for op in step.operations() {
                let file = || op.path.as_ref().and_then(|p| files.get(p)).copied();
                match op.op.as_str() {
                    "read" => out.read = out.read.max(file().unwrap_or(0)),
                    "create" | "overwrite" => {
                        let written = op.content.as_deref().map_or(0, |c| expanded(c, &vars));
                        out.write = out.write.max(written);
                    }
                    "edit" => out.edit = out.edit.max(file().unwrap_or(0)),
                    _ => {}
                }
            }
        }
        out
    }
}

/// The bytes a fixture's `text`, `base64` or `repeat` makes.
fn content_size(fixture: &Value, vars: &BTreeMap<String, u64>) -> u64 {
    if let Some(t) = fixture.get("text").and_then(Value::as_str) {
        return expanded(t, vars);
    }
    if let Some(b) = fixture.get("base64").and_then(Value::as_str) {
        return (b.trim_end_matches('=').len() as u64) * 3 / 4;
    }
    let Some(r) = fixture.get("repeat") else {
        return 0;
    };
    let text = r.get("text").and_then(Value::as_str).unwrap_or("").len() as u64;
    text * r.get("times").and_then(Value::as_u64).unwrap_or(0)
}

/// The length of `text` with each `${name}` of a known variable counted at its size.
fn expanded(text: &str, vars: &BTreeMap<String, u64>) -> u64 {
    let mut size = text.len() as u64;
    for (name, n) in vars {
        let token = format!("${{{name}}}");
        let times = text.matches(&token).count() as u64;
        size = size - times * token.len() as u64 + times * n;
    }
    size
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(yaml: &str) -> Value {
        crate::catalogue::yaml::from_str(yaml).unwrap()
    }

    #[test]
    fn a_case_is_measured_by_what_its_operations_read_write_and_edit() {
        let read = case(
            "given:\n  - file: big.txt\n    repeat: {text: \"0123456789\", times: 100}\n\
             when:\n  - op: read\n    path: big.txt\n",
        );
        assert_eq!(
            CaseSizes::of(&read),
            CaseSizes {
                read: 1000,
                write: 0,
                edit: 0
            }
        );
        let write = case(
            "given:\n  - variable: big\n    repeat: {text: \"ab\", times: 50}\n\
             when:\n  - op: create\n    path: a.txt\n    content: \"${big}!\"\n",
        );
        assert_eq!(CaseSizes::of(&write).write, 101);
        let edit = case(
            "given:\n  - file: a.txt\n    text: \"one\\ntwo\\n\"\n\
             when:\n  - op: edit\n    path: a.txt\n    old: two\n    new: TWO\n",
        );
        assert_eq!(CaseSizes::of(&edit).edit, 8);
        let during = case(
            "given:\n  - file: a.txt\n    repeat: {text: \"x\", times: 70}\n\
             when:\n  - read_during:\n      do: {op: read, path: a.txt}\n      reads: 3\n",
        );
        assert_eq!(CaseSizes::of(&during).read, 70);
    }

    #[test]
    fn only_a_size_beyond_its_own_cap_is_beyond() {
        let read = case(
            "given:\n  - file: big.txt\n    repeat: {text: \"0123456789\", times: 100}\n\
             when:\n  - op: read\n    path: big.txt\n",
        );
        let limits = |r, w, e| Limits {
            largest_read: r,
            largest_write: w,
            largest_edit: e,
        };
        assert_eq!(limits(Some(1000), None, None).beyond(&read), None);
        assert_eq!(
            limits(Some(999), None, None).beyond(&read).as_deref(),
            Some("largest_read (a read of 1000 bytes)")
        );
        assert_eq!(limits(None, Some(1), Some(1)).beyond(&read), None);
        assert_eq!(
            limits(Some(5), None, Some(0)).problems()[0].0,
            "largest_edit"
        );
        assert_eq!(
            limits(Some(5), Some(7), None).described(),
            "reads of at most 5 bytes, creates and overwrites of at most 7 bytes"
        );
    }
}
