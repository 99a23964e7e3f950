//! Gherkin generation from the catalogue: rendering, `generate [--check]`, the features
//! embedded in the binary, and the `list` overview.

pub mod embedded;
mod list;
mod render;

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

pub use embedded::embedded_features;
pub use list::list;
pub use render::{FIX_COMMAND, json, render_feature, scenario_steps};

use crate::catalogue::{self, Catalogue, CatalogueError};

/// Every feature file the catalogue renders to: `<area>.feature` → text, sorted by name.
pub fn render_all(catalogues: &[Catalogue]) -> BTreeMap<String, String> {
    catalogues
        .iter()
        .flat_map(|cat| {
            cat.areas.iter().map(move |a| {
                (
                    format!("{}/{}", cat.profile.profile, a.feature_file()),
                    render_feature(a, cat),
                )
            })
        })
        .collect()
}

/// How `features/` differs from what the catalogue renders to (file names only).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Drift {
    /// Present but with different content.
    pub stale: Vec<String>,
    /// Rendered but absent.
    pub missing: Vec<String>,
    /// `.feature` files no area renders to.
    pub extra: Vec<String>,
}

impl Drift {
    pub fn is_empty(&self) -> bool {
        self.stale.is_empty() && self.missing.is_empty() && self.extra.is_empty()
    }
}

impl fmt::Display for Drift {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "features/ does not match what specs/ renders to:")?;
        for (what, names) in [
            ("stale", &self.stale),
            ("missing", &self.missing),
            ("extra", &self.extra),
        ] {
            for n in names {
                writeln!(f, "  {what}: features/{n}")?;
            }
        }
        write!(f, "Run `{FIX_COMMAND}` to regenerate them.")
    }
}

/// Compares rendered files with existing `(file name, text)` pairs (only `.feature` files
/// count).
pub fn drift(rendered: &BTreeMap<String, String>, existing: &[(String, String)]) -> Drift {
    let existing: BTreeMap<&str, &str> = existing
        .iter()
        .filter(|(n, _)| n.ends_with(".feature"))
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let mut d = Drift::default();
    for (name, text) in rendered {
        match existing.get(name.as_str()) {
            None => d.missing.push(name.clone()),
            Some(old) if old != text => d.stale.push(name.clone()),
            Some(_) => {}
        }
    }
    d.extra = existing
        .keys()
        .filter(|n| !rendered.contains_key(**n))
        .map(|n| n.to_string())
        .collect();
    d
}

/// Reads every `*.feature` in `dir` (none if the directory does not exist).
pub fn read_features(dir: &Path) -> Result<Vec<(String, String)>, GenerateError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |e: std::io::Error| GenerateError::Io { path, source: e }
    };
    let rd = match std::fs::read_dir(dir) {
        Ok(rd) => rd,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(io(dir)(e)),
    };
    let mut out = Vec::new();
    for entry in rd {
        let profile_dir = entry.map_err(io(dir))?.path();
        if !profile_dir.is_dir() {
            continue;
        }
        let profile = profile_dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        for entry in std::fs::read_dir(&profile_dir).map_err(io(&profile_dir))? {
            let path = entry.map_err(io(&profile_dir))?.path();
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if name.ends_with(".feature") {
                let text = std::fs::read_to_string(&path).map_err(io(&path))?;
                out.push((format!("{profile}/{name}"), text));
            }
        }
    }
    out.sort();
    Ok(out)
}

/// What `generate` did (or, with `check`, found up to date).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GenerateOutcome {
    pub unchanged: Vec<String>,
    pub written: Vec<String>,
    pub removed: Vec<String>,
}

impl fmt::Display for GenerateOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for n in &self.written {
            writeln!(f, "wrote features/{n}")?;
        }
        for n in &self.removed {
            writeln!(f, "removed features/{n}")?;
        }
        write!(
            f,
            "{} feature file(s) up to date, {} written, {} removed",
            self.unchanged.len(),
            self.written.len(),
            self.removed.len()
        )
    }
}

/// Why `generate` failed.
#[derive(Debug)]
pub enum GenerateError {
    Catalogue(CatalogueError),
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// `--check` found differences.
    Stale(Drift),
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Catalogue(e) => write!(f, "{e}"),
            GenerateError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            GenerateError::Stale(d) => write!(f, "{d}"),
        }
    }
}

impl std::error::Error for GenerateError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GenerateError::Catalogue(e) => Some(e),
            GenerateError::Io { source, .. } => Some(source),
            GenerateError::Stale(_) => None,
        }
    }
}

impl From<CatalogueError> for GenerateError {
    fn from(e: CatalogueError) -> Self {
        GenerateError::Catalogue(e)
    }
}

/// Renders `specs_dir` into `features_dir`: writes changed and missing files and removes
/// `.feature` files no area renders to. With `check`, writes nothing and fails with
/// [`GenerateError::Stale`] (whose message names [`FIX_COMMAND`]) if anything differs.
pub fn generate(
    specs_dir: &Path,
    features_dir: &Path,
    check: bool,
) -> Result<GenerateOutcome, GenerateError> {
    let cats = catalogue::load_all(specs_dir)?;
    let rendered = render_all(&cats);
    let existing = read_features(features_dir)?;
    let d = drift(&rendered, &existing);
    let changed: Vec<&String> = d.stale.iter().chain(d.missing.iter()).collect();
    let unchanged: Vec<String> = rendered
        .keys()
        .filter(|n| !changed.contains(n))
        .cloned()
        .collect();
    if check {
        return if d.is_empty() {
            Ok(GenerateOutcome {
                unchanged,
                ..Default::default()
            })
        } else {
            Err(GenerateError::Stale(d))
        };
    }
    let io = |path: PathBuf| move |e: std::io::Error| GenerateError::Io { path, source: e };
    std::fs::create_dir_all(features_dir).map_err(io(features_dir.to_path_buf()))?;
    let mut written = Vec::new();
    for name in changed {
        let path = features_dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(io(parent.to_path_buf()))?;
        }
        std::fs::write(&path, &rendered[name]).map_err(io(path.clone()))?;
        written.push(name.clone());
    }
    written.sort();
    for name in &d.extra {
        let path = features_dir.join(name);
        std::fs::remove_file(&path).map_err(io(path.clone()))?;
    }
    Ok(GenerateOutcome {
        unchanged,
        written,
        removed: d.extra,
    })
}

/// Drift between the features and the catalogue compiled into this binary (both embedded),
/// so a run can refuse stale features without a checkout.
pub fn embedded_drift(catalogues: &[Catalogue]) -> Drift {
    let existing: Vec<(String, String)> = embedded_features()
        .iter()
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    drift(&render_all(catalogues), &existing)
}
