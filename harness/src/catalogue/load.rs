//! Reading the catalogue from a directory or from the copy embedded in the binary, turning
//! serde errors into problems that name the file and the case. The catalogue has one folder
//! per profile (`specs/<profile>/`), each a complete catalogue of its own.

use std::path::Path;

use crate::catalogue::yaml::Value;
use serde::de::DeserializeOwned;

use super::model::{Area, Case, ClarificationsFile, RequirementsFile};
use super::profile::Profile;
use super::{Catalogue, CatalogueError, Problem, validate};

/// Loads every profile under `specs` (each subdirectory with a `profile.yaml`), sorted by
/// name; every problem of every profile is reported.
pub fn load_all(specs: &Path) -> Result<Vec<Catalogue>, CatalogueError> {
    let shown = specs.display().to_string();
    let rd = std::fs::read_dir(specs).map_err(|e| CatalogueError {
        problems: vec![Problem::new(
            &shown,
            None,
            format!("cannot read directory: {e}"),
        )],
    })?;
    let mut dirs: Vec<_> = rd
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.join("profile.yaml").is_file())
        .collect();
    dirs.sort();
    if dirs.is_empty() {
        return Err(CatalogueError {
            problems: vec![Problem::new(
                &shown,
                None,
                "no profile: expected subdirectories holding a profile.yaml",
            )],
        });
    }
    collect(dirs.iter().map(|d| load(d)))
}

/// Every profile's result, or all their problems.
fn collect(
    results: impl Iterator<Item = Result<Catalogue, CatalogueError>>,
) -> Result<Vec<Catalogue>, CatalogueError> {
    let mut out = Vec::new();
    let mut problems = Vec::new();
    for r in results {
        match r {
            Ok(c) => out.push(c),
            Err(e) => problems.extend(e.problems),
        }
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(CatalogueError { problems })
    }
}

/// Loads and validates one profile: `dir/profile.yaml`, `dir/requirements.yaml`,
/// `dir/clarifications.yaml` and every other `dir/*.yaml` as an area file.
pub fn load(dir: &Path) -> Result<Catalogue, CatalogueError> {
    let shown = dir.display().to_string();
    let fail = |message: String| CatalogueError {
        problems: vec![Problem::new(shown.clone(), None, message)],
    };
    let entries =
        std::fs::read_dir(dir).map_err(|e| fail(format!("cannot read directory: {e}")))?;
    let mut files = Vec::new();
    let mut problems = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| fail(format!("cannot read directory: {e}")))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.ends_with(".yaml") {
            continue;
        }
        match std::fs::read_to_string(entry.path()) {
            Ok(text) => files.push((name, text)),
            Err(e) => problems.push(Problem::new(
                entry.path().display().to_string(),
                None,
                format!("cannot read: {e}"),
            )),
        }
    }
    if !problems.is_empty() {
        return Err(CatalogueError { problems });
    }
    let prefix = format!("{}/", shown.trim_end_matches('/'));
    let shared_dir = dir.parent().map(|p| p.join("shared"));
    let shared = match &shared_dir {
        Some(d) if d.is_dir() => read_yaml_files(d)?,
        _ => Vec::new(),
    };
    let shared_shown = shared_dir
        .map(|d| format!("{}/", d.display()))
        .unwrap_or_default();
    load_with_shared(&files, &shared, &shared_shown, &prefix)
}

/// `(name, text)` of every `*.yaml` directly in `dir`.
fn read_yaml_files(dir: &Path) -> Result<Vec<(String, String)>, CatalogueError> {
    let shown = dir.display().to_string();
    let fail = |message: String| CatalogueError {
        problems: vec![Problem::new(shown.clone(), None, message)],
    };
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| fail(format!("cannot read directory: {e}")))? {
        let entry = entry.map_err(|e| fail(format!("cannot read directory: {e}")))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".yaml") {
            let text = std::fs::read_to_string(entry.path())
                .map_err(|e| fail(format!("cannot read {name}: {e}")))?;
            files.push((name, text));
        }
    }
    files.sort();
    Ok(files)
}

/// Loads and validates the profile `name` compiled into this binary.
pub fn load_embedded(name: &str) -> Result<Catalogue, CatalogueError> {
    let prefix = format!("{name}/");
    let files: Vec<(String, String)> = super::embedded::SPECS
        .iter()
        .filter_map(|(n, t)| Some((n.strip_prefix(&prefix)?.to_string(), t.to_string())))
        .collect();
    if files.is_empty() {
        return Err(CatalogueError {
            problems: vec![Problem::new(
                format!("specs/{name}"),
                None,
                format!(
                    "no such profile; the profiles are {}",
                    super::embedded::profiles().join(", ")
                ),
            )],
        });
    }
    let shared: Vec<(String, String)> = super::embedded::SPECS
        .iter()
        .filter_map(|(n, t)| Some((n.strip_prefix("shared/")?.to_string(), t.to_string())))
        .collect();
    load_with_shared(&files, &shared, "specs/shared/", &format!("specs/{prefix}"))
}

/// Loads and validates every profile compiled into this binary, sorted by name.
pub fn load_embedded_all() -> Result<Vec<Catalogue>, CatalogueError> {
    collect(super::embedded::profiles().into_iter().map(load_embedded))
}

/// Loads and validates a catalogue given as `(file name, YAML text)` pairs. `prefix` is put
/// before file names in messages (e.g. `specs/`).
pub fn load_sources(files: &[(String, String)], prefix: &str) -> Result<Catalogue, CatalogueError> {
    load_with_shared(files, &[], "", prefix)
}

/// `load_sources` plus the shared safety checks (`specs/shared/`, shown as `shared_shown`),
/// expanded into the profile's own cases.
pub fn load_with_shared(
    files: &[(String, String)],
    shared: &[(String, String)],
    shared_shown: &str,
    prefix: &str,
) -> Result<Catalogue, CatalogueError> {
    let mut files: Vec<&(String, String)> = files.iter().collect();
    files.sort_by(|a, b| a.0.cmp(&b.0));
    let mut cat = Catalogue::default();
    let mut problems = Vec::new();
    let mut seen_requirements = false;
    let mut seen_clarifications = false;
    let mut seen_profile = false;
    // A shared area renders into the profile's features beside its own areas, by file name.
    for (name, _) in shared
        .iter()
        .filter(|(n, _)| files.iter().any(|(f, _)| f == n))
    {
        problems.push(Problem::new(
            format!("{shared_shown}{name}"),
            None,
            format!("the profile has an area file of the same name ({prefix}{name}); rename one"),
        ));
    }
    for (name, text) in files {
        let shown = format!("{prefix}{name}");
        match name.as_str() {
            "profile.yaml" => {
                seen_profile = true;
                match parse::<Profile>(text) {
                    Ok(p) => cat.profile = p,
                    Err(e) => problems.push(Problem::new(&shown, None, e)),
                }
            }
            "requirements.yaml" => {
                seen_requirements = true;
                match parse::<RequirementsFile>(text) {
                    Ok(f) => cat.requirements = f.requirements,
                    Err(e) => problems.push(Problem::new(&shown, None, e)),
                }
            }
            "clarifications.yaml" => {
                seen_clarifications = true;
                match parse::<ClarificationsFile>(text) {
                    Ok(f) => cat.clarifications = f.clarifications,
                    Err(e) => problems.push(Problem::new(&shown, None, e)),
                }
            }
            _ => match parse::<Area>(text) {
                Ok(mut area) => {
                    area.file = name.clone();
                    cat.areas.push(area);
                }
                Err(e) => problems.extend(area_problems(&shown, text, e)),
            },
        }
    }
    if !seen_profile {
        problems.push(Problem::new(
            format!("{prefix}profile.yaml"),
            None,
            "missing",
        ));
    }
    if !seen_requirements {
        problems.push(Problem::new(
            format!("{prefix}requirements.yaml"),
            None,
            "missing",
        ));
    }
    if !seen_clarifications {
        problems.push(Problem::new(
            format!("{prefix}clarifications.yaml"),
            None,
            "missing",
        ));
    }
    if !shared.is_empty() && seen_profile && problems.is_empty() {
        match super::shared::expand(&cat.profile, shared, shared_shown) {
            Ok(areas) => cat.areas.extend(areas),
            Err(p) => problems.extend(p),
        }
    }
    problems.extend(validate::validate(&cat, prefix));
    if problems.is_empty() {
        Ok(cat)
    } else {
        Err(CatalogueError { problems })
    }
}

fn parse<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    crate::catalogue::yaml::from_str(text).map_err(|e| e.to_string())
}

/// When an area file does not parse, re-reads it case by case so each broken case is
/// reported with its id (serde's own message only gives a position).
fn area_problems(shown: &str, text: &str, whole: String) -> Vec<Problem> {
    let Ok(value) = crate::catalogue::yaml::from_str::<Value>(text) else {
        return vec![Problem::new(shown, None, whole)];
    };
    let cases = value.get("cases").and_then(Value::as_sequence);
    let mut out = Vec::new();
    for (i, case) in cases.into_iter().flatten().enumerate() {
        if let Err(e) = crate::catalogue::yaml::from_value::<Case>(case.clone()) {
            let id = case
                .get("id")
                .and_then(Value::as_str)
                .map(str::to_string)
                .unwrap_or_else(|| format!("case #{}", i + 1));
            out.push(Problem::new(shown, Some(&id), e.to_string()));
        }
    }
    if out.len() == 1 {
        // The whole-file message is the same error with its path and line; prefer it.
        out[0].message = whole.clone();
    }
    if out.is_empty() {
        out.push(Problem::new(shown, None, whole));
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_shared_area_may_not_share_a_profile_areas_file_name() {
        let files = [("edits.yaml".to_string(), "area: edits\n".to_string())];
        let shared = [("edits.yaml".to_string(), "area: edits\n".to_string())];
        let err =
            super::load_with_shared(&files, &shared, "specs/shared/", "specs/x/").unwrap_err();
        assert!(
            err.problems
                .iter()
                .any(|p| p.file == "specs/shared/edits.yaml"
                    && p.message.contains("specs/x/edits.yaml")),
            "{:?}",
            err.problems
        );
    }
}
