//! The requirement catalogue (`specs/*.yaml`): model, loading, validation and lints.
//!
//! `load` reads a directory, `load_embedded` the copy compiled into the binary; both
//! validate, so a `Catalogue` value is always internally consistent.

pub mod embedded;
pub mod interface;
pub mod limits;
pub mod lint;
mod load;
pub mod model;
mod one_of;
pub mod operation;
pub mod pointer;
pub mod profile;
pub mod shared;
pub mod tag;
mod validate;
pub mod vocabulary;
pub mod yaml;

use std::fmt;

pub use load::{load, load_all, load_embedded, load_embedded_all, load_sources};
pub use model::*;
pub use profile::Profile;
pub use tag::ControlTag;

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

    /// Gherkin tags of a case, in this order: covered ids, the T-id, the level,
    /// `@clarification`, then the tags that say what the case needs to run.
    pub fn tags(&self, case: &Case) -> Vec<String> {
        let mut tags: Vec<String> = case.covers.iter().map(|id| format!("@{id}")).collect();
        if case.is_upstream_test_id() {
            tags.push(format!("@{}", case.id));
        }
        let level = ControlTag::from(self.case_level(case));
        let needs = [
            (true, level),
            (self.is_clarification(case), ControlTag::Clarification),
            (!case.then.audit.is_empty(), ControlTag::AuditLog),
        ];
        tags.extend(
            needs
                .iter()
                .filter(|(on, _)| *on)
                .map(|(_, t)| t.to_string()),
        );
        if let Some(t) = case.transport_tag() {
            tags.push(t.to_string());
        }
        let needs = [
            (case.uses_roots(), ControlTag::ClientRoots),
            (case.root_folds_case, ControlTag::CasefoldRoot),
            (case.makes_device(), ControlTag::Device),
        ];
        tags.extend(
            needs
                .iter()
                .filter(|(on, _)| *on)
                .map(|(_, t)| t.to_string()),
        );
        tags
    }
}

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
