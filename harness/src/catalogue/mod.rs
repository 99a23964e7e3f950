//! The requirement catalogue (`specs/*.yaml`): model, loading, validation and lints.
//!
//! `load` reads a directory, `load_embedded` the copy compiled into the binary; both
//! validate, so a `Catalogue` value is always internally consistent.

pub mod embedded;
pub mod lint;
mod load;
pub mod model;
pub mod profile;
pub mod shared;
mod validate;
pub mod vocabulary;

use std::fmt;

pub use load::{load, load_all, load_embedded, load_embedded_all, load_sources};
pub use model::*;
pub use profile::Profile;

/// One profile's catalogue: the interface (`profile.yaml`), its upstream requirements, our
/// clarifications, and the area files (sorted by file name).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Catalogue {
    pub profile: Profile,
    pub requirements: Vec<Requirement>,
    pub clarifications: Vec<Clarification>,
    pub areas: Vec<Area>,
}

/// What a covered id refers to.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Entry<'a> {
    Requirement(&'a Requirement),
    Clarification(&'a Clarification),
}

impl Entry<'_> {
    pub fn level(&self) -> Level {
        match self {
            Entry::Requirement(r) => r.level,
            Entry::Clarification(c) => c.level,
        }
    }
}

impl Catalogue {
    /// The upstream requirement with this id.
    pub fn requirement_of(&self, id: &str) -> Option<&Requirement> {
        self.requirements.iter().find(|r| r.id == id)
    }

    /// The clarification with this id.
    pub fn clarification_of(&self, id: &str) -> Option<&Clarification> {
        self.clarifications.iter().find(|c| c.id == id)
    }

    /// The requirement or clarification with this id.
    pub fn entry(&self, id: &str) -> Option<Entry<'_>> {
        self.requirement_of(id)
            .map(Entry::Requirement)
            .or_else(|| self.clarification_of(id).map(Entry::Clarification))
    }

    /// The strongest level among the ids the case covers (`Should` if it covers nothing known).
    pub fn case_level(&self, case: &Case) -> Level {
        case.covers
            .iter()
            .filter_map(|id| self.entry(id))
            .map(|e| e.level())
            .max()
            .unwrap_or(Level::Should)
    }

    /// A clarification case covers at least one CLR id: it may check our exact choices.
    pub fn is_clarification(&self, case: &Case) -> bool {
        case.covers
            .iter()
            .any(|id| self.clarification_of(id).is_some())
    }

    /// A core case covers only upstream ids: any correct server must pass it.
    pub fn is_core(&self, case: &Case) -> bool {
        !self.is_clarification(case)
    }

    /// Every case with its area, in file order then catalogue order.
    pub fn cases(&self) -> impl Iterator<Item = (&Area, &Case)> {
        self.areas
            .iter()
            .flat_map(|a| a.cases.iter().map(move |c| (a, c)))
    }

    /// The case with this id, with its area.
    pub fn case(&self, id: &str) -> Option<(&Area, &Case)> {
        self.cases().find(|(_, c)| c.id == id)
    }

    /// The area with this name (file stem).
    pub fn area(&self, name: &str) -> Option<&Area> {
        self.areas.iter().find(|a| a.area == name)
    }

    /// Cases covering the given id.
    pub fn cases_covering<'a>(&'a self, id: &'a str) -> impl Iterator<Item = (&'a Area, &'a Case)> {
        self.cases()
            .filter(move |(_, c)| c.covers.iter().any(|x| x == id))
    }

    /// Gherkin tags of a case, in contract order: covered ids, the T-id, the level,
    /// `@clarification`.
    pub fn tags(&self, case: &Case) -> Vec<String> {
        let mut tags: Vec<String> = case.covers.iter().map(|id| format!("@{id}")).collect();
        if case.is_upstream_test_id() {
            tags.push(format!("@{}", case.id));
        }
        tags.push(self.case_level(case).tag().to_string());
        if self.is_clarification(case) {
            tags.push("@clarification".to_string());
        }
        if !case.then.audit.is_empty() {
            tags.push(AUDIT_TAG.to_string());
        }
        if let Some(t) = case.transport_tag() {
            tags.push(t.to_string());
        }
        if case.uses_roots() {
            tags.push(ROOTS_TAG.to_string());
        }
        if case.root_folds_case {
            tags.push(CASEFOLD_TAG.to_string());
        }
        if case.makes_device() {
            tags.push(DEVICE_TAG.to_string());
        }
        tags
    }
}

/// Tag of the cases that read the server's audit log (skipped unless the server command
/// has `{audit_log}`).
pub const AUDIT_TAG: &str = "@audit-log";

/// Tag of the cases in which the client offers roots (the server asks `roots/list`, a
/// server-to-client request): they run over stdio in the 2025-11-25 era, and other runs
/// skip them and say why.
pub const ROOTS_TAG: &str = "@client-roots";

/// Tag of the cases that need a root on a filesystem that folds case: they run where the
/// harness's scratch directory folds case (`--scratch-dir`), and other runs skip them and
/// say why.
pub const CASEFOLD_TAG: &str = "@casefold-root";

/// Tag of the cases with a device node in the root: they run where the harness can make
/// one (as root), and other runs skip them and say why.
pub const DEVICE_TAG: &str = "@device";

/// One problem found while loading or linting, naming the file and (if any) the case.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Problem {
    /// Path of the file as shown to the user, e.g. `specs/read.yaml`.
    pub file: String,
    /// Case (or requirement/clarification) id, when the problem belongs to one.
    pub id: Option<String>,
    pub message: String,
}

impl Problem {
    pub fn new(file: impl Into<String>, id: Option<&str>, message: impl Into<String>) -> Self {
        Problem {
            file: file.into(),
            id: id.map(str::to_string),
            message: message.into(),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.id {
            Some(id) => write!(f, "{}: {}: {}", self.file, id, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

/// Why a catalogue could not be loaded: every problem found, not just the first.
#[derive(Debug, Clone, PartialEq)]
pub struct CatalogueError {
    pub problems: Vec<Problem>,
}

impl fmt::Display for CatalogueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "the catalogue has {} problem(s):", self.problems.len())?;
        for p in &self.problems {
            writeln!(f, "  {p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for CatalogueError {}
