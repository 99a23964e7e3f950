//! The safety checks every profile shares (`specs/shared/`), written once against abstract
//! operations ("read file X", "create file X", "delete X", ...) and turned into one
//! profile's own cases with the `operations` and `shared_covers` of its `profile.yaml`.
//!
//! Expansion works on the YAML before it is parsed into cases, so a shared case becomes an
//! ordinary case of the profile (id `<profile>/<id>`, e.g. `lighthouse/SAFE-004`) and is
//! validated, linted, rendered and run like any other. Its operation steps are read into
//! their typed form first (`operation.rs`), which gives the profile's step for each.

use std::collections::{BTreeMap, BTreeSet};

use crate::catalogue::yaml::Value;
use serde::Deserialize;

use super::Problem;
use super::model::{Area, Case, Expect};
use super::operation::SharedStep;
use super::profile::Profile;

/// `specs/shared/checks.yaml`: the abstract checks a shared case covers, and the operations
/// its steps may use. Each profile maps both in its `profile.yaml`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SharedIndex {
    pub checks: Vec<Described>,
    pub operations: Vec<Described>,
}

/// A named check or operation with what it means.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Described {
    pub id: String,
    pub meaning: String,
    /// For a check whose behaviour is a server's choice (serving a symlink that stays
    /// inside): why. A profile rests it on a clarification; an interface file makes it a
    /// clarification of its own (`UNIVERSAL-CLR-<CHECK>`), never a core requirement.
    #[serde(default)]
    pub choice: Option<String>,
}

/// The shared areas of `files` (`(name, YAML)` of `specs/shared/`), expanded for `profile`.
/// Cases that use an operation the profile does not offer are left out. `shown` is the
/// folder as shown in messages (e.g. `specs/shared/`).
pub fn expand(
    profile: &Profile,
    files: &[(String, String)],
    shown: &str,
) -> Result<Vec<Area>, Vec<Problem>> {
    expand_reporting(profile, files, shown).map(|(areas, _)| areas)
}

/// The operations each shared case's steps use, by its id as written in `specs/shared/`
/// (`SAFE-001` → `read`): an interface run's verdict asks, of each operation the file
/// maps, that one of its cases ran (`run/report/gaps.rs`). Files that do not parse give
/// nothing here; `expand` reports them.
pub fn operations_by_case(files: &[(String, String)]) -> BTreeMap<String, BTreeSet<String>> {
    let mut out = BTreeMap::new();
    let areas = files
        .iter()
        .filter(|(name, _)| name != "checks.yaml")
        .filter_map(|(_, text)| crate::catalogue::yaml::from_str::<Value>(text).ok());
    for area in areas {
        let cases = area.get("cases").and_then(Value::as_sequence);
        for case in cases.into_iter().flatten() {
            let Some(id) = case.get("id").and_then(Value::as_str) else {
                continue;
            };
            let steps = case.get("when").and_then(Value::as_sequence);
            let ops: BTreeSet<String> = steps
                .into_iter()
                .flatten()
                .filter_map(|s| SharedStep::parse(s.clone()).ok())
                .flat_map(|s| {
                    s.operations()
                        .into_iter()
                        .map(|o| o.op.clone())
                        .collect::<Vec<_>>()
                })
                .collect();
            out.insert(id.to_string(), ops);
        }
    }
    out
}

/// A shared case left out of a profile because it uses an operation the profile declares
/// absent: an interface file's run reports it as skipped (a skip is never a pass).
#[derive(Debug, Clone, PartialEq)]
pub struct LeftOut {
    /// The shared area's name (`safety`), whose feature the case would be in.
    pub area: String,
    /// The case's id in the profile (`my-server/SAFE-006`) and its name.
    pub id: String,
    pub name: String,
    /// The check names the case covers (`symlinks`), before they become the profile's ids.
    pub checks: Vec<String>,
    /// The operation it needs and the profile's sentence on why there is none, or (with
    /// `lacks`) the harness's sentence on the parameter the case does not give.
    pub operation: String,
    pub reason: String,
    /// The parameter (`believed`, `hash`) the operation's template needs and the case's step
    /// does not give; `None` when the profile declares the operation absent.
    pub lacks: Option<String>,
}

/// Why a case cannot run on a profile: an operation it uses, and the parameter of that
/// operation's template the step does not give (`None`: the operation is declared absent).
#[derive(Debug, Clone, PartialEq)]
pub struct Unrunnable {
    pub operation: String,
    pub lacks: Option<&'static str>,
}

/// `expand`, and the cases left out with the operation each needed.
pub fn expand_reporting(
    profile: &Profile,
    files: &[(String, String)],
    shown: &str,
) -> Result<(Vec<Area>, Vec<LeftOut>), Vec<Problem>> {
    let mut problems = Vec::new();
    let mut index = None;
    let mut areas = Vec::new();
    for (name, text) in files {
        let file = format!("{shown}{name}");
        let parsed: Result<Value, _> = crate::catalogue::yaml::from_str(text);
        match (name.as_str(), parsed) {
            (_, Err(e)) => problems.push(Problem::new(&file, None, e.to_string())),
            ("checks.yaml", Ok(v)) => match crate::catalogue::yaml::from_value::<SharedIndex>(v) {
                Ok(i) => index = Some(i),
                Err(e) => problems.push(Problem::new(&file, None, e.to_string())),
            },
            (_, Ok(v)) => areas.push((name.clone(), file, v)),
        }
    }
    let Some(index) = index else {
        problems.push(Problem::new(format!("{shown}checks.yaml"), None, "missing"));
        return Err(problems);
    };
    problems.extend(check_profile(profile, &index, shown));
    let mut out = Vec::new();
    let mut left_out = Vec::new();
    if problems.is_empty() {
        for (name, file, value) in areas {
            match expand_area(profile, &index, value, &file) {
                Ok((mut area, left)) => {
                    left_out.extend(left.into_iter().map(|mut l| {
                        l.area = area.area.clone();
                        l
                    }));
                    // Every case uses an operation the profile lacks: no area at all.
                    if !area.cases.is_empty() {
                        area.file = format!("../shared/{name}");
                        out.push(area);
                    }
                }
                Err(p) => problems.extend(p),
            }
        }
    }
    if problems.is_empty() {
        Ok((out, left_out))
    } else {
        Err(problems)
    }
}

/// Every operation of the index is mapped (or explained) by the profile, and the profile
/// maps nothing the index does not know. (A check needs a mapping once a case that covers
/// it applies to the profile; `expand_case` says so.)
fn check_profile(profile: &Profile, index: &SharedIndex, shown: &str) -> Vec<Problem> {
    let file = format!("specs/{}/profile.yaml", profile.profile);
    let mut out = Vec::new();
    let known = |list: &[Described], id: &str| list.iter().any(|d| d.id == id);
    for o in &index.operations {
        if !profile.operations.contains_key(&o.id) {
            out.push(Problem::new(
                &file,
                None,
                format!(
                    "`operations` needs `{}` ({}): a step template such as `{{call: TOOL, args: \
                     {{path: \"{{path}}\"}}}}`, or a sentence saying why the interface has no \
                     such operation",
                    o.id, o.meaning
                ),
            ));
        }
    }
    for k in profile.shared_covers.keys() {
        if !known(&index.checks, k) {
            out.push(Problem::new(
                &file,
                None,
                format!("`shared_covers` names `{k}`, which {shown}checks.yaml does not define"),
            ));
        }
    }
    for k in profile.shared_skips.keys() {
        if !known(&index.checks, k) {
            out.push(Problem::new(
                &file,
                None,
                format!("`shared_skips` names `{k}`, which {shown}checks.yaml does not define"),
            ));
        }
    }
    for k in profile.operations.keys() {
        if !known(&index.operations, k) {
            out.push(Problem::new(
                &file,
                None,
                format!("`operations` names `{k}`, which {shown}checks.yaml does not define"),
            ));
        }
    }
    out
}

/// One shared area file, with its cases rewritten for the profile, and the cases left out
/// (their `area` is filled in by the caller).
fn expand_area(
    profile: &Profile,
    index: &SharedIndex,
    mut value: Value,
    file: &str,
) -> Result<(Area, Vec<LeftOut>), Vec<Problem>> {
    let mut problems = Vec::new();
    let cases = value
        .get_mut("cases")
        .and_then(Value::as_sequence_mut)
        .map(std::mem::take)
        .unwrap_or_default();
    let mut kept = Vec::new();
    let mut left_out = Vec::new();
    for mut case in cases {
        let id = case
            .get("id")
            .and_then(Value::as_str)
            .unwrap_or("?")
            .to_string();
        let original = case.clone();
        match expand_case(profile, index, &mut case) {
            Ok(None) => kept.push(case),
            Ok(Some(why)) => left_out.push(left_out_case(profile, &original, why)),
            Err(m) => problems.push(Problem::new(file, Some(&id), m)),
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    if let Some(map) = value.as_mapping_mut() {
        map.insert("cases".into(), Value::Sequence(kept));
    }
    let mut area = crate::catalogue::yaml::from_value::<Area>(value)
        .map_err(|e| vec![Problem::new(file, None, e.to_string())])?;
    area.cases
        .iter_mut()
        .for_each(|c| read_into_reader_field(profile, c));
    Ok((area, left_out))
}

/// What a run says of a shared case (as written in `specs/shared/`) that needs `operation`,
/// which the profile declares absent.
fn left_out_case(profile: &Profile, case: &Value, why: Unrunnable) -> LeftOut {
    let text = |key: &str| case.get(key).and_then(Value::as_str).unwrap_or("?");
    let checks = case
        .get("covers")
        .and_then(|v| crate::catalogue::yaml::from_value::<Vec<String>>(v.clone()).ok())
        .unwrap_or_default();
    let Unrunnable { operation, lacks } = why;
    let reason = match lacks {
        Some(p) => lacks_sentence(&operation, p),
        // An operation declared absent, or a check the profile skips (`shared_skips`).
        None => profile
            .operations
            .get(&operation)
            .and_then(Value::as_str)
            .or_else(|| profile.shared_skips.get(&operation).map(String::as_str))
            .unwrap_or_default()
            .to_string(),
    };
    LeftOut {
        area: String::new(),
        id: format!("{}/{}", profile.profile, text("id")),
        name: text("name").to_string(),
        checks,
        operation,
        reason,
        lacks: lacks.map(str::to_string),
    }
}

/// Why a case is not run when its step lacks `parameter` of `operation`'s template.
fn lacks_sentence(operation: &str, parameter: &str) -> String {
    format!(
        "this case gives no believed content (`{{believed}}`), which the mapping's `{operation}` \
         needs (its template uses `{{{parameter}}}`)"
    )
}

/// A shared case checks a read's text as the result field `content`; a profile whose
/// reader puts it elsewhere (`data`) gets its own field name.
fn read_into_reader_field(profile: &Profile, case: &mut Case) {
    if let Expect::Result(r) = &mut case.then.expect {
        r.rename_field("content", profile.reader_field());
    }
}

/// What expanding a step or case found: `None`, every operation it uses is offered and
/// given what its template needs; `Some(why)`, the case is left out (an operation absent
/// or short of a parameter, or a check the profile skips, `shared_skips`, named in
/// `operation`).
type Missing = Option<Unrunnable>;

/// Rewrites one case in place: the profile in its id, the profile's ids in `covers`, the
/// profile's steps for operations. `Ok(Some(op))`: the profile lacks an operation it uses.
fn expand_case(
    profile: &Profile,
    index: &SharedIndex,
    case: &mut Value,
) -> Result<Missing, String> {
    let map = case.as_mapping_mut().ok_or("a case must be a mapping")?;
    let id = map
        .get("id")
        .and_then(Value::as_str)
        .ok_or("a case needs an `id`")?;
    let id = format!("{}/{id}", profile.profile);
    map.insert("id".into(), id.into());

    if let Some(steps) = map.get_mut("when").and_then(Value::as_sequence_mut) {
        for step in steps.iter_mut() {
            match expand_step(profile, index, std::mem::take(step))? {
                Ok(s) => *step = s,
                Err(why) => return Ok(Some(why)),
            }
        }
    }
    let checks: Vec<String> = match map.get("covers") {
        Some(v) => {
            crate::catalogue::yaml::from_value(v.clone()).map_err(|e| format!("`covers`: {e}"))?
        }
        None => return Err("a shared case needs `covers` (check names)".into()),
    };
    // A check the profile skips leaves the case out, with the profile's reason.
    if let Some(c) = checks
        .iter()
        .find(|c| profile.shared_skips.contains_key(*c))
    {
        return Ok(Some(Unrunnable {
            operation: c.clone(),
            lacks: None,
        }));
    }
    let mut ids: Vec<String> = Vec::new();
    for c in &checks {
        if !index.checks.iter().any(|d| &d.id == c) {
            return Err(format!(
                "`covers` names `{c}`, which checks.yaml does not define"
            ));
        }
        let mapped = profile.shared_covers.get(c).filter(|ids| !ids.is_empty());
        let mapped = mapped.ok_or_else(|| {
            format!(
                "specs/{}/profile.yaml: `shared_covers` needs `{c}`, the ids of the profile \
                 this check rests on",
                profile.profile
            )
        })?;
        for id in mapped {
            if !ids.contains(id) {
                ids.push(id.clone());
            }
        }
    }
    map.insert(
        "covers".into(),
        crate::catalogue::yaml::to_value(ids).expect("strings"),
    );

    Ok(None)
}

/// One step, typed, its operations checked against the index, then the profile's own;
/// `Ok(Err(why))` when the profile declares an operation it uses absent, or its template
/// needs a `{believed}` the step does not give.
fn expand_step(
    profile: &Profile,
    index: &SharedIndex,
    step: Value,
) -> Result<Result<Value, Unrunnable>, String> {
    let step = SharedStep::parse(step)?;
    for o in step.operations() {
        if !index.operations.iter().any(|d| d.id == o.op) {
            return Err(format!(
                "`op` names `{}`, which checks.yaml does not define",
                o.op
            ));
        }
        if profile.operations.get(&o.op).is_some_and(Value::is_string) {
            return Ok(Err(Unrunnable {
                operation: o.op.clone(),
                lacks: None,
            }));
        }
    }
    for o in step.operations() {
        if let Some(p) = o.lacks_for(profile) {
            return Ok(Err(Unrunnable {
                operation: o.op.clone(),
                lacks: Some(p),
            }));
        }
    }
    let step = step.for_profile(profile)?;
    let step = step.ok_or_else(|| "internal: an offered operation gave no step".to_string())?;
    Ok(Ok(step))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn profile(ops: &str) -> Profile {
        crate::catalogue::yaml::from_str(&format!(
            "profile: p\ntitle: P\nsource: s\ntools: [rd, rm]\n\
             shared_covers: {{confinement: [R-1]}}\noperations: {ops}\n"
        ))
        .unwrap()
    }

    const INDEX: &str = "checks: [{id: confinement, meaning: m}]\n\
                         operations: [{id: read, meaning: r}, {id: delete, meaning: d}]\n";

    const AREA: &str = "area: safety\ntitle: T\ncases:\n\
        - id: SAFE-001\n  name: n\n  covers: [confinement]\n  when:\n    - op: read\n      path: \"../x\"\n  then: {error: {kind: any}}\n\
        - id: SAFE-002\n  name: n\n  covers: [confinement]\n  when:\n    - op: delete\n      path: x\n      believed: \"a\\n\"\n  then: {error: {kind: any}}\n";

    fn files() -> Vec<(String, String)> {
        vec![
            ("checks.yaml".into(), INDEX.into()),
            ("safety.yaml".into(), AREA.into()),
        ]
    }

    #[test]
    fn each_case_names_the_operations_its_steps_use() {
        let ops = operations_by_case(&files());
        let of = |id: &str| ops[id].iter().cloned().collect::<Vec<_>>();
        assert_eq!(of("SAFE-001"), ["read"]);
        assert_eq!(of("SAFE-002"), ["delete"]);
        assert_eq!(ops.len(), 2);
    }

    #[test]
    fn cases_take_the_profile_steps_ids_and_covers() {
        let p = profile(
            "{read: {call: rd, args: {path: \"{path}\"}}, \
              delete: {call: rm, args: {path: \"{path}\", hash: \"{hash}\"}}}",
        );
        let areas = expand(&p, &files(), "specs/shared/").unwrap();
        let cases = &areas[0].cases;
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].id, "p/SAFE-001");
        assert_eq!(cases[0].covers, vec!["R-1".to_string()]);
        let rendered = format!("{:?}", cases[1].when);
        assert!(rendered.contains("\"rm\""), "{rendered}");
        // SHA-256 of "a\n".
        assert!(
            rendered.contains("87428fc522803d31065e7bce3cf03fe475096631e5e07bbd7a0fde60c4cf25c7"),
            "{rendered}"
        );
        assert_eq!(areas[0].file, "../shared/safety.yaml");
    }

    #[test]
    fn an_operation_the_profile_lacks_leaves_the_case_out() {
        let p = profile(
            "{read: {call: rd, args: {path: \"{path}\"}}, delete: \"this interface deletes nothing\"}",
        );
        let areas = expand(&p, &files(), "specs/shared/").unwrap();
        let ids: Vec<&str> = areas[0].cases.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids, ["p/SAFE-001"]);
    }

    #[test]
    fn an_unmapped_operation_or_check_is_named() {
        let p = profile("{read: {call: rd, args: {path: \"{path}\"}}}");
        let e = expand(&p, &files(), "specs/shared/").unwrap_err();
        let text: Vec<String> = e.iter().map(|p| p.to_string()).collect();
        assert!(
            text.iter()
                .any(|t| t.contains("`operations` needs `delete`")),
            "{text:?}"
        );
        let mut p = profile("{read: {call: rd, args: {path: \"{path}\"}}, delete: \"none\"}");
        p.shared_covers.clear();
        let e = expand(&p, &files(), "specs/shared/").unwrap_err();
        assert!(
            e[0].message.contains("`shared_covers` needs `confinement`"),
            "{e:?}"
        );
    }

    #[test]
    fn a_template_parameter_the_step_lacks_is_an_error() {
        let p = profile(
            "{read: {call: rd, args: {path: \"{path}\", x: \"{content}\"}}, delete: \"none\"}",
        );
        let e = expand(&p, &files(), "specs/shared/").unwrap_err();
        assert!(e[0].message.contains("`{content}`"), "{e:?}");
    }

    /// A hash-guarded template is loaded; a case whose step gives no `believed` is left out
    /// with the parameter named, and one that gives it runs.
    #[test]
    fn a_case_without_the_believed_content_a_template_needs_is_left_out() {
        let p = profile(
            "{read: {call: rd, args: {path: \"{path}\"}}, \
              delete: {call: rm, args: {path: \"{path}\", hash: \"{hash}\"}}}",
        );
        let unbelieved = AREA.to_string()
            + "- id: SAFE-003\n  name: n\n  covers: [confinement]\n  when:\n    - op: delete\n      path: y\n  then: {error: {kind: any}}\n";
        let files = vec![
            ("checks.yaml".to_string(), INDEX.to_string()),
            ("safety.yaml".to_string(), unbelieved),
        ];
        let (areas, left) = expand_reporting(&p, &files, "specs/shared/").unwrap();
        let ids: Vec<&str> = areas[0].cases.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids, ["p/SAFE-001", "p/SAFE-002"]);
        assert_eq!(left.len(), 1, "{left:?}");
        assert_eq!(left[0].id, "p/SAFE-003");
        assert_eq!(left[0].lacks.as_deref(), Some("hash"));
        assert!(
            left[0].reason.contains("gives no believed content")
                && left[0].reason.contains("`delete`"),
            "{}",
            left[0].reason
        );
    }
}
