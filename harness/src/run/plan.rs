//! The plan of a run: what the command line asks for, checked before any server starts
//! (the catalogues, the profile named, the scenarios selected, the expected-failures
//! baseline and the server configuration).

use std::io::Write as _;
use std::sync::Arc;

use cucumber::gherkin::tagexpr::TagOperation;
use cucumber::gherkin::{Feature, Scenario};
use regex::Regex;

use super::config::ServerConfig;
use super::parser::Parsed;
use super::report::expect_fail::Baseline;
use super::request::{DEFAULT_PROFILE, RunRequest, server_config, unknown_profile};
use super::suite::selected;
use crate::catalogue::interface::{Interface, load_interface};
use crate::catalogue::{Catalogue, Profile};

pub struct Plan {
    /// Every profile's catalogue, embedded in the binary.
    pub catalogues: Vec<Catalogue>,
    /// The profile named with `--profile`, or the built-in reference's default (an index
    /// into `catalogues`); `None`: detected from the server's tools.
    pub named: Option<usize>,
    pub selection: Selection,
    pub baseline: Baseline,
    /// The server, tested against the named profile (or the default one) until the probe
    /// has shown which interface it speaks.
    pub cfg: ServerConfig,
    /// The interface file's catalogue (`--interface`), also the last of `catalogues` and
    /// `named`.
    pub interface: Option<Interface>,
}

impl Plan {
    /// The plan `req` asks for; `Err` is the usage error to print.
    pub fn new(req: &RunRequest) -> Result<Plan, String> {
        refuse_ignored(req)?;
        let mut catalogues = crate::catalogue::load_embedded_all().map_err(|e| e.to_string())?;
        let interface = match &req.interface {
            Some(path) => Some(load_interface(path).map_err(|e| e.to_string())?),
            None => None,
        };
        let named = match (&interface, &req.profile) {
            (Some(i), _) => {
                catalogues.push(i.catalogue.clone());
                Some(catalogues.len() - 1)
            }
            (None, Some(name)) => {
                Some(index_of(&catalogues, name).ok_or_else(|| unknown_profile(name))?)
            }
            // The built-in reference serves rootspace unless told otherwise.
            (None, None) if req.server.is_none() => index_of(&catalogues, DEFAULT_PROFILE),
            (None, None) => None,
        };
        let selection = Selection::new(req)?;
        let baseline = match &req.expect_fail {
            Some(p) => Baseline::load(p)?,
            None => Baseline::default(),
        };
        let provisional = named
            .or_else(|| index_of(&catalogues, DEFAULT_PROFILE))
            .unwrap_or(0);
        let cfg = server_config(req, Arc::new(catalogues[provisional].profile.clone()))?;
        if req.server.is_some() {
            warn_without_root(&cfg);
        }
        Ok(Plan {
            catalogues,
            named,
            selection,
            baseline,
            cfg,
            interface,
        })
    }

    /// Every profile, in the catalogues' order.
    pub fn profiles(&self) -> Vec<&Profile> {
        self.catalogues.iter().map(|c| &c.profile).collect()
    }
}

/// Refuses options that would be ignored beside the others: each says what it goes with.
fn refuse_ignored(req: &RunRequest) -> Result<(), String> {
    let url = req.url.is_some();
    let refusals = [
        (
            req.http && req.server.is_some(),
            "--transport http chooses the built-in reference's transport and is ignored \
             with --server; put {addr} in the server command to reach it over HTTP",
        ),
        (
            req.http && url,
            "--transport http is ignored with --url, which is already an HTTP server",
        ),
        (
            req.root.is_some() && !url,
            "--root DIR is the root of a running server at --url (or a --config entry with \
             a url); a started server gets a fresh root per case through {root} in its \
             command",
        ),
        (
            url && req.scratch_dir.is_some(),
            "--scratch-dir is ignored with --url: every case runs in the running server's \
             --root",
        ),
        (
            url && req.cwd.is_some(),
            "--cwd is ignored with --url: the harness starts no server",
        ),
    ];
    match refusals.into_iter().find(|(refused, _)| *refused) {
        Some((_, why)) => Err(why.to_string()),
        None => Ok(()),
    }
}

/// Says once, before the run, that a server given no `{root}` (in its arguments, its
/// environment or `--cwd`) will not work in the scenario's root.
fn warn_without_root(cfg: &ServerConfig) {
    let marked = cfg.argv.iter().any(|a| a.contains("{root}"))
        || cfg.env.iter().any(|(_, v)| v.contains("{root}"))
        || cfg.cwd.as_deref().is_some_and(|c| c.contains("{root}"));
    if !marked {
        let _ = writeln!(
            std::io::stderr(),
            "mcp-harness: warning: the server command has no {{root}}, so every case will run \
             against the server's own directory (only the @client-roots cases offer it the \
             root, as MCP roots); put {{root}} where the server takes its directory, or pass \
             --cwd {{root}} for a server that serves its working directory"
        );
    }
}

fn index_of(catalogues: &[Catalogue], name: &str) -> Option<usize> {
    catalogues.iter().position(|c| c.profile.profile == name)
}

/// The scenarios a run selects: by `--tags` and `--name` (both must hold).
#[derive(Clone, Default)]
pub struct Selection {
    pub tags: Option<TagOperation>,
    pub name: Option<Regex>,
}

impl Selection {
    fn new(req: &RunRequest) -> Result<Selection, String> {
        let tags = req
            .tags
            .as_deref()
            .map(str::parse::<TagOperation>)
            .transpose()
            .map_err(|e| format!("--tags: not a tag expression: {e}"))?;
        let name = req
            .name
            .as_deref()
            .map(Regex::new)
            .transpose()
            .map_err(|e| format!("--name: not a regular expression: {e}"))?;
        Ok(Selection { tags, name })
    }

    /// Every selected scenario of `parsed`, with its feature's file name.
    pub fn scenarios<'a>(&self, parsed: &'a Parsed) -> Vec<(String, &'a Scenario)> {
        let mut out = Vec::new();
        for feat in parsed.iter().flatten() {
            let file = super::collect::feature_name(feat);
            for (rule, sc) in all_scenarios(feat) {
                if selected(self.tags.as_ref(), self.name.as_ref(), feat, rule, sc) {
                    out.push((file.clone(), sc));
                }
            }
        }
        out
    }
}

/// A feature's scenarios, each with the rule it is under (if any).
fn all_scenarios(
    feat: &Feature,
) -> impl Iterator<Item = (Option<&cucumber::gherkin::Rule>, &Scenario)> {
    feat.scenarios.iter().map(|sc| (None, sc)).chain(
        feat.rules
            .iter()
            .flat_map(|r| r.scenarios.iter().map(move |sc| (Some(r), sc))),
    )
}
