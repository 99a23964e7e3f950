//! The operation steps of the shared checks (`specs/shared/`), typed: `{op: read, path: x}`
//! alone, or as the `do` of a `concurrent`, `read_during` or `race` step. Each is read into
//! a `SharedStep`, checked against `checks.yaml`, and then becomes the step the profile's
//! `operations` block gives for it, as YAML that the ordinary step model then reads.

use std::collections::BTreeMap;

use crate::catalogue::yaml::{Mapping, Value};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::one_of::serde_fields;
use super::profile::Profile;

/// One use of an abstract operation. Its fields other than `op` are the parameters a
/// profile's template names as `{path}`, `{content}`, ...; `{hash}` is the SHA-256 of
/// `believed`, for interfaces that guard a mutation by the hash of the content the caller
/// believes is there.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Operation {
    pub op: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub believed: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// An edit's text to find, and what replaces it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub old: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new: Option<String>,
}

/// A `when` step of a shared case.
#[derive(Debug, Clone, PartialEq)]
pub enum SharedStep {
    /// `{op: ..., may_fail: true}`: the profile's step for the operation (`may_fail` belongs
    /// to the step, not to the operation).
    Op {
        operation: Operation,
        may_fail: Option<bool>,
    },
    /// A `concurrent` or `read_during` step whose `do` is an operation; `step` is the step
    /// as written, without the `do`.
    Wrapped {
        wrapper: Wrapper,
        operation: Operation,
        step: Mapping,
    },
    /// A `race` whose `do` lists the operations its calls make; `step` as for `Wrapped`.
    Race {
        operations: Vec<Operation>,
        step: Mapping,
    },
    /// Any other step, an ordinary step of the model, taken as it is.
    Plain(Value),
}

/// The steps whose `do` may be an operation that becomes their tool call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wrapper {
    Concurrent,
    ReadDuring,
}

impl Wrapper {
    const ALL: [Wrapper; 2] = [Wrapper::Concurrent, Wrapper::ReadDuring];

    /// The step's YAML key.
    fn key(self) -> &'static str {
        match self {
            Wrapper::Concurrent => "concurrent",
            Wrapper::ReadDuring => "read_during",
        }
    }
}

impl Operation {
    /// `{op: read, path}`: what a `read_during` step's reads do.
    pub fn read(path: &str) -> Operation {
        Operation {
            op: "read".into(),
            path: Some(path.to_string()),
            content: None,
            believed: None,
            to: None,
            old: None,
            new: None,
        }
    }

    /// The parameter names a template may use: the fields but `op`, and `hash`.
    pub fn parameter_names() -> impl Iterator<Item = &'static str> {
        let fields = serde_fields::<Operation>().iter().copied();
        fields.filter(|f| *f != "op").chain(["hash"])
    }

    fn from_value(v: Value) -> Result<Operation, String> {
        crate::catalogue::yaml::from_value(v).map_err(|e| format!("an operation step: {e}"))
    }

    /// The parameters this use gives, by name, with `hash` derived from `believed`.
    fn parameters(&self) -> BTreeMap<String, String> {
        let given = crate::catalogue::yaml::to_value(self).expect("strings always serialize");
        let mut params: BTreeMap<String, String> =
            crate::catalogue::yaml::from_value(given).expect("every field is a string");
        params.remove("op");
        if let Some(b) = &self.believed {
            let digest = Sha256::digest(b.as_bytes());
            params.insert(
                "hash".into(),
                digest.iter().map(|b| format!("{b:02x}")).collect(),
            );
        }
        params
    }

    /// The optional parameter (`believed`, or `hash` made of it) that the profile's template
    /// for this operation uses but this use does not give: a case whose step lacks it cannot
    /// be run through that template (an interface whose overwrite is hash-guarded, and a
    /// case that overwrites a file without saying what it believes is there).
    pub fn lacks_for(&self, profile: &Profile) -> Option<&'static str> {
        let template = profile.operations.get(&self.op)?;
        let given = self.parameters();
        ["believed", "hash"].into_iter().find(|p| {
            !given.contains_key(*p)
                && template_strings(template).any(|s| s.contains(&format!("{{{p}}}")))
        })
    }

    /// The profile's step for this use, its parameters filled in; `None` when the profile
    /// does not offer the operation (its entry is a sentence saying why).
    pub fn for_profile(&self, profile: &Profile) -> Result<Option<Value>, String> {
        let name = &self.op;
        let t = profile
            .operations
            .get(name)
            .ok_or_else(|| format!("the profile has no entry for operation `{name}`"))?;
        if t.is_string() {
            return Ok(None);
        }
        let mut t = t.clone();
        fill(&mut t, &self.parameters()).map_err(|p| {
            format!(
                "operation `{name}`: the profile's template uses `{{{p}}}`, which this step \
                 does not give"
            )
        })?;
        Ok(Some(t))
    }
}

/// Every string in a template.
fn template_strings(v: &Value) -> Box<dyn Iterator<Item = &str> + '_> {
    match v {
        Value::String(s) => Box::new(std::iter::once(s.as_str())),
        Value::Sequence(seq) => Box::new(seq.iter().flat_map(template_strings)),
        Value::Mapping(m) => Box::new(m.values().flat_map(template_strings)),
        _ => Box::new(std::iter::empty()),
    }
}

/// Replaces `{name}` placeholders in every string of `v`; `Err(name)` for one not given.
/// A path that is absolute by construction (`${outside}/secret`) replaces `${root}/{path}`
/// whole: a template that joins paths to the root sends it as it is, and so does one of
/// relative names (the shape that wrote outside when given an absolute name).
fn fill(v: &mut Value, params: &BTreeMap<String, String>) -> Result<(), String> {
    match v {
        Value::String(s) => {
            for p in ["path", "to"] {
                if let Some(val) = params.get(p).filter(|v| v.starts_with("${outside}")) {
                    *s = s.replace(&format!("${{root}}/{{{p}}}"), val);
                }
            }
            for p in Operation::parameter_names() {
                let key = format!("{{{p}}}");
                if s.contains(&key) {
                    let val = params.get(p).ok_or_else(|| p.to_string())?;
                    *s = s.replace(&key, val);
                }
            }
            Ok(())
        }
        Value::Sequence(seq) => seq.iter_mut().try_for_each(|x| fill(x, params)),
        Value::Mapping(m) => m.iter_mut().try_for_each(|(_, x)| fill(x, params)),
        _ => Ok(()),
    }
}

impl SharedStep {
    /// Reads one step of a shared case.
    pub fn parse(step: Value) -> Result<SharedStep, String> {
        let Value::Mapping(mut map) = step else {
            return Ok(SharedStep::Plain(step));
        };
        if map.contains_key("op") {
            let may_fail = map
                .remove("may_fail")
                .map(crate::catalogue::yaml::from_value);
            let may_fail = may_fail
                .transpose()
                .map_err(|e| format!("`may_fail`: {e}"))?;
            let operation = Operation::from_value(Value::Mapping(map))?;
            return Ok(SharedStep::Op {
                operation,
                may_fail,
            });
        }
        if let Some(race) = map.get_mut("race").and_then(Value::as_mapping_mut) {
            let ops = race
                .remove("do")
                .and_then(|v| v.as_sequence().cloned())
                .ok_or("a shared `race` needs `do`, a list of operations")?;
            let operations = ops.into_iter().map(Operation::from_value);
            return Ok(SharedStep::Race {
                operations: operations.collect::<Result<_, _>>()?,
                step: map,
            });
        }
        for wrapper in Wrapper::ALL {
            let inner = map.get_mut(wrapper.key()).and_then(Value::as_mapping_mut);
            if let Some(op) = inner.and_then(|i| i.remove("do")) {
                let operation = Operation::from_value(op)
                    .map_err(|e| format!("`{}.do`: {e}", wrapper.key()))?;
                return Ok(SharedStep::Wrapped {
                    wrapper,
                    operation,
                    step: map,
                });
            }
        }
        Ok(SharedStep::Plain(Value::Mapping(map)))
    }

    /// The operations the step uses.
    pub fn operations(&self) -> Vec<&Operation> {
        match self {
            SharedStep::Op { operation, .. } | SharedStep::Wrapped { operation, .. } => {
                vec![operation]
            }
            SharedStep::Race { operations, .. } => operations.iter().collect(),
            SharedStep::Plain(_) => Vec::new(),
        }
    }

    /// The profile's own step; `None` when the profile lacks an operation it uses.
    pub fn for_profile(self, profile: &Profile) -> Result<Option<Value>, String> {
        match self {
            SharedStep::Op {
                operation,
                may_fail,
            } => op_step(profile, &operation, may_fail),
            SharedStep::Wrapped {
                wrapper,
                operation,
                step,
            } => wrapped_step(profile, wrapper, &operation, step),
            SharedStep::Race { operations, step } => race_step(profile, &operations, step),
            SharedStep::Plain(v) => Ok(Some(v)),
        }
    }
}

/// `{op: ...}`: the profile's template, with the step's `may_fail`.
fn op_step(
    profile: &Profile,
    operation: &Operation,
    may_fail: Option<bool>,
) -> Result<Option<Value>, String> {
    let Some(mut t) = operation.for_profile(profile)? else {
        return Ok(None);
    };
    if let (Some(m), Some(f)) = (t.as_mapping_mut(), may_fail) {
        m.insert("may_fail".into(), f.into());
    }
    Ok(Some(t))
}

/// A `concurrent` or `read_during` step making the template's call. The reads during the
/// call go through the profile's own read operation, so an interface that names files
/// otherwise (the editor's `{uri}`) is read correctly.
fn wrapped_step(
    profile: &Profile,
    wrapper: Wrapper,
    operation: &Operation,
    mut step: Mapping,
) -> Result<Option<Value>, String> {
    let Some(t) = operation.for_profile(profile)? else {
        return Ok(None);
    };
    let key = wrapper.key();
    let inner = step
        .get_mut(key)
        .and_then(Value::as_mapping_mut)
        .expect("parsed as a wrapper");
    let call = t
        .get("call")
        .ok_or_else(|| format!("`{key}` needs an operation that is a tool call"))?;
    inner.insert("call".into(), call.clone());
    inner.insert("args".into(), t.get("args").cloned().unwrap_or_default());
    if wrapper == Wrapper::ReadDuring
        && let Some(path) = inner.get("path")
    {
        let path: String =
            crate::catalogue::yaml::from_value(path.clone()).map_err(|e| format!("`path`: {e}"))?;
        let read = Operation::read(&path);
        if let Some(args) = read
            .for_profile(profile)?
            .and_then(|r| r.get("args").cloned())
        {
            inner.insert("reader_args".into(), args);
        }
    }
    Ok(Some(Value::Mapping(step)))
}

/// A race whose calls are the profile's templates of its operations.
fn race_step(
    profile: &Profile,
    operations: &[Operation],
    mut step: Mapping,
) -> Result<Option<Value>, String> {
    let mut calls = Vec::new();
    for operation in operations {
        let Some(t) = operation.for_profile(profile)? else {
            return Ok(None);
        };
        calls.push(t);
    }
    let race = step
        .get_mut("race")
        .and_then(Value::as_mapping_mut)
        .expect("parsed as a race");
    race.insert("calls".into(), Value::Sequence(calls));
    Ok(Some(Value::Mapping(step)))
}

/// Here rather than in `profile.rs`, which would otherwise import this module back.
impl Profile {
    /// The call that reads the whole file `path` (relative to the root) for `read_during`:
    /// the `read` operation's template when the profile maps one to a call (so an
    /// interface of absolute paths reads `${root}/{path}`), else `reader` with
    /// `{"path": path}`. `None` when the profile has neither.
    pub fn read_call(&self, path: &str) -> Option<(String, serde_json::Value)> {
        // A profile without a `read` template, or whose read is no call, reads by `reader`.
        let read = Operation::read(path).for_profile(self).ok().flatten();
        if let Some(t) = read
            && let Some(tool) = t.get("call").and_then(Value::as_str)
        {
            let args = serde_json::to_value(t.get("args")?).ok()?;
            return Some((tool.to_string(), args));
        }
        let reader = self.reader.clone()?;
        let mut args = serde_json::Map::new();
        args.extend(self.reader_args.clone());
        args.insert("path".into(), serde_json::Value::String(path.to_string()));
        Some((reader, serde_json::Value::Object(args)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(yaml: &str) -> Result<SharedStep, String> {
        SharedStep::parse(crate::catalogue::yaml::from_str(yaml).unwrap())
    }

    /// An edit tool taking a list of files, each with its list of edits: the template's
    /// `{old}` and `{new}` are filled two lists deep.
    #[test]
    fn a_template_is_filled_inside_nested_lists() {
        let template = "{call: edit_files, args: {files: [{path: \"{path}\", edits: \
                        [{old_text: \"{old}\", new_text: \"{new}\"}]}]}}";
        let mut profile = Profile::default();
        profile.operations.insert(
            "edit".into(),
            crate::catalogue::yaml::from_str(template).unwrap(),
        );
        let Ok(SharedStep::Op { operation, .. }) =
            parse("{op: edit, path: a.txt, old: two, new: TWO}")
        else {
            panic!("an edit step");
        };
        let step = operation.for_profile(&profile).unwrap().unwrap();
        let want: Value = crate::catalogue::yaml::from_str(
            "{call: edit_files, args: {files: [{path: a.txt, edits: [{old_text: two, new_text: TWO}]}]}}",
        )
        .unwrap();
        assert_eq!(step, want);
    }

    #[test]
    fn each_shape_reads_into_its_typed_form() {
        let op = parse("{op: read, path: a, may_fail: true}").unwrap();
        assert!(matches!(
            op,
            SharedStep::Op {
                may_fail: Some(true),
                ..
            }
        ));
        let race = parse("{race: {swap: a, with: b, do: [{op: read, path: a}]}}").unwrap();
        assert_eq!(race.operations().len(), 1);
        let during = parse("{read_during: {path: a, do: {op: overwrite, path: a}}}").unwrap();
        assert!(matches!(
            during,
            SharedStep::Wrapped {
                wrapper: Wrapper::ReadDuring,
                ..
            }
        ));
        assert!(matches!(
            parse("{list_tools: {}}").unwrap(),
            SharedStep::Plain(_)
        ));
    }

    #[test]
    fn an_unknown_parameter_or_a_race_without_do_is_an_error() {
        let e = parse("{op: read, pth: a}").unwrap_err();
        assert!(e.contains("unknown field `pth`"), "{e}");
        let e = parse("{race: {swap: a, with: b, calls: []}}").unwrap_err();
        assert!(e.contains("needs `do`"), "{e}");
    }

    /// A wrapper's key is the key of the step form it becomes.
    #[test]
    fn each_wrapper_is_named_by_its_step_form() {
        for (wrapper, body) in [
            (Wrapper::Concurrent, "{count: 2, call: t}"),
            (Wrapper::ReadDuring, "{call: t, path: p}"),
        ] {
            let yaml = format!("{{{}: {body}}}", wrapper.key());
            let step: crate::catalogue::Step = crate::catalogue::yaml::from_str(&yaml).unwrap();
            assert_eq!(step.kind(), wrapper.key());
        }
    }

    #[test]
    fn the_parameter_names_are_the_fields_and_hash() {
        let names: Vec<&str> = Operation::parameter_names().collect();
        assert_eq!(
            names,
            ["path", "content", "believed", "to", "old", "new", "hash"]
        );
    }
}
